"""A stage from start to close: leaves, registrations, plan, results, the next league."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from fractions import Fraction

import pytest

from mashindano.engine.errors import ConfigError, IllegalResult, NoValidPairing
from mashindano.engine.gomoku import (
    LeaveRequest,
    MatchResult,
    Membership,
    Month,
    OpeningRule,
    Registration,
    close_stage,
    found_league,
    plan_stage,
    start_stage,
)
from mashindano.engine.model import Competitor, CompetitorId

F = Fraction
JANUARY = Month(2005, 1)


def players(count: int) -> list[Competitor]:
    return [Competitor(CompetitorId(f"p{k}"), f"Player {k}") for k in range(1, count + 1)]


def leave(who: str, month: Month) -> LeaveRequest:
    return LeaveRequest(CompetitorId(who), month, month.starts_at - timedelta(days=3))


def test_founding_list_needs_four_distinct_players() -> None:
    with pytest.raises(ConfigError, match="at least 4 players"):
        found_league(players(3), JANUARY)
    twice = [*players(4), Competitor(CompetitorId("p1"), "Other")]
    with pytest.raises(ConfigError, match="'p1' appears twice"):
        found_league(twice, JANUARY)
    same_name = [*players(4), Competitor(CompetitorId("x"), "player 1")]
    with pytest.raises(ConfigError, match="name 'player 1' appears twice"):
        found_league(same_name, JANUARY)


def test_player_on_leave_is_left_out_and_comes_back_by_coefficient() -> None:
    league = found_league(players(8), JANUARY)
    stage = start_stage(league, leave_requests=[leave("p3", JANUARY)])
    assert CompetitorId("p3") not in stage.ladder
    assert stage.on_leave == ("p3",)
    assert [r.competitor for r in stage.accepted_leaves] == ["p3"]
    assert len(stage.matches) == 2 * 7 - 3
    results = [MatchResult.played(m, "ULUL") for m in stage.matches]
    january = close_stage(league, stage, results)
    february = january.league
    assert february.coefficients[CompetitorId("p3")] == league.coefficients[CompetitorId("p3")]
    assert february.membership(CompetitorId("p3")) is Membership.CONTINUING
    assert february.leaves[CompetitorId("p3")] == (JANUARY,)
    back = start_stage(february)
    assert back.back_from_leave == ("p3",)
    assert back.ladder.is_sorted()
    assert CompetitorId("p3") in back.ladder


def test_leave_for_another_month_is_refused() -> None:
    league = found_league(players(6), JANUARY)
    with pytest.raises(IllegalResult, match="not for the stage of 2005-01"):
        start_stage(league, leave_requests=[leave("p1", Month(2005, 2))])


def test_too_many_leaves_leave_too_few_players() -> None:
    league = found_league(players(5), JANUARY)
    with pytest.raises(NoValidPairing, match="the list has 3"):
        start_stage(league, leave_requests=[leave("p1", JANUARY), leave("p2", JANUARY)])


def test_refusals_are_recorded_not_raised() -> None:
    league = found_league(players(6), JANUARY)
    early = JANUARY.day_starts_at(2)
    registrations = [
        Registration(Competitor(CompetitorId("n1"), "N1", games_played=100), early),
        Registration(Competitor(CompetitorId("n2"), "N2", games_played=900), early),
        Registration(Competitor(CompetitorId("n2"), "N2", games_played=900), early),
        Registration(
            Competitor(CompetitorId("n3"), "N3", games_played=900), JANUARY.day_starts_at(8)
        ),
        Registration(Competitor(CompetitorId("p1"), "Player 1"), early),
    ]
    stage = start_stage(league, registrations)
    assert stage.newcomers == ("n2",)
    assert sorted(r.code for r in stage.rejected) == [
        "already_entered",
        "already_in_league",
        "registration_closed",
        "too_few_site_games",
    ]
    assert stage.registered.keys() == {"n2"}
    # The decisions are kept with the requests they were about: the first of n2's two
    # identical registrations entered, and each refusal carries its request's time.
    assert len(stage.accepted_registrations) == 1
    assert stage.accepted_registrations[0] is registrations[1]
    refused_at = {r.code: r.at for r in stage.rejected}
    assert refused_at["registration_closed"] == JANUARY.day_starts_at(8)
    assert refused_at["already_entered"] == early


def test_plan_waits_for_registration_and_sets_openings() -> None:
    league = found_league(players(9), JANUARY)
    newcomer = Registration(
        Competitor(CompetitorId("n"), "N", games_played=900), JANUARY.day_starts_at(3)
    )
    stage = start_stage(league, [newcomer])
    plan = plan_stage(stage, league)
    assert len(plan) == len(stage.matches) == 2 * 10 - 3
    day1 = datetime(2005, 1, 1, tzinfo=UTC)
    day8 = datetime(2005, 1, 8, tzinfo=UTC)
    for planned in plan:
        lower_third = {"p7", "p8", "p9", "n"}
        waits = {planned.match.upper, planned.match.lower} & lower_third
        assert planned.may_play_from == (day8 if waits else day1)
    top = next(p for p in plan if str(p.match) == "1-2")
    assert top.opening.rule is OpeningRule.PRO_MANDATORY


def test_close_stage_checks_the_month_and_records_everything() -> None:
    league = found_league(players(6), JANUARY)
    stage = start_stage(league)
    outcome = close_stage(league, stage, [MatchResult.played(stage.matches[0], "UUUU")])
    assert outcome.league.month == Month(2005, 2)
    assert set(outcome.points) == set(stage.ladder.ids)
    assert outcome.results[stage.matches[1]].status.value == "unplayed"
    with pytest.raises(IllegalResult, match="cannot close"):
        close_stage(outcome.league, stage, [])


def test_removed_player_must_register_to_return() -> None:
    league = found_league(players(12), JANUARY)
    last = CompetitorId("p12")
    # Nobody plays: every coefficient halves. p12 (1.000) -> 0.500 stays, then 0.250 goes.
    january = close_stage(league, start_stage(league), [])
    assert january.ranking.removed == ()
    assert january.league.coefficients[last] == F(1, 2)
    february = close_stage(january.league, start_stage(january.league), [])
    assert last in february.ranking.removed
    march = february.league
    assert march.membership(last) is Membership.REMOVED
    assert last not in start_stage(march).ladder
    again = Registration(Competitor(last, "Player 12"), Month(2005, 3).day_starts_at(1))
    stage = start_stage(march, [again])
    assert stage.returning == ("p12",)
    assert stage.ladder.coefficient_of(last) == F(1, 4)
    assert stage.ladder.ids[-1] == last
    assert start_stage(march, [again]).ladder.is_sorted()
