"""Clocks and windows applied by the system when they fall due (issue 16), with the time passed
in: KIBA loss on time (R23-R25, E5, A24), Gomoku results final 24 h after the report unless
disputed (R47), Tantrix offer and reply defaults (R20-R22, A5, A9); reminders; and the
notifications each produces, delivered to a real SMTP server."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import override_settings

from mashindano.app import events, rounds
from mashindano.app.documents.presets import event_summary
from mashindano.app.due import DueKind, apply_due, due_work
from mashindano.app.mail import deliver_all
from mashindano.app.moves import record_move
from mashindano.app.notify import Kind, collect_news
from mashindano.app.principals import local
from mashindano.app.queries import get_audit_log
from mashindano.app.results import GameRef, correct_result, dispute_result
from mashindano.engine.model import GameResult, Termination
from mashindano.presets.gomoku_league import due as gomoku_due
from mashindano.presets.kiba_bao import due as kiba_due
from mashindano.presets.kiba_bao.games import load_bao_game
from mashindano.presets.tantrix_knockout import due as tantrix_due
from mashindano.presets.tantrix_knockout.use_cases import MatchWhere, match_status, record_offer
from mashindano.store import models
from mashindano.store.facts import ResultStatus

from .helpers import ACTOR, T0, make_event
from .smtp import Inbox, smtp_server

pytestmark = pytest.mark.django_db


def play_legal(slug: str, where: GameRef, now: datetime) -> None:
    """The side to move plays its first legal move (KIBA games are Bao played on the site)."""
    move = load_bao_game(slug, where, now=now).legal[0]
    record_move(slug, where, move, actor=ACTOR, now=now)


DAY = timedelta(days=1)
HOUR = timedelta(hours=1)
TICK = timedelta(microseconds=1)
MWAMUZI = local("mwamuzi")


@pytest.fixture
def inbox() -> Iterator[Inbox]:
    with smtp_server() as server, override_settings(MAILERS={"default": server.mailer()}):
        yield server


def link_players(slug: str, *, arbiter: str | None = None) -> dict[str, str]:
    """An account with an e-mail address for every entry; returns key -> address."""
    users = get_user_model().objects
    addresses: dict[str, str] = {}
    for entry in models.Entry.objects.filter(event__slug=slug):
        address = f"{entry.key.lower()}@{slug}.test"
        user = users.create_user(f"{slug}-{entry.key}", email=address)
        entry.user = user
        entry.save(update_fields=["user"])
        addresses[entry.key] = address
    if arbiter is not None:
        user = users.create_user(f"{slug}-{arbiter}", email=f"{arbiter}@{slug}.test")
        models.EventRole.objects.create(
            event=models.Event.objects.get(slug=slug),
            user=user,
            role="arbiter",
            granted_at=T0,
            granted_by="test",
        )
    return addresses


def kiba_event(slug: str = "kiba", **parameters: str) -> None:
    make_event(slug, "kiba-bao", 6, **parameters)
    rounds.pair_next_round(slug, actor=ACTOR, now=T0)


def game(slug: str, board: int, number: int = 1):  # type: ignore[no-untyped-def]
    facts = events.get_event_facts(slug)
    return next(g for g in facts.rounds[0].games() if (g.board, g.number) == (board, number))


def flag_rulings(slug: str) -> list[models.ResultReport]:
    return list(
        models.ResultReport.objects.filter(
            game__encounter__round__stage__event__slug=slug, kind="ruling", actor="mashindano"
        )
    )


# -- KIBA: loss on time ---------------------------------------------------------------------


def test_kiba_R21_R25_the_first_mover_loses_exactly_after_the_3_day_deadline() -> None:
    kiba_event()
    deadline = T0 + 3 * DAY
    assert not [i for i in due_work(deadline) if i.kind == kiba_due.LOSS_ON_TIME]
    applied = apply_due(deadline)
    assert applied.rulings == ()
    assert flag_rulings("kiba") == []
    applied = apply_due(deadline + TICK)
    pending = list(events.get_event_facts("kiba").rounds[0].games())
    assert len(applied.rulings) == len(pending) == 30
    played = game("kiba", 1)
    assert played.result is GameResult.SECOND_WINS  # South did not move: North wins
    assert played.status is ResultStatus.RULED
    assert played.current[1] is Termination.TIMEOUT
    ruling = played.reports[-1]
    assert ruling.actor == "mashindano"
    assert "did not move by 2026-03-04 10:00 UTC (R25)" in ruling.reason
    log = [a for a in get_audit_log("kiba") if a.action == "due.loss-on-time"]
    assert len(log) == 30
    assert all(a.actor == "mashindano" for a in log)


def test_kiba_played_elsewhere_no_game_without_recorded_moves_is_lost_on_time() -> None:
    """With play_on_site off the games are played on another site and their results reported:
    the day clock runs there, so a game with no move recorded here is never ruled lost on time
    here; a game whose moves are recorded (with their times) keeps its clock (R23-R25)."""
    kiba_event(play_on_site="false")
    where = GameRef(1, 1)
    record_move("kiba", where, "a1>", actor=ACTOR, now=T0 + HOUR)  # South moved in time
    applied = apply_due(T0 + 30 * DAY)
    assert len(applied.rulings) == len(flag_rulings("kiba")) == 1
    recorded = game("kiba", 1)
    assert recorded.result is GameResult.FIRST_WINS  # North never answered South's move
    assert recorded.current[1] is Termination.TIMEOUT
    others = [g for g in events.get_event_facts("kiba").rounds[0].games() if g.id != recorded.id]
    assert all(g.status is ResultStatus.PENDING for g in others)


def test_kiba_apply_due_is_idempotent() -> None:
    kiba_event()
    later = T0 + 5 * DAY
    first = apply_due(later)
    version = models.Event.objects.get(slug="kiba").version
    again = apply_due(later)
    assert len(first.rulings) == 30
    assert again.rulings == ()
    assert models.Event.objects.get(slug="kiba").version == version
    assert len(flag_rulings("kiba")) == 30


def test_kiba_E5_A24_after_each_move_time_left_plus_one_day_at_most_seven() -> None:
    kiba_event()
    where = GameRef(1, 1)
    south = T0 + DAY + 12 * HOUR  # 1.5 days used: 3 - 1.5 + 1 = 2.5 days left (E5)
    play_legal("kiba", where, south)
    north = south + 2 * DAY  # North used 2 of its 3 days: 2 left, South to move
    play_legal("kiba", where, north)
    deadline = north + DAY * 5 / 2
    apply_due(deadline)
    assert game("kiba", 1).status is ResultStatus.PENDING
    apply_due(deadline + TICK)
    flagged = game("kiba", 1)
    assert flagged.result is GameResult.SECOND_WINS
    assert "did not move by 2026-03-07 10:00 UTC" in flagged.reports[-1].reason


def test_kiba_E5_moving_at_once_the_clock_stops_growing_at_7_days() -> None:
    kiba_event()
    where = GameRef(1, 2)
    moment = T0
    for _ply in range(1, 12):  # each move an hour after the previous one
        moment += HOUR
        play_legal("kiba", where, moment)
    # North's five moves each used 1 hour and gained 1 day: 3 d 23 h, 4 d 22 h, 5 d 21 h,
    # 6 d 20 h, then 7 d (the cap, not 7 d 19 h). South made move 11; North has 7 days.
    deadline = moment + 7 * DAY
    assert [i for i in due_work(deadline) if i.game == where and i.kind in WRITES_KIBA] == []
    flagged = [i for i in due_work(deadline + TICK) if i.game == where]
    assert [i.kind for i in flagged] == [kiba_due.LOSS_ON_TIME]
    assert flagged[0].result is GameResult.FIRST_WINS  # North ran out: South wins
    assert "north (P05) did not move by 2026-03-08 21:00 UTC" in flagged[0].reason


WRITES_KIBA = (kiba_due.LOSS_ON_TIME, kiba_due.PROPOSAL)


def test_kiba_the_opponent_is_told_and_the_mwamuzi_corrects_the_loss(inbox: Inbox) -> None:
    kiba_event()
    addresses = link_players("kiba", arbiter="mwamuzi")
    rounds_news = collect_news(T0)
    assert rounds_news == 6  # one mail per player listing their 5 pairings (issue 29 item 14)
    where = GameRef(1, 1)
    play_legal("kiba", where, T0 + HOUR)
    collect_news(T0 + HOUR)
    apply_due(T0 + HOUR + 3 * DAY + TICK)  # North never answered
    collect_news(T0 + 4 * DAY)
    counts = deliver_all(T0 + 4 * DAY)
    assert counts == {"sent": models.Notification.objects.count()}
    flagged = game("kiba", 1)
    assert flagged.result is GameResult.FIRST_WINS
    south, north = flagged.first, flagged.second
    subject = "kiba: loss on time in round 1, board 1, game 1"
    told = [m for m in inbox.to(addresses[north]) if str(m["Subject"]) == subject]
    assert len(told) == 1  # the player who lost is told, and the opponent too:
    assert len([m for m in inbox.to(addresses[south]) if str(m["Subject"]) == subject]) == 1
    body = told[0].get_body(("plain",))
    assert body is not None
    assert "loss on time: north" in body.get_content()
    assert told[0]["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert str(told[0]["List-Unsubscribe"]).startswith("<http://")
    assert told[0].get_body(("html",)) is not None
    your_move = [
        m
        for m in inbox.to(addresses[north])
        if "your move (round 1, board 1, game 1)" in str(m["Subject"])
    ]
    assert your_move
    text = your_move[0].get_body(("plain",)).get_content()  # type: ignore[union-attr]
    assert "A6<*" in text
    assert "The board after the move:" in text  # issue 19: the position as text
    assert "North  hand" in text
    assert "South  hand" in text
    # The Mwamuzi corrects the system's ruling like any result.
    correct_result("kiba", where, "0-1", actor=MWAMUZI, reason="server outage", now=T0 + 5 * DAY)
    corrected = game("kiba", 1)
    assert corrected.result is GameResult.SECOND_WINS
    assert corrected.status is ResultStatus.CORRECTED
    assert apply_due(T0 + 6 * DAY).rulings == ()  # not ruled again


def test_kiba_loss_on_time_as_a_proposal_tells_the_mwamuzi_and_writes_nothing(
    inbox: Inbox,
) -> None:
    kiba_event(loss_on_time="proposal")
    link_players("kiba", arbiter="mwamuzi")
    version = models.Event.objects.get(slug="kiba").version
    later = T0 + 3 * DAY + TICK
    applied = apply_due(later)
    assert applied.rulings == ()
    assert applied.notifications == 30
    assert apply_due(later).notifications == 0
    assert models.Event.objects.get(slug="kiba").version == version
    deliver_all(later)
    proposals = inbox.to("mwamuzi@kiba.test")
    assert len(proposals) == 30
    assert "your ruling is needed" in str(proposals[0]["Subject"])


def test_kiba_reminders_72_24_2_hours_before_the_deadline_once_each() -> None:
    kiba_event()
    link_players("kiba")
    where = GameRef(1, 1)
    play_legal("kiba", where, T0)  # North: 3 days, deadline T0 + 3 d

    def reminders(now: datetime) -> list[str]:
        return [i.key for i in due_work(now) if i.kind is DueKind.REMINDER and i.game == where]

    # 72 h before is when the wait began: no reminder for it.
    assert reminders(T0 + HOUR) == []
    assert len(reminders(T0 + 2 * DAY)) == 1
    assert reminders(T0 + 2 * DAY)[0].endswith(":24h")
    assert reminders(T0 + 3 * DAY - HOUR)[0].endswith(":2h")
    apply_due(T0 + 2 * DAY)
    apply_due(T0 + 2 * DAY + HOUR)
    assert (
        models.Notification.objects.filter(kind=Kind.DEADLINE_REMINDER, key__contains=":g").count()
        == 30  # 29 games' first movers (South, one reminder each) + North on board 1
    )


# -- Gomoku: final 24 hours after the report unless disputed (R47) --------------------------


def test_gomoku_R47_a_report_is_final_24_hours_later_unless_disputed(inbox: Inbox) -> None:
    from .test_gomoku_league import at, make_league, pair

    make_league(7)
    pair("lg", at(3, 8))
    addresses = link_players("lg")
    from mashindano.app.results import report_result

    report_result("lg", GameRef(1, 1), "1-0", actor=local("P1"), now=at(3, 9))
    report_result("lg", GameRef(1, 2), "1-0", actor=local("P3"), now=at(3, 9))
    dispute_result("lg", GameRef(1, 2), actor=local("P4"), reason="no", now=at(3, 9, 12))
    finals = lambda now: [i for i in due_work(now) if i.kind == gomoku_due.FINAL]  # noqa: E731
    assert finals(at(3, 10, 9, 59)) == []
    due = finals(at(3, 10))
    assert [i.game for i in due] == [None]
    assert "final since 2026-03-10 10:00 UTC (R47)" in due[0].description
    apply_due(at(3, 10))  # with the month's pairings, the first time (R21)
    assert models.Notification.objects.filter(kind=Kind.RESULT_FINAL).count() == 2
    assert apply_due(at(3, 11)).notifications == 0
    deliver_all(at(3, 11))
    # The documents show it: the month's summary gives each reported game its final instant.
    document = event_summary(events.get_event_facts("lg"))
    month = document["months"][0]  # type: ignore[index]
    board1 = month["matches"][0]["games"][0]  # type: ignore[index]
    assert board1["final_at"] == "2026-03-10T10:00:00+00:00"  # type: ignore[index]
    assert month["matches"][1]["games"][0]["status"] == "disputed"  # type: ignore[index]
    final = [m for m in inbox.to(addresses["P1"]) if "is final" in str(m["Subject"])]
    assert len(final) == 1
    assert not [m for m in inbox.to(addresses["P4"]) if "is final" in str(m["Subject"])]


# -- Tantrix: offer and reply defaults (R20-R22, A5, A9) ------------------------------------


def test_tantrix_R22_A9_an_offer_unanswered_for_48_hours_defaults() -> None:
    from .test_tantrix_forms import _encounter, _option_4_by_trailing_b

    make_event("ko", "tantrix-knockout", 4, standard_games="2")
    rounds.pair_next_round("ko", actor=ACTOR, now=T0)
    match = _encounter()
    ended = _option_4_by_trailing_b(match)
    assert match.second is not None
    offered = ended + 24 * HOUR
    record_offer(
        "ko", MatchWhere(1, 1), match.second, actor=local("ac"), sent_at=offered, now=offered
    )
    assert apply_due(offered + 48 * HOUR).rulings == ()
    applied = apply_due(offered + 48 * HOUR + TICK)
    assert [i.kind for i in applied.rulings] == [tantrix_due.DEFAULT]
    status = match_status("ko", MatchWhere(1, 1), offered + 49 * HOUR)
    assert status.winner == match.second
    assert not status.is_derived_default  # it is a ruling now, not a derived outcome
    assert "no reply to the offer of dates within 48 hours (R22, A9)" in applied.rulings[0].reason
    assert apply_due(offered + 50 * HOUR).rulings == ()


def test_tantrix_R20_A5_no_offer_from_the_trailing_player_defaults_after_24_hours() -> None:
    from .test_tantrix_forms import _encounter, _option_4_by_trailing_b

    make_event("ko", "tantrix-knockout", 4, standard_games="2")
    rounds.pair_next_round("ko", actor=ACTOR, now=T0)
    match = _encounter()
    ended = _option_4_by_trailing_b(match)
    assert apply_due(ended + 24 * HOUR).rulings == ()
    applied = apply_due(ended + 24 * HOUR + TICK)
    assert len(applied.rulings) == 1
    assert match_status("ko", MatchWhere(1, 1), ended + 25 * HOUR).winner == match.first
