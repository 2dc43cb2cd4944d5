"""End to end through the CLI (in-process, on the test database): a whole `tantrix-knockout`
event with byes, a tiebreak game added while a match runs, TPs from a tile score, the
third-place match and the plate, then standings, export and import; plus the exit codes of
its refusals."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from mashindano.cli.main import app

pytestmark = pytest.mark.django_db

PLAYERS = "name,rating,games_played,country\n" + "".join(
    f"Player {n},{2200 - 30 * n},40,NZL\n" for n in range(1, 7)
)


def run(*args: str | Path, code: int = 0) -> str:
    outcome = CliRunner().invoke(app, [str(a) for a in args])
    assert outcome.exit_code == code, (outcome.stdout, outcome.stderr)
    return outcome.stdout if code == 0 else outcome.stderr


def run_json(*args: str | Path) -> Any:
    return json.loads(run(*args, "--json"))


def seed_of(name: str) -> int:
    return int(name.removeprefix("Player "))


def report(slug: str, stage: int, round_number: int, board: int, game: dict[str, Any],
           text: str, *extra: str) -> Any:  # fmt: skip
    return run_json(
        "result", "report", slug, text,
        "--stage", str(stage), "--round", str(round_number), "--board", str(board),
        "--game", str(game["game"]), *extra,
    )  # fmt: skip


def play_round(slug: str, published: Any, close_call: int | None = None) -> int:
    """Report every game of a published round: the better seed takes 12.4 TPs a game, except
    on board `close_call`, where 10.5-9.5 games leave the gap short of 5 until a third game
    (added while the match runs) is reported as a tile score. Returns games reported."""
    reported = 0
    stage, number = published["stage"], published["round"]
    for board in published["boards"]:
        pending = [g for g in board["games"] if g["result"] == "*"]
        while pending:
            game = pending.pop(0)
            better_first = seed_of(game["first"]) < seed_of(game["second"])
            if board["board"] == close_call and game["game"] <= 2:
                text = "10.5-9.5" if better_first else "9.5-10.5"
                shown = report(slug, stage, number, board["board"], game, text)
            elif board["board"] == close_call:
                tiles = '{"tiles": ["25", "24"]}' if better_first else '{"tiles": ["24", "25"]}'
                result = "1-0" if better_first else "0-1"
                shown = report(slug, stage, number, board["board"], game, result, "--detail", tiles)
                assert shown["detail"]["tp"] in (["13.3", "6.7"], ["6.7", "13.3"])
            else:
                shown = report(
                    slug, stage, number, board["board"], game,
                    "12.4-7.6" if better_first else "7.6-12.4",
                )  # fmt: skip
            pending.extend(shown["added_games"])
            reported += 1
    return reported


def test_full_tantrix_knockout_event_through_the_cli(tmp_path: Path) -> None:
    players = tmp_path / "PLAYERS.csv"
    players.write_text(PLAYERS)
    run(
        "event", "create", "ko", "--preset", "tantrix-knockout", "--seed", "9",
        "--set", "standard_games=2", "--set", "third_place_match=yes", "--set", "plate=yes",
        "--name", "Tantrix Open",
    )  # fmt: skip
    run("players", "import", "ko", players)
    run("event", "start", "ko")

    first = run_json("round", "pair", "ko")
    byes = [(b["board"], b["first"], b["bye"]) for b in first["boards"] if b["bye"]]
    assert byes == [(1, "Player 1", "U"), (3, "Player 2", "U")]  # top seeds, 8 lines
    assert play_round("ko", first, close_call=2) == 2 + 3  # board 2 needed a tiebreak game
    shown = run_json("round", "show", "ko", "--round", "1")
    tiebreak = shown["boards"][1]["games"][2]
    assert (tiebreak["game"], tiebreak["detail"]["tiles"]) == (3, ["25", "24"])

    units = [(first["stage"], first["round"])]
    while True:
        outcome = CliRunner().invoke(app, ["round", "pair", "ko", "--json"])
        if outcome.exit_code == 7:
            assert "every round of event 'ko' has been paired" in outcome.stderr
            break
        assert outcome.exit_code == 0, outcome.stderr
        published = json.loads(outcome.stdout)
        units.append((published["stage"], published["round"]))
        play_round("ko", published)
    assert units == [(1, 1), (2, 1), (1, 2), (1, 3)]  # the plate runs beside the main draw

    standings = run_json("event", "standings", "ko")
    assert [t["title"] for t in standings] == ["Main draw", "Plate"]
    main = standings[0]["rows"]
    assert [(r["rank"], r["player"], r["note"]) for r in main[:4]] == [
        (1, "Player 1", "champion"),
        (2, "Player 2", "finalist"),
        (3, "Player 3", "third place"),
        (4, "Player 4", "fourth place"),
    ]
    assert main[0]["tiebreaks"] == {"tps": "248/5", "seed": "1"}  # 4 games x 12.4, exact
    plate = standings[1]["rows"]
    assert [(r["player"], r["note"]) for r in plate] == [
        ("Player 5", "champion"),
        ("Player 6", "finalist"),
    ]
    assert "Main draw" in run("event", "standings", "ko")
    summary = run_json("event", "show", "ko")["summary"]
    assert (summary["finished"], summary["champion"]) == (True, "Player 1")
    run("event", "close", "ko")

    assert "TRF-16 cannot carry" in run("event", "export", "ko", "--format", "trf", code=7)
    assert run("event", "export", "ko", "--format", "csv").startswith("round,white,black,result")
    exported = tmp_path / "ko.json"
    run("event", "export", "ko", "--format", "json", "--output", exported)
    run("event", "import", exported, "--slug", "ko-copy")
    assert run_json("event", "standings", "ko-copy") == standings
    audit = run_json("event", "audit", "ko")
    added = [a for a in audit if a["after"] and "added_games" in a["after"]]
    assert [a["after"]["added_games"][0]["game"] for a in added] == [3]


def test_tantrix_cli_refusals(tmp_path: Path) -> None:
    run("event", "create", "t", "--preset", "tantrix-knockout", "--set", "standard_games=1")
    assert "unknown parameter" in run(
        "event", "create", "u", "--preset", "tantrix-knockout", "--set", "margin=4", code=3
    )
    run("players", "add", "t", "Alpha", "--rating", "2000")
    run("event", "start", "t", code=7)
    run("players", "add", "t", "Beta", "--rating", "1900")
    run("event", "start", "t")
    run("round", "pair", "t")
    where = ("--round", "1", "--board", "1")
    assert "add up to 20" in run("result", "report", "t", "12-7", *where, code=3)
    assert "not JSON" in run("result", "report", "t", "1-0", *where, "--detail", "{tp", code=3)
    assert "no game at round 1, board 1" in run(
        "result", "report", "t", "12-8", *where, "--stage", "2", code=6
    )
    run("result", "report", "t", "15-5", *where)
    assert "already has 1-0" in run("result", "report", "t", "5-15", *where, code=7)
    assert "no leave of absence" in run("event", "leave", "t", "Beta", "--round", "2", code=7)
    assert "no player 'Gamma'" in run("event", "withdraw", "t", "Gamma", code=6)
