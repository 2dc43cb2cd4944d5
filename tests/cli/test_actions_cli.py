"""Commands built from the declared actions (issue 12, item 3): `event act SLUG ACTION --param
NAME=VALUE` performs any action through the same path as the generated commands, and
`event actions SLUG` lists what the caller may do now."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from mashindano.app.performing import all_actions
from mashindano.cli.main import app

pytestmark = pytest.mark.django_db


def run(*args: str, code: int = 0) -> str:
    outcome = CliRunner().invoke(app, list(args))
    assert outcome.exit_code == code, (outcome.stdout, outcome.stderr)
    return outcome.stdout if code == 0 else outcome.stderr


def _swiss() -> None:
    run("event", "create", "open", "--preset", "chess-swiss", "--seed", "4")
    for name, rating in (("Amani", "2100"), ("Baraka", "2050"), ("Chiku", "2000")):
        run("players", "add", "open", name, "--rating", rating)


def test_act_performs_an_action_by_name_like_its_own_command() -> None:
    _swiss()
    shown = run(
        "event",
        "act",
        "open",
        "pair.forbid",
        "--param",
        "player_a=Amani",
        "--param",
        "player-b=Baraka",
        "--param",
        "reason=siblings",
    )
    assert "Amani and Baraka will not be paired together in open" in shown
    assert "already forbidden" in run(
        "arbiter", "forbid-pair", "open", "Baraka", "Amani", "--reason", "again", code=7
    )
    run("event", "act", "open", "event.start")
    paired = json.loads(run("event", "act", "open", "round.pair", "--json"))
    assert paired["round"] == 1
    game = next(b for b in paired["boards"] if b["second"])
    report = json.loads(
        run(
            "event",
            "act",
            "open",
            "result.report",
            "--param",
            "round=1",
            "--param",
            f"board={game['board']}",
            "--param",
            "result=1-0",
            "--json",
        )
    )
    assert (report["result"], report["status"]) == ("1-0", "reported")


def test_act_names_the_field_that_is_wrong() -> None:
    _swiss()
    run("event", "start", "open")
    message = run(
        "event", "act", "open", "result.report", "--param", "round=x", "--param", "board=1", code=3
    )
    assert "parameter 'round'" in message
    assert "'result' is required" in run(
        "event", "act", "open", "result.report", "--param", "round=1", "--param", "board=1", code=3
    )
    assert "unknown parameter 'colour'" in run(
        "event", "act", "open", "event.close", "--param", "colour=w", code=3
    )
    assert "NAME=VALUE" in run("event", "act", "open", "event.close", "--param", "x", code=2)
    assert "no action 'result.guess'" in run("event", "act", "open", "result.guess", code=6)
    where = ("--param", "round=1", "--param", "board=1", "--param", "player=Amani")
    refused = run("event", "act", "open", "tantrix.offer", *where, code=7)
    assert "preset 'chess-swiss') has no action 'tantrix.offer'" in refused


def test_actions_lists_what_may_be_done_now() -> None:
    _swiss()
    listed = run("event", "actions", "open")
    assert "event.start: Start the event" in listed
    assert "round.pair" not in listed
    document = json.loads(run("event", "actions", "open", "--json"))
    forbid = next(a for a in document if a["name"] == "pair.forbid")
    assert [p["name"] for p in forbid["parameters"]] == ["player_a", "player_b", "reason"]


def test_every_declared_action_has_its_command() -> None:
    for action in all_actions():
        shown = run(action.group, action.verb, "--help")
        for spec in action.fields:
            if not spec.positional:
                assert spec.option in shown, (action.name, spec.option)


def test_a_draft_is_changed_and_published_from_the_command_line() -> None:
    # Issue 33 item 1: the draft's manual changes are declared actions (`round draft-...`).
    _swiss()
    run("event", "start", "open")
    shown = run("round", "draft-show", "open")
    assert "Round 1" in shown
    assert "No rule is broken." in shown
    changed = json.loads(run("round", "draft-unpair", "open", "1", "--reason", "late", "--json"))
    assert len(changed["unpaired"]) == 2
    assert [v["criterion"] for v in changed["violations"]] == ["C4"]
    back = json.loads(run("round", "draft-reset", "open", "--json"))
    assert back["changes"] == []
    run("round", "draft-swap", "open", "Amani", "Baraka", "--reason", "colours")
    refused = run("round", "draft-publish", "open", code=3)
    assert "needs a reason" in refused
    assert "Paired round 1" in run("round", "draft-publish", "open", "--reason", "agreed")
