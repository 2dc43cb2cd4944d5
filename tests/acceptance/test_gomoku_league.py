"""Every acceptance example (E1-E13) and recommended interpretation (A1-A28) of
shared/spec/gomoku-league.md, each test named after its id."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from fractions import Fraction

import pytest

from mashindano.engine.errors import IllegalResult, NoValidPairing
from mashindano.engine.gomoku import (
    GOMOKU_LEAGUE,
    PRINTED_TOP3_PRIZE_POINTS,
    GameWinner,
    Ladder,
    LadderMatch,
    League,
    LeaveRequest,
    MatchResult,
    Membership,
    Month,
    OpeningRule,
    PrizeKind,
    Registration,
    ResultStatus,
    check_leave,
    close_stage,
    compute_founding_coefficient,
    compute_month_end,
    compute_new_coefficient,
    compute_newcomer_coefficient,
    compute_opening,
    compute_pairings,
    compute_prizes,
    compute_progress_prize,
    compute_result_validation,
    compute_stage_coefficient,
    compute_stage_points,
    count_mandatory_games,
    count_stage_matches,
    decide_leaves,
    format_coefficient,
    found_ladder,
    found_league,
    is_registration_open,
    is_removed,
    lower_third_size,
    place_newcomers,
    plan_stage,
    start_stage,
)
from mashindano.engine.gomoku.discipline import Suspension, SuspensionReason
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.engine.parameters import override

F = Fraction


def cid(text: str) -> CompetitorId:
    return CompetitorId(text)


def ladder_of(coefficients: Sequence[Fraction | str]) -> Ladder:
    """p1..pn in order with the given coefficients."""
    return Ladder.of([(f"p{i}", F(k)) for i, k in enumerate(coefficients, start=1)])


def descending(size: int) -> Ladder:
    return ladder_of([F(3) - F(k, 10) for k in range(size)])


def find(matches: Sequence[LadderMatch], a: str, b: str) -> LadderMatch:
    return next(m for m in matches if m.key == frozenset((cid(a), cid(b))))


def played(
    matches: Sequence[LadderMatch], me: str, opponent: str, won: int, lost: int, drawn: int = 0
) -> MatchResult:
    """A result told from `me`'s side: games won, lost and drawn."""
    match = find(matches, me, opponent)
    mine = GameWinner.UPPER if match.upper == me else GameWinner.LOWER
    theirs = GameWinner.LOWER if mine is GameWinner.UPPER else GameWinner.UPPER
    return MatchResult.played(match, (mine,) * won + (theirs,) * lost + (GameWinner.DRAW,) * drawn)


def players(count: int) -> list[Competitor]:
    return [Competitor(cid(f"p{i}"), f"Player {i}") for i in range(1, count + 1)]


# E1-E3: counts, founding coefficients, pairings ---------------------------------------------


def test_gomoku_E1_game_counts_8_12_16() -> None:
    assert [count_mandatory_games(k, 7) for k in (1, 2, 4, 6, 7)] == [8, 12, 16, 12, 8]


def test_gomoku_E2_initial_coefficient_n10() -> None:
    assert compute_founding_coefficient(1, 10) == F("2.8")
    assert compute_founding_coefficient(5, 10) == F(2)
    assert compute_founding_coefficient(10, 10) == F(1)
    founded = found_ladder([cid(f"p{k}") for k in range(1, 11)])
    shown = [format_coefficient(e.coefficient) for e in founded]
    assert [shown[0], shown[4], shown[9]] == ["2.800", "2.000", "1.000"]


@pytest.mark.parametrize("size", [4, 7, 10, 100, 1000])
def test_gomoku_E2_last_starts_at_one_top_approaches_three(size: int) -> None:
    assert compute_founding_coefficient(size, size) == 1
    top = compute_founding_coefficient(1, size)
    assert top == 3 - F(2, size) < 3


def test_gomoku_E3_pairings_for_seven_players() -> None:
    matches = compute_pairings(descending(7))
    assert [(m.upper_position, m.lower_position) for m in matches] == [
        (1, 2),
        (1, 3),
        (2, 3),
        (2, 4),
        (3, 4),
        (3, 5),
        (4, 5),
        (4, 6),
        (5, 6),
        (5, 7),
        (6, 7),
    ]
    assert len(matches) == 11 == 2 * 7 - 3 == count_stage_matches(7)
    games = [count_mandatory_games(k, 7) for k in range(1, 8)]
    assert games == [8, 12, 16, 16, 16, 12, 8]
    assert sum(games) == 88 == 11 * 4 * 2


