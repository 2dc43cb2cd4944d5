"""The arbiter's checklist for a Dutch pairing (C.04.1 Art. 9: the pairing must be explainable).

One row per player, in pairing order (score, then rank): what the rules looked at and what the
player got. Data only; the edges decide how to print it.
"""

from __future__ import annotations

from dataclasses import dataclass

from mashindano.engine.model import CompetitorId, Side, StageResults
from mashindano.engine.pairing.baku import Acceleration
from mashindano.engine.pairing.dutch import SwissPairing
from mashindano.engine.pairing.swiss_state import (
    ColourStrength,
    Float,
    SwissPlayerState,
    build_swiss_state,
)
from mashindano.engine.points import ZERO, Points


@dataclass(frozen=True, slots=True)
class ChecklistRow:
    """What one player brought into the pairing and what the pairing gave them."""

    id: CompetitorId
    number: int
    score: Points
    """Real points before the round."""
    colours: str
    """Played colours, oldest first: W and B."""
    colour_difference: int
    preference: Side | None
    strength: ColourStrength
    float_previous_round: Float
    float_two_rounds_before: Float
    is_bye_eligible: bool
    opponents: tuple[CompetitorId, ...]
    """Opponents already met over the board, in round order."""
    opponent: CompetitorId | None
    """This round's opponent; None for the bye or when absent."""
    colour: Side | None
    has_bye: bool
    is_available: bool
    virtual_points: Points = ZERO
    """Baku acceleration (C.04.7): the round's virtual points; the pairing score is
    `score + virtual_points`."""


def explain_pairing(
    results: StageResults,
    round_number: int,
    pairing: SwissPairing,
    *,
    acceleration: Acceleration | None = None,
) -> tuple[ChecklistRow, ...]:
    """The checklist of `pairing` (as returned by `pair_dutch` for `round_number`, with the
    same `acceleration`), in pairing order: pairing score, then pairing number."""
    states = build_swiss_state(results, round_number, acceleration=acceleration)
    given: dict[CompetitorId, tuple[CompetitorId, Side]] = {}
    for white, black in pairing.boards:
        given[white] = (black, Side.WHITE)
        given[black] = (white, Side.BLACK)
    ordered = sorted(states, key=lambda s: (-s.score, s.number))
    return tuple(_row(state, given.get(state.id), pairing.bye == state.id) for state in ordered)


def _row(
    state: SwissPlayerState, game: tuple[CompetitorId, Side] | None, has_bye: bool
) -> ChecklistRow:
    return ChecklistRow(
        id=state.id,
        number=state.number,
        score=state.real_score,
        colours="".join("W" if c is Side.WHITE else "B" for c in state.colours),
        colour_difference=state.colour_difference,
        preference=state.preference,
        strength=state.strength,
        float_previous_round=state.float_before(1),
        float_two_rounds_before=state.float_before(2),
        is_bye_eligible=state.is_bye_eligible,
        opponents=tuple(
            r.opponent for r in state.history if r.is_played and r.opponent is not None
        ),
        opponent=game[0] if game else None,
        colour=game[1] if game else None,
        has_bye=has_bye,
        is_available=state.is_available,
        virtual_points=state.virtual_points,
    )
