"""FIDE Dutch system (C.04.3, 2026 edition): pairing one round.

Method. The rules pair bracket by bracket, each bracket choosing the candidate that best meets
C5-C21 while a complete pairing stays possible below it (C4). We reach the same pairing the way
the FIDE-endorsed reference engine does: every decision is a maximum weight matching whose edge
weights are lexicographic vectors (most important criterion first), and the bracket's choices
(which moved-down players to pair, which residents to exchange between S1 and S2, who plays
whom) are fixed one at a time by small tie-break terms in the lowest components.

Modules: this one is the round driver (colours and board order); `dutch_bracket` is the bracket
procedure and its shortcuts; `dutch_weights` holds the field and the criteria as weight vectors.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from mashindano.engine.errors import NoValidPairing
from mashindano.engine.model import CompetitorId, Side, StageResults
from mashindano.engine.pairing.baku import Acceleration
from mashindano.engine.pairing.colours import allocate_colours
from mashindano.engine.pairing.dutch_bracket import RoundSolver
from mashindano.engine.pairing.swiss_state import SwissPlayerState, build_swiss_state
from mashindano.engine.points import Points


@dataclass(frozen=True, slots=True)
class SwissPairing:
    """One round's pairing: boards as (white, black) in FIDE board order, and the bye."""

    boards: tuple[tuple[CompetitorId, CompetitorId], ...]
    bye: CompetitorId | None


def pair_dutch(
    results: StageResults,
    round_number: int,
    *,
    total_rounds: int,
    initial_colour: Side,
    forbidden_pairs: Collection[frozenset[CompetitorId]] = (),
    acceleration: Acceleration | None = None,
) -> SwissPairing:
    """Pair `round_number` by the FIDE Dutch system, 2026 rules.

    `initial_colour` is the colour drawn for the higher-ranked player of the first board in round
    1 (TRF `XXC`). `acceleration` gives virtual points per player and round (Baku acceleration,
    C.04.7, see `baku.py`; TRF `XXA`): the pairing is then made on pairing scores. Raises
    `NoValidPairing` when no pairing satisfies C1-C3.
    """
    return _pair(
        results,
        round_number,
        total_rounds=total_rounds,
        initial_colour=initial_colour,
        forbidden_pairs=forbidden_pairs,
        use_shortcuts=True,
        acceleration=acceleration,
    )


def pair_dutch_general(
    results: StageResults,
    round_number: int,
    *,
    total_rounds: int,
    initial_colour: Side,
    forbidden_pairs: Collection[frozenset[CompetitorId]] = (),
    acceleration: Acceleration | None = None,
) -> SwissPairing:
    """`pair_dutch` without the shortcuts: every decision is a maximum weight matching.

    Slow on large fields; kept as the reference the shortcuts are tested against.
    """
    return _pair(
        results,
        round_number,
        total_rounds=total_rounds,
        initial_colour=initial_colour,
        forbidden_pairs=forbidden_pairs,
        use_shortcuts=False,
        acceleration=acceleration,
    )


def _pair(
    results: StageResults,
    round_number: int,
    *,
    total_rounds: int,
    initial_colour: Side,
    forbidden_pairs: Collection[frozenset[CompetitorId]],
    use_shortcuts: bool,
    acceleration: Acceleration | None,
) -> SwissPairing:
    if total_rounds < round_number:
        raise NoValidPairing(
            f"round {round_number} is beyond the tournament's {total_rounds} rounds",
            round=round_number,
            total_rounds=total_rounds,
        )
    states = build_swiss_state(results, round_number, acceleration=acceleration)
    available = [s for s in states if s.is_available]
    solver = RoundSolver(
        available,
        results.points.win if results.points.win >= results.points.draw else results.points.draw,
        round_number,
        total_rounds,
        forbidden_pairs,
        use_shortcuts=use_shortcuts,
    )
    pairs, bye = solver.solve()
    boards = [allocate_colours(a, b, initial_colour) for a, b in pairs]
    by_id = {s.id: s for s in available}
    boards.sort(key=lambda board: _board_key(by_id[board[0]], by_id[board[1]]))
    return SwissPairing(boards=tuple(boards), bye=bye.id if bye is not None else None)


def _board_key(white: SwissPlayerState, black: SwissPlayerState) -> tuple[Points, Points, int]:
    # Board order (C.04.2 Art. 3.6): the higher score, the lower score, the higher player's
    # rank. Under Baku acceleration the reference engine orders boards by real scores (the
    # scoregroups were formed on pairing scores); without it the two are the same.
    higher, lower = sorted((white, black), key=lambda s: (-s.real_score, s.rank_index))
    return (-higher.real_score, -lower.real_score, higher.rank_index)
