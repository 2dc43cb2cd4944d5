"""`round pair` publishes the draft as the arbiter changed it (issue 33 item 1): the command
line, the API and the console's draft page go through one use case (`drafts.publish_draft`),
so a manual change stored by any of them is what gets published, with its reason."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from mashindano.app.queries import get_audit_log
from mashindano.cli.main import app

pytestmark = pytest.mark.django_db

PLAYERS = (("Amani", "2100"), ("Baraka", "2050"), ("Chiku", "2000"), ("Dalila", "1950"))


def run(*args: str, code: int = 0) -> str:
    outcome = CliRunner().invoke(app, list(args))
    assert outcome.exit_code == code, (outcome.stdout, outcome.stderr)
    return outcome.stdout if code == 0 else outcome.stderr


def _boards(document: dict[str, Any]) -> list[tuple[str, str | None]]:
    return [(b["first"], b["second"]) for b in document["boards"]]


def test_round_pair_publishes_the_changed_draft_and_asks_for_a_reason() -> None:
    run("event", "create", "open", "--preset", "chess-swiss", "--seed", "4")
    for name, rating in PLAYERS:
        run("players", "add", "open", name, "--rating", rating)
    run("event", "start", "open")
    planned = json.loads(run("round", "draft-show", "open", "--json"))
    (_, b), (c, _) = _boards(planned)[:2]
    changed = json.loads(run("round", "draft-swap", "open", b, c, "--reason", "family", "--json"))
    assert _boards(changed) != _boards(planned)
    refused = run("round", "pair", "open", code=3)
    assert "needs a reason" in refused
    published = json.loads(run("round", "pair", "open", "--reason", "agreed", "--json"))
    played = [(board["first"], board["second"]) for board in published["boards"]]
    assert played == _boards(changed)
    last = get_audit_log("open")[-1]
    assert (last.action, last.after["changed"], last.after["reason"]) == (
        "round.pair",
        True,
        "agreed",
    )


def test_round_pair_without_changes_publishes_the_preset_plan() -> None:
    run("event", "create", "plain", "--preset", "chess-swiss", "--seed", "4")
    for name, rating in PLAYERS:
        run("players", "add", "plain", name, "--rating", rating)
    run("event", "start", "plain")
    planned = json.loads(run("round", "draft-show", "plain", "--json"))
    published = json.loads(run("round", "pair", "plain", "--json"))
    assert [(b["first"], b["second"]) for b in published["boards"]] == _boards(planned)
    assert "changed" not in get_audit_log("plain")[-1].after
