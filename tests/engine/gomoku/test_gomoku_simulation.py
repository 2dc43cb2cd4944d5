"""The seeded league simulation: reproducible, valid input only, and the rules hold throughout."""

from __future__ import annotations

import random
from collections import Counter
from datetime import date
from fractions import Fraction

import pytest

from mashindano.engine.errors import ConfigError
from mashindano.engine.gomoku import (
    GOMOKU_LEAGUE,
    LeagueSimulation,
    MatchStatus,
    compute_founding_coefficient,
    compute_new_coefficient,
    simulate_league,
)
from mashindano.engine.gomoku.months import Month
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.engine.parameters import override


def players(count: int) -> list[Competitor]:
    return [Competitor(CompetitorId(f"p{k}"), f"Player {k}") for k in range(1, count + 1)]


@pytest.fixture(scope="module")
def long_run() -> LeagueSimulation:
    return simulate_league(players(14), months=24, seed=11)


def test_same_seed_same_league() -> None:
    first = simulate_league(players(8), months=4, seed=3)
    second = simulate_league(players(8), months=4, seed=3)
    assert first == second
    other = simulate_league(players(8), months=4, seed=4)
    assert [m.outcome.points for m in other.months] != [m.outcome.points for m in first.months]


def test_global_random_state_is_untouched() -> None:
    random.seed(99)
    before = random.getstate()
    simulate_league(players(6), months=2, seed=1)
    assert random.getstate() == before


def test_start_month_and_founding_list() -> None:
    sim = simulate_league(players(5), months=3, seed=2, start=date(2010, 11, 17))
    assert [m.month for m in sim.months] == [Month(2010, 11), Month(2010, 12), Month(2011, 1)]
    first = sim.months[0].stage
    for number in range(1, 6):
        competitor = CompetitorId(f"p{number}")
        if competitor in first.ladder:
            founding = compute_founding_coefficient(number, 5)
            assert first.ladder.coefficient_of(competitor) == founding


@pytest.mark.parametrize(
    ("roster", "months", "message"),
    [
        (players(3), 2, "at least 4 players"),
        (players(5), 0, "at least one month"),
        ([*players(4), Competitor(CompetitorId("p1"), "Again")], 1, "'p1' appears twice"),
        ([*players(4), Competitor(CompetitorId("q"), "PLAYER 2")], 1, "'PLAYER 2' appears twice"),
    ],
)
def test_bad_input_is_refused(roster: list[Competitor], months: int, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        simulate_league(roster, months=months, seed=1)


def test_every_month_obeys_the_rules(long_run: LeagueSimulation) -> None:
    for month in long_run.months:
        stage, outcome = month.stage, month.outcome
        size = len(stage.ladder)
        assert size >= 4
        assert len(stage.matches) == len(month.matches) == 2 * size - 3
        for entry in stage.ladder:
            update = outcome.ranking.updates[entry.competitor]
            points = outcome.points[entry.competitor].total
            assert update.new == compute_new_coefficient(entry.coefficient, points)
        assert outcome.ranking.updated.is_sorted()
        assert all(e.coefficient >= Fraction(1, 2) for e in outcome.league.ranking)
        for simulated in month.matches:
            if simulated.validation is not None and simulated.validation.value == "late":
                assert simulated.result.status is MatchStatus.UNPLAYED


def test_leaves_never_exceed_three_per_year(long_run: LeagueSimulation) -> None:
    per_year = Counter(
        (who, month.year) for who, months in long_run.league.leaves.items() for month in months
    )
    assert per_year
    assert max(per_year.values()) <= 3


def test_the_simulation_exercises_the_rules(long_run: LeagueSimulation) -> None:
    months = long_run.months
    assert any(m.stage.newcomers for m in months)
    assert any(m.stage.on_leave for m in months)
    assert any(m.stage.rejected for m in months)
    assert any(m.outcome.sanctioned for m in months)
    statuses = {sm.result.status for m in months for sm in m.matches}
    assert statuses == set(MatchStatus)


def test_prizes_follow_the_switch() -> None:
    off = simulate_league(players(10), months=3, seed=5)
    assert {p.kind.value for m in off.months for p in m.outcome.prizes} == {"league-star"}
    on = simulate_league(
        players(10), months=3, seed=5, parameters=override(GOMOKU_LEAGUE, {"prizes_enabled": True})
    )
    kinds = [p.kind.value for p in on.months[0].outcome.prizes]
    assert kinds[:4] == ["league-star", "place", "place", "place"]
