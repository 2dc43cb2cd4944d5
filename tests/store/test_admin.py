"""The admin shows the facts and changes none of them: a result rewritten to `7-3` through the
admin is refused, nothing is stored and the audit log is unchanged (issue 21, item 1)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.contrib import admin
from django.test import Client
from django.urls import reverse

from mashindano.app import events, players, rounds
from mashindano.app.principals import local
from mashindano.app.results import GameRef, report_result
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.store import models

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 3, 1, 10, 0, tzinfo=UTC)


def _event_with_a_result() -> models.ResultReport:
    events.create_event("adm", "chess-swiss", actor=local("t"), seed=5, now=T0)
    roster = [Competitor(CompetitorId(f"P{n}"), f"P{n}", rating=2000 - n) for n in range(1, 5)]
    players.register_players("adm", roster, actor=local("t"), now=T0)
    events.start_event("adm", actor=local("t"), now=T0)
    rounds.pair_next_round("adm", actor=local("t"), now=T0)
    report_result("adm", GameRef(1, 1), "1-0", actor=local("t"), now=T0)
    return models.ResultReport.objects.get()


def _url(obj: object, view: str) -> str:
    meta = obj._meta  # type: ignore[attr-defined]
    args = [] if view == "add" else [obj.pk]  # type: ignore[attr-defined]
    return reverse(f"admin:{meta.app_label}_{meta.model_name}_{view}", args=args)


def test_every_registered_model_is_view_only(admin_client: Client) -> None:
    request = admin_client.get("/admin/").wsgi_request
    assert admin.site._registry, "nothing registered"
    for model, model_admin in admin.site._registry.items():
        if model._meta.app_label != "events":
            continue
        assert model_admin.has_view_permission(request), model
        assert not model_admin.has_add_permission(request), model
        assert not model_admin.has_change_permission(request), model
        assert not model_admin.has_delete_permission(request), model


def test_admin_refuses_to_store_7_3_and_the_audit_log_is_unchanged(admin_client: Client) -> None:
    report = _event_with_a_result()
    audit_before = models.AuditEntry.objects.count()
    reports_before = models.ResultReport.objects.count()

    page = admin_client.get(_url(report, "change"))
    assert page.status_code == 200  # the fact can be read...
    form = {
        "game": report.game_id,
        "kind": "correction",
        "result": "7-3",
        "termination": "normal",
        "actor": "admin",
        "at_0": "2026-03-01",
        "at_1": "10:00:00",
        "reason": "",
        "detail": "null",
    }
    changed = admin_client.post(_url(report, "change"), form)
    added = admin_client.post(_url(report, "add"), form)
    deleted = admin_client.post(_url(report, "delete"), {"post": "yes"})
    assert (changed.status_code, added.status_code, deleted.status_code) == (403, 403, 403)

    report.refresh_from_db()
    assert report.result == "1-0"
    assert models.ResultReport.objects.count() == reports_before
    assert models.AuditEntry.objects.count() == audit_before
    assert not models.ResultReport.objects.filter(result="7-3").exists()
    assert events.event_standings("adm")  # ... and the standings still compute


def test_admin_refuses_to_edit_an_event_or_an_entry(admin_client: Client) -> None:
    _event_with_a_result()
    event = models.Event.objects.get(slug="adm")
    entry = models.Entry.objects.filter(event=event).first()
    version = event.version
    assert admin_client.post(_url(event, "change"), {"state": "registration"}).status_code == 403
    assert admin_client.post(_url(entry, "change"), {"rating": "99999"}).status_code == 403
    event.refresh_from_db()
    assert (event.state, event.version) == ("running", version)
