"""Issue 29 item 3: before the start, "withdraw" cancels the registration the same way
wherever it is asked: the console's form (an arbiter), the API (the player's own token) and
the command line; the entry leaves the list, the audit log keeps who, when and why. After
the start the existing rules apply (a withdrawal from the next round)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from tests.app.helpers import ACTOR, T0, make_event
from typer.testing import CliRunner

from mashindano.app import events, people
from mashindano.app.queries import get_audit_log
from mashindano.cli.main import app
from mashindano.store import models
from mashindano.web.api.tokens import issue_token

pytestmark = pytest.mark.django_db


def _keys(slug: str) -> list[str]:
    return sorted(c.id for c in events.get_event_facts(slug).competitors)


def _cancelled(slug: str, actor: str, reason: str) -> None:
    last = get_audit_log(slug)[-1]
    assert last.action == "player.withdraw"
    assert last.actor == actor
    assert last.at is not None
    assert last.before is not None
    assert last.before["player"] == "P02"
    assert last.after == {"player": "P02", "cancelled": "before the start", "reason": reason}
    assert not models.Withdrawal.objects.exists()  # an entry cancelled, not a withdrawal


def test_the_console_form_cancels_a_registration_before_the_start() -> None:
    make_event("reg", "chess-swiss", 4, start=False)
    arbiter = User.objects.create_user("arif", "arif@example.org", "pw")
    people.grant_role("reg", "arif", "arbiter", actor=ACTOR, now=T0)
    client = Client()
    client.force_login(arbiter)
    assert client.get("/console/reg/do/player.withdraw/").status_code == 200
    done = client.post("/console/reg/do/player.withdraw/", {"player": "P02", "reason": "mistake"})
    assert done.status_code == 302, done.content.decode()
    assert _keys("reg") == ["P01", "P03", "P04"]
    _cancelled("reg", "arif", "mistake")


def _post(client: Client, path: str, body: Any, secret: str) -> Any:
    return client.post(
        path,
        data=json.dumps(body),
        content_type="application/json",
        headers={"Authorization": f"Bearer {secret}"},
    )


def test_the_api_cancels_a_player_s_own_registration_before_the_start() -> None:
    make_event("reg", "chess-swiss", 4, start=False)
    user = User.objects.create_user("pia", "pia@example.org", "pw")
    people.link_entry("reg", "P02", "pia", actor=ACTOR, now=T0)
    secret = issue_token(user, "pia-report", "report").secret
    answer = _post(
        Client(), "/api/v1/events/reg/players/P02/withdraw", {"reason": "joined by mistake"}, secret
    )
    assert answer.status_code == 201, answer.content
    assert answer.json() == {"player": "P02", "from_round": None, "cancelled": True}
    assert _keys("reg") == ["P01", "P03", "P04"]
    _cancelled("reg", "pia", "joined by mistake")
    again = _post(Client(), "/api/v1/events/reg/players/P02/withdraw", {}, secret)
    assert again.status_code in (403, 404), again.content  # no entry of theirs any more


def _cli(*args: str, code: int = 0) -> str:
    outcome = CliRunner().invoke(app, list(args))
    assert outcome.exit_code == code, (outcome.stdout, outcome.stderr)
    return outcome.stdout if code == 0 else outcome.stderr


def test_the_command_line_cancels_a_registration_before_the_start_only() -> None:
    make_event("reg", "chess-swiss", 4, start=False)
    said = _cli(
        "event", "withdraw", "reg", "P02", "--reason", "mistake", "--at", "2026-03-01T09:00+03:00"
    )
    assert "P02 has left reg before the start (entry cancelled)" in said
    assert _keys("reg") == ["P01", "P03", "P04"]
    _cancelled("reg", "cli:root", "mistake")
    assert get_audit_log("reg")[-1].at.isoformat() == "2026-03-01T06:00:00+00:00"
    _cli("event", "start", "reg")
    assert "P03 withdrawn from round 1" in _cli("event", "withdraw", "reg", "P03")
    assert _keys("reg") == ["P01", "P03", "P04"]  # after the start the player stays listed
    assert models.Withdrawal.objects.get().entry.key == "P03"
