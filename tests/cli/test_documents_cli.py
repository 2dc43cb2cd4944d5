"""`event crosstable` and `event player` (documents new with the read model), and what the
standings document adds to the JSON: a definition and spec id for every column."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from mashindano.app.documents.standings import build_standings
from mashindano.app.documents.tiebreaks import COLUMN_DEFINITIONS, COLUMN_HOOKS
from mashindano.cli.main import app

pytestmark = pytest.mark.django_db

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def run(*args: str, code: int = 0) -> str:
    outcome = CliRunner().invoke(app, list(args))
    assert outcome.exit_code == code, (outcome.stdout, outcome.stderr)
    return outcome.stdout if code == 0 else outcome.stderr


def run_json(*args: str) -> Any:
    return json.loads(run(*args, "--json"))


def four_player_round_robin() -> None:
    run("event", "create", "rr", "--preset", "chess-round-robin", "--seed", "3")
    for name, rating in (("Ann", "2100"), ("Ben", "2000"), ("Cyd", "1900"), ("Dee", "1800")):
        run("players", "add", "rr", name, "--rating", rating)
    run("event", "start", "rr")
    for number in (1, 2, 3):
        published = run_json("round", "pair", "rr")
        for board in published["boards"]:
            first = board["first"]
            second = board["second"]
            result = "1-0" if first < second else "0-1"  # the earlier name wins
            run("result", "report", "rr", result, "--round", str(number),
                "--board", str(board["board"]))  # fmt: skip


def test_crosstable_rows_follow_the_standings_and_cells_mirror() -> None:
    four_player_round_robin()
    table = run_json("event", "crosstable", "rr")
    assert [row["name"] for row in table["rows"]] == ["Ann", "Ben", "Cyd", "Dee"]
    assert [row["points"] for row in table["rows"]] == [3, 2, 1, 0]
    assert table["columns"] == ["Ann", "Ben", "Cyd", "Dee"]
    cells = [row["cells"] for row in table["rows"]]
    assert cells[0] == ["", "1", "1", "1"]
    assert all(cells[k][k] == "" for k in range(4))
    assert cells[3][0] == "0"
    assert "Crosstable of rr" in run("event", "crosstable", "rr")


def test_player_card_lists_every_game_from_the_players_side() -> None:
    four_player_round_robin()
    card = run_json("event", "player", "rr", "Dee")
    assert (card["name"], card["rating"]) == ("Dee", 1800)
    assert [g["round"] for g in card["games"]] == [1, 2, 3]
    assert {g["opponent"] for g in card["games"]} == {"Ann", "Ben", "Cyd"}
    assert {g["outcome"] for g in card["games"]} == {"loss"}
    assert card["standings"][0]["rank"] == 4
    by_number = run_json("event", "player", "rr", str(card["number"]))
    assert by_number == card
    assert "no player 'Zed'" in run("event", "player", "rr", "Zed", code=6)


def test_crosstable_refused_for_an_event_of_several_stages() -> None:
    run("event", "create", "ko", "--preset", "tantrix-knockout")
    run("players", "add", "ko", "Alpha")
    run("players", "add", "ko", "Beta")
    run("event", "start", "ko")
    assert "several stages" in run("event", "crosstable", "ko", code=7)


def test_every_standings_column_in_the_golden_files_has_a_definition() -> None:
    columns = {
        name
        for path in GOLDEN.glob("*/*event-standings*.json")
        for table in json.loads(path.read_text(encoding="utf-8"))
        for name in table["columns"]
    }
    assert columns, f"no golden standings under {GOLDEN}"
    known = dict(COLUMN_DEFINITIONS)
    for _preset, own in COLUMN_HOOKS.items():
        known.update(own)
    missing = columns - set(known)
    assert not missing
    assert all(known[c].definition for c in columns)


def test_standings_document_names_its_columns_and_status() -> None:
    four_player_round_robin()
    document = build_standings("rr")
    assert document.status == "final"
    [section] = document.sections
    [sb] = section.columns
    assert (sb.label, sb.spec) == ("SB", "chess-manager R9, A3")
    assert section.rows[0].values[0].column is sb
