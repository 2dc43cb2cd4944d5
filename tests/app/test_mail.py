"""E-mail preferences (immediately, daily digest, never) and the one-click unsubscribe link,
which works without logging in and changes only that preference."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core import mail as django_mail
from django.test import Client

from mashindano.app.mail import (
    deliver_all,
    get_preference,
    make_digests,
    set_preference,
    unsubscribe_token,
)
from mashindano.app.notify import Kind, News, store_news
from mashindano.store import models
from mashindano.store.models import NotificationMode, NotificationState

from .helpers import T0

pytestmark = pytest.mark.django_db


def _user(name: str = "amina"):  # type: ignore[no-untyped-def]
    return get_user_model().objects.create_user(name, email=f"{name}@example.test")


def _news(user_id: int, kind: Kind, key: str) -> News:
    context = {"event": "Ligi", "slug": "ligi", "round": 2, "board": 3, "game": 1,
               "link": "http://127.0.0.1:8000/events/ligi/", "deadline": "2026-03-04 10:00 UTC",
               "time_left": "1 d 0 h 0 min", "opponent": "Baraka"}  # fmt: skip
    return News(key, kind, None, user_id, context)


def test_store_news_creates_each_notification_once() -> None:
    user = _user()
    assert store_news([_news(user.id, Kind.DEADLINE_REMINDER, "r1")], T0) == 1
    assert store_news([_news(user.id, Kind.DEADLINE_REMINDER, "r1")], T0) == 0
    assert models.Notification.objects.count() == 1


def test_a_message_has_text_and_html_parts_and_one_click_unsubscribe_headers() -> None:
    user = _user()
    store_news([_news(user.id, Kind.DEADLINE_REMINDER, "r1")], T0)
    assert deliver_all(T0) == {"sent": 1}
    (message,) = django_mail.outbox
    assert message.subject == "Ligi: your move is due by 2026-03-04 10:00 UTC"
    assert "Your move in round 2, board 3, game 1 against Baraka" in message.body
    assert message.alternatives[0].mimetype == "text/html"
    assert "<a href=" in str(message.alternatives[0].content)
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    link = message.extra_headers["List-Unsubscribe"]
    assert link.startswith("<http://127.0.0.1:8000/mail/unsubscribe/")
    assert deliver_all(T0) == {}  # sent once


def test_never_drops_and_daily_waits_for_the_digest() -> None:
    user = _user()
    set_preference(user.id, Kind.DEADLINE_REMINDER.value, NotificationMode.NEVER, T0)
    set_preference(user.id, Kind.ROUND_PUBLISHED.value, NotificationMode.DAILY, T0)
    store_news(
        [
            _news(user.id, Kind.DEADLINE_REMINDER, "r1"),
            _news(user.id, Kind.ROUND_PUBLISHED, "p1"),
            _news(user.id, Kind.ROUND_PUBLISHED, "p2"),
            _news(user.id, Kind.KIBA_YOUR_MOVE, "m1"),
        ],
        T0,
    )
    assert deliver_all(T0) == {"skipped": 1, "digest": 2, "sent": 1}
    assert make_digests(T0 + timedelta(hours=1)) == 0  # the same day: not yet
    next_day = T0 + timedelta(days=1)
    assert make_digests(next_day) == 1
    assert make_digests(next_day) == 0
    assert deliver_all(next_day) == {"sent": 1}
    digest = django_mail.outbox[-1]
    assert digest.subject == "Mashindano: your daily digest (2 messages)"
    assert digest.body.count("Ligi: round 2 is published") == 2
    states = dict(models.Notification.objects.values_list("key", "state"))
    assert states[f"p1:to:{user.id}"] == NotificationState.DIGESTED


def test_unsubscribe_link_works_without_login_and_changes_only_that_preference() -> None:
    user, other = _user(), _user("baraka")
    set_preference(user.id, Kind.ROUND_PUBLISHED.value, NotificationMode.DAILY, T0)
    token = unsubscribe_token(user.id, Kind.DEADLINE_REMINDER.value)
    client = Client()
    page = client.get(f"/mail/unsubscribe/{token}/")
    assert page.status_code == 200
    assert get_preference(user.id, Kind.DEADLINE_REMINDER.value) is NotificationMode.IMMEDIATELY
    done = client.post(f"/mail/unsubscribe/{token}/", {"List-Unsubscribe": "One-Click"})
    assert done.status_code == 200
    assert b"deadline-reminder" in done.content
    assert get_preference(user.id, Kind.DEADLINE_REMINDER.value) is NotificationMode.NEVER
    assert get_preference(user.id, Kind.ROUND_PUBLISHED.value) is NotificationMode.DAILY
    assert get_preference(user.id, Kind.KIBA_YOUR_MOVE.value) is NotificationMode.IMMEDIATELY
    assert get_preference(other.id, Kind.DEADLINE_REMINDER.value) is NotificationMode.IMMEDIATELY
    assert models.NotificationPreference.objects.count() == 2


def test_a_tampered_unsubscribe_link_is_refused_and_changes_nothing() -> None:
    user = _user()
    token = unsubscribe_token(user.id, Kind.DEADLINE_REMINDER.value)
    forged = token[:-3] + ("AAA" if not token.endswith("AAA") else "BBB")
    answer = Client().post(f"/mail/unsubscribe/{forged}/")
    assert answer.status_code == 400
    assert b"not valid" in answer.content
    assert models.NotificationPreference.objects.count() == 0
