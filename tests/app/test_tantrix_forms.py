"""Tantrix result forms, tiebreak offers and replies, and opt-outs in stored events
(shared/spec/tantrix-knockout.md R13-R24, A5-A11), through `app.tantrix`.

Matches here have 2 standard games (`standard_games=2`), so game 2 is the last standard game.
TPs are written from A's side (the match's first player, the better seed); the helper turns
them to the game's first player's side as a report takes them.
"""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from mashindano.app import events, rounds
from mashindano.app.documents.presets import event_summary
from mashindano.app.errors import Duplicate, UnknownGame, UnknownPlayer, WrongState
from mashindano.app.principals import local
from mashindano.app.results import GameRef, report_result, rule_result
from mashindano.engine.errors import IllegalResult, ParseError
from mashindano.engine.knockout.deadlines import ReportStatus
from mashindano.presets.tantrix_knockout.use_cases import (
    FormFiled,
    MatchWhere,
    file_form,
    match_status,
    record_offer,
    record_opt_out,
    record_reply,
)
from mashindano.store.facts import EncounterFact, ResultStatus

from .helpers import ACTOR, T0, make_event

pytestmark = pytest.mark.django_db

PRESET = "tantrix-knockout"
SLUG = "ko"
MATCH = MatchWhere(1, 1)
HOUR = timedelta(hours=1)
TICK = timedelta(microseconds=1)


@pytest.fixture
def match() -> EncounterFact:
    """Four players, round 1 paired; board 1's match (A v B) with 2 standard games."""
    make_event(SLUG, PRESET, 4, standard_games="2")
    rounds.pair_next_round(SLUG, actor=ACTOR, now=T0)
    return _encounter()


def _encounter(board: int = 1) -> EncounterFact:
    facts = events.get_event_facts(SLUG)
    round_fact = next(r for r in facts.rounds if (r.stage, r.number) == (1, 1))
    return next(e for e in round_fact.encounters if e.board == board)


def _form(
    game: int,
    player: str,
    tp_a: str,
    status: str = "N",
    *,
    at: datetime = T0,
    ended_at: datetime | None = None,
    finish_when: str | None = None,
) -> FormFiled:
    encounter = _encounter()
    played = next(g for g in encounter.games if g.number == game)
    tp_b = str(20 - float(tp_a))
    text = f"{tp_a}-{tp_b}" if played.first == encounter.first else f"{tp_b}-{tp_a}"
    return file_form(
        SLUG,
        GameRef(1, 1, game),
        player,
        text,
        status=status,
        actor=local(player),
        finish_when=finish_when,
        ended_at=ended_at,
        now=at,
    )


def _both(game: int, tp_a: str, status: str = "N", *, at: datetime = T0) -> None:
    encounter = _encounter()
    _form(game, encounter.first, tp_a, status, at=at)
    assert encounter.second is not None
    _form(game, encounter.second, tp_a, status, at=at)


def _view_json() -> dict[str, object]:
    facts = events.get_event_facts(SLUG)
    summary = event_summary(facts)
    draws = summary["draws"]
    assert isinstance(draws, list)
    assert isinstance(draws[0], dict)
    rounds_json = draws[0]["rounds"]
    assert isinstance(rounds_json, list)
    assert isinstance(rounds_json[0], dict)
    matches = rounds_json[0]["matches"]
    assert isinstance(matches, list)
    assert isinstance(matches[0], dict)
    return matches[0]


# -- status options and their consequences (R18-R19, R23-R24) ---------------------------------


def test_R18_option_1_agreed_by_both_confirms_the_game_and_ends_the_match(match):
    _both(1, "15")
    result = _form(2, match.first, "12", "1")
    assert not result.review.needs_controller
    second = _form(2, match.second, "12", "1")
    assert second.change.game.status is ResultStatus.CONFIRMED
    shown = _view_json()
    assert shown["winner"] == match.first
    assert shown["ended_by"] == "standard"
    assert shown["controller_review"] == []


