"""`mashindano team ...` (issue 32): the team commands built from the declared actions set an
event up in teams, take line-ups and board results, and show the match sheet and standings."""

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


def test_a_team_match_from_the_command_line() -> None:
    run("event", "create", "lg", "--preset", "chess-round-robin", "--seed", "4")
    for n in range(1, 9):
        run("players", "add", "lg", f"A{n}")
    assert "4 boards, match points 2,1,0" in run("team", "mode", "lg", "--boards", "4")
    run("team", "create", "lg", "Lions", "--club", "KEN")
    run("team", "create", "lg", "Tigers")
    run("team", "roster", "lg", "--team", "1", "--players", "A1,A2,A3,A4")
    run("team", "roster", "lg", "--team", "2", "--players", "A5", "--players", "A6,A7,A8")
    assert "1 matches" in run("team", "pair", "lg", "--round", "1")
    run("team", "lineup", "lg", "--round", "1", "--team", "1", "--players", "A1,A2,A3,A4")
    refused = run(
        "team", "lineup", "lg", "--round", "1", "--team", "2", "--players", "A6,A5", code=3
    )
    assert "roster order" in refused
    run("team", "lineup", "lg", "--round", "1", "--team", "2", "--players", "A5,A6,A7,-")
    for board, result in ((1, "1-0"), (2, "1/2-1/2"), (3, "0-1")):
        where = ("--round", "1", "--match", "1", "--board", str(board))
        assert "(reported)" in run("team", "report", "lg", result, *where)
        assert "(confirmed)" in run("team", "confirm", "lg", *where)
    sheet = run("team", "round", "lg", "1")
    assert "4. A4 (black) -   +-" in sheet  # the empty board 4 is a forfeit by itself
    table = json.loads(run("team", "standings", "lg", "--json"))
    assert [(t["team"], t["match_points"], t["game_points"]) for t in table["teams"]] == [
        ("Lions", "2", "2.5"),
        ("Tigers", "0", "1.5"),
    ]
    # Board prizes: one round, so one game is enough (two thirds of 1, rounded up); the
    # drawn board 2 is shared; the forfeit on board 4 is no game.
    prizes = table["board_prizes"]
    assert prizes["minimum_games"] == 1
    assert [(p["board"], p["player"], p["team"], p["percentage"]) for p in prizes["prizes"]] == [
        (1, "A1", "Lions", "100.0"),
        (2, "A2", "Lions", "50.0"),
        (2, "A6", "Tigers", "50.0"),
        (3, "A7", "Tigers", "100.0"),
    ]
    shown = run("team", "standings", "lg")
    assert "Board prizes (minimum games on the board: 1):" in shown
    assert "board  3  A7" in shown
    assert "1/1  100.0%" in shown
