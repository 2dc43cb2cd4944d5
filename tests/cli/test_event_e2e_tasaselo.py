"""End to end through the CLI (in-process, on the test database): a whole Tasaselo event with
a round-1 rest, the ghost, a late entrant, an absence and a withdrawal, from create to export
and import, plus the refusals the CLI turns into exit codes."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mashindano.cli.main import app
from mashindano.interchange.trf import parse_trf, trf_to_stage_results

pytestmark = pytest.mark.django_db

PLAYERS = "name,rating,games_played,country\n" + "".join(
    f"Player {n},{2150 - 40 * n},30,FIN\n" for n in range(1, 13)
)
ROUNDS = 5


def run(*args: str | Path, code: int = 0) -> str:
    outcome = CliRunner().invoke(app, [str(a) for a in args])
    assert outcome.exit_code == code, (outcome.stdout, outcome.stderr)
    return outcome.stdout if code == 0 else outcome.stderr


def test_tasaselo_E3_k_factor_refused_by_event_create() -> None:
    for k in ("10", "350"):
        refused = run(
            "event", "create", "x", "--preset", "tasaselo", "--set", f"k_factor={k}", code=3
        )
        assert f"K must be a whole number between 20 and 300 (R13), got {k}" in refused
    assert json.loads(run("event", "list", "--json")) == []


def test_full_tasaselo_event_through_the_cli(tmp_path: Path) -> None:
    players = tmp_path / "PLAYERS.csv"
    players.write_text(PLAYERS)
    settings = ("--set", f"rounds={ROUNDS}", "--set", "k_factor=50", "--set", "prize_group_size=6")
    run("event", "create", "open", "--preset", "tasaselo", "--seed", "5", *settings)
    run("players", "import", "open", players)
    run("event", "leave", "open", "Player 3", "--round", "1", "--half", "--reason", "R6 rest")
    assert "half-point rest is for round 1 only" in run(
        "event", "leave", "open", "Player 4", "--round", "2", "--half", code=7
    )
    run("event", "start", "open")
    assert "round 1 is not paired yet" in run(
        "players", "add", "open", "Newcomer", "--rating", "1990", code=7
    )
    rng = random.Random(7)
    ghosts = 0
    for number in range(1, ROUNDS + 1):
        published = json.loads(run("round", "pair", "open", "--json"))
        assert published["round"] == number
        byes = {b["first"]: b["bye"] for b in published["boards"] if b["second"] is None}
        ghosts += sum(1 for kind in byes.values() if kind == "U")
        if number == 1:
            assert byes["Player 3"] == "H"
        if number == 3:
            assert byes["Player 5"] == "Z"
        if number >= 3:
            assert byes["Player 6"] == "Z"
        for board in published["boards"]:
            if board["bye"] is None:
                result = rng.choice(["1-0", "0-1", "1/2-1/2"])
                run(
                    "result",
                    "report",
                    "open",
                    result,
                    "--round",
                    str(number),
                    "--board",
                    str(board["board"]),
                )
        if number == 1:
            run("players", "add", "open", "Newcomer", "--rating", "1990")
            run("event", "leave", "open", "Player 5", "--round", "3")
        if number == 2:
            run("event", "withdraw", "open", "Player 6", "--reason", "ill")
    assert ghosts >= 1
    refused = run("round", "pair", "open", code=7)
    assert f"all {ROUNDS} rounds of event 'open' have been paired" in refused
    listed = json.loads(run("players", "list", "open", "--json"))
    assert {p["name"]: p["number"] for p in listed}["Newcomer"] == 13

    standings = json.loads(run("event", "standings", "open", "--json"))
    assert [t["title"].split(" (")[0] for t in standings] == ["Prize group A", "Prize group B"]
    assert standings[0]["columns"] == ["comparison", "performance", "expected", "result-expected"]
    rows = [row for table in standings for row in table["rows"]]
    assert len(rows) == 13
    total = sum(Fraction(row["exact_points"]) for row in rows)
    shown = json.loads(run("event", "show", "open", "--json"))
    summary = shown["summary"]
    assert summary["finished"] is True
    assert summary["late_entries"] == [{"player": "Newcomer", "number": 13, "first_round": 2}]
    assert {p["kind"] for p in summary["prizes"]} == {"group", "performance"}
    assert shown["parameters"]["k_factor"] == 50
    game_count = sum(
        1
        for r in json.loads(run("event", "export", "open", "--format", "json"))["rounds"]
        for e in r["encounters"]
        if e["games"]
    )
    assert total == game_count + ghosts + Fraction(1, 2)  # each game 1, each ghost 1, the rest ½
    assert "Prize group A" in run("event", "standings", "open")

    run("event", "close", "open")
    trf = run("event", "export", "open", "--format", "trf")
    assert len(trf_to_stage_results(parse_trf(trf)).games) == game_count
    assert run("event", "export", "open", "--format", "csv").startswith("round,white,black,result")
    exported = tmp_path / "open.json"
    run("event", "export", "open", "--format", "json", "--output", exported)
    run("event", "import", exported, "--slug", "open-copy")
    assert json.loads(run("event", "standings", "open-copy", "--json")) == standings
    copy = json.loads(run("event", "show", "open-copy", "--json"))["summary"]
    assert copy["prizes"] == summary["prizes"]
    audit = json.loads(run("event", "audit", "open", "--json"))
    assert audit[-1]["action"] == "event.close"
