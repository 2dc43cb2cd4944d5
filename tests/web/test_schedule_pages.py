"""The round schedule and the announced start on the pages (issues 33 item 5, 31 item 2): the
desk shows when the next round is paired by itself and holds or releases the schedule with a
small form; the public page shows the start and the next pairing; the live view sees a round
the worker published."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client, override_settings
from tests.app.helpers import ACTOR, T0, make_event

from mashindano.app import people
from mashindano.app.tasks import run_tick
from mashindano.store import models
from mashindano.web.cache import versions

pytestmark = pytest.mark.django_db


def _arbiter(slug: str) -> Client:
    user = User.objects.create_user("arif", "arif@example.org", "pw")
    people.grant_role(slug, "arif", "arbiter", actor=ACTOR, now=T0)
    client = Client()
    client.force_login(user)
    return client


def _scheduled(slug: str = "timed") -> None:
    make_event(
        slug,
        "chess-swiss",
        6,
        start_at="2026-03-01 13:00",
        time_zone="Africa/Dar_es_Salaam",
        round_schedule="at-times",
        round_times="2026-03-01 14:00, 2026-03-01 17:00",
    )


def test_the_desk_shows_the_schedule_and_holds_and_releases_it() -> None:
    _scheduled()
    client = _arbiter("timed")
    page = client.get("/console/timed/").content.decode()
    assert "Round schedule" in page
    assert "2026-03-01 14:00 Africa/Dar_es_Salaam (UTC+03:00)" in page
    assert "2026-03-01 13:00 Africa/Dar_es_Salaam" in page  # the announced start
    version = models.Event.objects.get(slug="timed").version

    refused = client.post("/console/timed/do/schedule.hold/", {"version": version, "reason": ""})
    assert refused.status_code == 200
    assert "reason" in refused.content.decode()
    assert not models.AuditEntry.objects.filter(action="schedule.hold").exists()

    held = client.post(
        "/console/timed/do/schedule.hold/", {"version": version, "reason": "dispute on board 2"}
    )
    assert held.status_code == 302
    page = client.get("/console/timed/").content.decode()
    assert "Held by arif: dispute on board 2" in page
    assert "Release the schedule" in page
    entry = models.AuditEntry.objects.get(action="schedule.hold")
    assert (entry.actor, entry.after["reason"]) == ("arif", "dispute on board 2")

    version = models.Event.objects.get(slug="timed").version
    client.post("/console/timed/do/schedule.release/", {"version": version, "reason": ""})
    page = client.get("/console/timed/").content.decode()
    assert "Hold the schedule" in page
    assert models.AuditEntry.objects.filter(action="schedule.release").count() == 1


def test_the_desk_of_an_event_paired_by_hand_has_no_schedule() -> None:
    make_event("manual", "chess-swiss", 4)
    page = _arbiter("manual").get("/console/manual/").content.decode()
    assert "Round schedule" not in page


def test_the_public_page_shows_the_start_and_the_next_pairing() -> None:
    _scheduled()
    page = Client().get("/e/timed/").content.decode()
    assert "2026-03-01 13:00 Africa/Dar_es_Salaam (UTC+03:00)" in page
    assert "2026-03-01 14:00 Africa/Dar_es_Salaam (UTC+03:00)" in page


def test_the_live_view_shows_the_round_the_worker_published() -> None:
    with override_settings(VERSION_TTL=0):
        cache.clear()
        versions.clear()
        _live_view_follows_the_worker()
        cache.clear()


def _live_view_follows_the_worker() -> None:
    _scheduled()
    client = Client()
    before = client.get("/e/timed/live/panels/")
    assert "Round 1" not in before.content.decode()
    run_tick(T0 + timedelta(hours=1), enqueue=False)  # 14:00 in Dar es Salaam
    after = client.get("/e/timed/live/panels/", HTTP_IF_NONE_MATCH=before.get("ETag", ""))
    assert after.status_code == 200
    assert after.get("ETag") != before.get("ETag")
    assert "Round 1" in after.content.decode()


def _creator() -> Client:
    from django.contrib.auth.models import Permission

    user = User.objects.create_user("olga", "olga@example.org", "pw")
    user.user_permissions.add(Permission.objects.get(codename="add_event"))
    client = Client()
    client.force_login(user)
    return client


def test_the_create_form_takes_the_start_and_the_schedule() -> None:
    client = _creator()
    page = client.get("/console/new/?preset=chess-swiss").content.decode()
    for name in ("start_at", "time_zone", "start_automatically", "round_schedule", "round_times"):
        assert f'name="{name}"' in page
    response = client.post(
        "/console/new/",
        {
            "preset": "chess-swiss",
            "slug": "dated",
            "start_at": "2026-12-12 10:00",
            "time_zone": "Africa/Dar_es_Salaam",
            "round_schedule": "after-results",
        },
    )
    assert response.status_code == 302
    parameters = models.Event.objects.get(slug="dated").parameters
    assert parameters["start_at"] == "2026-12-12 10:00"
    assert parameters["round_schedule"] == "after-results"


def test_a_bad_time_zone_is_named_at_its_field_and_nothing_is_created() -> None:
    response = _creator().post(
        "/console/new/",
        {"preset": "chess-swiss", "slug": "lost", "time_zone": "Nowhere/City"},
    )
    page = response.content.decode()
    assert re.search(r'class="field has-error[^"]*">\s*<label for="id_time_zone"', page)
    assert not models.Event.objects.filter(slug="lost").exists()


def test_the_start_is_announced_from_the_desk_before_the_event_starts() -> None:
    make_event("soon", "chess-swiss", 4, start=False)
    client = _arbiter("soon")
    desk = client.get("/console/soon/").content.decode()
    assert "/console/soon/do/event.start_date/" in desk
    form = client.get("/console/soon/do/event.start_date/").content.decode()
    assert 'name="start_at"' in form
    assert 'name="time_zone"' in form
    version = models.Event.objects.get(slug="soon").version
    bad = client.post(
        "/console/soon/do/event.start_date/",
        {"version": version, "start_at": "someday", "time_zone": ""},
    )
    assert bad.status_code == 200
    assert "is not a date and time" in bad.content.decode()
    done = client.post(
        "/console/soon/do/event.start_date/",
        {"version": version, "start_at": "2026-12-12 10:00", "time_zone": "Africa/Dar_es_Salaam"},
    )
    assert done.status_code == 302
    assert "2026-12-12 10:00 Africa/Dar_es_Salaam" in Client().get("/e/soon/").content.decode()