# E4-E8: scoring ------------------------------------------------------------------------------


def test_gomoku_E4_middle_position_every_game_played() -> None:
    ladder = descending(7)
    matches = compute_pairings(ladder)
    results = [
        played(matches, "p4", "p2", 3, 1),
        played(matches, "p4", "p3", 2, 2),
        played(matches, "p4", "p5", 1, 3),
        played(matches, "p4", "p6", 4, 0),
    ]
    points = compute_stage_points(ladder, results)[cid("p4")]
    assert points.match_points + points.game_points == 6 + 4 + 2 + 7
    assert points.participation_bonus == 1
    assert points.completion_bonus == 1
    assert points.total == 21
    assert compute_stage_coefficient(points.total) == F("2.1")
    assert compute_new_coefficient(F("1.5"), points.total) == F("1.8")


def test_gomoku_E5_position_one() -> None:
    ladder = descending(7)
    matches = compute_pairings(ladder)
    results = [played(matches, "p1", "p2", 3, 1), played(matches, "p1", "p3", 1, 3)]
    points = compute_stage_points(ladder, results)[cid("p1")]
    assert points.match_points + points.game_points == 8
    assert points.participation_bonus + points.completion_bonus == 2
    assert points.top_match_bonus == 1
    assert points.subtotal == 11
    assert points.multiplier == 2
    assert points.total == 22
    assert compute_stage_coefficient(points.total) == F("2.2")
    assert compute_new_coefficient(F("2.6"), points.total) == F("2.4")


def test_gomoku_E6_position_two() -> None:
    ladder = descending(7)
    matches = compute_pairings(ladder)
    results = [played(matches, "p2", "p1", 3, 1), played(matches, "p2", "p3", 2, 2)]
    points = compute_stage_points(ladder, results)[cid("p2")]
    assert points.match_points + points.game_points == 10
    assert points.participation_bonus == 1
    assert points.completion_bonus == 0
    assert points.top_match_bonus == 1
    assert points.total == 16
    assert compute_stage_coefficient(points.total) == F("1.6")


def test_gomoku_E7_last_position() -> None:
    ladder = descending(7)
    matches = compute_pairings(ladder)
    results = [played(matches, "p7", "p5", 1, 3), played(matches, "p7", "p6", 3, 1)]
    points = compute_stage_points(ladder, results)[cid("p7")]
    assert points.match_points + points.game_points == 8
    assert points.participation_bonus + points.completion_bonus == 2
    assert points.ex_officio == 7
    assert points.total == 17


def test_gomoku_E8_penultimate_position() -> None:
    ladder = descending(7)
    matches = compute_pairings(ladder)
    points = compute_stage_points(ladder, [played(matches, "p6", "p4", 0, 4)])[cid("p6")]
    assert points.match_points + points.game_points == 1
    assert points.participation_bonus == 1
    assert points.ex_officio == 3
    assert points.total == 5
    assert compute_stage_coefficient(points.total) == F("0.5")


# E9-E10: month end ---------------------------------------------------------------------------


def test_gomoku_E9_last_player_plays_nothing_is_removed() -> None:
    ladder = ladder_of(["2", "1.8", "1.6", "1.4", "1.2", "0.9"])
    points = compute_stage_points(ladder, [])
    assert points[cid("p6")].total == 0
    end = compute_month_end(ladder, {c: b.total for c, b in points.items()})
    assert end.updates[cid("p6")].new == F("0.45")
    assert cid("p6") in end.removed
    assert cid("p6") not in end.continuing


def test_gomoku_E9_exactly_half_stays_just_below_goes() -> None:
    assert compute_new_coefficient(F("0.8"), F(2)) == F("0.5")
    assert not is_removed(compute_new_coefficient(F("0.8"), F(2)))
    assert compute_new_coefficient(F("0.8"), F(1)) == F("0.45")
    assert is_removed(compute_new_coefficient(F("0.8"), F(1)))


