"""`mashindano team mode --system swiss --rounds N --tiebreaks ...` and `team standings` with the
tie-break columns (issue 32 join)."""

from __future__ import annotations

import json

import pytest

from .test_team_cli import run

pytestmark = pytest.mark.django_db


def test_a_team_swiss_from_the_command_line_with_tiebreak_columns() -> None:
    run("event", "create", "lg", "--preset", "chess-swiss", "--seed", "4")
    for n in range(1, 7):
        run("players", "add", "lg", f"A{n}")
    run(
        "team",
        "mode",
        "lg",
        "--boards",
        "2",
        "--system",
        "swiss",
        "--rounds",
        "3",
        "--tiebreaks",
        "MP,GP,BH:MP",
    )
    for t, name in enumerate(("Lions", "Tigers", "Zebras")):
        run("team", "create", "lg", name)
        run("team", "roster", "lg", "--team", str(t + 1), "--players", f"A{2 * t + 1},A{2 * t + 2}")
    assert "2 matches" in run("team", "pair", "lg", "--round", "1")
    shown = run("team", "standings", "lg")
    assert "BH:MP 0" in shown
    found = json.loads(run("team", "standings", "lg", "--json"))
    assert found["tiebreaks"] == ["BH:MP"]
    # the PAB (3 teams: one sits out) counts a match draw and a draw on each board (5.2)
    assert sorted(t["match_points"] for t in found["teams"]) == ["0", "0", "1"]
    assert sorted(t["game_points"] for t in found["teams"]) == ["0", "0", "1"]
