"""Checking a given pairing of one round against the FIDE Dutch criteria (C.04.3, 2026).

The arbiter may change a draft by hand (swap two players, pair two, give the bye to another);
this says which rules the result breaks, in the rule book's ids. Pure: the players' history
comes from the stage's results (`build_swiss_state`), exactly as the pairing reads it.

- Absolute criteria are checked on the pairing alone: C1 (no rematch; an arbiter's forbidden
  pair counts as one), C2 (the pairing-allocated bye only to an eligible player), C3 (two
  non-topscorers with the same absolute colour preference do not meet), and completion (C4:
  every available player paired but at most one, who gets the bye).
- Quality criteria are relative: the rules choose the pairing that fails them least, so a
  manual pairing is compared with the engine's (`optimum`) and a criterion is listed when the
  pairing fails it more often than the optimum does, naming the players beyond it: C5 (the bye
  receiver's score), C6 (downfloaters: boards whose players have different scores), C7 (the
  score differences, the points the pairing costs), C12/C13 (colour preferences not met,
  strong ones), C14-C17 (repeated floats, the round before and two rounds before).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from fractions import Fraction

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

ABSOLUTE_CRITERIA = ("C1", "C2", "C3", "C4")
QUALITY_CRITERIA = ("C5", "C6", "C7", "C12", "C13", "C14", "C15", "C16", "C17")


@dataclass(frozen=True, slots=True)
class Violation:
    """One criterion the pairing fails, and whom it concerns."""

    criterion: str
    """The rule book's id: "C1", "C3", "C12"."""
    players: tuple[CompetitorId, ...]
    colour: Side | None = None
    """C3: the colour both want; C12/C13: the colour the player wanted."""
    cost: Points = ZERO
    """Quality criteria: how much worse than the optimum (C5: the bye receiver's points above
    the optimum's; C7: the score differences added up, above the optimum's)."""
    forbidden: bool = False
    """C1 by an arbiter's forbidden pair, not a rematch."""

    @property
    def is_absolute(self) -> bool:
        return self.criterion in ABSOLUTE_CRITERIA


@dataclass(frozen=True, slots=True)
class _Field:
    states: dict[CompetitorId, SwissPlayerState]
    topscore: Fraction | None
    """Scores above this are topscorers (the last round only); None before the last round."""


def _field(
    results: StageResults,
    round_number: int,
    total_rounds: int,
    acceleration: Acceleration | None,
) -> _Field:
    states = build_swiss_state(results, round_number, acceleration=acceleration)
    win = results.points.win if results.points.win >= results.points.draw else results.points.draw
    topscore = Fraction(round_number - 1) * win / 2 if round_number >= total_rounds else None
    return _Field({s.id: s for s in states}, topscore)


def _is_topscorer(field: _Field, state: SwissPlayerState) -> bool:
    return field.topscore is not None and state.score > field.topscore


class DutchCheck:
    """The check of pairings of one round: the players' history folded once, then any number
    of pairings checked against it (the arbiter's changes, one after the other)."""

    def __init__(
        self,
        results: StageResults,
        round_number: int,
        *,
        total_rounds: int,
        forbidden_pairs: Collection[frozenset[CompetitorId]] = (),
        acceleration: Acceleration | None = None,
    ) -> None:
        self._field = _field(results, round_number, total_rounds, acceleration)
        self._forbidden = {frozenset(p) for p in forbidden_pairs}

    def __call__(
        self, pairing: SwissPairing, optimum: SwissPairing | None = None
    ) -> tuple[Violation, ...]:
        found = list(_absolute(self._field, pairing, self._forbidden))
        if optimum is not None:
            found.extend(_quality(self._field, pairing, optimum))
        return tuple(found)


def check_dutch_pairing(
    results: StageResults,
    round_number: int,
    pairing: SwissPairing,
    *,
    total_rounds: int,
    forbidden_pairs: Collection[frozenset[CompetitorId]] = (),
    acceleration: Acceleration | None = None,
    optimum: SwissPairing | None = None,
) -> tuple[Violation, ...]:
    """The criteria `pairing` (boards as (white, black), the bye) fails for `round_number`,
    absolute ones first, each in the rule book's order. With `optimum` (the engine's pairing of
    the same round) also the quality criteria it fails more than the optimum does."""
    check = DutchCheck(
        results,
        round_number,
        total_rounds=total_rounds,
        forbidden_pairs=forbidden_pairs,
        acceleration=acceleration,
    )
    return check(pairing, optimum)