def test_gomoku_E10_equal_coefficients_keep_previous_order() -> None:
    ladder = ladder_of(["2.4", "2.2", "2.0", "1.7", "1.6", "1.5"])
    points = {cid("p1"): F(30), cid("p2"): F(28), cid("p3"): F(26)}
    points |= {cid("p4"): F(16), cid("p5"): F(0), cid("p6"): F(18)}
    end = compute_month_end(ladder, points)
    assert end.updates[cid("p4")].new == end.updates[cid("p6")].new == F("1.65")
    order = end.updated.ids
    assert order.index(cid("p4")) + 1 == order.index(cid("p6"))


# E11: newcomers ------------------------------------------------------------------------------


def league_with(
    ranking: Ladder,
    month: Month,
    *,
    extra: dict[CompetitorId, Fraction] | None = None,
    removed: frozenset[CompetitorId] = frozenset(),
    suspensions: tuple[Suspension, ...] = (),
) -> League:
    """A league whose stored coefficients agree with its ranking, plus `extra` off-list players."""
    coefficients = {e.competitor: e.coefficient for e in ranking} | (extra or {})
    return League(
        month=month,
        ranking=ranking,
        competitors={},
        coefficients=coefficients,
        removed=removed,
        suspensions=suspensions,
    )


def continuing(p5: str, p6: str, p7: str) -> Ladder:
    return ladder_of(["2.5", "2.2", "1.9", "1.6", p5, p6, p7])


def test_gomoku_E11_newcomer_gets_one_between_p5_and_p6() -> None:
    ladder = continuing("1.15", "0.95", "0.7")
    assert compute_newcomer_coefficient(ladder) == 1
    placed = place_newcomers(ladder, [cid("N")])
    assert placed.ids[-4:] == ("p5", "N", "p6", "p7")
    assert placed.coefficient_of(cid("N")) == F("1.000")


def test_gomoku_E11_condition_fails_when_p5_below_one() -> None:
    assert compute_newcomer_coefficient(continuing("0.98", "0.95", "0.7")) == F("0.965")


def test_gomoku_E11_condition_fails_when_p6_not_below_one() -> None:
    assert compute_newcomer_coefficient(continuing("1.4", "1.1", "0.9")) == F("1.25")


def test_gomoku_E11_two_newcomers_in_application_order() -> None:
    league = league_with(continuing("1.15", "0.95", "0.7"), Month(2005, 3))
    day2 = Registration(Competitor(cid("N2"), "Day two", games_played=500), at(2005, 3, 2))
    day5 = Registration(Competitor(cid("N5"), "Day five", games_played=500), at(2005, 3, 5))
    stage = start_stage(league, [day5, day2])
    assert stage.ladder.ids[-5:] == ("p5", "N2", "N5", "p6", "p7")
    assert stage.ladder.coefficient_of(cid("N2")) == stage.ladder.coefficient_of(cid("N5")) == 1


# E12-E13 -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("coefficient", "prize"), [("1.234", 40), ("2.000", 60), ("0.750", 30)])
def test_gomoku_E12_progress_prize_rounds_up_to_tens(coefficient: str, prize: int) -> None:
    assert compute_progress_prize(F(coefficient)) == prize


def test_gomoku_E12_five_places_up_earns_four_does_not() -> None:
    enabled = override(GOMOKU_LEAGUE, {"prizes_enabled": True})
    updated = ladder_of(["2"] * 6 + ["1.234"] + ["1"] * 6)
    start = updated.positions()
    start[cid("p7")] = 12  # 12 -> 7: up 5 places
    start[cid("p9")] = 13  # 13 -> 9: up 4 places
    progress = [p for p in compute_prizes(updated, start, enabled) if p.kind is PrizeKind.PROGRESS]
    assert [(p.competitor, p.points, p.places_gained) for p in progress] == [("p7", 40, 5)]