def test_R18_option_2_below_the_margin_adds_tiebreak_game_1(match):
    _both(1, "11")
    first = _form(2, match.first, "11", "2")
    assert [g.number for g in first.change.added] == [3]
    second = _form(2, match.second, "11", "2")
    assert second.change.added == ()
    assert second.change.game.status is ResultStatus.CONFIRMED
    assert _view_json()["winner"] is None


def test_R18_option_1_with_a_gap_below_5_goes_to_a_controller(match):
    _both(1, "11")
    filed = _form(2, match.first, "11", "1")
    assert filed.review.needs_controller
    assert filed.change.game.status is ResultStatus.DISPUTED
    assert "status-contradicts-tps" in str(_view_json()["controller_review"])


def test_R24_A10_conflicting_forms_flag_the_match_and_hold_the_next_round(match):
    make_round_one_other_board_done()
    _both(1, "15")
    _form(2, match.first, "12", "1")
    conflicting = _form(2, match.second, "12", "5")
    assert conflicting.change.game.status is ResultStatus.DISPUTED
    assert conflicting.review.needs_controller
    assert _view_json()["controller_review"]
    with pytest.raises(WrongState, match=r"controller|disputed"):
        rounds.pair_next_round(SLUG, actor=ACTOR, now=T0)


def test_R24_a_ruling_clears_the_controller_flag(match):
    make_round_one_other_board_done()
    _both(1, "15")
    _form(2, match.first, "12", "1")
    _form(2, match.second, "12", "5")
    game = next(g for g in _encounter().games if g.number == 2)
    text = "12-8" if game.first == match.first else "8-12"
    rule_result(SLUG, GameRef(1, 1, 2), text, actor=local("controller"), now=T0 + HOUR)
    assert _view_json()["controller_review"] == []
    assert _view_json()["winner"] == match.first
    published = rounds.pair_next_round(SLUG, actor=ACTOR, now=T0 + 2 * HOUR)
    assert published.number == 2


def test_R24_conflicting_tps_flag_the_match(match):
    _form(1, match.first, "15")
    assert match.second is not None
    filed = _form(1, match.second, "14")
    assert filed.change.game.status is ResultStatus.DISPUTED
    assert "conflicting-tps" in str(_view_json()["controller_review"])


def test_R23_A6_option_8_ends_the_match_and_the_submitter_loses_even_when_ahead(match):
    _both(1, "11")
    filed = _form(2, match.first, "11", "8")
    assert filed.review.resigned_by == "a"
    shown = _view_json()
    assert shown["winner"] == match.second
    assert shown["ended_by"] == "resigned"
    assert filed.change.added == ()


def test_R19_option_3_needs_the_finish_when_text(match):
    _both(1, "11")
    with pytest.raises(IllegalResult, match="When will you finish"):
        _form(2, match.first, "11", "3")
    filed = _form(2, match.first, "11", "3", finish_when="Saturday 18:00 UTC")
    assert not filed.review.needs_controller


def test_R18_the_last_standard_game_needs_a_status_and_earlier_games_take_N(match):
    with pytest.raises(IllegalResult, match="only the last standard game"):
        _form(1, match.first, "15", "1")
    _both(1, "15")
    with pytest.raises(IllegalResult, match="need a status 1-8"):
        _form(2, match.first, "12", "N")


def test_R18_option_7_without_a_recorded_opt_out_goes_to_a_controller(match):
    _both(1, "11")
    filed = _form(2, match.first, "11", "7")
    assert "opt-out-not-recorded" in str(filed.review.reasons)


def test_forms_refuse_unknown_game_wrong_player_and_a_second_form(match):
    with pytest.raises(UnknownGame):
        file_form(SLUG, GameRef(1, 1, 9), match.first, "15-5", status="N", actor=local("x"), now=T0)
    other = _encounter(2)
    with pytest.raises(WrongState, match="does not play"):
        _form(1, other.first, "15")
    with pytest.raises(UnknownPlayer):
        _form(1, "nobody", "15")
    _form(1, match.first, "15")
    with pytest.raises(Duplicate, match="already filed"):
        _form(1, match.first, "15")


