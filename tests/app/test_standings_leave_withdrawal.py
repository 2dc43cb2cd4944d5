"""Issue 21 item 6: standings keep who is away. A Gomoku player on leave stays in the league
standings, marked "on leave" (R49: not on the month's list, coefficient kept); a withdrawn
Tasaselo player is shown as withdrawn and wins no prize; the documents (JSON) and the CLI
show both."""

from __future__ import annotations

import json
import random
import re

import pytest
from django.test import Client
from typer.testing import CliRunner

from mashindano.app import events
from mashindano.app.conduct import close_period, take_leave, withdraw_player
from mashindano.app.documents.event import show_event
from mashindano.app.documents.rounds import build_round_pairings
from mashindano.app.documents.standings import build_standings
from mashindano.app.formats.base import StandingsLine
from mashindano.cli.main import app

from .helpers import make_event, play_all, play_round
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
    assert line.rank is None  # R49: left out of the stage's list, so not ranked
    order = list(lines("lg"))
    assert order[-1] == "P3"  # shown below the month's list
    assert [v.rank for k, v in lines("lg").items() if k != "P3"] == list(range(1, 7))
    (section,) = build_standings("lg").to_json()
    assert isinstance(section, dict)
    rows = {row["player"]: row for row in section["rows"]}  # type: ignore[index, union-attr]
    assert rows["P3"]["note"] == "on leave"
    assert rows["P3"]["rank"] is None  # R49: "rank": null in the document
    outcome = CliRunner().invoke(app, ["event", "standings", "lg"], env={"COLUMNS": "200"})
    assert outcome.exit_code == 0, outcome.stderr
    (row,) = [r for r in outcome.stdout.splitlines() if " P3 " in r]
    assert "on leave" in row
    assert row.split()[1] == "\u2013"  # R49: an en dash for the rank
    shown = CliRunner().invoke(app, ["event", "standings", "lg", "--json"])
    (cli_section,) = json.loads(shown.stdout)
    assert any(
        r["player"] == "P3" and r["note"] == "on leave" and r["rank"] is None
        for r in cli_section["rows"]
    )
    page = Client(HTTP_HOST="127.0.0.1").get("/e/lg/standings/").content.decode()
    (web_row,) = [r for r in page.splitlines() if re.search(r">(<bdi>)?P3(</bdi>)?</a>", r)]
    first_cell = re.sub(r"<[^>]*>", "", web_row.split("</td>")[0])
    assert first_cell == "\u2013"  # R49: no rank on the web
    # Back from leave next month: on the list again, no longer marked.
    close_period("lg", 2, actor=ACTOR, now=at(5, 4))
    pair("lg", at(5, 8))
    assert lines("lg")["P3"].note == "back from leave"


def test_tasaselo_R5_a_withdrawn_player_is_shown_withdrawn_and_wins_no_prize() -> None:
    """The Tasaselo spec lets a player withdraw (R5) but says nothing of their prizes. Reading
    chosen: group and performance prizes (R29, R31, A17) go to the players who finish the
    tournament, so a withdrawn player keeps the points earned, is marked withdrawn, wins no
    prize, and the prize passes to the next eligible player (as the reserve's does, A10). In
    the rounds after the withdrawal the player is listed as withdrawn, not as a zero-point bye.
    """
    make_event("ts", "tasaselo", 10, rounds="4")
    rng = random.Random(5)
    play_round("ts", rng)
    play_round("ts", rng)
    # The leader after two rounds would win a group prize on points alone.
    leader = max(_lines("ts").values(), key=lambda line: line.points).competitor
    withdraw_player("ts", leader.id, actor=ACTOR, from_round=3)
    play_all("ts")
    line = _lines("ts")[leader.id]
    assert "withdrawn from round 3" in line.note
    assert "prize" not in line.note
    prizes = show_event("ts").summary["prizes"]
    assert isinstance(prizes, list)
    assert prizes
    assert leader.id not in {p["player"] for p in prizes}  # type: ignore[index]
    shown = build_round_pairings("ts", 3)
    (board,) = [b for b in shown.boards if b.first.id == leader.id]
    assert board.second is None
    assert board.bye_label == "withdrawn"
    assert board.to_json()["withdrawn"] is True
    outcome = CliRunner().invoke(
        app, ["round", "show", "ts", "--round", "3"], env={"COLUMNS": "200"}
    )
    assert outcome.exit_code == 0, outcome.stderr
    (row,) = [r for r in outcome.stdout.splitlines() if f" {leader.name} " in r]
    assert "withdrawn" in row
    assert "zero-point bye" not in row


def _lines(slug: str) -> dict[str, StandingsLine]:
    return {line.competitor.id: line for t in events.event_standings(slug) for line in t.lines}