def test_gomoku_E13_disinterest_suspension_and_compensation() -> None:
    league = found_league(players(7), Month(2005, 1))
    stage = start_stage(league)
    matches = stage.matches
    results = [
        played(matches, "p4", "p2", 2, 2),
        played(matches, "p1", "p2", 2, 2),
        played(matches, "p1", "p3", 2, 2),
    ]
    outcome = close_stage(league, stage, results, flagged=[cid("p4")])
    assert outcome.sanctioned == {cid("p4")}
    assert outcome.suspensions == (
        Suspension(cid("p4"), Month(2005, 2), 1, SuspensionReason.DISINTEREST),
    )
    for opponent in ("p3", "p5", "p6"):
        assert outcome.points[cid(opponent)].compensation == 5
    assert outcome.points[cid("p2")].compensation == 0
    assert outcome.league.membership(cid("p4")) is Membership.SUSPENDED
    assert cid("p4") not in outcome.league.ranking


# A-notes --------------------------------------------------------------------------------------


def at(year: int, month: int, day: int, hour: int = 12, minute: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=UTC)


def test_gomoku_A1_pairing_is_a_fixed_neighbour_ladder() -> None:
    for size in range(4, 12):
        for match in compute_pairings(descending(size)):
            assert 1 <= match.lower_position - match.upper_position <= 2


def test_gomoku_A2_match_result_decided_by_games_won_drawn_games_count_for_neither() -> None:
    ladder = descending(7)
    matches = compute_pairings(ladder)
    points = compute_stage_points(ladder, [played(matches, "p4", "p5", 1, 1, drawn=2)])
    for player in ("p4", "p5"):
        assert points[cid(player)].match_points == 2  # drawn match
        assert points[cid(player)].game_points == 1  # one game won each, nothing for draws


def test_gomoku_A3_position_two_participation_from_four_games() -> None:
    ladder = descending(7)
    matches = compute_pairings(ladder)
    points = compute_stage_points(ladder, [played(matches, "p2", "p3", 0, 4)])
    assert points[cid("p2")].participation_bonus == 1


def test_gomoku_A4_no_ex_officio_points_for_the_top_two() -> None:
    ladder = descending(7)
    points = compute_stage_points(ladder, [])
    assert points[cid("p1")].total == points[cid("p2")].total == 0
    assert points[cid("p1")].ex_officio == points[cid("p2")].ex_officio == 0


def test_gomoku_A5_multiplier_applies_to_compensation() -> None:
    ladder = descending(7)
    points = compute_stage_points(ladder, [], sanctioned=frozenset({cid("p2")}))
    assert points[cid("p1")].compensation == 5
    assert points[cid("p1")].total == 10  # 5 × 2
    assert points[cid("p3")].compensation == 5
    assert points[cid("p3")].total == 5


def test_gomoku_A6_match_played_means_one_validated_game() -> None:
    ladder = descending(7)
    matches = compute_pairings(ladder)
    points = compute_stage_points(ladder, [played(matches, "p1", "p2", 1, 0)])
    assert points[cid("p1")].matches_played == 1
    assert points[cid("p1")].top_match_bonus == F(1, 2)
    # won 1-0: 3 + 1 + 0.5, no participation (1 < 4 games), times 2
    assert points[cid("p1")].total == 9


def test_gomoku_A7_bottom_player_with_few_games_keeps_points_without_ex_officio() -> None:
    ladder = descending(7)
    matches = compute_pairings(ladder)
    points = compute_stage_points(ladder, [played(matches, "p7", "p6", 2, 1)])
    assert points[cid("p7")].ex_officio == 0
    assert points[cid("p7")].total == 3 + 2
    assert points[cid("p6")].total == 1 + 1  # loss point and one game won, no ex officio


def test_gomoku_A7_bottom_player_with_no_game_gets_zero_even_compensation() -> None:
    ladder = descending(7)
    points = compute_stage_points(ladder, [], sanctioned=frozenset({cid("p5")}))
    assert points[cid("p7")].compensation == 5
    assert points[cid("p7")].played_nothing_at_bottom
    assert points[cid("p7")].total == 0


def test_gomoku_A8_compensation_per_unplayed_match() -> None:
    ladder = descending(7)
    matches = compute_pairings(ladder)
    results = [played(matches, "p4", "p6", 2, 2)]
    points = compute_stage_points(ladder, results, sanctioned=frozenset({cid("p4"), cid("p5")}))
    assert points[cid("p3")].compensation == 10  # unplayed with p4 and with p5
    assert points[cid("p6")].compensation == 5  # played p4, could not play p5


