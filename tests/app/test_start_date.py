"""The announced start (issue 31 item 2), with the controlled clock: the start date and time zone
are set when the event is created or edited, said in the join mail, and each registered player
gets one reminder before it (once, however many ticks pass); the event starts by itself at that
time when asked to (the console's start, by the system) and not before; started by hand
otherwise, as before."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core import mail

from mashindano.app import events
from mashindano.app.errors import WrongState
from mashindano.app.mail import deliver_all
from mashindano.app.people import principal_for_user
from mashindano.app.registrations import join_event
from mashindano.app.start_date import announced_start
from mashindano.app.tasks import run_tick
from mashindano.store import models
from mashindano.store.facts import EventState

from .helpers import ACTOR, T0, make_event
from .test_due import link_players

pytestmark = pytest.mark.django_db

START = datetime(2026, 3, 7, 7, 0, tzinfo=UTC)
"""10:00 in Dar es Salaam."""
TICK = timedelta(microseconds=1)
HOUR = timedelta(hours=1)


def _tick(now: datetime) -> None:
    run_tick(now, enqueue=False)
    deliver_all(now)


def _event(slug: str, **parameters: str) -> None:
    make_event(
        slug,
        "chess-swiss",
        4,
        start=False,
        start_at="2026-03-07 10:00",
        time_zone="Africa/Dar_es_Salaam",
        **parameters,
    )


def _state(slug: str) -> str:
    return str(models.Event.objects.get(slug=slug).state)


def test_the_start_is_read_in_the_event_time_zone_and_set_by_edit() -> None:
    _event("dated")
    start = announced_start(models.Event.objects.get(slug="dated"))
    assert start is not None
    assert start.at == START
    assert start.text == "2026-03-07 10:00 Africa/Dar_es_Salaam (UTC+03:00)"
    assert not start.automatic
    assert start.reminder == timedelta(hours=24)
    events.edit_event("dated", actor=ACTOR, parameters={"start_at": "2026-03-08 09:30"}, now=T0)
    moved = announced_start(models.Event.objects.get(slug="dated"))
    assert moved is not None
    assert moved.at == datetime(2026, 3, 8, 6, 30, tzinfo=UTC)
    entry = models.AuditEntry.objects.filter(event__slug="dated", action="event.edit").get()
    assert entry.before["parameters"]["start_at"] == "2026-03-07 10:00"
    assert entry.after["parameters"]["start_at"] == "2026-03-08 09:30"


def test_the_join_mail_says_when_the_event_starts() -> None:
    _event("joinable")
    user = get_user_model().objects.create_user("amani", "amani@example.org")
    principal = principal_for_user(user)
    assert principal is not None
    join_event("joinable", actor=principal, name="Amani", now=T0)
    deliver_all(T0)
    (message,) = mail.outbox
    assert message.to == ["amani@example.org"]
    assert "registered" in message.subject
    assert "2026-03-07 10:00 Africa/Dar_es_Salaam (UTC+03:00)" in message.body


def test_the_join_mail_without_a_start_says_it_is_not_announced_yet() -> None:
    make_event("undated", "chess-swiss", 0, start=False)
    user = get_user_model().objects.create_user("baraka", "baraka@example.org")
    principal = principal_for_user(user)
    assert principal is not None
    join_event("undated", actor=principal, name="Baraka", now=T0)
    deliver_all(T0)
    (message,) = mail.outbox
    assert "not announced yet" in message.body


def test_each_registered_player_is_reminded_once_before_the_start() -> None:
    _event("remind", start_reminder_hours="24")
    addresses = link_players("remind")
    _tick(START - 24 * HOUR - TICK)
    assert mail.outbox == []
    _tick(START - 24 * HOUR)
    _tick(START - 23 * HOUR)
    _tick(START - HOUR)
    reminders = [m for m in mail.outbox if "starts" in m.subject]
    assert sorted(a for m in reminders for a in m.to) == sorted(addresses.values())
    assert all("2026-03-07 10:00 Africa/Dar_es_Salaam" in m.body for m in reminders)
    _tick(START + HOUR)
    assert len([m for m in mail.outbox if "starts" in m.subject]) == len(addresses)


def test_no_reminder_when_set_to_zero_hours() -> None:
    _event("quiet", start_reminder_hours="0")
    link_players("quiet")
    _tick(START - HOUR)
    assert mail.outbox == []


def test_the_event_starts_by_itself_at_the_announced_time_and_not_before() -> None:
    _event("auto", start_automatically="yes")
    _tick(START - TICK)
    assert _state("auto") == EventState.REGISTRATION.value
    _tick(START)
    assert _state("auto") == EventState.RUNNING.value
    entry = models.AuditEntry.objects.get(event__slug="auto", action="event.start")
    assert (entry.actor, entry.at) == ("mashindano", START)
    assert "announced start" in entry.after["reason"]
    assert models.Event.objects.get(slug="auto").started_at == START
    _tick(START + HOUR)  # once only
    assert models.AuditEntry.objects.filter(event__slug="auto", action="event.start").count() == 1


def test_without_the_automatic_start_the_event_waits_to_be_started_by_hand() -> None:
    _event("hand")
    _tick(START + HOUR)
    assert _state("hand") == EventState.REGISTRATION.value
    events.start_event("hand", actor=ACTOR, now=START + 2 * HOUR)
    assert _state("hand") == EventState.RUNNING.value
    with pytest.raises(WrongState):
        events.start_event("hand", actor=ACTOR, now=START + 3 * HOUR)


def test_an_automatic_start_without_a_date_is_refused_naming_the_parameter() -> None:
    from mashindano.engine.errors import ConfigError

    with pytest.raises(ConfigError, match="start_at"):
        make_event("nodate", "chess-swiss", 0, start=False, start_automatically="yes")
    with pytest.raises(ConfigError, match="start_at"):
        make_event("baddate", "chess-swiss", 0, start=False, start_at="next week")


def test_the_start_is_announced_moved_and_cleared_with_its_declared_action() -> None:
    from mashindano.app.performing import perform
    from mashindano.engine.errors import ConfigError

    make_event("announce", "chess-swiss", 4, start=False)
    done = perform(
        "announce",
        "event.start_date",
        {
            "start_at": "2026-03-07 10:00",
            "time_zone": "Africa/Dar_es_Salaam",
            "automatically": "yes",
        },
        actor=ACTOR,
    )
    assert done.message == "announce starts 2026-03-07 10:00 Africa/Dar_es_Salaam (UTC+03:00)"
    start = announced_start(models.Event.objects.get(slug="announce"))
    assert start is not None
    assert start.at == START
    assert start.automatic
    with pytest.raises(ConfigError, match="time_zone"):
        perform(
            "announce", "event.start_date", {"start_at": "x", "time_zone": "Nope/No"}, actor=ACTOR
        )
    with pytest.raises(ConfigError, match="start_at"):
        perform(
            "announce", "event.start_date", {"start_at": "", "automatically": "yes"}, actor=ACTOR
        )
    cleared = perform("announce", "event.start_date", {"start_at": ""}, actor=ACTOR)
    assert cleared.message == "announce has no announced start"
    edits = models.AuditEntry.objects.filter(event__slug="announce", action="event.edit")
    assert [e.actor for e in edits] == ["tester", "tester"]


def test_an_automatic_start_the_preset_refuses_tells_the_officials_once() -> None:
    """Too few players at the announced start: the event stays in registration and its
    arbiter is told once why (it was refused silently)."""
    make_event(
        "few",
        "chess-swiss",
        1,
        start=False,
        start_at="2026-03-07 10:00",
        time_zone="Africa/Dar_es_Salaam",
        start_automatically="yes",
    )
    link_players("few", arbiter="mwamuzi")
    _tick(START)
    _tick(START + HOUR)
    assert _state("few") == EventState.REGISTRATION.value
    told = [m for m in mail.outbox if "mwamuzi@few.test" in m.to]
    [one] = told
    assert "waiting for you since 2026-03-07 10:00" in one.subject
    assert "was to start by itself" in one.body
    assert "/console/few/" in one.body
