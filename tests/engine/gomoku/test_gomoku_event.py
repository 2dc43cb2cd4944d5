"""The league replay written once (engine/gomoku/event.py): each month from the league the
month before left, planned, ended as its source says, and no further than an open month."""

from __future__ import annotations

import itertools

from mashindano.engine.gomoku import League, MatchResult, Month, found_league, start_stage
from mashindano.engine.gomoku.event import MonthEnd, replay_league
from mashindano.engine.gomoku.stage import PlannedMatch, Stage
from mashindano.engine.model import Competitor, CompetitorId

JANUARY = Month(2005, 1)


def players(count: int) -> list[Competitor]:
    return [Competitor(CompetitorId(f"p{k}"), f"Player {k}") for k in range(1, count + 1)]


class Months:
    """`months` months in which every upper player wins 2-0; month `open_from` on runs."""

    def __init__(self, months: int, open_from: int | None = None) -> None:
        self.months = months
        self.open_from = open_from
        self.asked: list[tuple[str, int, Month]] = []

    def start(self, league: League, number: int) -> Stage | None:
        self.asked.append(("start", number, league.month))
        return start_stage(league) if number <= self.months else None

    def end(
        self, league: League, number: int, stage: Stage, planned: tuple[PlannedMatch, ...]
    ) -> MonthEnd:
        self.asked.append(("end", number, stage.month))
        assert [p.match for p in planned] == list(stage.matches)
        results = [MatchResult.played(p.match, "UU") for p in planned]
        closed = self.open_from is None or number < self.open_from
        return MonthEnd(results, closed=closed)


def test_gomoku_replay_chains_the_months_through_each_month_end() -> None:
    founding = found_league(players(6), JANUARY)
    source = Months(3)
    months = replay_league(founding, source)
    assert [m.number for m in months] == [1, 2, 3]
    assert [str(m.month) for m in months] == [str(JANUARY), "2005-02", "2005-03"]
    assert months[0].league is founding
    for before, after in itertools.pairwise(months):
        assert after.league is before.outcome.league
    assert all(m.is_closed for m in months)
    # asked in order: each month started, then ended; then a fourth month that is not there
    assert [(kind, n) for kind, n, _ in source.asked] == [
        ("start", 1),
        ("end", 1),
        ("start", 2),
        ("end", 2),
        ("start", 3),
        ("end", 3),
        ("start", 4),
    ]


def test_gomoku_replay_stops_after_an_open_month_with_a_provisional_end() -> None:
    founding = found_league(players(6), JANUARY)
    months = replay_league(founding, Months(5, open_from=2))
    assert [m.number for m in months] == [1, 2]
    assert months[0].is_closed
    assert not months[1].is_closed
    # the provisional end counts the results reported so far
    assert len(months[1].outcome.results) == len(months[1].stage.matches)


def test_gomoku_replay_from_a_later_month_numbers_it_so() -> None:
    founding = found_league(players(6), JANUARY)
    [first] = replay_league(founding, Months(1))
    later = replay_league(first.outcome.league, Months(4, open_from=2), first=2)
    assert [m.number for m in later] == [2]
    assert later[0].month == Month(2005, 2)
    assert later[0].planned_match(CompetitorId("nobody"), CompetitorId("p1")) is None
