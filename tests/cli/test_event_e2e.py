"""End to end through the CLI (in-process, on the test database): one full event per chess
preset, from create to export, plus the exit codes of refusals."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mashindano.cli.main import app
from mashindano.interchange.trf import parse_trf, trf_to_stage_results

pytestmark = pytest.mark.django_db

PLAYERS = "name,rating,games_played,country\n" + "".join(
    f"Player {n},{2200 - 30 * n},40,KEN\n" for n in range(1, 8)
)


def run(*args: str | Path, code: int = 0) -> str:
    outcome = CliRunner().invoke(app, [str(a) for a in args])
    assert outcome.exit_code == code, (outcome.stdout, outcome.stderr)
    return outcome.stdout if code == 0 else outcome.stderr


@pytest.mark.parametrize(
    ("preset", "settings", "rounds"),
    [
        ("chess-round-robin", [], 7),
        ("chess-swiss", ["--set", "swiss_rounds=4"], 4),
        ("chess-swiss", ["--set", "swiss_rounds=4", "--set", "swiss_pairing=dutch"], 4),
    ],
)
def test_full_event_through_the_cli(
    tmp_path: Path, preset: str, settings: list[str], rounds: int
) -> None:
    players = tmp_path / "PLAYERS.csv"
    players.write_text(PLAYERS)
    run("event", "create", "club", "--preset", preset, "--seed", "9", *settings, "--name", "Club")
    run("players", "import", "club", players)
    run("event", "start", "club")
    rng = random.Random(4)
    for number in range(1, rounds + 1):
        published = json.loads(run("round", "pair", "club", "--json"))
        assert published["round"] == number
        for board in published["boards"]:
            if board["bye"] is None:
                result = rng.choice(["1-0", "0-1", "1/2-1/2"])
                run(
                    "result",
                    "report",
                    "club",
                    result,
                    "--round",
                    str(number),
                    "--board",
                    str(board["board"]),
                )
    refused = run("round", "pair", "club", code=7)
    assert f"all {rounds} rounds of event 'club' have been paired" in refused
    standings = json.loads(run("event", "standings", "club", "--json"))
    rows = standings[0]["rows"]
    assert len(rows) == 7
    assert rows[0]["rank"] == 1
    bye_points = rounds if preset == "chess-swiss" else 0  # a Swiss pairing bye is worth 1 (A7)
    assert sum(row["points"] for row in rows) == rounds * 3 + bye_points
    assert "Standings" in run("event", "standings", "club")
    run("event", "close", "club")
    trf = run("event", "export", "club", "--format", "trf")
    assert len(trf_to_stage_results(parse_trf(trf)).games) == rounds * 3
    assert run("event", "export", "club", "--format", "csv").startswith("round,white,black,result")
    exported = tmp_path / "club.json"
    run("event", "export", "club", "--format", "json", "--output", exported)
    run("event", "import", exported, "--slug", "club-copy")
    assert json.loads(run("event", "standings", "club-copy", "--json")) == standings
    listing = json.loads(run("event", "list", "--json"))
    assert [e["slug"] for e in listing] == ["club", "club-copy"]
    shown = json.loads(run("event", "show", "club", "--json"))
    assert shown["summary"]["finished"] is True
    if preset == "chess-swiss":
        pairing = "dutch" if "swiss_pairing=dutch" in settings else "simple"
        assert shown["parameters"]["swiss_pairing"] == shown["summary"]["swiss_pairing"] == pairing
    audit = json.loads(run("event", "audit", "club", "--json"))
    assert audit[-1]["action"] == "event.close"


def test_cli_exit_codes_for_refusals(tmp_path: Path) -> None:
    assert "no event 'ghost'" in run("event", "show", "ghost", code=6)
    assert "unknown preset" in run("event", "create", "x", "--preset", "go", code=6)
    run("event", "create", "x", "--preset", "chess-swiss")
    assert "exists already" in run("event", "create", "x", "--preset", "chess-swiss", code=7)
    assert "start it first" in run("round", "pair", "x", code=7)
    assert "--set needs name=value" in run(
        "event", "create", "y", "--preset", "chess-swiss", "--set", "oops", code=2
    )
    assert "unknown parameter" in run(
        "event", "create", "y", "--preset", "chess-swiss", "--set", "colour=w", code=3
    )
    refused = run(
        "event", "create", "y", "--preset", "chess-swiss", "--set", "swiss_pairing=monrad", code=3
    )
    assert "swiss_pairing" in refused
    assert "'simple' or 'dutch'" in refused
    run("players", "add", "x", "Alpha", "--rating", "2000")
    run("players", "add", "x", "Beta", "--rating", "1900")
    run("event", "start", "x")
    run("round", "pair", "x")
    run("result", "report", "x", "1-0", "--round", "1", "--board", "1")
    assert "already has 1-0" in run(
        "result", "report", "x", "0-1", "--round", "1", "--board", "1", code=7
    )
    assert "no game at round 1, board 5" in run(
        "result", "report", "x", "0-1", "--round", "1", "--board", "5", code=6
    )
    assert "unknown result code" in run(
        "result", "report", "x", "3-0", "--round", "1", "--board", "1", code=3
    )
    run("result", "correct", "x", "0-1", "--round", "1", "--board", "1", "--reason", "sheet")
    shown = json.loads(run("round", "show", "x", "--json"))
    assert shown["boards"][0]["games"][0]["status"] == "corrected"
    missing = tmp_path / "missing.csv"
    assert "missing.csv" in run("players", "import", "x", missing, code=5)
