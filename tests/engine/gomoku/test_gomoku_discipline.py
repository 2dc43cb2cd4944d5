"""Disinterest, suspensions and exclusions (R40-R44, A9, A10)."""

from __future__ import annotations

import pytest

from mashindano.engine.errors import IllegalResult
from mashindano.engine.gomoku import (
    Membership,
    Month,
    Registration,
    Suspension,
    SuspensionReason,
    close_stage,
    compute_suspension,
    found_league,
    is_sanctioned,
    is_suspended,
    start_stage,
)
from mashindano.engine.gomoku.discipline import Exclusion
from mashindano.engine.gomoku.scoring import MatchResult
from mashindano.engine.model import Competitor, CompetitorId


def players(count: int) -> list[Competitor]:
    return [Competitor(CompetitorId(f"p{k}"), f"Player {k}") for k in range(1, count + 1)]


@pytest.mark.parametrize(
    ("unplayed", "total", "expected"),
    [(3, 4, True), (2, 4, False), (2, 3, True), (1, 2, False), (2, 2, True), (0, 4, False)],
)
def test_more_than_half_of_the_matches(unplayed: int, total: int, expected: bool) -> None:
    assert is_sanctioned(unplayed, total) is expected


def test_suspension_lengths() -> None:
    first = compute_suspension(CompetitorId("x"), Month(2005, 5), previous_stage_sanctioned=False)
    assert first == Suspension(CompetitorId("x"), Month(2005, 6), 1, SuspensionReason.DISINTEREST)
    again = compute_suspension(CompetitorId("x"), Month(2005, 5), previous_stage_sanctioned=True)
    assert again.stages == 3
    assert again.last_month == Month(2005, 8)
    assert is_suspended(CompetitorId("x"), Month(2005, 8), [again])
    assert not is_suspended(CompetitorId("x"), Month(2005, 9), [again])


def test_unflagged_player_is_never_sanctioned() -> None:
    league = found_league(players(6), Month(2005, 1))
    outcome = close_stage(league, start_stage(league), [])
    assert outcome.sanctioned == frozenset()
    assert outcome.suspensions == ()


def test_flag_for_a_player_not_on_the_list_is_refused() -> None:
    league = found_league(players(6), Month(2005, 1))
    with pytest.raises(IllegalResult, match="not on this stage's list"):
        close_stage(league, start_stage(league), [], flagged=[CompetitorId("zz")])


def test_a_clean_stage_between_sanctions_resets_the_count() -> None:
    league = found_league(players(8), Month(2005, 1))
    january = close_stage(league, start_stage(league), [], flagged=[CompetitorId("p4")])
    assert CompetitorId("p4") in january.league.sanction_streak
    february = close_stage(january.league, start_stage(january.league), [])
    march_league = february.league
    back = start_stage(march_league, [_back("p4", Month(2005, 3))])
    results = [MatchResult.played(m, "UDLU") for m in back.matches]
    march = close_stage(march_league, back, results)
    assert CompetitorId("p4") not in march.league.sanction_streak
    april_stage = start_stage(march.league)
    april = close_stage(march.league, april_stage, [], flagged=[CompetitorId("p4")])
    assert april.suspensions[0].stages == 1


def test_referee_exclusion_for_good() -> None:
    league = found_league(players(6), Month(2005, 1))
    outcome = close_stage(
        league, start_stage(league), [], exclusions=[Exclusion(CompetitorId("p2"), None)]
    )
    after = outcome.league
    assert after.membership(CompetitorId("p2")) is Membership.EXCLUDED
    assert CompetitorId("p2") not in after.ranking
    with pytest.raises(IllegalResult, match="not a league player"):
        close_stage(league, start_stage(league), [], exclusions=[Exclusion(CompetitorId("zz"), 2)])


def test_suspended_player_cannot_register_while_serving() -> None:
    league = found_league(players(6), Month(2005, 1))
    after = close_stage(league, start_stage(league), [], flagged=[CompetitorId("p3")]).league
    stage = start_stage(after, [_back("p3", Month(2005, 2))])
    assert CompetitorId("p3") not in stage.ladder
    assert [r.code for r in stage.rejected] == ["suspended"]


def _back(competitor: str, month: Month) -> Registration:
    return Registration(Competitor(CompetitorId(competitor), competitor), month.day_starts_at(2))
