"""Result use cases: the append-only report log and its refusals."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest

from mashindano.app import events, rounds
from mashindano.app.errors import DuplicateReport, OutOfWindow, UnknownGame, WrongState
from mashindano.app.moves import record_move
from mashindano.app.principals import local
from mashindano.app.results import (
    GameRef,
    confirm_result,
    correct_result,
    dispute_result,
    report_result,
    rule_result,
)
from mashindano.engine.errors import IllegalResult, ParseError
from mashindano.engine.model import GameResult
from mashindano.store import models
from mashindano.store.facts import ReportKind, ResultStatus

from .helpers import ACTOR, T0, make_event, play_all, play_round

pytestmark = pytest.mark.django_db

BOARD_1 = GameRef(1, 1)


@pytest.fixture
def paired() -> str:
    make_event("sw", "chess-swiss", 6, swiss_rounds="3")
    rounds.pair_next_round("sw", actor=ACTOR, now=T0)
    return "sw"


def test_report_then_confirm(paired: str) -> None:
    change = report_result(paired, BOARD_1, "1/2-1/2", actor=local("white-player"), now=T0)
    assert change.before == (GameResult.NOT_PLAYED, ResultStatus.PENDING)
    assert (change.game.result, change.game.status) == (GameResult.DRAW, ResultStatus.REPORTED)
    confirmed = confirm_result(paired, BOARD_1, actor=local("black-player"))
    assert confirmed.game.status is ResultStatus.CONFIRMED
    with pytest.raises(DuplicateReport, match="already confirmed"):
        confirm_result(paired, BOARD_1, actor=local("black-player"))


def test_second_report_of_the_same_game_is_refused_with_who_and_when(paired: str) -> None:
    report_result(paired, BOARD_1, "1-0", actor=local("alice"), now=T0)
    with pytest.raises(DuplicateReport) as refused:
        report_result(paired, BOARD_1, "0-1", actor=local("bob"), now=T0 + timedelta(minutes=5))
    message = refused.value.message
    assert "round 1, board 1" in message
    assert "already has 1-0" in message
    assert "alice" in message
    game = events.get_event_facts(paired).rounds[0].encounters[0].games[0]
    assert [r.kind for r in game.reports] == [ReportKind.REPORT]


def test_report_refuses_unknown_games_and_bad_results(paired: str) -> None:
    with pytest.raises(UnknownGame, match="no game at round 1, board 9"):
        report_result(paired, GameRef(1, 9), "1-0", actor=ACTOR)
    with pytest.raises(UnknownGame, match="round 4, board 1"):
        report_result(paired, GameRef(4, 1), "1-0", actor=ACTOR)
    with pytest.raises(IllegalResult, match="unknown result code '2-0'"):
        report_result(paired, BOARD_1, "2-0", actor=ACTOR)
    with pytest.raises(IllegalResult, match="is not a result"):
        report_result(paired, BOARD_1, "*", actor=ACTOR)


def test_report_out_of_window_after_the_next_round_is_paired() -> None:
    make_event("sw", "chess-swiss", 6, swiss_rounds="3")
    play_round("sw", random.Random(1))
    published = rounds.pair_next_round("sw", actor=ACTOR)
    assert published.number == 2
    facts = events.get_event_facts("sw")
    first = facts.rounds[0].encounters[0].games[0]
    with pytest.raises(OutOfWindow, match="round 1 is closed for reports since round 2"):
        confirm_result("sw", GameRef(1, first.board), actor=ACTOR)


def test_dispute_blocks_pairing_until_ruled(paired: str) -> None:
    for board in (1, 2, 3):
        report_result(paired, GameRef(1, board), "1-0", actor=ACTOR)
    dispute_result(paired, BOARD_1, actor=local("black-player"), reason="flag fell first")
    with pytest.raises(DuplicateReport, match="already disputed"):
        dispute_result(paired, BOARD_1, actor=local("black-player"), reason="again")
    with pytest.raises(WrongState, match=r"disputed on board\(s\) 1"):
        rounds.pair_next_round(paired, actor=ACTOR)
    with pytest.raises(WrongState, match="awaits an arbiter"):
        confirm_result(paired, BOARD_1, actor=ACTOR)
    ruled = rule_result(
        paired, BOARD_1, "0-1", actor=local("arbiter"), reason="black's flag was up"
    )
    assert (ruled.game.result, ruled.game.status) == (GameResult.SECOND_WINS, ResultStatus.RULED)
    assert rounds.pair_next_round(paired, actor=ACTOR).number == 2


def test_refusals_of_confirm_dispute_rule_on_the_wrong_status(paired: str) -> None:
    with pytest.raises(WrongState, match="no result to confirm"):
        confirm_result(paired, BOARD_1, actor=ACTOR)
    with pytest.raises(WrongState, match="no result to dispute"):
        dispute_result(paired, BOARD_1, actor=ACTOR, reason="wrong")
    report_result(paired, BOARD_1, "1-0", actor=ACTOR)
    with pytest.raises(WrongState, match="not disputed; use a correction"):
        rule_result(paired, BOARD_1, "0-1", actor=local("arbiter"))
    confirm_result(paired, BOARD_1, actor=ACTOR)
    with pytest.raises(WrongState, match="confirmed; ask an arbiter"):
        dispute_result(paired, BOARD_1, actor=ACTOR, reason="wrong")


def test_arbiter_can_rule_an_unreported_game_as_a_forfeit(paired: str) -> None:
    ruled = rule_result(paired, BOARD_1, "+-", actor=local("arbiter"), reason="no show")
    assert ruled.game.result is GameResult.FIRST_WINS_BY_FORFEIT


def test_correction_appends_and_later_standings_follow() -> None:
    make_event("rr", "chess-round-robin", 4)
    play_all("rr")
    facts = events.get_event_facts("rr")
    game = facts.rounds[0].encounters[0].games[0]
    before = {line.competitor.id: line.points for line in events.event_standings("rr")[0].lines}
    new = "0-1" if game.result is not GameResult.SECOND_WINS else "1-0"
    change = correct_result(
        "rr", GameRef(1, game.board), new, actor=local("arbiter"), reason="scoresheet"
    )
    assert change.game.status is ResultStatus.CORRECTED
    after = {line.competitor.id: line.points for line in events.event_standings("rr")[0].lines}
    assert after != before
    assert sum(after.values()) == sum(before.values())
    kinds = [r.kind for r in events.get_event_facts("rr").rounds[0].encounters[0].games[0].reports]
    assert kinds == [ReportKind.REPORT, ReportKind.CORRECTION]


def test_correction_refusals() -> None:
    make_event("rr", "chess-round-robin", 4)
    rounds.pair_next_round("rr", actor=ACTOR)
    with pytest.raises(WrongState, match="no result to correct"):
        correct_result("rr", BOARD_1, "1-0", actor=local("arbiter"), reason="x")
    report_result("rr", BOARD_1, "1-0", actor=ACTOR)
    with pytest.raises(DuplicateReport, match="already 1-0"):
        correct_result("rr", BOARD_1, "1-0", actor=local("arbiter"), reason="x")
    with pytest.raises(ParseError, match="needs a reason"):
        correct_result("rr", BOARD_1, "0-1", actor=local("arbiter"), reason=" ")


def test_closed_event_refuses_reports_and_corrections() -> None:
    make_event("rr", "chess-round-robin", 2)
    play_all("rr")
    events.close_event("rr", actor=ACTOR)
    with pytest.raises(WrongState, match="while the event is running"):
        report_result("rr", BOARD_1, "1-0", actor=ACTOR)
    with pytest.raises(WrongState, match="closed"):
        correct_result("rr", BOARD_1, "1/2-1/2", actor=local("arbiter"), reason="late appeal")


def test_moves_are_numbered_and_refused_once_decided(paired: str) -> None:
    assert record_move(paired, BOARD_1, "e4", actor=local("white"), now=T0) == 1
    assert record_move(paired, BOARD_1, "c5", actor=local("black"), now=T0 + timedelta(days=1)) == 2
    facts = events.get_event_facts(paired, with_moves=True)
    moves = facts.rounds[0].encounters[0].games[0].moves
    assert [(m.ply, m.notation, m.played_at) for m in moves] == [
        (1, "e4", T0),
        (2, "c5", T0 + timedelta(days=1)),
    ]
    report_result(paired, BOARD_1, "1-0", actor=ACTOR)
    with pytest.raises(WrongState, match="only while the game is in progress"):
        record_move(paired, BOARD_1, "Nf3", actor=local("white"))


def test_a_dispute_needs_a_reason_issue_29_item_11(paired: str) -> None:
    """issue 29 item 11: an empty or blank reason is refused naming the field; nothing is
    stored."""
    report_result(paired, BOARD_1, "1-0", actor=ACTOR)
    for blank in ("", "  \n"):
        with pytest.raises(ParseError, match="a dispute needs a reason") as refused:
            dispute_result(paired, BOARD_1, actor=local("black-player"), reason=blank)
        assert refused.value.params["parameter"] == "reason"
    assert models.ResultReport.objects.filter(kind="dispute").count() == 0