def test_gomoku_A9_more_than_half_of_matches_not_games() -> None:
    league = found_league(players(7), Month(2005, 1))
    stage = start_stage(league)
    matches = stage.matches
    # p4 plays 2 of 4 matches with one game each: 14 of 16 games unplayed, 2 of 4 matches.
    results = [played(matches, "p4", "p2", 1, 0), played(matches, "p4", "p3", 1, 0)]
    outcome = close_stage(league, stage, results, flagged=[cid("p4")])
    assert outcome.sanctioned == frozenset()


def test_gomoku_A10_second_consecutive_suspension_lasts_three_stages() -> None:
    league = found_league(players(7), Month(2005, 1))
    first = close_stage(league, start_stage(league), [], flagged=[cid("p4")])
    assert first.suspensions[0].stages == 1
    served = first.league  # February: p4 suspended
    feb = close_stage(served, start_stage(served), [])
    march = feb.league
    assert march.membership(cid("p4")) is Membership.SUSPENSION_SERVED
    back = Registration(Competitor(cid("p4"), "Player 4"), at(2005, 3, 2))
    stage = start_stage(march, [back])
    assert cid("p4") in stage.returning
    second = close_stage(march, stage, [], flagged=[cid("p4")])
    assert second.suspensions == (
        Suspension(cid("p4"), Month(2005, 4), 3, SuspensionReason.DISINTEREST),
    )
    after = second.league
    for month in (Month(2005, 4), Month(2005, 5), Month(2005, 6)):
        assert any(s.covers(month) for s in after.suspensions if s.competitor == "p4")
    assert not any(s.covers(Month(2005, 7)) for s in after.suspensions)


def test_gomoku_A11_no_show_gives_forfeit_win_or_compensation_instead() -> None:
    ladder = descending(7)
    matches = compute_pairings(ladder)
    no_show = MatchResult.no_show(find(matches, "p4", "p5"), cid("p5"))
    points = compute_stage_points(ladder, [no_show])
    assert points[cid("p4")].match_points == 3
    assert points[cid("p4")].game_points == 0
    assert points[cid("p5")].match_points == 0
    sanctioned = compute_stage_points(ladder, [no_show], sanctioned=frozenset({cid("p5")}))
    assert sanctioned[cid("p4")].match_points == 0
    assert sanctioned[cid("p4")].compensation == 5


def test_gomoku_A12_newcomer_reference_excludes_removed_suspended_and_on_leave() -> None:
    league = league_with(
        ladder_of(["2", "1.8", "1.6", "1.4", "1.2", "1.1", "0.9"]),
        Month(2005, 3),
        extra={cid("gone"): F("0.4"), cid("susp"): F("0.6")},
        removed=frozenset({cid("gone")}),
        suspensions=(Suspension(cid("susp"), Month(2005, 3), 1, SuspensionReason.DISINTEREST),),
    )
    leave = LeaveRequest(cid("p7"), Month(2005, 3), at(2005, 2, 27))
    newcomer = Registration(Competitor(cid("N"), "New", games_played=300), at(2005, 3, 3))
    stage = start_stage(league, [newcomer], [leave])
    # continuing list ends 1.4, 1.2, 1.1 (p7 on leave): mean of 1.4 and 1.2.
    assert stage.ladder.coefficient_of(cid("N")) == F("1.3")
    assert stage.ladder.ids == ("p1", "p2", "p3", "p4", "N", "p5", "p6")


def test_gomoku_A13_earliest_application_placed_highest_same_coefficient() -> None:
    placed = place_newcomers(continuing("1.15", "0.95", "0.7"), [cid("first"), cid("second")])
    assert placed.ids[-4:-2] == ("first", "second")
    assert placed.coefficient_of(cid("first")) == placed.coefficient_of(cid("second"))


def test_gomoku_A14_lower_third_waits_until_registration_closes() -> None:
    assert [lower_third_size(n) for n in (4, 6, 7, 9, 10)] == [2, 2, 3, 3, 4]
    league = found_league(players(7), Month(2005, 1))
    stage = start_stage(league)
    plan = {str(p.match): p.may_play_from for p in plan_stage(stage, league)}
    day1, day8 = at(2005, 1, 1, 0), at(2005, 1, 8, 0)
    assert plan["1-2"] == plan["2-4"] == plan["3-4"] == day1
    assert plan["3-5"] == plan["4-5"] == plan["4-6"] == plan["6-7"] == day8


