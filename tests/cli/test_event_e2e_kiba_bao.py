"""A whole `kiba-bao` event through the CLI (in-process, on the test database): create, import
players, start, pair and report every stage (qualification, semifinal, a best-of-3 final that
needs game 3), standings, close, export and import, plus the refusals' exit codes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from mashindano.cli.main import app

pytestmark = pytest.mark.django_db

# KIBA scores 2000/10 + games: P01 380 down to P10 362, all category 1; P10 is a newcomer.
PLAYERS = (
    "name,rating,games_played,country\n"
    + "".join(f"P{n:02d},2000,{200 - 2 * n},{'TZA' if n % 2 else 'KEN'}\n" for n in range(1, 10))
    + "P10,,0,KEN\n"
)


def run(*args: str | Path, code: int = 0) -> str:
    outcome = CliRunner().invoke(app, [str(a) for a in args])
    assert outcome.exit_code == code, (outcome.stdout, outcome.stderr)
    return outcome.stdout if code == 0 else outcome.stderr


def run_json(*args: str | Path) -> Any:
    return json.loads(run(*args, "--json"))


def report(slug: str, result: str, round_number: int, board: int, game: int) -> Any:
    return run_json(
        "result",
        "report",
        slug,
        result,
        "--round",
        str(round_number),
        "--board",
        str(board),
        "--game",
        str(game),
    )


def report_stage(slug: str, published: Any, seeds: dict[str, int]) -> int:
    """Report every game of a published stage: the better seed wins. Returns games reported."""
    reported = 0
    for board in published["boards"]:
        for game in board["games"]:
            first_wins = seeds[game["first"]] < seeds[game["second"]]
            report(
                slug,
                "1-0" if first_wins else "0-1",
                published["round"],
                board["board"],
                game["game"],
            )
            reported += 1
    return reported


def test_full_kiba_event_through_the_cli(tmp_path: Path) -> None:
    players = tmp_path / "PLAYERS.csv"
    players.write_text(PLAYERS)
    run("event", "create", "kiba", "--preset", "kiba-bao", "--seed", "9", "--name", "KIBA Online")
    run("players", "import", "kiba", players)
    run("event", "start", "kiba")
    shown = run_json("event", "show", "kiba")
    seeds = {p["player"]: p["seed"] for p in shown["summary"]["initial_list"]}
    assert seeds == {f"P{n:02d}": n for n in range(1, 11)}
    assert shown["parameters"]["group_count_rule"] == "ceil(n/6)"

    qualification = run_json("round", "pair", "kiba")
    assert qualification["round"] == 1
    byes = [b for b in qualification["boards"] if b["bye"] is not None]
    assert len(byes) == 10  # two groups of five: everyone sits out once against the dummy
    assert {b["bye"] for b in byes} == {"sit-out"}
    assert report_stage("kiba", qualification, seeds) == 2 * (10 + 10)  # R20: 2 games/pairing
    assert "Qualification group A (round 1)" in run("event", "standings", "kiba")

    semifinal = run_json("round", "pair", "kiba")
    assert semifinal["round"] == 2
    assert [(b["first"], b["second"]) for b in semifinal["boards"]] == [
        ("P01", "P02"),  # S1: the group winners (R14)
        ("P03", "P04"),  # S2: the runners-up
    ]
    report_stage("kiba", semifinal, seeds)

    final = run_json("round", "pair", "kiba")
    [match] = final["boards"]
    assert (match["first"], match["second"]) == ("P01", "P03")  # higher KIBA score South (R22)
    assert [(g["first"], g["second"]) for g in match["games"]] == [("P01", "P03"), ("P03", "P01")]
    report("kiba", "0-1", 3, 1, 1)  # P03 wins game 1 as North
    report("kiba", "0-1", 3, 1, 2)  # P01 wins game 2 as North: 1-1
    grown = run_json("round", "show", "kiba", "--round", "3")
    third = grown["boards"][0]["games"][2]
    assert (third["game"], third["first"], third["second"]) == (3, "P01", "P03")  # A13
    assert "not finished" in run("event", "close", "kiba", code=7)
    report("kiba", "1-0", 3, 1, 3)  # P01 takes the final 2-1 (E7: L, W, W)

    refused = run("round", "pair", "kiba", code=7)
    assert "every stage of event 'kiba' has been paired" in refused
    standings = run_json("event", "standings", "kiba")
    assert [t["title"] for t in standings] == [
        "Final, best of 3 (round 3)",
        "Semifinal group S1 (round 2)",
        "Semifinal group S2 (round 2)",
        "Qualification group A (round 1)",
        "Qualification group B (round 1)",
    ]
    assert [(r["name"], r["points"], r["note"]) for r in standings[0]["rows"]] == [
        ("P01", 2, "winner; South in games 1 and 3"),
        ("P03", 1, ""),
    ]
    group_a = standings[3]
    assert group_a["columns"] == ["neustadtl", "kiba-score", "playoff"]
    assert [r["name"] for r in group_a["rows"]] == ["P01", "P03", "P05", "P07", "P09"]
    assert sum(r["points"] for r in group_a["rows"]) == 20  # 10 pairings x 2 games (R27)
    summary = run_json("event", "show", "kiba")["summary"]
    assert summary["winner"] == "P01"
    assert summary["finished"] is True

    run("event", "close", "kiba")
    assert "TRF-16 cannot carry" in run("event", "export", "kiba", "--format", "trf", code=7)
    csv = run("event", "export", "kiba", "--format", "csv")
    assert csv.startswith("round,white,black,result")
    assert len(csv.splitlines()) == 1 + 10 + 40 + 4 + 3  # header, sit-outs, games
    exported = tmp_path / "kiba.json"
    run("event", "export", "kiba", "--format", "json", "--output", exported)
    run("event", "import", exported, "--slug", "kiba-copy")
    assert run_json("event", "standings", "kiba-copy") == standings
    audit = run_json("event", "audit", "kiba")
    assert audit[-1]["action"] == "event.close"
    assert audit[-2]["after"]["game"].startswith("round 3, board 1, game 3")


def test_kiba_cli_refusals(tmp_path: Path) -> None:
    players = tmp_path / "PLAYERS.csv"
    players.write_text(PLAYERS)
    run("event", "create", "k", "--preset", "kiba-bao")
    assert "unknown parameter" in run(
        "event", "create", "k2", "--preset", "kiba-bao", "--set", "groups=3", code=3
    )
    assert "final_format" in run(
        "event", "create", "k2", "--preset", "kiba-bao", "--set", "final_format=best-of-4", code=3
    )
    run("players", "add", "k", "Solo", "--rating", "2000")
    assert "a KIBA tournament needs 6 to 34" in run("event", "start", "k", code=7)
    run("event", "create", "ok", "--preset", "kiba-bao")
    run("players", "import", "ok", players)
    assert "start it first" in run("round", "pair", "ok", code=7)
    run("event", "start", "ok")
    run("round", "pair", "ok")
    assert "no drawn game" in run(
        "result", "report", "ok", "1/2-1/2", "--round", "1", "--board", "1", code=3
    )
    run("result", "report", "ok", "1-0", "--round", "1", "--board", "1", "--game", "2")
    assert "already has 1-0" in run(
        "result", "report", "ok", "0-1", "--round", "1", "--board", "1", "--game", "2", code=7
    )
    assert "is not finished: no result for board 1 game 1" in run("round", "pair", "ok", code=7)
    assert "no leave of absence" in run("event", "leave", "ok", "P02", "--round", "2", code=7)
    assert "no player 'P99'" in run("event", "withdraw", "ok", "P99", code=6)
    assert "P02 withdrawn from round 2" in run("event", "withdraw", "ok", "P02")
    board, game = next(
        (b["board"], g["game"])
        for b in run_json("round", "show", "ok")["boards"]
        for g in b["games"]
        if g["first"] == "P02" and g["result"] == "*"
    )
    assert "lost by abandonment (A14)" in run(
        "result",
        "report",
        "ok",
        "1-0",
        "--round",
        "1",
        "--board",
        str(board),
        "--game",
        str(game),
        code=7,
    )
