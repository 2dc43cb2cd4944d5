"""Month end (R12-R15, A17): new coefficients, the re-sorted list, removals and progress.

Coefficients are exact `Fraction`s; the 0.500 threshold is compared on the exact value and
only the display rounds to 3 decimals.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from mashindano.engine.errors import IllegalResult
from mashindano.engine.gomoku.ladder import Ladder, LadderEntry
from mashindano.engine.gomoku.parameters import GOMOKU_LEAGUE, GomokuParameters
from mashindano.engine.model import CompetitorId


def compute_stage_coefficient(
    points: Fraction, parameters: GomokuParameters = GOMOKU_LEAGUE
) -> Fraction:
    """R12: Kstage = points / 10."""
    return Fraction(points) / parameters.stage_coefficient.points_divisor


def compute_new_coefficient(
    old: Fraction, points: Fraction, parameters: GomokuParameters = GOMOKU_LEAGUE
) -> Fraction:
    """R12: Knew = (Kold + Kstage) / 2."""
    weight = parameters.stage_coefficient.old_weight
    return weight * Fraction(old) + (1 - weight) * compute_stage_coefficient(points, parameters)


def is_removed(coefficient: Fraction, parameters: GomokuParameters = GOMOKU_LEAGUE) -> bool:
    """R15: below 0.500 is removed; exactly 0.500 stays."""
    return coefficient < parameters.removal_threshold


def rank_by_coefficient(
    previous_order: Sequence[CompetitorId], coefficients: Mapping[CompetitorId, Fraction]
) -> tuple[CompetitorId, ...]:
    """R13, R14: highest coefficient first; equal coefficients keep their previous order."""
    missing = [c for c in previous_order if c not in coefficients]
    if missing:
        raise IllegalResult(f"no coefficient for {', '.join(missing)}", competitors=tuple(missing))
    # sorted() is stable, so ties stay in the order of the previous list.
    return tuple(sorted(previous_order, key=lambda c: -coefficients[c]))


@dataclass(frozen=True, slots=True)
class CoefficientUpdate:
    """One player's month end: R12's arithmetic and the move against the start list."""

    competitor: CompetitorId
    old: Fraction
    points: Fraction
    stage: Fraction
    new: Fraction
    start_position: int
    end_position: int
    removed: bool

    @property
    def places_gained(self) -> int:
        return self.start_position - self.end_position


@dataclass(frozen=True, slots=True)
class MonthEndRanking:
    """The updated list of everyone who played the stage, and what continues."""

    updated: Ladder
    """All stage players re-sorted by their new coefficient (before removal)."""
    updates: Mapping[CompetitorId, CoefficientUpdate]
    removed: tuple[CompetitorId, ...]
    continuing: Ladder
    """The updated list without the removed players."""


def compute_month_end(
    stage_ladder: Ladder,
    points: Mapping[CompetitorId, Fraction],
    parameters: GomokuParameters = GOMOKU_LEAGUE,
) -> MonthEndRanking:
    """Apply R12-R15 to the stage list; a player without points scored 0."""
    unknown = sorted(c for c in points if c not in stage_ladder)
    if unknown:
        raise IllegalResult(
            f"points given for players not on the stage list: {', '.join(unknown)}",
            competitors=tuple(unknown),
        )
    start_positions = stage_ladder.positions()
    earned = {e.competitor: Fraction(points.get(e.competitor, 0)) for e in stage_ladder}
    new = {
        e.competitor: compute_new_coefficient(e.coefficient, earned[e.competitor], parameters)
        for e in stage_ladder
    }
    order = rank_by_coefficient(stage_ladder.ids, new)
    updated = Ladder(tuple(LadderEntry(c, new[c]) for c in order))
    end_positions = updated.positions()
    carried = {e.competitor: e.coefficient for e in stage_ladder}
    updates = {
        e.competitor: CoefficientUpdate(
            competitor=e.competitor,
            old=carried[e.competitor],
            points=earned[e.competitor],
            stage=compute_stage_coefficient(earned[e.competitor], parameters),
            new=new[e.competitor],
            start_position=start_positions[e.competitor],
            end_position=end_positions[e.competitor],
            removed=is_removed(new[e.competitor], parameters),
        )
        for e in updated
    }
    removed = tuple(c for c in order if updates[c].removed)
    return MonthEndRanking(
        updated=updated,
        updates=updates,
        removed=removed,
        continuing=updated.without(frozenset(removed)),
    )