def make_round_one_other_board_done() -> None:
    other = _encounter(2)
    for game in other.games:
        text = "15-5" if game.first == other.first else "5-15"
        file_form(
            SLUG,
            GameRef(1, 2, game.number),
            other.first,
            text,
            status="N" if game.number == 1 else "1",
            actor=local("x"),
            now=T0,
        )


# -- opt-outs (R13-R15, A7, A11) --------------------------------------------------------------


def test_R13_E4_opt_out_the_leader_wins_after_the_standard_games_however_small_the_gap(match):
    assert match.second is not None
    record_opt_out(
        SLUG,
        MATCH,
        [match.first, match.second],
        evidence="e-mails to the AC",
        actor=local("ac"),
        now=T0,
    )
    _both(1, "10.2")
    _form(2, match.first, "10.2", "7")
    filed = _form(2, match.second, "10.2", "7")
    assert not filed.review.needs_controller
    assert filed.change.added == ()
    shown = _view_json()
    assert shown["winner"] == match.first
    assert shown["ended_by"] == "opt-out"
    assert shown["opt_out"] is True


def test_A7_opt_out_with_an_exact_tie_goes_to_sudden_death(match):
    assert match.second is not None
    record_opt_out(SLUG, MATCH, [match.first, match.second], evidence="e-mails", actor=local("ac"))
    _both(1, "10")
    filed = _form(2, match.first, "10", "7")
    assert [g.number for g in filed.change.added] == [3]
    _form(2, match.second, "10", "7")
    _both(3, "10.5", "7")
    assert _view_json()["winner"] == match.first
    assert _view_json()["ended_by"] == "sudden-death"


def test_R13_R14_an_opt_out_by_one_player_only_is_refused(match):
    with pytest.raises(ParseError, match="both players"):
        record_opt_out(SLUG, MATCH, [match.first], evidence="my e-mail", actor=local("ac"))


def test_A11_an_opt_out_after_the_last_sitting_started_is_refused(match):
    assert match.second is not None
    players = [match.first, match.second]
    start = T0 + HOUR
    with pytest.raises(IllegalResult, match="A11"):
        record_opt_out(
            SLUG,
            MATCH,
            players,
            evidence="e-mails",
            actor=local("ac"),
            agreed_at=start,
            last_sitting_start=start,
            now=T0 + 2 * HOUR,
        )
    _both(1, "11")
    _both(2, "11", "2")
    with pytest.raises(WrongState, match="A11"):
        record_opt_out(SLUG, MATCH, players, evidence="e-mails", actor=local("ac"))


def test_A11_an_opt_out_a_moment_before_the_last_sitting_is_recorded(match):
    assert match.second is not None
    start = T0 + HOUR
    record_opt_out(
        SLUG,
        MATCH,
        [match.first, match.second],
        evidence="e-mails",
        actor=local("ac"),
        agreed_at=start - TICK,
        last_sitting_start=start,
        now=T0 + 2 * HOUR,
    )
    with pytest.raises(Duplicate):
        record_opt_out(
            SLUG, MATCH, [match.first, match.second], evidence="again", actor=local("ac")
        )


# -- deadlines (R16, R20-R22, A4, A5, A9) -----------------------------------------------------


def test_R16_a_form_is_due_1_hour_after_the_game_ended(match):
    assert match.second is not None
    _form(1, match.first, "15", at=T0 + HOUR, ended_at=T0)
    status = match_status(SLUG, MATCH, T0 + HOUR)
    deadline = status.form_deadlines[0]
    assert deadline.due == T0 + HOUR
    assert deadline.forms[match.first] is ReportStatus.ON_TIME
    assert deadline.forms[match.second] is ReportStatus.PENDING
    later = match_status(SLUG, MATCH, T0 + HOUR + TICK)
    assert later.form_deadlines[0].forms[match.second] is ReportStatus.MISSING
    _form(1, match.second, "15", at=T0 + HOUR + TICK)
    late = match_status(SLUG, MATCH, T0 + 2 * HOUR)
    assert late.form_deadlines[0].forms[match.second] is ReportStatus.LATE


