"""Gomoku league mails time makes (issue 16 item 4), with the time passed in: the month's
pairings on day 1, and on day 8 for the lower third (R21, A14), and the new list to every
player when a month is closed (R12-R15); each once, in the recipient's language, with a link
to the month's page."""

from __future__ import annotations

import pytest

from mashindano.app.conduct import close_period
from mashindano.app.due import apply_due
from mashindano.app.mail import deliver_all, set_preference
from mashindano.app.notify import Kind
from mashindano.presets.gomoku_league.history import published_order
from mashindano.store import models
from mashindano.store.models import NotificationMode

from .smtp import Inbox
from .test_due import TICK, inbox, link_players
from .test_gomoku_league import ACTOR, at, make_league, pair

pytestmark = pytest.mark.django_db
__all__ = ["inbox"]  # the SMTP fixture, used by name

DAY_1 = at(3, 1, 0)
DAY_8 = at(3, 8, 0)


def _told(kind: Kind) -> set[str]:
    rows = models.Notification.objects.filter(kind=kind.value)
    return {str(e) for e in rows.values_list("user__email", flat=True)}


def test_gomoku_R21_A14_pairings_on_day_1_and_on_day_8_for_the_lower_third(inbox: Inbox) -> None:
    make_league(7)
    published = pair("lg", DAY_1)
    addresses = link_players("lg")
    order = [str(c) for c in published_order(published)]
    upper = order[:-3]  # A14: the lower third is the bottom ceil(7/3) = 3 positions
    apply_due(DAY_1 - TICK)
    assert _told(Kind.GOMOKU_PAIRINGS) == set()
    apply_due(DAY_1)
    assert _told(Kind.GOMOKU_PAIRINGS) == {addresses[p] for p in upper}
    apply_due(DAY_8 - TICK)
    assert _told(Kind.GOMOKU_PAIRINGS) == {addresses[p] for p in upper}
    apply_due(DAY_8)
    apply_due(DAY_8 + TICK)
    assert _told(Kind.GOMOKU_PAIRINGS) == {addresses[p] for p in order}
    assert models.Notification.objects.filter(kind=Kind.GOMOKU_PAIRINGS).count() == 7
    deliver_all(DAY_8)
    [last] = inbox.to(addresses[order[-1]])
    assert "your matches of 2026-03" in str(last["Subject"])
    text = last.get_body(("plain",)).get_content()  # type: ignore[union-attr]
    assert "you may play from 2026-03-08 00:00 UTC" in text
    assert f"- {order[-2]}, from 2026-03-08 00:00 UTC" in text  # the two above it (R18)
    assert f"- {order[-3]}, from 2026-03-08 00:00 UTC" in text
    assert "http://127.0.0.1:8000/e/lg/month/1/" in text
    [first] = inbox.to(addresses[order[0]])
    first_text = first.get_body(("plain",)).get_content()  # type: ignore[union-attr]
    assert "you may play from 2026-03-01 00:00 UTC" in first_text
    assert f"- {order[1]}, from 2026-03-01 00:00 UTC" in first_text
    assert first["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"


def test_gomoku_pairings_published_late_are_sent_when_published_and_not_as_a_round_mail() -> None:
    from mashindano.app.notify import collect_news

    make_league(7)
    published = pair("lg", at(3, 3))
    link_players("lg")
    assert collect_news(at(3, 3)) == 0  # no "round published" mail for a league month
    apply_due(at(3, 3))
    upper = [str(c) for c in published_order(published)][:-3]
    assert models.Notification.objects.filter(kind=Kind.GOMOKU_PAIRINGS).count() == len(upper)


def test_gomoku_R12_R15_a_closed_month_sends_the_new_list_to_every_player_once(
    inbox: Inbox,
) -> None:
    make_league(7)
    published = pair("lg", DAY_1)
    addresses = link_players("lg")
    order = [str(c) for c in published_order(published)]
    set_preference(
        models.Entry.objects.get(event__slug="lg", key=order[0]).user_id or 0,
        Kind.MONTH_CLOSED,
        NotificationMode.NEVER,
        DAY_1,
    )
    apply_due(at(4, 4))
    assert _told(Kind.MONTH_CLOSED) == set()
    close_period("lg", 1, actor=ACTOR, now=at(4, 4))
    apply_due(at(4, 4))
    apply_due(at(4, 5))
    assert _told(Kind.MONTH_CLOSED) == {addresses[p] for p in order}
    assert models.Notification.objects.filter(kind=Kind.MONTH_CLOSED).count() == 7
    deliver_all(at(4, 5))
    closed = [m for m in inbox.messages if "2026-03 is closed" in str(m["Subject"])]
    assert len(closed) == 6  # the first player asked for none of these
    assert not [m for m in closed if addresses[order[0]] in str(m["To"])]
    text = closed[0].get_body(("plain",)).get_content()  # type: ignore[union-attr]
    assert "The new list:" in text
    lines = [line for line in text.splitlines() if line[:2] in {f"{n}." for n in range(1, 8)}]
    assert len(lines) == 7
    assert "http://127.0.0.1:8000/e/lg/month/1/" in text
    html = closed[0].get_body(("html",)).get_content()  # type: ignore[union-attr]
    assert html.count("<tr><td>") == 7


def test_gomoku_the_last_month_of_a_season_closed_with_the_event_still_sends_the_new_list() -> None:
    from mashindano.app import events

    make_league(4, season_months="1")
    pair("lg", DAY_1)
    link_players("lg")
    close_period("lg", 1, actor=ACTOR, now=at(4, 4))
    events.close_event("lg", actor=ACTOR, now=at(4, 4))
    apply_due(at(4, 4, 11))
    apply_due(at(4, 5))
    assert models.Notification.objects.filter(kind=Kind.MONTH_CLOSED).count() == 4
    assert not models.Notification.objects.filter(kind=Kind.GOMOKU_PAIRINGS).exists()
