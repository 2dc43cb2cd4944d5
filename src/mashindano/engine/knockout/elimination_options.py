"""The options of a single- or double-elimination bracket for any game (issue 27, the
`knockout` preset): elimination kind, third-place match, grand-final reset, seeding, best of N.

Change any value with `mashindano.engine.parameters.override(KNOCKOUT_OPTIONS, {...})`: text
values (from a command line or a form) are converted, then `__post_init__` checks them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from mashindano.engine.errors import ConfigError
from mashindano.engine.knockout.bracket import seed_competitors
from mashindano.engine.knockout.parameters import Seeding as BracketSeeding
from mashindano.engine.model import Competitor


class Elimination(StrEnum):
    """How many lost matches put an entrant out."""

    SINGLE = "single"
    DOUBLE = "double"
    """A losers' bracket; out after a second loss (the winners' side finalist may lose the
    grand final once if `grand_final_reset` is on)."""


class EliminationSeeding(StrEnum):
    """How entrants become seeds 1..N."""

    RATING = "rating"
    """Highest rating first; equal ratings keep the list order; unrated entrants last."""
    DRAWN = "drawn"
    """Shuffled with the event's stored random seed (never global randomness)."""


@dataclass(frozen=True, slots=True)
class EliminationOptions:
    """Every value of an elimination bracket that the organiser chooses, with its default."""

    elimination: str = Elimination.SINGLE.value
    third_place: bool = False
    """Single elimination only: the semifinal losers play for third place (4+ entrants)."""
    grand_final_reset: bool = True
    """Double elimination only: when the losers'-bracket finalist wins the grand final (GF),
    both finalists have lost once and a second grand final (GF2) decides. Ignored for single
    elimination."""
    seeding: str = EliminationSeeding.RATING.value
    best_of: int = 1
    """Games per match (odd): the first to win a majority takes the match. A drawn game does
    not count and is replayed (so a best-of-N match may take more than N games)."""

    def __post_init__(self) -> None:
        kinds = tuple(e.value for e in Elimination)
        if self.elimination not in kinds:
            raise ConfigError(
                f"elimination must be one of {', '.join(kinds)}, got {self.elimination!r}",
                parameter="elimination",
                value=self.elimination,
            )
        seedings = tuple(s.value for s in EliminationSeeding)
        if self.seeding not in seedings:
            raise ConfigError(
                f"seeding must be one of {', '.join(seedings)}, got {self.seeding!r}",
                parameter="seeding",
                value=self.seeding,
            )
        if isinstance(self.best_of, bool) or self.best_of < 1 or self.best_of % 2 == 0:
            raise ConfigError(
                f"best_of must be an odd number of games, at least 1, got {self.best_of}",
                parameter="best_of",
                value=self.best_of,
            )
        if self.third_place and self.elimination == Elimination.DOUBLE:
            raise ConfigError(
                "third_place is for single elimination: in double elimination the losers' "
                "final decides third place",
                parameter="third_place",
            )

    @property
    def is_double(self) -> bool:
        return self.elimination == Elimination.DOUBLE

    @property
    def wins_needed(self) -> int:
        """Game wins that take a match: a majority of `best_of`."""
        return self.best_of // 2 + 1


KNOCKOUT_OPTIONS = EliminationOptions()


def seed_entrants(
    players: Sequence[Competitor], seeding: str, rng: random.Random | None = None
) -> tuple[Competitor, ...]:
    """Players in seed order (seed 1 first).

    `rating`: highest first, ties keep the list order, unrated last (as the Tantrix bracket
    seeds). `drawn`: the list shuffled by `rng`, which the caller builds from the event's stored
    seed; the same seed and list always give the same draw.
    """
    if seeding == EliminationSeeding.RATING:
        return seed_competitors(players, BracketSeeding.RATING.value)
    if seeding == EliminationSeeding.DRAWN:
        if rng is None:
            raise ConfigError(
                "drawn seeding needs the event's random seed (a random.Random built from it)",
                parameter="seeding",
            )
        drawn = list(players)
        rng.shuffle(drawn)
        return tuple(drawn)
    seedings = ", ".join(s.value for s in EliminationSeeding)
    raise ConfigError(
        f"seeding must be one of {seedings}, got {seeding!r}", parameter="seeding", value=seeding
    )
