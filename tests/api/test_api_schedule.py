"""The announced start and the round schedule through the API (issue 31 item 2, issue 33 item
5): an event created with its start and schedule, the schedule held and released as declared
actions, a bad time zone refused naming the parameter."""

from __future__ import annotations

import pytest
from django.test import Client

from mashindano.store import models

from .conftest import bearer
from .test_api import post

pytestmark = pytest.mark.django_db


def test_an_event_is_created_with_its_start_and_schedule_and_held_through_the_api(
    club: dict[str, dict[str, str]], api: Client
) -> None:
    token = bearer(club["organiser"]["organiser"])
    body = {
        "slug": "timed",
        "preset": "chess-swiss",
        "parameters": {
            "start_at": "2026-12-12 10:00",
            "time_zone": "Africa/Nairobi",
            "round_schedule": "after-results",
            "round_gap_minutes": 20,
        },
    }
    created = post(api, "/api/v1/events", body, **token)
    assert created.status_code == 201, created.content
    event = models.Event.objects.get(slug="timed")
    assert event.parameters["start_at"] == "2026-12-12 10:00"
    shown = api.get("/api/v1/events/timed", headers=token).json()
    assert shown["parameters"]["time_zone"] == "Africa/Nairobi"
    assert shown["parameters"]["round_gap_minutes"] == 20

    held = post(api, "/api/v1/events/timed/actions/schedule.hold", {"reason": "no hall"}, **token)
    assert held.status_code == 201, held.content
    again = post(api, "/api/v1/events/timed/actions/schedule.hold", {"reason": "x"}, **token)
    assert again.status_code == 409
    assert "already held" in again.json()["detail"]
    released = post(api, "/api/v1/events/timed/actions/schedule.release", {}, **token)
    assert released.status_code == 201
    assert (
        models.AuditEntry.objects.filter(
            event__slug="timed", action__startswith="schedule."
        ).count()
        == 2
    )


def test_a_bad_time_zone_is_refused_naming_the_parameter(
    club: dict[str, dict[str, str]], api: Client
) -> None:
    token = bearer(club["organiser"]["organiser"])
    body = {"slug": "lost", "preset": "chess-swiss", "parameters": {"time_zone": "Nowhere/City"}}
    refused = post(api, "/api/v1/events", body, **token)
    assert refused.status_code in (400, 422)
    assert "time_zone" in refused.json()["detail"]
    assert not models.Event.objects.filter(slug="lost").exists()
