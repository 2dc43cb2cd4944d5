from __future__ import annotations

import json

import pytest


def players_csv(count: int) -> str:
    rows = [
        f"P{i},{1700 + 17 * i},{(7 * i) % 40},{'TZ' if i % 3 == 0 else 'KE'}"
        for i in range(1, count + 1)
    ]
    return "name,rating,games_played,country\n" + "\n".join(rows) + "\n"


@pytest.fixture
def sixteen(tmp_path):
    path = tmp_path / "players.csv"
    path.write_text(players_csv(16))
    return path


def test_seed_kiba_json_lists_and_groups(cli, sixteen):
    result = cli("seed", "--preset", "kiba-bao", "--players", sixteen, "--json")
    assert result.exit_code == 0, result.stderr
    document = json.loads(result.stdout)
    text = json.dumps(document)
    for i in range(1, 17):
        assert f'"P{i}"' in text
    assert "groups" in document


def test_seed_kiba_table_for_people(cli, sixteen):
    result = cli("seed", "--preset", "kiba-bao", "--players", sixteen)
    assert result.exit_code == 0, result.stderr
    assert "KIBA score" in result.stdout


def test_simulate_kiba_json_has_stages_final_and_winner(cli, sixteen):
    result = cli("simulate", "--preset", "kiba-bao", "--players", sixteen, "--seed", "3", "--json")
    assert result.exit_code == 0, result.stderr
    document = json.loads(result.stdout)
    assert {"stages", "final", "winner"} <= set(document)
    for stage in document["stages"]:
        for group in stage["groups"]:
            assert "pairings" in group
            assert "standings" in group


def test_simulate_kiba_parameter_override(cli, sixteen):
    base = cli("simulate", "--preset", "kiba-bao", "--players", sixteen, "--seed", "3", "--json")
    changed = cli(
        "simulate",
        "--preset",
        "kiba-bao",
        "--players",
        sixteen,
        "--seed",
        "3",
        "--set",
        "group_count_rule=ceil(n/8)",
        "--json",
    )
    assert base.exit_code == 0
    assert changed.exit_code == 0, changed.stderr
    groups = [len(json.loads(r.stdout)["stages"][0]["groups"]) for r in (base, changed)]
    assert groups == [3, 2]


@pytest.mark.parametrize("count", [5, 35])
def test_kiba_refuses_player_counts_outside_6_to_34(cli, tmp_path, count):
    path = tmp_path / "players.csv"
    path.write_text(players_csv(count))
    for command in ("seed", "simulate"):
        result = cli(command, "--preset", "kiba-bao", "--players", path)
        assert result.exit_code == 3
        assert f"got {count}" in result.stderr


def test_kiba_refuses_duplicate_names(cli, tmp_path):
    path = tmp_path / "players.csv"
    path.write_text(players_csv(6) + "P1,1800,3,KE\n")
    result = cli("seed", "--preset", "kiba-bao", "--players", path)
    assert result.exit_code == 3
    assert "duplicate player 'P1'" in result.stderr


def test_kiba_refuses_non_numeric_rating(cli, tmp_path):
    path = tmp_path / "players.csv"
    path.write_text(players_csv(6) + "P7,strong,3,KE\n")
    result = cli("seed", "--preset", "kiba-bao", "--players", path)
    assert result.exit_code == 3
    assert "rating 'strong' is not a whole number" in result.stderr


def test_kiba_unknown_parameter(cli, sixteen):
    result = cli("seed", "--preset", "kiba-bao", "--players", sixteen, "--set", "speed=3")
    assert result.exit_code == 3
    assert "unknown parameter 'speed'" in result.stderr


def test_set_needs_name_and_value(cli, sixteen):
    result = cli("seed", "--preset", "kiba-bao", "--players", sixteen, "--set", "speed")
    assert result.exit_code == 2
