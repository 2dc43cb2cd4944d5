"""`mashindano simulate --preset knockout` (issue 27 item 5): a champion, byes to the top
seeds, double elimination with its losers' bracket, the same seed the same event."""

from __future__ import annotations

import json

PLAYERS = "name,rating,games_played,country\n" + "".join(
    f"Player {i},{2200 - 37 * i},{10 * i},KE\n" for i in range(1, 9)
)


def _byes(document: dict) -> list[int]:
    winners = document["bracket"]["sections"][0]
    first = winners["rounds"][0]["matches"]
    return sorted(
        slot["seed"]
        for m in first
        if m["status"] == "bye"
        for slot in m["slots"]
        if slot["player"] is not None
    )


def test_issue27_simulate_13_players_gives_a_champion_with_byes_to_the_top_3_seeds(cli):
    result = cli("simulate", "--preset", "knockout", "--players", "13", "--json")
    assert result.exit_code == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["champion"] is not None
    assert _byes(document) == [1, 2, 3]
    assert document["placements"][0]["place"] == 1
    assert len(document["placements"]) == 13


def test_issue27_simulate_13_players_for_people(cli):
    result = cli("simulate", "--preset", "knockout", "--players", "13")
    assert result.exit_code == 0, result.stderr
    assert "Champion: Player" in result.stdout
    assert "Placings" in result.stdout


def test_issue27_simulate_double_elimination_best_of_3_from_a_file(cli, tmp_path):
    path = tmp_path / "players.csv"
    path.write_text(PLAYERS)
    args = (
        "simulate",
        "--preset",
        "knockout",
        "--players",
        path,
        "--set",
        "elimination=double",
        "--set",
        "best_of=3",
        "--seed",
        "5",
        "--json",
    )
    first, again = cli(*args), cli(*args)
    assert first.exit_code == 0, first.stderr
    assert first.stdout == again.stdout
    document = json.loads(first.stdout)
    sections = [s["section"] for s in document["bracket"]["sections"]]
    assert sections == ["winners", "losers", "grand-final"]
    played = document["matches_played"]
    assert all(len(m["games"]) >= 2 for m in played), "best of 3: two wins take a match"
    assert document["champion"] is not None


def test_issue27_simulate_refuses_a_bad_parameter(cli):
    result = cli("simulate", "--preset", "knockout", "--players", "6", "--set", "best_of=2")
    assert result.exit_code != 0
    assert "best_of" in result.stderr
