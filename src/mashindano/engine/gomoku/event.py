"""The league replayed month by month, written once for a stored event and the simulation.

Which month the league is in, what each month holds (its list, its matches and the day each
may be played from) and what its end decides (points, coefficients, removals, suspensions,
prizes, the league for the next month) are answered here. Where a month's facts come from is
the caller's: a stored `gomoku-league` event reads them from its facts
(`presets/gomoku_league/history.py`), the simulation (`simulation.py`) draws them. Both hand
them over through `LeagueMonths` and let `replay_league` walk the months:

1. `LeagueMonths.start` builds the month's stage from the league (`start_stage`: leaves, then
   registrations), or says that no month is left to replay;
2. the stage is planned (`plan_stage`: R21 waiting, R26-R28 openings);
3. `LeagueMonths.end` says what happened in it: the counted results, the players flagged as
   disinterested (R40), the referees' exclusions (R44), and whether the month is closed;
4. the month end is computed (`close_stage`); an open month's end is provisional and the
   replay stops after it, a closed one gives the league for the next month.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Protocol

from mashindano.engine.gomoku.discipline import Exclusion
from mashindano.engine.gomoku.league import League
from mashindano.engine.gomoku.months import Month
from mashindano.engine.gomoku.scoring import MatchResult
from mashindano.engine.gomoku.stage import (
    PlannedMatch,
    Stage,
    StageOutcome,
    close_stage,
    plan_stage,
)
from mashindano.engine.model import CompetitorId


@dataclass(frozen=True, slots=True)
class MonthEnd:
    """What happened during a month, as its end counts it."""

    results: Sequence[MatchResult] = ()
    """The counted results (a match left out is unplayed)."""
    flagged: Collection[CompetitorId] = ()
    """Players marked as disinterested (R40)."""
    exclusions: Sequence[Exclusion] = ()
    """Referees' exclusions and withdrawals that start after the month (R44)."""
    closed: bool = True
    """False while the month runs: its end is provisional and the replay stops after it."""


@dataclass(frozen=True, slots=True)
class LeagueMonth:
    """One month of the league: the league before it, its stage and plan, and its end."""

    number: int
    league: League
    """The league before this month."""
    stage: Stage
    planned: tuple[PlannedMatch, ...]
    outcome: StageOutcome
    """The month end: final once the month is closed, provisional while it runs."""
    is_closed: bool

    @property
    def month(self) -> Month:
        return self.stage.month

    def planned_match(self, upper: CompetitorId, lower: CompetitorId) -> PlannedMatch | None:
        for planned in self.planned:
            if (planned.match.upper, planned.match.lower) == (upper, lower):
                return planned
        return None


class LeagueMonths(Protocol):
    """Where the replay takes each month's facts from."""

    def start(self, league: League, number: int) -> Stage | None:
        """Month `number`'s stage for `league` (None: no month left to replay)."""
        ...

    def end(
        self, league: League, number: int, stage: Stage, planned: tuple[PlannedMatch, ...]
    ) -> MonthEnd:
        """What happened in month `number`, once its stage and plan are known."""
        ...


def _play_month(league: League, number: int, stage: Stage, months: LeagueMonths) -> LeagueMonth:
    """Month `number` of `league` with `stage`: planned, then ended as `months` says."""
    planned = plan_stage(stage, league)
    end = months.end(league, number, stage, planned)
    outcome = close_stage(league, stage, end.results, end.flagged, end.exclusions)
    return LeagueMonth(number, league, stage, planned, outcome, end.closed)


def replay_league(league: League, months: LeagueMonths, first: int = 1) -> tuple[LeagueMonth, ...]:
    """The months from `first` on, each from the league the month before left, until
    `months` has no month left to start or a month is still open (the last one returned)."""
    played: list[LeagueMonth] = []
    number = first
    while (stage := months.start(league, number)) is not None:
        month = _play_month(league, number, stage, months)
        played.append(month)
        if not month.is_closed:
            break
        league = month.outcome.league
        number += 1
    return tuple(played)
