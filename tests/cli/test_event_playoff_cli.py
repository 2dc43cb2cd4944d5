"""`mashindano event playoff`: the KIBA director's playoff decision through the CLI (R29, A9)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from mashindano.cli.main import app

pytestmark = pytest.mark.django_db

NEWCOMERS = "name\n" + "".join(f"N{n}\n" for n in range(1, 7))


def run(*args: str | Path, code: int = 0) -> str:
    outcome = CliRunner().invoke(app, [str(a) for a in args])
    assert outcome.exit_code == code, (outcome.stdout, outcome.stderr)
    return outcome.stdout if code == 0 else outcome.stderr


def run_json(*args: str | Path) -> Any:
    return json.loads(run(*args, "--json"))


def test_kiba_playoff_recorded_through_the_cli_unblocks_the_final(tmp_path: Path) -> None:
    players = tmp_path / "players.csv"
    players.write_text(NEWCOMERS)
    run("event", "create", "tie", "--preset", "kiba-bao", "--seed", "1")
    run("players", "import", "tie", players)
    run("event", "start", "tie")
    stage = run_json("round", "pair", "tie")
    for board in stage["boards"]:
        for game in board["games"]:
            # South wins every game: every pairing is split 1-1, a six-way tie.
            run(
                "result", "report", "tie", "1-0",
                "--round", str(stage["round"]),
                "--board", str(board["board"]),
                "--game", str(game["game"]),
            )  # fmt: skip
    blocked = run("round", "pair", "tie", code=7)
    assert "the director must" in blocked

    refused = run("event", "playoff", "tie", "N1", "N2", "--round", "1", "--group", "A", code=7)
    assert "not exactly the players of a tie" in refused
    unknown = run("event", "playoff", "tie", "N1", "X", "--round", "1", "--group", "A", code=6)
    assert "no player 'X'" in unknown

    order = ["N4", "N2", "N6", "N1", "N3", "N5"]
    said = run("event", "playoff", "tie", *order, "--round", "1", "--group", "A")
    assert "N4, N2, N6, N1, N3, N5" in said
    final = run_json("round", "pair", "tie")
    [match] = final["boards"]
    assert {match["first"], match["second"]} == {"N4", "N2"}
    assert run_json("event", "audit", "tie")[-2]["action"] == "stage.playoff"
