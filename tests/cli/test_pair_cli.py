"""`mashindano pair`: the JaVaFo/bbpPairings protocol on every reference fixture
(shared/fixtures/dutch and shared/fixtures/dutch-extra)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ..shared_folders import assert_file_count, shared_folder

ROUND_FILES = "*_round[0-9][0-9].trf"
FULL_FILES = "*_full.trf"
EXPECTED = {"dutch": (486, 62), "dutch-extra": (360, 40)}
"""Folder of shared/fixtures -> (rounds to pair, whole tournaments) in it."""
FOLDERS = {name: shared_folder("fixtures", name) for name in EXPECTED}
FIXTURES = FOLDERS["dutch"]

ROUND_CASES = [p for folder in FOLDERS.values() for p in sorted(folder.glob(ROUND_FILES))]
FULL_CASES = [p for folder in FOLDERS.values() for p in sorted(folder.glob(FULL_FILES))]


def _case_id(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


TWO_PLAYERS_MET = """012 two players who already met
001    1      Test0001 Player0001               2368                             1.0    1     2 w 1
001    2      Test0002 Player0002               2335                             0.0    2     1 b 0
XXR 3
XXC white1
"""


@pytest.mark.parametrize("name", list(EXPECTED))
def test_every_fixture_is_here(name):
    rounds, tournaments = EXPECTED[name]
    assert_file_count(FOLDERS[name], ROUND_FILES, rounds)
    assert_file_count(FOLDERS[name], FULL_FILES, tournaments)


@pytest.mark.parametrize("path", ROUND_CASES, ids=_case_id)
def test_pair_p_output_equals_reference_byte_for_byte(cli, path):
    result = cli("pair", "--dutch", path, "-p")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == path.with_suffix(".pairs").read_text()


def test_pair_p_writes_the_output_file(cli, tmp_path):
    path = ROUND_CASES[0]
    out = tmp_path / "out.pairs"
    result = cli("pair", "--dutch", path, "-p", out)
    assert result.exit_code == 0, result.stderr
    assert out.read_bytes() == path.with_suffix(".pairs").read_bytes()
    assert result.stdout == ""


@pytest.mark.parametrize("path", FULL_CASES, ids=_case_id)
def test_pair_c_finds_no_mismatch_in_any_full_tournament(cli, path):
    result = cli("pair", "--dutch", path, "-c")
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "rounds agree" in result.stdout


def test_pair_c_reports_a_changed_round(cli, tmp_path):
    source = FIXTURES / "t007p05r_clean_s1007000_full.trf"
    lines = source.read_text().splitlines(keepends=True)
    # Swap the colours of one round-1 game in both players' lines.
    first = next(i for i, line in enumerate(lines) if line.startswith("001    1 "))
    block = lines[first][91:99]
    opponent = int(block[:4])
    colour = block[5]
    other = {"w": "b", "b": "w"}[colour]
    second = next(i for i, line in enumerate(lines) if line.startswith(f"001 {opponent:4d} "))
    lines[first] = lines[first][:96] + other + lines[first][97:]
    lines[second] = lines[second][:96] + colour + lines[second][97:]
    changed = tmp_path / "changed.trf"
    changed.write_text("".join(lines))
    result = cli("pair", "--dutch", changed, "-c")
    assert result.exit_code == 4
    assert "round 1: mismatch" in result.stdout
    assert "differ" in result.stderr


def test_pair_l_prints_the_checklist(cli):
    result = cli("pair", "--dutch", FIXTURES / "t007p05r_mixed_s1007100_round05.trf", "-l")
    assert result.exit_code == 0, result.stderr
    assert "checklist" in result.stdout
    assert "bye" in result.stdout


def test_pair_no_valid_pairing_exits_1_and_says_who(cli, tmp_path):
    path = tmp_path / "met.trf"
    path.write_text(TWO_PLAYERS_MET)
    result = cli("pair", "--dutch", path, "-p")
    assert result.exit_code == 1
    assert "no valid pairing" in result.stderr


def test_pair_malformed_trf_exits_3_with_the_line(cli, tmp_path):
    path = tmp_path / "bad.trf"
    path.write_text(TWO_PLAYERS_MET.replace("2368", "23x8"))
    result = cli("pair", "--dutch", path, "-p")
    assert result.exit_code == 3
    assert "line 2" in result.stderr


def test_pair_missing_file_exits_5(cli, tmp_path):
    result = cli("pair", "--dutch", tmp_path / "none.trf", "-p")
    assert result.exit_code == 5
    assert "none.trf" in result.stderr


def test_pair_unwritable_output_exits_5(cli, tmp_path):
    result = cli("pair", "--dutch", ROUND_CASES[0], "-p", tmp_path / "no" / "such" / "dir")
    assert result.exit_code == 5


@pytest.mark.parametrize(
    "args",
    [
        ("-p",),
        ("--dutch", "-p", "-c"),
        ("--dutch",),
        ("--dutch", "-c", "extra.pairs"),
    ],
)
def test_pair_usage_errors(cli, args):
    result = cli("pair", ROUND_CASES[0], *args)
    assert result.exit_code == 2


def _malformed(kind: str) -> str:
    base = (FIXTURES / "t007p05r_clean_s1007000_round02.trf").read_text()
    lines = base.splitlines(keepends=True)
    player_1 = next(i for i, line in enumerate(lines) if line.startswith("001    1 "))
    if kind == "record code":
        # A misspelt record that decides (issue 28 item 1: others are skipped with a warning).
        lines.insert(1, "xxr 5\n")
    elif kind == "rating":
        lines[player_1] = lines[player_1][:48] + "23x8" + lines[player_1][52:]
    elif kind == "result code":
        lines[player_1] = lines[player_1][:98] + "Q" + lines[player_1][99:]
    elif kind == "opponent":
        lines[player_1] = lines[player_1][:91] + "0017" + lines[player_1][95:]
    elif kind == "colour":
        lines[player_1] = lines[player_1][:96] + "w" + lines[player_1][97:]
    elif kind == "XXC":
        lines = [line if not line.startswith("XXC") else "XXC purple1\n" for line in lines]
    elif kind == "short line":
        lines[player_1] = lines[player_1][:50] + "\n"
    return "".join(lines)


@pytest.mark.parametrize(
    "kind", ["record code", "rating", "result code", "opponent", "colour", "XXC", "short line"]
)
@pytest.mark.parametrize("command", [("pair", "--dutch", "-p"), ("standings", "--trf")])
def test_malformed_trf_gives_a_message_with_the_line_and_exit_3(cli, tmp_path, kind, command):
    path = tmp_path / "bad.trf"
    path.write_text(_malformed(kind))
    if command[0] == "pair":
        result = cli(command[0], command[1], path, command[2])
    else:
        result = cli(command[0], command[1], path)
    assert result.exit_code == 3, result.stdout
    assert "bad.trf, line " in result.stderr
