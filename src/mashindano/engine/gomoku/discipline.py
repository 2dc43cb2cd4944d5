"""Disinterest, suspensions and exclusions (R40-R44, A8-A11).

Disinterest is a judgement: the organiser or referee sets the flag and the engine only applies
the arithmetic. A flagged player who ends the stage with more than half of their matches
unplayed is sanctioned: suspended for the next stage, or for 3 stages when their previous stage
also ended in a sanction (A10: the 3 stages replace the 1). Their opponents' compensation is
scored in `scoring`.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from enum import StrEnum

from mashindano.engine.errors import IllegalResult
from mashindano.engine.gomoku.ladder import Ladder
from mashindano.engine.gomoku.months import Month
from mashindano.engine.gomoku.pairing import LadderMatch
from mashindano.engine.gomoku.parameters import GOMOKU_LEAGUE, GomokuParameters
from mashindano.engine.gomoku.scoring import MatchResult, MatchStatus
from mashindano.engine.model import CompetitorId


class SuspensionReason(StrEnum):
    DISINTEREST = "disinterest"
    """R40, R41."""
    REFEREE = "referee"
    """R44: excluded by the referee for some stages or for good."""


@dataclass(frozen=True, slots=True)
class Suspension:
    """Stages `first_month` onwards without the player; `stages` None means for good."""

    competitor: CompetitorId
    first_month: Month
    stages: int | None
    reason: SuspensionReason

    def __post_init__(self) -> None:
        if self.stages is not None and self.stages < 1:
            raise IllegalResult(
                f"a suspension of {self.competitor} must last at least one stage, "
                f"got {self.stages}",
                competitor=self.competitor,
            )

    @property
    def last_month(self) -> Month | None:
        return None if self.stages is None else self.first_month.plus(self.stages - 1)

    def covers(self, month: Month) -> bool:
        last = self.last_month
        return self.first_month <= month and (last is None or month <= last)


@dataclass(frozen=True, slots=True)
class Exclusion:
    """A referee's decision under R44 taken during a stage; `stages` None is for good."""

    competitor: CompetitorId
    stages: int | None
    reason: str = ""


def count_unplayed_matches(
    competitor: CompetitorId, results: Mapping[LadderMatch, MatchResult]
) -> tuple[int, int]:
    """(unplayed, total) matches of a player; a match without a validated game is unplayed."""
    own = [r for m, r in results.items() if m.involves(competitor)]
    unplayed = sum(1 for r in own if r.status is not MatchStatus.PLAYED)
    return unplayed, len(own)


def is_sanctioned(unplayed: int, total: int) -> bool:
    """R40, A9: more than half of the matches (not games) unplayed."""
    return 2 * unplayed > total


def compute_sanctioned(
    ladder: Ladder,
    results: Mapping[LadderMatch, MatchResult],
    flagged: Collection[CompetitorId],
) -> frozenset[CompetitorId]:
    """The flagged players whose stage ended with more than half of their matches unplayed."""
    for competitor in sorted(flagged):
        if competitor not in ladder:
            raise IllegalResult(
                f"{competitor} is flagged as disinterested but is not on this stage's list",
                competitor=competitor,
            )
    return frozenset(c for c in flagged if is_sanctioned(*count_unplayed_matches(c, results)))


def compute_suspension(
    competitor: CompetitorId,
    stage_month: Month,
    previous_stage_sanctioned: bool,
    parameters: GomokuParameters = GOMOKU_LEAGUE,
) -> Suspension:
    """R40, R41, A10: the suspension that follows a sanction in `stage_month`."""
    rule = parameters.suspension_stages
    stages = rule.repeated if previous_stage_sanctioned else rule.first
    return Suspension(competitor, stage_month.next(), stages, SuspensionReason.DISINTEREST)


def compute_exclusion(exclusion: Exclusion, stage_month: Month) -> Suspension:
    """R44: the referee's exclusion starts with the next stage."""
    return Suspension(
        exclusion.competitor, stage_month.next(), exclusion.stages, SuspensionReason.REFEREE
    )


def is_suspended(
    competitor: CompetitorId, month: Month, suspensions: Collection[Suspension]
) -> bool:
    return any(s.competitor == competitor and s.covers(month) for s in suspensions)
