"""Issue 21 item 7: `event edit` (name and parameters before the start) and `event delete`
(an event that never started) through the CLI, with their refusals' exit codes."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from mashindano.cli.main import app

pytestmark = pytest.mark.django_db


def run(*args: str, code: int = 0) -> str:
    outcome = CliRunner().invoke(app, list(args))
    assert outcome.exit_code == code, (outcome.stdout, outcome.stderr)
    return outcome.stdout if code == 0 else outcome.stderr


def test_edit_then_delete_an_event_before_it_starts() -> None:
    run("event", "create", "club", "--preset", "chess-swiss", "--seed", "3")
    shown = json.loads(
        run("event", "edit", "club", "--name", "Club Open", "--set", "swiss_rounds=7", "--json")
    )
    assert shown["name"] == "Club Open"
    assert shown["parameters"]["swiss_rounds"] == 7
    assert "swiss_rounds" in run("event", "edit", "club", "--set", "swiss_rounds=0", code=3)
    assert "nothing to change" in run("event", "edit", "club", code=2)
    assert "Deleted club" in run("event", "delete", "club")
    assert "no event 'club'" in run("event", "show", "club", code=6)


def test_a_started_event_is_neither_edited_nor_deleted() -> None:
    run("event", "create", "club", "--preset", "chess-round-robin", "--seed", "3")
    for name in ("Ann", "Bob", "Cyd"):
        run("players", "add", "club", name)
    run("event", "start", "club")
    assert "before it starts" in run("event", "edit", "club", "--name", "X", code=7)
    assert "before it starts" in run("event", "delete", "club", code=7)


def test_issue30_item9_set_outside_a_declared_range_exits_3_naming_it() -> None:
    refused = run(
        "event",
        "create",
        "big",
        "--preset",
        "chess-swiss",
        "--set",
        f"swiss_rounds={10**18}",
        code=3,
    )
    assert "parameter 'swiss_rounds': 1000000000000000000 is out of its range (1 to 1000)" in (
        refused
    )
    assert "no event 'big'" in run("event", "show", "big", code=6)
    run("event", "create", "club", "--preset", "tantrix-knockout", "--seed", "3")
    refused = run("event", "edit", "club", "--set", "reply_limit_hours=9999999", code=3)
    assert "'reply_limit_hours'" in refused
    assert "1 to 8760" in refused
