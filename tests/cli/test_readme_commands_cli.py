"""Issue 29 item 16: the command line as the README says it. `series create SLUG "NAME"`
takes the name as its second argument; `players import` and `players add` take `--at` like
every command that records a time; `result move ... --group B` finds the game that the same
command without `--group` finds (KIBA keeps groups A and B in one stored round)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mashindano.cli.main import app

pytestmark = pytest.mark.django_db


def run(*args: str, code: int = 0) -> str:
    outcome = CliRunner().invoke(app, list(args))
    assert outcome.exit_code == code, (outcome.stdout, outcome.stderr)
    return outcome.stdout if code == 0 else outcome.stderr


def test_series_create_takes_the_name_as_its_second_argument() -> None:
    """issue 29 item 16: `series create SLUG "NAME"` (and --name still works)."""
    shown = json.loads(run("series", "create", "kiba-2026", "KIBA Championship 2026", "--json"))
    assert shown == {"slug": "kiba-2026", "name": "KIBA Championship 2026"}
    old = json.loads(run("series", "create", "kiba-2027", "--name", "KIBA 2027", "--json"))
    assert old["name"] == "KIBA 2027"
    assert "two names" in run("series", "create", "x", "One", "--name", "Two", code=2)


def test_players_add_and_import_take_at(tmp_path: Path) -> None:
    """issue 29 item 16: `players add|import --at` record the time given."""
    run("event", "create", "club", "--preset", "chess-round-robin", "--seed", "3")
    run("players", "add", "club", "Ann", "--at", "2026-10-01T09:00+03:00")
    csv = tmp_path / "players.csv"
    csv.write_text("name,rating\nBob,1500\nCyd,1400\n", encoding="utf-8")
    run("players", "import", "club", str(csv), "--at", "2026-10-02T09:00+00:00")
    log = json.loads(run("event", "audit", "club", "--json"))
    times = {entry["action"]: entry["at"] for entry in log}
    assert times["players.register"] == "2026-10-01T06:00:00+00:00"
    assert times["players.import"] == "2026-10-02T09:00:00+00:00"
    assert "needs a UTC offset" in run(
        "players", "add", "club", "Dan", "--at", "2026-10-01", code=3
    )


def test_event_create_and_edit_take_at() -> None:
    """issue 29 item 16: `event create` and `event edit` record a time too (README: `--at` on
    every command that records something at a time); the audit log keeps it."""
    run("event", "create", "club", "--preset", "chess-swiss", "--at", "2026-09-01T08:00+03:00")
    run("event", "edit", "club", "--name", "Club Open", "--at", "2026-09-02T10:30+00:00")
    log = json.loads(run("event", "audit", "club", "--json"))
    times = {entry["action"]: entry["at"] for entry in log}
    assert times["event.create"] == "2026-09-01T05:00:00+00:00"
    assert times["event.edit"] == "2026-09-02T10:30:00+00:00"
    assert "needs a UTC offset" in run(
        "event", "create", "other", "--preset", "chess-swiss", "--at", "2026-09-01", code=3
    )
    assert "other" not in run("event", "list")


def test_result_move_with_group_finds_the_kiba_game() -> None:
    """issue 29 item 16: `result move ... --group B` finds the group-B game of a KIBA round,
    and a board of the other group is refused by name."""
    run("event", "create", "kb", "--preset", "kiba-bao", "--seed", "5")
    for n in range(1, 11):
        run("players", "add", "kb", f"K{n}", "--rating", "2000", "--games-played", "100")
    run("event", "start", "kb")
    document = json.loads(run("round", "pair", "kb", "--json"))
    group_b = [b for b in document["boards"] if b["group"] == "B"]
    group_a = [b for b in document["boards"] if b["group"] == "A"]
    assert group_b
    assert group_a
    board = str(group_b[0]["board"])
    played = run("result", "move", "kb", "A6<", "--round", "1", "--board", board, "--group", "B")
    assert "move 1: A6<" in played
    other = str(group_a[0]["board"])
    refused = run(
        "result", "move", "kb", "A6<", "--round", "1", "--board", other, "--group", "B", code=6
    )
    assert "not in group B" in refused


def test_result_dispute_without_a_reason_is_exit_3() -> None:
    """issue 29 item 11: `result dispute` needs --reason (missing: usage, exit 2; blank: exit
    3; nothing stored)."""
    run("event", "create", "club", "--preset", "chess-round-robin", "--seed", "3")
    for name in ("Ann", "Bob", "Cyd", "Dan"):
        run("players", "add", "club", name)
    run("event", "start", "club")
    run("round", "pair", "club")
    run("result", "report", "club", "1-0", "--round", "1", "--board", "1")
    said = run("result", "dispute", "club", "--round", "1", "--board", "1", code=2)
    assert "--reason" in said  # a required option: Typer's usage error
    assert "needs a reason" in run(
        "result", "dispute", "club", "--round", "1", "--board", "1", "--reason", " ", code=3
    )
    run("result", "dispute", "club", "--round", "1", "--board", "1", "--reason", "flag fell")
