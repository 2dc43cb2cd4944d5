"""Issue 21 item 7 through the CLI: `result import RESULTS.csv` (all or nothing, the refused
line named) and `result match` (a whole Gomoku match from its score)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mashindano.cli.main import app

pytestmark = pytest.mark.django_db


def run(*args: str | Path, code: int = 0) -> str:
    outcome = CliRunner().invoke(app, [str(a) for a in args])
    assert outcome.exit_code == code, (outcome.stdout, outcome.stderr)
    return outcome.stdout if code == 0 else outcome.stderr


def test_result_import_all_or_nothing(tmp_path: Path) -> None:
    run("event", "create", "club", "--preset", "chess-round-robin", "--seed", "3")
    for name in ("Ann", "Bob", "Cyd", "Dan"):
        run("players", "add", "club", name)
    run("event", "start", "club")
    run("round", "pair", "club")
    bad = tmp_path / "RESULTS.csv"
    bad.write_text("round,board,result\n1,1,1-0\n1,2,7-3\n")
    assert "RESULTS.csv, line 3: unknown result code '7-3'" in run(
        "result", "import", "club", bad, code=3
    )
    good = tmp_path / "good.csv"
    good.write_text("round,board,result\n1,1,1-0\n1,2,0-1\n")
    entered = json.loads(run("result", "import", "club", good, "--json"))
    assert [e["result"] for e in entered] == ["1-0", "0-1"]


def test_result_match_reports_four_gomoku_games() -> None:
    run("event", "create", "lg", "--preset", "gomoku-league", "--seed", "3")
    for n in range(1, 6):
        run("players", "add", "lg", f"P{n}", "--rating", str(2000 - n), "--games-played", "400")
    run("event", "start", "lg", "--at", "2026-02-20T10:00+00:00")
    run("round", "pair", "lg", "--at", "2026-03-08T10:00+00:00")
    shown = json.loads(
        run(
            "result",
            "match",
            "lg",
            "3-1",
            "--round",
            "1",
            "--board",
            "1",
            "--json",
            "--at",
            "2026-03-09T10:00+00:00",
        )
    )
    assert [g["game"] for g in shown] == [1, 2, 3, 4]
    assert all(g["status"] == "reported" for g in shown)
