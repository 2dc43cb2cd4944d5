"""Result forms: status options and codes (R18), when a status is required, R19's text, and
when the forms send a match to a controller (R21, R23, R24, A6, A10)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from fractions import Fraction

import pytest

from mashindano.engine.errors import IllegalResult, ParseError
from mashindano.engine.knockout.parameters import TANTRIX_KNOCKOUT, match_rule_for
from mashindano.engine.knockout.result_forms import (
    Claim,
    ResultForm,
    ReviewReason,
    StatusOption,
    check_result_form,
    describe_review,
    is_status_required,
    review_game_forms,
)
from mashindano.engine.matches import GamePoints, MatchSide

F = Fraction
RULE = match_rule_for(TANTRIX_KNOCKOUT, standard_games=6)
OPTED_OUT = match_rule_for(TANTRIX_KNOCKOUT, standard_games=6, opt_out=True)
END = datetime(2026, 3, 1, 20, 0, tzinfo=UTC)
FIVE_GAMES: list[GamePoints] = [(F(12), F(8))] * 4 + [(F("12.1"), F("7.9"))]  # 60.1-39.9
GAME_6: GamePoints = (F("2.3"), F("17.7"))  # 62.4-57.6: gap 4.8


def form(
    submitter: MatchSide,
    status: StatusOption,
    *,
    game: int = 6,
    tps: GamePoints = GAME_6,
    minutes: int = 0,
    finish_when: str | None = None,
) -> ResultForm:
    return ResultForm(
        game=game,
        submitter=submitter,
        submitted_at=END + timedelta(minutes=minutes),
        tps=tps,
        status=status,
        finish_when=finish_when,
    )


def test_tantrix_R18_options_and_codes() -> None:
    table = [(s.option, s.code) for s in StatusOption]
    assert table == [
        ("N", "NOTREL"),
        ("1", "NORMAL"),
        ("2", "TIMMED"),
        ("3", "TLATER"),
        ("4", "NONAGR"),
        ("5", "UNSURE"),
        ("6", "DISPUT"),
        ("7", "IGNORE"),
        ("8", "RESIGN"),
    ]
    assert StatusOption.parse("3") is StatusOption.CONTINUE_LATER
    assert StatusOption.parse("disput") is StatusOption.DISPUTE
    assert StatusOption.parse("n") is StatusOption.NOT_RELEVANT
    with pytest.raises(IllegalResult, match="unknown form status '9'"):
        StatusOption.parse("9")


def test_tantrix_R18_status_required_for_last_standard_and_tiebreak_games() -> None:
    assert [is_status_required(g, RULE) for g in (1, 5, 6, 7, 9, 10)] == [
        False,
        False,
        True,
        True,
        True,
        True,
    ]
    with pytest.raises(IllegalResult, match=r"game 6: the last standard game .* got N"):
        check_result_form(form("a", StatusOption.NOT_RELEVANT), RULE)
    with pytest.raises(IllegalResult, match=r"game 3: .* this game's answer is N, got 1"):
        check_result_form(form("a", StatusOption.NORMAL, game=3), RULE)
    assert check_result_form(form("a", StatusOption.NOT_RELEVANT, game=3), RULE)


def test_tantrix_R19_option_3_needs_the_finish_time() -> None:
    with pytest.raises(IllegalResult, match="When will you finish your match"):
        check_result_form(form("a", StatusOption.CONTINUE_LATER, finish_when=" "), RULE)
    ok = form("a", StatusOption.CONTINUE_LATER, finish_when="Sunday 18:00 UTC")
    assert check_result_form(ok, RULE) is ok


def test_form_tps_are_validated() -> None:
    bad = form("a", StatusOption.CONTINUE_NOW, tps=(F("2.3"), F("17.6")))
    with pytest.raises(IllegalResult, match=r"game 6: .* add up to 20.0, got 2.3-17.6"):
        check_result_form(bad, RULE)


def test_form_times_must_be_aware() -> None:
    with pytest.raises(ParseError, match="has no time zone"):
        ResultForm(6, "a", datetime(2026, 3, 1), GAME_6, StatusOption.CONTINUE_NOW)


def test_agreeing_forms_need_no_controller() -> None:
    review = review_game_forms(
        [
            form("a", StatusOption.CONTINUE_NOW),
            form("b", StatusOption.CONTINUE_LATER, finish_when="x"),
        ],
        RULE,
        FIVE_GAMES,
    )
    assert not review.needs_controller
    assert review.tps == GAME_6
    assert describe_review(review) == "game 6: forms agree"


def test_tantrix_R24_A10_conflicting_options_go_to_a_controller() -> None:
    review = review_game_forms(
        [form("a", StatusOption.NORMAL), form("b", StatusOption.UNSURE)], RULE, FIVE_GAMES
    )
    assert review.needs_controller
    assert ReviewReason.UNSURE in review.reasons
    # A's "clearly 5 TPs apart" is wrong on the record (gap 4.8).
    assert ReviewReason.STATUS_CONTRADICTS_TPS in review.reasons
    clash = review_game_forms(
        [form("a", StatusOption.NORMAL), form("b", StatusOption.CONTINUE_NOW)], RULE, FIVE_GAMES
    )
    assert ReviewReason.CONFLICTING_STATUS in clash.reasons
    assert "conflicting-status" in describe_review(clash)


def test_conflicting_tps_go_to_a_controller() -> None:
    review = review_game_forms(
        [
            form("a", StatusOption.CONTINUE_NOW),
            form("b", StatusOption.CONTINUE_NOW, tps=(F("3.3"), F("16.7"))),
        ],
        RULE,
        FIVE_GAMES,
    )
    assert review.reasons == (ReviewReason.CONFLICTING_TPS,)
    assert review.tps is None


def test_tantrix_A1_normal_covers_exactly_five() -> None:
    game_6 = (F("2.4"), F("17.6"))  # 62.5-57.5
    review = review_game_forms(
        [form("a", StatusOption.NORMAL, tps=game_6), form("b", StatusOption.NORMAL, tps=game_6)],
        RULE,
        FIVE_GAMES,
    )
    assert not review.needs_controller
    continuing = review_game_forms(
        [form("b", StatusOption.NOTHING_AGREED, tps=game_6)], RULE, FIVE_GAMES
    )
    assert continuing.reasons == (ReviewReason.STATUS_CONTRADICTS_TPS,)


def test_tantrix_R21_dispute_goes_to_the_AC() -> None:
    review = review_game_forms([form("b", StatusOption.DISPUTE)], RULE, FIVE_GAMES)
    assert review.reasons == (ReviewReason.DISPUTE,)


def test_tantrix_R23_A6_resign_loses_whatever_the_score() -> None:
    review = review_game_forms(
        [form("a", StatusOption.RESIGN), form("b", StatusOption.CONTINUE_NOW)], RULE, FIVE_GAMES
    )
    assert review.resigned_by == "a"  # A was ahead 62.4-57.6 and still loses
    assert not review.needs_controller


def test_tantrix_R13_option_7_needs_a_recorded_opt_out() -> None:
    waived = [form("a", StatusOption.RULE_WAIVED), form("b", StatusOption.RULE_WAIVED)]
    assert not review_game_forms(waived, OPTED_OUT, FIVE_GAMES).needs_controller
    assert review_game_forms(waived, RULE, FIVE_GAMES).reasons == (
        ReviewReason.OPT_OUT_NOT_RECORDED,
    )


def test_a_later_form_replaces_the_same_players_earlier_one() -> None:
    review = review_game_forms(
        [
            form("a", StatusOption.NORMAL),
            form("a", StatusOption.CONTINUE_NOW, minutes=5),
            form("b", StatusOption.CONTINUE_NOW),
        ],
        RULE,
        FIVE_GAMES,
    )
    assert not review.needs_controller


def test_claims_group_the_options() -> None:
    assert StatusOption.CONTINUE_NOW.claim is StatusOption.NOTHING_AGREED.claim is Claim.CONTINUES
    assert StatusOption.NORMAL.claim is Claim.MATCH_OVER


def test_forms_for_one_game_at_a_time() -> None:
    with pytest.raises(IllegalResult, match="different games"):
        review_game_forms(
            [form("a", StatusOption.CONTINUE_NOW), form("b", StatusOption.CONTINUE_NOW, game=7)],
            RULE,
            FIVE_GAMES,
        )
    with pytest.raises(IllegalResult, match="no result form"):
        review_game_forms([], RULE, FIVE_GAMES)
