"""Odd numbers of players (R26, R27, A9, A10): the reserve plays only when needed, otherwise a
ghost joins the round and its opponent scores as for a win without any selo change."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from mashindano.engine.errors import NoValidPairing
from mashindano.engine.model import CompetitorId
from mashindano.engine.tasaselo.entries import Entry, Roster


@dataclass(frozen=True, slots=True)
class RoundField:
    """Who is paired in a round. `players` in number order; the ghost is not among them."""

    round: int
    players: tuple[Entry, ...]
    reserve_plays: bool
    ghost: bool

    @property
    def ids(self) -> tuple[CompetitorId, ...]:
        return tuple(e.id for e in self.players)


def plan_round_field(roster: Roster, round_number: int) -> RoundField:
    """R26: an available reserve plays exactly when the others are odd in number; R27: with
    an odd number and no reserve to call on, a ghost is added."""
    available = roster.available(round_number)
    others = tuple(e for e in available if e.id != roster.reserve)
    reserve = next((e for e in available if e.id == roster.reserve), None)
    if len(others) % 2 == 0:
        players, reserve_plays = others, False
    elif reserve is not None:
        players = tuple(sorted((*others, reserve), key=lambda e: e.number))
        reserve_plays = True
    else:
        players, reserve_plays = others, False
    ghost = len(players) % 2 == 1
    if len(players) + ghost < 2:
        raise NoValidPairing(
            f"round {round_number}: {len(players)} player(s) available, nobody to pair",
            code="too_few_players",
            round=round_number,
            players=len(players),
        )
    return RoundField(round_number, players, reserve_plays, ghost)


def compute_ghost_selo(selos: Mapping[CompetitorId, Fraction], field: RoundField) -> Fraction:
    """A9: just below the lowest active player's variable selo, so it is paired at the bottom."""
    return min(selos[c] for c in field.ids) - 1
