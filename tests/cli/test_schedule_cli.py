from __future__ import annotations

import json


def test_schedule_kiba_E3_six_players_json(cli):
    result = cli("schedule", "round-robin", "--players", "6", "--table", "kiba", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout) == {
        "rounds": [
            [[1, 6], [2, 5], [3, 4]],
            [[1, 2], [3, 6], [4, 5]],
            [[1, 3], [4, 2], [5, 6]],
            [[1, 4], [5, 3], [6, 2]],
            [[1, 5], [6, 4], [2, 3]],
        ]
    }


def test_schedule_fide_chess_E2_five_players_bye_is_zero(cli):
    result = cli("schedule", "round-robin", "--players", "5", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["rounds"] == [
        [[1, 0], [2, 5], [3, 4]],
        [[0, 4], [5, 3], [1, 2]],
        [[2, 0], [3, 1], [4, 5]],
        [[0, 5], [1, 4], [2, 3]],
        [[3, 0], [4, 2], [5, 1]],
    ]


def test_schedule_double_has_twice_the_rounds_with_colours_reversed(cli):
    result = cli("schedule", "round-robin", "--players", "4", "--double", "--json")
    assert result.exit_code == 0, result.stderr
    rounds = json.loads(result.stdout)["rounds"]
    assert len(rounds) == 6
    first_cycle = {tuple(p) for r in rounds[:3] for p in r}
    second_cycle = {tuple(p) for r in rounds[3:] for p in r}
    assert second_cycle == {(b, a) for a, b in first_cycle}


def test_schedule_table_for_people(cli):
    result = cli("schedule", "round-robin", "--players", "4")
    assert result.exit_code == 0
    assert "1-4" in result.stdout
    assert "Round" in result.stdout


def test_schedule_refuses_too_few_players(cli):
    result = cli("schedule", "round-robin", "--players", "1")
    assert result.exit_code == 3
    assert "players" in result.stderr


def test_schedule_refuses_unknown_table(cli):
    result = cli("schedule", "round-robin", "--players", "6", "--table", "swiss")
    assert result.exit_code == 2