def test_gomoku_A15_registration_counts_for_the_current_month() -> None:
    league = found_league(players(6), Month(2005, 3))
    newcomer = Registration(Competitor(cid("N"), "New", games_played=900), at(2005, 3, 7, 23, 59))
    assert cid("N") in start_stage(league, [newcomer]).ladder
    assert is_registration_open(Month(2005, 3), at(2005, 3, 1, 0))
    assert not is_registration_open(Month(2005, 4), at(2005, 3, 5))


def test_gomoku_A16_opening_rules() -> None:
    match = compute_pairings(descending(4))[0]
    assert compute_opening(match, F(2), F(2)).rule is OpeningRule.PRO_MANDATORY
    mixed = compute_opening(match, F("2.3"), F("1.999"))
    assert mixed.rule is OpeningRule.LOWER_RANKED_CHOOSES
    assert mixed.chooser == match.lower
    assert compute_opening(match, F("1.9"), F("1.5")).rule is OpeningRule.STANDARD_UNLESS_BOTH_AGREE


def test_gomoku_A17_exact_storage_three_decimal_display() -> None:
    ladder = descending(7)
    matches = compute_pairings(ladder)
    points = compute_stage_points(ladder, [played(matches, "p2", "p3", 3, 1)])[cid("p2")]
    assert points.total == 10  # (3 + 3 + 1 + 0.5) × 4/3
    drawn = compute_stage_points(ladder, [played(matches, "p2", "p3", 1, 1)])[cid("p2")]
    # (2 + 1 + 0.5) × 4/3 = 14/3: a repeating decimal, stored exactly
    assert drawn.total == F(14, 3)
    new = compute_new_coefficient(F(1), drawn.total)
    assert new == F(22, 30)
    assert format_coefficient(new) == "0.733"
    assert format_coefficient(F("0.4999")) == "0.500"
    assert is_removed(F("0.4999"))


def test_gomoku_A18_founding_formula_only_at_creation() -> None:
    league = found_league(players(4), Month(2004, 10))
    assert [league.coefficients[cid(f"p{i}")] for i in (1, 4)] == [F("2.5"), F(1)]
    outcome = close_stage(league, start_stage(league), [])
    assert outcome.league.coefficients[cid("p1")] == F("1.25")  # (2.5 + 0) / 2: R12


def test_gomoku_A19_three_leaves_per_calendar_year() -> None:
    taken = [Month(2005, 2), Month(2005, 5), Month(2005, 9)]
    with pytest.raises(IllegalResult, match="3 leaves in 2005"):
        check_leave(LeaveRequest(cid("p1"), Month(2005, 11), at(2005, 10, 20)), taken)
    check_leave(LeaveRequest(cid("p1"), Month(2006, 1), at(2005, 12, 20)), taken)


def test_gomoku_A20_leave_notice_before_midnight_of_day_one() -> None:
    month = Month(2005, 4)
    on_time = LeaveRequest(cid("p1"), month, datetime(2005, 3, 31, 23, 59, 59, tzinfo=UTC))
    late = LeaveRequest(cid("p2"), month, month.starts_at)
    decisions = decide_leaves([on_time, late], {})
    assert decisions.accepted == (on_time,)
    assert [r.code for r in decisions.rejected] == ["leave_notice_late"]


def test_gomoku_A21_one_report_from_either_player_validates() -> None:
    played_at = at(2005, 1, 10)
    one = compute_result_validation(
        played_at, [played_at + timedelta(hours=3)], at(2005, 1, 10, 16)
    )
    assert one.status is ResultStatus.VALIDATED
    assert one.counts


def test_gomoku_A22_prize_table_monotone_by_default_printed_available() -> None:
    assert GOMOKU_LEAGUE.top3_prize_points == (150, 125, 100)
    printed = override(GOMOKU_LEAGUE, {"top3_prize_points": "150,100,125", "prizes_enabled": "on"})
    assert printed.top3_prize_points == PRINTED_TOP3_PRIZE_POINTS
    updated = ladder_of(["2", "1.9", "1.8", "1.7"])
    start = updated.positions()
    places = [p for p in compute_prizes(updated, start, printed) if p.kind is PrizeKind.PLACE]
    assert [(p.competitor, p.points) for p in places] == [("p1", 150), ("p2", 100), ("p3", 125)]