def _absolute(
    field: _Field, pairing: SwissPairing, forbidden: set[frozenset[CompetitorId]]
) -> Iterable[Violation]:
    states = field.states
    for white, black in pairing.boards:
        if black in states[white].opponents:
            yield Violation("C1", (white, black))
        elif frozenset((white, black)) in forbidden:
            yield Violation("C1", (white, black), forbidden=True)
    if pairing.bye is not None and not states[pairing.bye].is_bye_eligible:
        yield Violation("C2", (pairing.bye,))
    for white, black in pairing.boards:
        a, b = states[white], states[black]
        if (
            a.is_absolute
            and b.is_absolute
            and a.preference == b.preference
            and not (_is_topscorer(field, a) or _is_topscorer(field, b))
        ):
            yield Violation("C3", (white, black), colour=a.preference)
    placed = {p for board in pairing.boards for p in board}
    if pairing.bye is not None:
        placed.add(pairing.bye)
    unpaired = tuple(
        s.id
        for s in sorted(states.values(), key=lambda s: (-s.score, s.number))
        if s.is_available and s.id not in placed
    )
    if unpaired:
        yield Violation("C4", unpaired)


@dataclass(frozen=True, slots=True)
class _Measures:
    """What the quality criteria count in one pairing."""

    bye_score: Points | None
    downfloaters: tuple[CompetitorId, ...]
    score_difference: Points
    missed: dict[CompetitorId, Side]
    """Players not getting their colour preference, with the colour they wanted."""
    missed_strong: dict[CompetitorId, Side]
    repeated: dict[str, tuple[CompetitorId, ...]]
    """C14-C17: the players each repeated-float criterion counts."""


def _measures(field: _Field, pairing: SwissPairing) -> _Measures:
    states = field.states
    down: list[CompetitorId] = []
    up: list[CompetitorId] = []
    difference = ZERO
    missed: dict[CompetitorId, Side] = {}
    strong: dict[CompetitorId, Side] = {}
    for white, black in pairing.boards:
        a, b = states[white], states[black]
        if a.score != b.score:
            higher, lower = (a, b) if a.score > b.score else (b, a)
            down.append(higher.id)
            up.append(lower.id)
            difference += higher.score - lower.score
        for state, colour in ((a, Side.WHITE), (b, Side.BLACK)):
            wanted = state.preference
            if wanted is None or wanted is colour:
                continue
            missed[state.id] = wanted
            if state.strength in (ColourStrength.STRONG, ColourStrength.ABSOLUTE):
                strong[state.id] = wanted
    bye_score = None
    if pairing.bye is not None:
        bye_score = states[pairing.bye].score
        down.append(pairing.bye)
    repeated = {
        "C14": tuple(p for p in down if states[p].float_before(1) is Float.DOWN),
        "C15": tuple(p for p in up if states[p].float_before(1) is Float.UP),
        "C16": tuple(p for p in down if states[p].float_before(2) is Float.DOWN),
        "C17": tuple(p for p in up if states[p].float_before(2) is Float.UP),
    }
    return _Measures(bye_score, tuple(down), difference, missed, strong, repeated)


def _quality(field: _Field, pairing: SwissPairing, optimum: SwissPairing) -> Iterable[Violation]:
    given, best = _measures(field, pairing), _measures(field, optimum)
    if (
        given.bye_score is not None
        and best.bye_score is not None
        and given.bye_score > best.bye_score
    ):
        assert pairing.bye is not None
        yield Violation("C5", (pairing.bye,), cost=given.bye_score - best.bye_score)
    paired_down = tuple(p for p in given.downfloaters if p != pairing.bye)
    best_down = {p for p in best.downfloaters if p != optimum.bye}
    if len(paired_down) > len(best_down):
        yield Violation("C6", tuple(p for p in paired_down if p not in best_down))
    if given.score_difference > best.score_difference:
        yield Violation(
            "C7",
            tuple(p for p in paired_down if p not in best_down) or paired_down,
            cost=given.score_difference - best.score_difference,
        )
    for criterion, mine, theirs in (
        ("C12", given.missed, best.missed),
        ("C13", given.missed_strong, best.missed_strong),
    ):
        if len(mine) > len(theirs):
            for player, colour in mine.items():
                if player not in theirs:
                    yield Violation(criterion, (player,), colour=colour)
    for criterion, players in given.repeated.items():
        others = best.repeated[criterion]
        if len(players) > len(others):
            yield Violation(criterion, tuple(p for p in players if p not in others) or players)
