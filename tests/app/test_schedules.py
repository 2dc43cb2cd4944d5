"""Rounds on time (issue 33 item 5), with the controlled clock (the worker's `now`): a
scheduled round publishes itself at its time and not before, each player gets exactly one
round mail, a hold stops it and a release lets it go; "N minutes after the last result" too.
The scheduled publication is the console's: the arbiter's changes to the draft and the roll
call hold."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.core import mail

from mashindano.app.drafts import draft_next_round, swap_in_draft
from mashindano.app.errors import WrongState
from mashindano.app.mail import deliver_all
from mashindano.app.performing import perform
from mashindano.app.presence import check_in
from mashindano.app.principals import local
from mashindano.app.queries import get_event_facts
from mashindano.app.results import GameRef, report_result
from mashindano.app.schedules import event_schedule, hold_schedule, release_schedule
from mashindano.app.tasks import run_tick
from mashindano.engine.errors import ConfigError, ParseError
from mashindano.store import models

from .helpers import ACTOR, T0, make_event, report_open
from .test_due import link_players

pytestmark = pytest.mark.django_db

MINUTE = timedelta(minutes=1)
TICK = timedelta(microseconds=1)
MWAMUZI = local("mwamuzi")


def _tick(now: object) -> None:
    run_tick(now, enqueue=False)  # type: ignore[arg-type]
    deliver_all(now)  # type: ignore[arg-type]


def _round_mails() -> dict[str, int]:
    """Round mails by address."""
    counts: dict[str, int] = {}
    for message in mail.outbox:
        if "is published" in message.subject:
            for address in message.to:
                counts[address] = counts.get(address, 0) + 1
    return counts


def _rounds(slug: str) -> int:
    return len(get_event_facts(slug).rounds)


def test_a_round_at_a_set_time_publishes_itself_then_and_not_before_one_mail_each() -> None:
    make_event(
        "on-time",
        "chess-swiss",
        6,
        time_zone="Africa/Dar_es_Salaam",
        round_schedule="at-times",
        round_times="2026-03-01 15:00, 2026-03-01 18:00",
    )
    addresses = link_players("on-time")
    due = T0 + timedelta(hours=2)  # 15:00 in Dar es Salaam is 12:00 UTC
    schedule = event_schedule("on-time")
    assert schedule is not None
    assert schedule.due_at == due
    assert schedule.due_text == "2026-03-01 15:00 Africa/Dar_es_Salaam (UTC+03:00)"

    _tick(due - TICK)
    assert _rounds("on-time") == 0
    assert mail.outbox == []
    _tick(due)
    assert _rounds("on-time") == 1
    _tick(due + MINUTE)  # a second tick publishes nothing more and mails nobody again
    assert _rounds("on-time") == 1
    assert _round_mails() == dict.fromkeys(addresses.values(), 1)

    entry = models.AuditEntry.objects.filter(event__slug="on-time", action="round.pair").get()
    assert entry.actor == "mashindano"
    assert entry.at == due
    assert "published on schedule" in entry.after["reason"]
    assert "15:00" in entry.after["reason"]


def test_a_hold_stops_the_schedule_and_a_release_lets_the_round_go() -> None:
    make_event(
        "held",
        "chess-swiss",
        6,
        round_schedule="at-times",
        round_times="2026-03-01 11:00, 2026-03-01 13:00",
    )
    addresses = link_players("held")
    _tick(T0 + timedelta(hours=1))
    assert _rounds("held") == 1
    report_open("held", get_event_facts("held").rounds[0], random.Random(1))

    hold_schedule("held", reason="a dispute is being heard", actor=MWAMUZI, now=T0 + 2 * MINUTE)
    second = T0 + timedelta(hours=3)
    _tick(second)
    _tick(second + 30 * MINUTE)
    assert _rounds("held") == 1
    schedule = event_schedule("held")
    assert schedule is not None
    assert schedule.held
    assert schedule.due_at == second

    with pytest.raises(WrongState, match="already held"):
        hold_schedule("held", reason="again", actor=MWAMUZI, now=second)
    release_schedule("held", reason="heard", actor=MWAMUZI, now=second + 40 * MINUTE)
    _tick(second + 41 * MINUTE)
    assert _rounds("held") == 2
    assert _round_mails() == dict.fromkeys(addresses.values(), 2)
    with pytest.raises(WrongState, match="not held"):
        release_schedule("held", actor=MWAMUZI, now=second + 42 * MINUTE)

    audit = models.AuditEntry.objects.filter(event__slug="held").order_by("version")
    hold, release = audit.filter(action="schedule.hold").get(), audit.get(action="schedule.release")
    assert (hold.actor, hold.after["reason"], hold.at) == (
        "mwamuzi",
        "a dispute is being heard",
        T0 + 2 * MINUTE,
    )
    assert (release.actor, release.after["held"]) == ("mwamuzi", False)


def test_a_round_n_minutes_after_the_last_result_of_the_round_before() -> None:
    make_event("gap", "chess-swiss", 4, round_schedule="after-results", round_gap_minutes="10")
    link_players("gap")
    _tick(T0 + 9 * MINUTE)  # the first round: 10 minutes after the start
    assert _rounds("gap") == 0
    _tick(T0 + 10 * MINUTE)
    assert _rounds("gap") == 1
    published = get_event_facts("gap").rounds[0]
    boards = [e.board for e in published.encounters if e.second is not None]
    report_result("gap", GameRef(1, boards[0]), "1-0", actor=ACTOR, now=T0 + 30 * MINUTE)
    _tick(T0 + 50 * MINUTE)  # a game still open: nothing is due
    schedule = event_schedule("gap")
    assert schedule is not None
    assert schedule.due_at is None
    assert schedule.waiting == "results"
    last = T0 + 60 * MINUTE
    for board in boards[1:]:
        report_result("gap", GameRef(1, board), "0-1", actor=ACTOR, now=last)
    _tick(last + 10 * MINUTE - TICK)
    assert _rounds("gap") == 1
    _tick(last + 10 * MINUTE)
    assert _rounds("gap") == 2
    assert len(_round_mails()) == 4
    assert set(_round_mails().values()) == {2}


def test_the_scheduled_round_is_the_draft_as_the_arbiter_changed_it() -> None:
    make_event(
        "changed",
        "chess-swiss",
        6,
        swiss_pairing="dutch",
        round_schedule="at-times",
        round_times="2026-03-01 11:00",
    )
    own = draft_next_round("changed", actor=MWAMUZI, now=T0)
    first = own.boards[0]
    other = own.boards[1]
    changed = swap_in_draft(
        "changed", first.first_key, other.first_key, reason="club rule", actor=MWAMUZI, now=T0
    )
    shown = [(b.board, b.first_key, b.second_key or None) for b in changed.boards]
    assert shown != [(b.board, b.first_key, b.second_key or None) for b in own.boards]
    _tick(T0 + timedelta(hours=1))
    published = get_event_facts("changed").rounds[0]
    assert [(e.board, e.first, e.second) for e in published.encounters] == shown
    entry = models.AuditEntry.objects.get(event__slug="changed", action="round.pair")
    assert entry.after["changed"] is True
    assert entry.after["changes"] == 1
    assert entry.actor == "mashindano"


def test_the_scheduled_round_reads_the_roll_call() -> None:
    make_event(
        "roll",
        "chess-swiss",
        6,
        check_in="yes",
        round_schedule="at-times",
        round_times="2026-03-01 11:00",
    )
    for player in ("P01", "P02", "P03", "P04", "P05"):
        check_in("roll", player, actor=MWAMUZI, now=T0 + MINUTE)
    _tick(T0 + timedelta(hours=1))
    published = get_event_facts("roll").rounds[0]
    absent = [e for e in published.encounters if e.first == "P06"]
    assert len(absent) == 1
    assert absent[0].second is None
    assert absent[0].bye_kind is not None


def test_hold_and_release_are_declared_actions_for_the_api_and_the_command_line() -> None:
    make_event("acts", "chess-swiss", 4, round_schedule="after-results")
    done = perform("acts", "schedule.hold", {"reason": "the hall is not ready"}, actor=MWAMUZI)
    assert "held" in done.message
    with pytest.raises(ParseError, match="reason"):
        perform("acts", "schedule.hold", {}, actor=MWAMUZI)
    perform("acts", "schedule.release", {}, actor=MWAMUZI)
    make_event("by-hand", "chess-swiss", 4)
    with pytest.raises(WrongState, match="by hand"):
        perform("by-hand", "schedule.hold", {"reason": "x"}, actor=MWAMUZI)


def test_schedule_parameters_are_checked_and_named() -> None:
    with pytest.raises(ConfigError, match="round_times"):
        make_event("bad1", "chess-swiss", 0, start=False, round_schedule="at-times")
    with pytest.raises(ConfigError, match="round_times"):
        make_event(
            "bad2",
            "chess-swiss",
            0,
            start=False,
            round_schedule="at-times",
            round_times="tomorrow",
        )
    with pytest.raises(ConfigError, match="time_zone"):
        make_event("bad3", "chess-swiss", 0, start=False, time_zone="Mars/Olympus")
    assert not models.Event.objects.filter(slug__startswith="bad").exists()


@pytest.mark.parametrize(
    "preset",
    ["chess-round-robin", "knockout", "tasaselo", "kiba-bao", "tantrix-knockout", "gomoku-league"],
)
def test_every_preset_that_pairs_rounds_pairs_its_first_one_on_time(preset: str) -> None:
    make_event("each", preset, 8, round_schedule="after-results", round_gap_minutes="5")
    _tick(T0 + 5 * MINUTE - TICK)
    assert _rounds("each") == 0
    _tick(T0 + 5 * MINUTE)
    assert _rounds("each") >= 1


def _waiting_mails(address: str) -> list[object]:
    return [m for m in mail.outbox if address in m.to and "waiting for you" in m.subject]


def test_a_round_due_that_cannot_be_paired_tells_the_arbiter_once_why() -> None:
    """Round 2 is due at 13:00 but round 1 has games without results: nothing is published,
    and the arbiter is told once (not at every tick) why the event waits."""
    make_event(
        "stuck",
        "chess-swiss",
        6,
        round_schedule="at-times",
        round_times="2026-03-01 11:00, 2026-03-01 13:00",
    )
    link_players("stuck", arbiter="mwamuzi")
    _tick(T0 + timedelta(hours=1))
    assert _rounds("stuck") == 1
    second = T0 + timedelta(hours=3)
    _tick(second)
    _tick(second + 5 * MINUTE)
    assert _rounds("stuck") == 1
    [told] = _waiting_mails("mwamuzi@stuck.test")
    body = told.body  # type: ignore[attr-defined]
    assert "Round 2" in body
    assert "2026-03-01 13:00" in body
    assert "/console/stuck/" in body
    # Once its results are in, the round goes at the next tick; nobody is told again.
    report_open("stuck", get_event_facts("stuck").rounds[0], random.Random(3))
    _tick(second + 10 * MINUTE)
    assert _rounds("stuck") == 2
    assert len(_waiting_mails("mwamuzi@stuck.test")) == 1
