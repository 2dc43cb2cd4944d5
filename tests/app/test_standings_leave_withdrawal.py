"""Issue 21 item 6: standings keep who is away. A Gomoku player on leave stays in the league
standings, marked "on leave" (R49: not on the month's list, coefficient kept); the document
(JSON) and the CLI table both show it."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from mashindano.app.conduct import close_period, take_leave
from mashindano.app.documents.standings import build_standings
from mashindano.cli.main import app

from .test_gomoku_league import ACTOR, at, lines, listed, make_league, pair

pytestmark = pytest.mark.django_db


def test_gomoku_R49_a_player_on_leave_stays_in_the_standings_marked_on_leave() -> None:
    make_league(7, season_months="3", removal_threshold="0")
    pair("lg", at(3, 8))
    take_leave("lg", "P3", 2, actor=ACTOR, now=at(3, 20))
    close_period("lg", 1, actor=ACTOR, now=at(4, 4))
    kept = lines("lg")["P3"].values["coefficient"]
    pair("lg", at(4, 8))
    assert "P3" not in listed("lg", 2)  # R49: not paired
    line = lines("lg")["P3"]
    assert line.note == "on leave"
    assert line.values["coefficient"] == kept  # R49: the coefficient is kept
    assert line.points == 0
    others = [v for k, v in lines("lg").items() if k != "P3"]
    assert line.rank == max(v.rank for v in others) + 1  # below the month's list
    (section,) = build_standings("lg").to_json()
    assert isinstance(section, dict)
    rows = {row["player"]: row for row in section["rows"]}  # type: ignore[index, union-attr]
    assert rows["P3"]["note"] == "on leave"
    outcome = CliRunner().invoke(app, ["event", "standings", "lg"], env={"COLUMNS": "200"})
    assert outcome.exit_code == 0, outcome.stderr
    (row,) = [r for r in outcome.stdout.splitlines() if " P3 " in r]
    assert "on leave" in row
    shown = CliRunner().invoke(app, ["event", "standings", "lg", "--json"])
    (cli_section,) = json.loads(shown.stdout)
    assert any(r["player"] == "P3" and r["note"] == "on leave" for r in cli_section["rows"])
    # Back from leave next month: on the list again, no longer marked.
    close_period("lg", 2, actor=ACTOR, now=at(5, 4))
    pair("lg", at(5, 8))
    assert lines("lg")["P3"].note == "back from leave"
