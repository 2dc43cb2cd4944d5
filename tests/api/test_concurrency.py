"""50 clients at once through the API on PostgreSQL (issue 15, acceptance): 50 reports of
different games are each stored once with a gap-free audit log; 50 retries of one report
with one Idempotency-Key store exactly one report and all get the same answer."""

from __future__ import annotations

import json
import threading
import urllib.request
from typing import Any

import pytest
from django.contrib.auth.models import User

from mashindano.app import events, players
from mashindano.app.rounds import pair_next_round
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.store import models
from mashindano.web.api.tokens import issue_token

from ..app.helpers import ACTOR

pytestmark = pytest.mark.postgres

CLIENTS = 50


def _post(url: str, body: dict[str, Any], headers: dict[str, str]) -> tuple[int, bytes]:
    request = urllib.request.Request(
        url,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", **headers},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=120) as answer:
            return int(answer.status), answer.read()
    except urllib.error.HTTPError as exc:
        return int(exc.code), exc.read()


def _all_at_once(
    calls: list[tuple[str, dict[str, Any], dict[str, str]]],
) -> list[tuple[int, bytes]]:
    answers: list[tuple[int, bytes]] = [(0, b"")] * len(calls)
    barrier = threading.Barrier(len(calls))

    def run(i: int) -> None:
        barrier.wait()
        answers[i] = _post(*calls[i])

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers


@pytest.fixture
def big_round(on_postgres: None, live_server: Any) -> dict[str, str]:
    events.create_event("big", "chess-swiss", actor=ACTOR, seed=5)
    players.register_players(
        "big",
        [
            Competitor(CompetitorId(f"P{n:03d}"), f"P{n:03d}", rating=2500 - n)
            for n in range(1, 101)
        ],
        actor=ACTOR,
    )
    events.start_event("big", actor=ACTOR)
    pair_next_round("big", actor=ACTOR)
    user = User.objects.create_user("boss", is_superuser=True)
    return {
        "url": f"{live_server.url}/api/v1/events/big/results",
        "token": issue_token(user, "t", "organiser").secret,
    }


def _audit_is_gap_free() -> list[int]:
    versions = list(
        models.AuditEntry.objects.filter(event__slug="big")
        .order_by("version")
        .values_list("version", flat=True)
    )
    assert versions == list(range(1, len(versions) + 1))
    assert models.Event.objects.get(slug="big").version == versions[-1]
    return versions


def test_50_clients_report_50_games_at_once(big_round: dict[str, str]) -> None:
    headers = {"Authorization": f"Bearer {big_round['token']}"}
    before = models.AuditEntry.objects.filter(event__slug="big").count()
    answers = _all_at_once(
        [
            (big_round["url"], {"round": 1, "board": b, "result": "1-0"}, headers)
            for b in range(1, CLIENTS + 1)
        ]
    )
    assert [status for status, _ in answers] == [201] * CLIENTS, answers[:3]
    reports = models.ResultReport.objects.filter(game__encounter__round__stage__event__slug="big")
    assert reports.count() == CLIENTS
    boards = sorted(reports.values_list("game__encounter__board", flat=True))
    assert boards == list(range(1, CLIENTS + 1))
    versions = _audit_is_gap_free()
    assert len(versions) == before + CLIENTS


def test_50_retries_with_one_idempotency_key_report_once(big_round: dict[str, str]) -> None:
    headers = {"Authorization": f"Bearer {big_round['token']}", "Idempotency-Key": "same"}
    answers = _all_at_once(
        [(big_round["url"], {"round": 1, "board": 7, "result": "0-1"}, headers)] * CLIENTS
    )
    assert {status for status, _ in answers} == {201}
    assert len({body for _, body in answers}) == 1
    reports = models.ResultReport.objects.filter(game__encounter__round__stage__event__slug="big")
    assert reports.count() == 1
    _audit_is_gap_free()
