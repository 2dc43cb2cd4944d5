"""issue 28 items 1 and 4 on the command line: `standings --trf` and `pair --dutch` read past
a file's oddities with warnings on stderr (`--json`: one JSON document there), `--strict`
refuses them (exit 3 naming the line), a team file is refused as such, a broken result line
still refuses the file; `standings --after-round N` ranks as things stood after round N."""

from __future__ import annotations

import json
from pathlib import Path

import pytest


def line_001(rank: int, points: str, *blocks: str, rating: int = 2000) -> str:
    head = f"001 {rank:>4}      {f'Player, {rank}':<33} {rating:>4} {'':<3} {'':>11} {'':<10} "
    head += f"{points:>4} {'':>4}  "
    assert len(head) == 91
    return (head + "  ".join(blocks)).rstrip()


# Four players after round 2, with player 4's half-point bye for round 3 entered in advance.
PLAYERS = [
    line_001(1, "2.0", "   3 w 1", "   2 b 1", rating=2400),
    line_001(2, "1.0", "   4 w 1", "   1 w 0", rating=2300),
    line_001(3, "0.5", "   1 b 0", "   4 b =", rating=2200),
    line_001(4, "1.0", "   2 b 0", "   3 w =", "0000 - H", rating=2100),
]
CLEAN = "\n".join(["012 Club", *PLAYERS, "XXR 5"]) + "\n"
ODD = "\n".join(["012 Club", "042 May 10, 2020", "", *PLAYERS, "XXR 5"]) + "\n"
WARNINGS = [
    "line 2: 042 date 'May 10, 2020' read as 2020/05/10",
    "line 3: blank line skipped",
]


@pytest.fixture
def odd(tmp_path: Path) -> Path:
    path = tmp_path / "odd.trf"
    path.write_text(ODD, encoding="utf-8")
    return path


def _write(tmp_path: Path, text: str, name: str = "x.trf") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_standings_trf_prints_the_warnings_on_stderr_and_ranks(cli, odd):
    result = cli("standings", "--trf", odd)
    assert result.exit_code == 0, result.stderr
    assert result.stderr.splitlines() == [f"mashindano: warning: {odd}, {w}" for w in WARNINGS]
    assert "Player, 1" in result.stdout


def test_standings_trf_json_lists_the_warnings(cli, odd):
    result = cli("standings", "--trf", odd, "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)[0]["name"] == "Player, 1"
    listed = json.loads(result.stderr)["warnings"]
    assert [f"line {w['line']}: {w['message']}" for w in listed] == WARNINGS
    assert {w["source"] for w in listed} == {str(odd)}


def test_a_clean_file_gives_no_warning(cli, tmp_path):
    result = cli("standings", "--trf", _write(tmp_path, CLEAN), "--strict", "--json")
    assert (result.exit_code, result.stderr) == (0, "")


def test_standings_trf_strict_refuses_naming_the_line(cli, odd):
    result = cli("standings", "--trf", odd, "--strict")
    assert result.exit_code == 3
    assert result.stderr == (
        f"mashindano: {odd}, line 2: 042 date 'May 10, 2020' read as 2020/05/10 "
        "(refused: strict reading)\n"
    )
    assert result.stdout == ""


def test_pair_reads_past_the_oddities_with_warnings(cli, odd, tmp_path):
    out = tmp_path / "pairs.txt"
    result = cli("pair", "--dutch", odd, "-p", out)
    assert result.exit_code == 0, result.stderr
    assert out.read_text().startswith("2\n")  # 4 has his bye: one board and the PAB
    assert result.stderr.splitlines() == [f"mashindano: warning: {odd}, {w}" for w in WARNINGS]


def test_pair_strict_refuses_and_writes_nothing(cli, odd, tmp_path):
    out = tmp_path / "pairs.txt"
    result = cli("pair", "--dutch", odd, "-p", out, "--strict")
    assert result.exit_code == 3
    assert "line 2: 042 date 'May 10, 2020'" in result.stderr
    assert not out.exists()


def test_drop_in_pair_call_prints_the_warnings_on_stderr(odd, capsys):
    from mashindano.cli.pair_protocol import run_drop_in

    assert run_drop_in(["--dutch", str(odd), "-p"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("2\n")
    assert captured.err.splitlines() == [f"mashindano: warning: {odd}, {w}" for w in WARNINGS]


@pytest.mark.parametrize("command", [("standings", "--trf"), ("pair", "--dutch")])
def test_a_team_file_is_refused_as_such(cli, tmp_path, command):
    team_line = "310   1 Team A      TA      2382    7.0    7.0   1     1    2\n"
    team = _write(tmp_path, CLEAN + team_line)
    result = cli(*command, team, *(["-p"] if command[0] == "pair" else []))
    assert result.exit_code == 3
    assert result.stderr == (
        f"mashindano: {team}, line 7: team tournament file (record 310): "
        "team events are not supported yet\n"
    )


def test_a_broken_result_line_still_refuses_the_file(cli, tmp_path):
    broken = _write(tmp_path, ODD.replace("   3 w 1", "   3 w Q"))
    result = cli("standings", "--trf", broken)
    assert result.exit_code == 3
    assert "line 4: player 1 round 1: result 'Q' is not a TRF result code" in result.stderr
    assert result.stdout == ""


def _points(cli, *args):
    result = cli("standings", *args, "--json")
    assert result.exit_code == 0, result.stderr
    return {r["name"]: r["points"] for r in json.loads(result.stdout)}


def test_standings_after_round_leaves_later_rounds_out(cli, tmp_path):
    """issue 28 item 4: a file after round 2 with round 3's bye entered ranks as after round
    3 (player 4's half-point bye counts) unless --after-round 2 is given."""
    path = _write(tmp_path, CLEAN)
    assert _points(cli, "--trf", path)["Player, 4"] == 1
    after_2 = _points(cli, "--trf", path, "--after-round", "2")
    assert after_2 == {"Player, 1": 2, "Player, 2": 1, "Player, 3": 0.5, "Player, 4": 0.5}
    after_1 = _points(cli, "--trf", path, "--after-round", "1")
    assert after_1 == {"Player, 1": 1, "Player, 2": 1, "Player, 3": 0, "Player, 4": 0}


def test_standings_after_round_of_a_games_file(cli, tmp_path):
    games = tmp_path / "games.csv"
    games.write_text("round,white,black,result\n1,A,B,1-0\n2,B,A,1-0\n", encoding="utf-8")
    assert _points(cli, "--games", games, "--after-round", "1") == {"A": 1, "B": 0}
    assert _points(cli, "--games", games) == {"A": 1, "B": 1}


def test_standings_after_a_round_the_file_does_not_have_is_refused(cli, tmp_path):
    path = _write(tmp_path, CLEAN)
    result = cli("standings", "--trf", path, "--after-round", "4")
    assert result.exit_code == 3
    assert result.stderr == f"mashindano: {path} has rounds 1-3: no standings after round 4\n"
