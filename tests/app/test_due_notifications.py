"""Notifications time makes (issue 16 item 4), with the time passed in: each once, to the
right people, at the right time. Gomoku (R45, A21): the players of a match not reported yet
are reminded before the month's report window closes (72 h, 24 h, 2 h), and the arbiters
told when it closed with nothing reported; any preset: a dispute not ruled 24 hours after it
was opened is brought to the arbiters. Each message in the recipient's language."""

from __future__ import annotations

from datetime import datetime

import pytest

from mashindano.app.due import apply_due, due_work
from mashindano.app.mail import deliver_all, recipient_language
from mashindano.app.notify import Kind
from mashindano.app.principals import local
from mashindano.app.results import GameRef, dispute_result, report_result
from mashindano.store import models

from .smtp import Inbox
from .test_due import HOUR, TICK, inbox, link_players
from .test_gomoku_league import at, make_league, pair

pytestmark = pytest.mark.django_db
__all__ = ["inbox"]  # the SMTP fixture, used by name

CLOSES = at(4, 3, 0)
"""March's matches may be reported until 48 hours after the month's end (R45, A21)."""


def _kinds(kind: Kind) -> list[tuple[str, int]]:
    rows = models.Notification.objects.filter(kind=kind.value).order_by("key")
    return list(rows.values_list("key", "user_id"))


def _reported_league() -> tuple[dict[str, str], list[int]]:
    make_league(7)
    published = pair("lg", at(3, 8))
    addresses = link_players("lg", arbiter="ref")
    report_result("lg", GameRef(1, 1), "1-0", actor=local("P1"), now=at(3, 9))
    boards = [e.board for e in published.encounters if e.second is not None]
    return addresses, boards


def test_gomoku_R45_A21_unreported_matches_reminded_72_24_2_hours_before_the_window_closes(
    inbox: Inbox,
) -> None:
    _addresses, boards = _reported_league()
    unreported = len(boards) - 1  # board 1 was reported
    assert unreported >= 1

    def reminders_after(now: datetime) -> int:
        apply_due(now)
        return len(_kinds(Kind.REPORT_DUE))

    assert reminders_after(CLOSES - 72 * HOUR - TICK) == 0
    assert reminders_after(CLOSES - 72 * HOUR) == 2 * unreported
    assert reminders_after(CLOSES - 30 * HOUR) == 2 * unreported  # the 72 h one was sent
    assert reminders_after(CLOSES - 24 * HOUR) == 4 * unreported
    assert reminders_after(CLOSES - 2 * HOUR) == 6 * unreported
    assert reminders_after(CLOSES - HOUR) == 6 * unreported
    sent = _kinds(Kind.REPORT_DUE)
    assert len(sent) == 3 * 2 * unreported
    assert not [k for k, _ in sent if ":r1b1:" in k]  # the reported match is left alone
    deliver_all(CLOSES - HOUR)
    reminders = [m for m in inbox.messages if "report the result" in str(m["Subject"])]
    assert len(reminders) == 3 * 2 * unreported
    assert all("2026-04-03 00:00 UTC" in str(m["Subject"]) for m in reminders)
    assert not inbox.to("ref@lg.test")


def test_gomoku_R45_the_arbiters_are_told_once_of_a_match_unreported_at_the_deadline(
    inbox: Inbox,
) -> None:
    _addresses, boards = _reported_league()
    assert _kinds(Kind.UNREPORTED) == []
    apply_due(CLOSES - TICK)
    assert _kinds(Kind.UNREPORTED) == []
    apply_due(CLOSES)
    assert len(_kinds(Kind.UNREPORTED)) == len(boards) - 1
    apply_due(CLOSES + 5 * HOUR)
    assert len(_kinds(Kind.UNREPORTED)) == len(boards) - 1
    arbiter = models.EventRole.objects.get(role="arbiter").user_id
    assert {user for _, user in _kinds(Kind.UNREPORTED)} == {arbiter}
    deliver_all(CLOSES + 5 * HOUR)
    told = inbox.to("ref@lg.test")
    assert len(told) == len(boards) - 1
    assert all("no result reported" in str(m["Subject"]) for m in told)
    assert "List-Unsubscribe" in told[0]
    assert told[0].get_body(("html",)) is not None


def test_a_dispute_waiting_24_hours_is_brought_to_the_arbiters_once(inbox: Inbox) -> None:
    _reported_league()
    disputed = at(3, 9, 12)
    dispute_result("lg", GameRef(1, 1), actor=local("P2"), reason="no", now=disputed)
    waiting = lambda now: [i for i in due_work(now) if i.key.startswith("dispute-waiting")]  # noqa: E731
    assert waiting(disputed + 24 * HOUR - TICK) == []
    assert len(waiting(disputed + 24 * HOUR)) == 1
    apply_due(disputed + 24 * HOUR)
    apply_due(disputed + 48 * HOUR)
    arbiter = models.EventRole.objects.get(role="arbiter").user_id
    assert [user for _, user in _kinds(Kind.DISPUTE_WAITING)] == [arbiter]
    deliver_all(disputed + 48 * HOUR)
    [told] = inbox.to("ref@lg.test")
    assert "a dispute waits for your ruling" in str(told["Subject"])
    assert "disputed on 2026-03-09 12:00 UTC" in told.get_body(("plain",)).get_content()


def test_recipient_language_is_english_without_a_profile_or_an_event_language() -> None:
    _reported_league()
    user = models.Entry.objects.filter(event__slug="lg").first()
    assert user is not None
    assert user.user_id is not None
    event = models.Event.objects.get(slug="lg")
    assert recipient_language(user.user_id, event.id) == "en"
    event.parameters = {**event.parameters, "language": "sw"}
    event.save(update_fields=["parameters"])
    assert recipient_language(user.user_id, event.id) == "sw"