def test_gomoku_A23_league_star_first_place_configurable() -> None:
    updated = ladder_of(["2", "1.9", "1.8", "1.7"])
    stars = [
        p for p in compute_prizes(updated, updated.positions()) if p.kind is PrizeKind.LEAGUE_STAR
    ]
    assert [(p.competitor, p.place) for p in stars] == [("p1", 1)]
    second = override(GOMOKU_LEAGUE, {"league_star_place": "2"})
    assert compute_prizes(updated, updated.positions(), second)[0].competitor == "p2"


def test_gomoku_A24_switch_off_keeps_the_star_only() -> None:
    updated = ladder_of(["2", "1.9", "1.8", "1.7", "1.6", "1.5", "1.4"])
    start = {c: 8 - p for c, p in updated.positions().items()}  # everyone moved a lot
    prizes = compute_prizes(updated, start)
    assert [p.kind for p in prizes] == [PrizeKind.LEAGUE_STAR]
    no_star = override(GOMOKU_LEAGUE, {"league_star_despite_suspension": False})
    assert compute_prizes(updated, start, no_star) == ()


def test_gomoku_A25_progress_from_start_list_after_newcomers_newcomers_eligible() -> None:
    enabled = override(GOMOKU_LEAGUE, {"prizes_enabled": True})
    league = found_league(players(8), Month(2005, 1), enabled)
    newcomer = Registration(Competitor(cid("N"), "New", games_played=400), at(2005, 1, 2))
    stage = start_stage(league, [newcomer])
    assert stage.ladder.position_of(cid("N")) == 7
    matches = stage.matches
    results = [played(matches, "N", opp, 4, 0) for opp in ("p5", "p6", "p7", "p8")]
    outcome = close_stage(league, stage, results)
    update = outcome.ranking.updates[cid("N")]
    assert update.start_position == 7
    assert update.end_position == 1
    progress = [p for p in outcome.prizes if p.kind is PrizeKind.PROGRESS]
    assert [(p.competitor, p.places_gained) for p in progress] == [("N", 6)]
    assert progress[0].points == compute_progress_prize(update.new, enabled)


def test_gomoku_A26_at_least_four_players() -> None:
    with pytest.raises(NoValidPairing, match="at least 4 players"):
        compute_pairings(descending(3))
    assert [count_mandatory_games(k, 4) for k in range(1, 5)] == [8, 12, 12, 8]
    assert [count_mandatory_games(k, 5) for k in range(1, 6)] == [8, 12, 16, 12, 8]


def test_gomoku_A27_returning_player_keeps_stored_coefficient() -> None:
    league = league_with(
        ladder_of(["2", "1.8", "1.6", "1.4", "1.2", "0.9"]),
        Month(2005, 6),
        extra={cid("back"): F("1.5")},
        removed=frozenset({cid("back")}),
    )
    assert league.membership(cid("back")) is Membership.REMOVED
    registration = Registration(Competitor(cid("back"), "Back"), at(2005, 6, 4), site_games=0)
    stage = start_stage(league, [registration])
    assert stage.returning == (cid("back"),)
    assert stage.ladder.coefficient_of(cid("back")) == F("1.5")
    assert stage.ladder.position_of(cid("back")) == 4


def test_gomoku_A28_late_report_counts_as_unplayed() -> None:
    played_at = at(2005, 1, 10)
    late = compute_result_validation(
        played_at, [played_at + timedelta(hours=48, seconds=1)], at(2005, 1, 20)
    )
    assert late.status is ResultStatus.LATE
    assert not late.counts
    ladder = descending(7)
    matches = compute_pairings(ladder)
    unplayed = MatchResult.unplayed(find(matches, "p1", "p2"))
    points = compute_stage_points(ladder, [unplayed])
    assert points[cid("p1")].total == points[cid("p2")].total == 0
    assert points[cid("p1")].matches_played == 0
