"""`POST /api/v1/events/import/trf` (issue 28 item 6): a dry run answers what would be made
with the warnings and stores nothing; the takeover creates the running event (201, Location)
that pairs round 5 as bbpPairings; a broken file is a problem and stores nothing; only event
creators with an organiser-scoped token take over."""

from __future__ import annotations

import json
from typing import Any

from django.test import Client
from tests.app.test_takeover import CASE, reference, swiss_manager_trf

from mashindano.store import models

from .conftest import bearer

PATH = "/api/v1/events/import/trf"


def _post(api: Client, body: dict[str, Any], token: str, path: str = PATH):
    return api.post(path, json.dumps(body), content_type="application/json", headers=bearer(token))


def test_issue28_6_a_dry_run_shows_the_warnings_and_stores_nothing(
    club: dict[str, dict[str, str]], api: Client
) -> None:
    token = club["organiser"]["organiser"]
    r = _post(api, {"trf": swiss_manager_trf(), "dry_run": True}, token)
    assert r.status_code == 200, r.content
    shown = r.json()
    assert shown["stored"] is False
    assert shown["slug"] == "nairobi-open-2026"
    assert (shown["players"], shown["rounds_played"], shown["next_round"]) == (15, 4, 5)
    assert any("column ruler skipped" in w for w in shown["warnings"])
    assert not models.Event.objects.filter(slug="nairobi-open-2026").exists()


def test_issue28_6_the_takeover_creates_the_event_that_pairs_round_5(
    club: dict[str, dict[str, str]], api: Client
) -> None:
    token = club["organiser"]["organiser"]
    r = _post(api, {"trf": swiss_manager_trf(), "slug": "open"}, token)
    assert r.status_code == 201, r.content
    assert r["Location"] == "/api/v1/events/open"
    assert r.json()["stored"] is True
    paired = _post(api, {}, token, "/api/v1/events/open/rounds")
    assert paired.status_code == 201, paired.content
    number = {f"Test{n:04d} Player{n:04d}": n for n in range(1, 16)}
    boards = paired.json()["boards"]
    pairs = {(number[b["first"]], number[b["second"]]) for b in boards if b["second"]}
    assert pairs == reference(CASE)[0]


def test_issue28_6_a_broken_file_is_a_problem_and_stores_nothing(
    club: dict[str, dict[str, str]], api: Client
) -> None:
    broken = swiss_manager_trf().replace("    6 b =     8 w 1", "    6 b =     8 w 0", 1)
    r = _post(api, {"trf": broken}, club["organiser"]["organiser"])
    assert r.status_code == 422
    assert r["Content-Type"] == "application/problem+json"
    assert "line" in r.json()["detail"]
    strict = _post(
        api, {"trf": swiss_manager_trf(), "strict": True}, club["organiser"]["organiser"]
    )
    assert strict.status_code == 422
    assert "strict" in strict.json()["detail"]
    assert models.Event.objects.count() == 1  # club only


def test_issue28_6_only_event_creators_take_over(
    club: dict[str, dict[str, str]], api: Client
) -> None:
    for role, scope in (("arbiter", "organiser"), ("organiser", "report")):
        r = _post(api, {"trf": swiss_manager_trf(), "slug": "open"}, club[role][scope])
        assert r.status_code == 403, (role, scope, r.content)
    assert not models.Event.objects.filter(slug="open").exists()


def test_issue32_a_team_file_imports_as_a_team_event(
    club: dict[str, dict[str, str]], api: Client
) -> None:
    from tests.app.test_team_import import FOLDER

    token = club["organiser"]["organiser"]
    text = (FOLDER / "team_rr_6t4b5r.trf").read_text()
    r = _post(api, {"trf": text, "slug": "league", "dry_run": True}, token)
    assert r.status_code == 200, r.content
    assert (r.json()["teams"], r.json()["system"], r.json()["stored"]) == (6, "round-robin", False)
    r = _post(api, {"trf": text, "slug": "league", "team_system": "swiss"}, token)
    assert r.status_code == 201, r.content
    assert r["Location"] == "/api/v1/events/league"
    assert models.TeamMode.objects.get(event__slug="league").system == "swiss"
