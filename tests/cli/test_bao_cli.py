"""`mashindano bao legal|apply|play|show` (issue 18): people's and scripts' output, and exit
code 3 with a clear message for bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parents[2].parent / "shared" / "fixtures" / "bao"

OPENING = {
    "board": "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0",
    "hand": [22, 22],
    "house": [True, True],
    "stage": "namua",
    "to_move": "S",
    "takasia": None,
}


@pytest.fixture
def game_file(tmp_path: Path) -> Path:
    games = FIXTURES / "oracle-kiswahili-games.jsonl"
    if not games.is_file():
        pytest.fail(f"Bao fixture file missing: {games}")
    path = tmp_path / "game.json"
    path.write_text(games.read_text(encoding="utf-8").splitlines()[0], encoding="utf-8")
    return path


def test_bao_legal_json_inline_and_from_a_file(cli, tmp_path):
    result = cli("bao", "legal", json.dumps(OPENING), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == ["A6<*", "A6>*", "A7<*", "A7>*"]
    path = tmp_path / "p.json"
    path.write_text(json.dumps(OPENING), encoding="utf-8")
    people = cli("bao", "legal", path)
    assert people.exit_code == 0
    assert "4 legal: A6<* A6>* A7<* A7>*" in people.stdout
    assert " A   0  0  0  0  6  2  2  0" in people.stdout


def test_bao_legal_with_a_parameter(cli):
    e12 = {
        "board": "2,0,0,0,0,1,2,1/3,0,0,0,0,0,0,0/5,2,1,4,4,8,0,1/4,4,0,9,4,1,2,6",
        "hand": [0, 0], "house": [False, False], "stage": "mtaji", "to_move": "N",
        "takasia": None,
    }  # fmt: skip
    default = cli("bao", "legal", json.dumps(e12), "--json")
    assert json.loads(default.stdout) == ["a8<*"]
    loose = cli(
        "bao", "legal", json.dumps(e12), "--json", "--set", "sole_kichwa_outward=allowed_loses"
    )
    assert json.loads(loose.stdout) == ["a8<*", "a8>*"]
    bad = cli("bao", "legal", json.dumps(e12), "--set", "nyumba=1")
    assert bad.exit_code == 3
    assert "unknown Bao parameter" in bad.stderr


def test_bao_apply_prints_position_and_end(cli):
    result = cli("bao", "apply", json.dumps(OPENING), "6L", "--json")
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["end"] is None
    assert document["position"]["board"].split("/")[2] == "0,0,1,1,7,0,2,0"
    assert document["position"]["to_move"] == "N"
    people = cli("bao", "apply", json.dumps(OPENING), "A6<")
    assert "Played A6<*" in people.stdout


@pytest.mark.parametrize(
    ("move", "words"),
    [("A4<", "no legal move starts at A4"), ("a6<", "not a pit of South"), ("Z", "not a move")],
)
def test_bao_apply_bad_moves_exit_3(cli, move, words):
    result = cli("bao", "apply", json.dumps(OPENING), move)
    assert result.exit_code == 3
    assert words in result.stderr
    assert "Traceback" not in result.output


def test_bao_bad_positions_exit_3(cli):
    result = cli("bao", "legal", json.dumps({**OPENING, "hand": [22, 21]}))
    assert result.exit_code == 3
    assert "63 seeds" in result.stderr
    broken = cli("bao", "legal", "{board")
    assert broken.exit_code == 3
    assert "not a JSON position" in broken.stderr


def test_bao_play_valid_record(cli, game_file):
    result = cli("bao", "play", game_file)
    assert result.exit_code == 0, result.output
    assert "kis-s1001: valid, 59 plies" in result.stdout
    scripted = cli("bao", "play", game_file, "--json")
    assert json.loads(scripted.stdout)["end"] == {
        "winner": "S",
        "reason": "front_row_empty",
        "unsown": 1,
    }


def test_bao_play_invalid_record_names_the_ply(cli, game_file):
    document = json.loads(game_file.read_text(encoding="utf-8"))
    document["moves"][4] = "A8>"
    game_file.write_text(json.dumps(document), encoding="utf-8")
    result = cli("bao", "play", game_file)
    assert result.exit_code == 3
    assert "ply 5" in result.stderr


def test_bao_show_a_ply(cli, game_file):
    result = cli("bao", "show", game_file, "--ply", "3")
    assert result.exit_code == 0, result.output
    assert "after ply 3 (A3>)" in result.stdout
    assert "North to move" in result.stdout
    last = cli("bao", "show", game_file)
    assert "South wins" in last.stdout
    outside = cli("bao", "show", game_file, "--ply", "99")
    assert outside.exit_code == 3
    assert "between 0 and 59" in outside.stderr


def test_bao_cli_module_imports_no_django():
    code = (
        "import sys, mashindano.cli.bao; "
        "bad = [m for m in sys.modules if m.startswith(('django', 'mashindano.app'))]; "
        "print(bad)"
    )
    output = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    ).stdout
    assert output.strip() == "[]"