def _option_4_by_trailing_b(match: EncounterFact) -> datetime:
    """Game 2 ends at T0 with B behind 18-22 (A leads by 4): both pick option 4."""
    assert match.second is not None
    _both(1, "11")
    _form(2, match.second, "11", "4", ended_at=T0)
    _form(2, match.first, "11", "4", ended_at=T0)
    return T0


def test_R20_A5_E5_the_trailing_submitter_without_an_offer_loses_24_hours_after(match):
    ended = _option_4_by_trailing_b(match)
    on_time = match_status(SLUG, MATCH, ended + 24 * HOUR)
    assert on_time.winner is None
    assert on_time.follow_up is not None
    assert on_time.follow_up.waiting_for == "b"
    late = match_status(SLUG, MATCH, ended + 24 * HOUR + TICK)
    assert late.winner == match.first
    assert late.is_derived_default
    assert late.ended_by == "default (no-offer)"


def test_R22_A9_E5_the_opponent_who_does_not_reply_within_48_hours_loses(match):
    ended = _option_4_by_trailing_b(match)
    assert match.second is not None
    offered = ended + 24 * HOUR
    record_offer(SLUG, MATCH, match.second, actor=local("ac"), sent_at=offered, now=offered)
    waiting = match_status(SLUG, MATCH, offered + 48 * HOUR)
    assert waiting.winner is None
    assert waiting.follow_up is not None
    assert waiting.follow_up.waiting_for == "a"
    defaulted = match_status(SLUG, MATCH, offered + 48 * HOUR + TICK)
    assert defaulted.winner == match.second
    assert defaulted.ended_by == "default (no-reply)"


def test_R22_a_reply_exactly_48_hours_after_the_offer_is_in_time(match):
    ended = _option_4_by_trailing_b(match)
    assert match.second is not None
    offered = ended + HOUR
    record_offer(SLUG, MATCH, match.second, actor=local("ac"), sent_at=offered, now=offered)
    with pytest.raises(WrongState, match="opponent"):
        record_reply(SLUG, MATCH, match.second, actor=local("ac"), now=offered + HOUR)
    replied = offered + 48 * HOUR
    state = record_reply(SLUG, MATCH, match.first, actor=local("ac"), sent_at=replied, now=replied)
    assert state.is_arranged
    later = match_status(SLUG, MATCH, replied + 100 * HOUR)
    assert later.winner is None
    assert later.follow_up is not None
    assert later.follow_up.is_arranged


def test_R21_A4_the_controllers_ruling_on_option_5_starts_the_24_hour_offer_clock(match):
    _both(1, "11")
    _form(2, match.first, "11", "5")
    game = next(g for g in _encounter().games if g.number == 2)
    text = "11-9" if game.first == match.first else "9-11"
    ruled = T0 + 3 * HOUR
    rule_result(SLUG, GameRef(1, 1, 2), text, actor=local("controller"), now=ruled)
    status = match_status(SLUG, MATCH, ruled)
    assert status.follow_up is not None
    assert status.follow_up.offer_deadline == ruled + 24 * HOUR
    # A, the submitter, leads: missing the offer costs a leader nothing (A5).
    assert match_status(SLUG, MATCH, ruled + 25 * HOUR).winner is None


def test_offers_are_refused_when_nothing_is_to_be_arranged(match):
    with pytest.raises(WrongState, match="no tiebreak"):
        record_offer(SLUG, MATCH, match.first, actor=local("ac"))


def test_R13_opt_out_holds_for_results_reported_without_a_form(match):
    # The plain `result report` path plans extra games too: after the standard games of an
    # opted-out match it adds no tiebreak game, however small the leader's gap.
    assert match.second is not None
    record_opt_out(SLUG, MATCH, [match.first, match.second], evidence="e-mails", actor=local("ac"))
    for game in _encounter().games:
        text = "10.2-9.8" if game.first == match.first else "9.8-10.2"
        change = report_result(SLUG, GameRef(1, 1, game.number), text, actor=ACTOR, now=T0)
    assert change.added == ()
    shown = _view_json()
    assert shown["winner"] == match.first
    assert shown["ended_by"] == "opt-out"
