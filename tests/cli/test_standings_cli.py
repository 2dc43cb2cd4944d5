from __future__ import annotations

import json
import re

import pytest

from ..shared_folders import shared_folder

CHESS_E3_GAMES = """round,white,black,result
1,A,B,1-0
1,C,D,1-0
2,A,C,1/2-1/2
2,B,D,1-0
3,D,A,1-0
3,B,C,1-0
"""


# KIBA E6 (kiba-bao.md): group A's cross-table typed as games, both games of a pairing in one
# round and labelled as one encounter; the first game is the row player's as South.
KIBA_E6_GAMES = """round,white,black,result,encounter
1,Kobe,Oscar,0-1,K-O
1,Oscar,Kobe,0-1,K-O
2,Kobe,Jan,0-1,K-J
2,Jan,Kobe,0-1,K-J
3,Kobe,Peter,1-0,K-P
3,Peter,Kobe,0-1,K-P
4,Kobe,Sock,0-1,K-S
4,Sock,Kobe,0-1,K-S
5,Oscar,Jan,1-0,O-J
5,Jan,Oscar,0-1,O-J
6,Oscar,Peter,1-0,O-P
6,Peter,Oscar,0-1,O-P
7,Oscar,Sock,1-0,O-S
7,Sock,Oscar,0-1,O-S
8,Jan,Peter,1-0,J-P
8,Peter,Jan,0-1,J-P
9,Jan,Sock,1-0,J-S
9,Sock,Jan,1-0,J-S
10,Sock,Peter,1-0,S-P
10,Peter,Sock,0-1,S-P
"""
KIBA_E6_STANDINGS = [
    (1, "Oscar", 7, 10.5),
    (2, "Kobe", 5, 7.5),
    (3, "Jan", 4, 4.5),
    (3, "Sock", 4, 4.5),
    (5, "Peter", 0, 0),
]


def _kiba_e6_without_encounters() -> str:
    """The same games one a row without labels: the second game of each pairing a round
    later (a double round robin typed game by game)."""
    lines = ["round,white,black,result"]
    for number, row in enumerate(KIBA_E6_GAMES.splitlines()[1:]):
        _, white, black, result, _ = row.split(",")
        lines.append(f"{number + 1},{white},{black},{result}")
    return "\n".join(lines) + "\n"


def _rows(result, tiebreak):
    assert result.exit_code == 0, result.stderr
    return [
        (r["rank"], r["name"], r["points"], r["tiebreaks"][tiebreak])
        for r in json.loads(result.stdout)
    ]


@pytest.mark.parametrize("tiebreak", ["neustadtl", "neustadtl:per-encounter"])
def test_kiba_E6_neustadtl_per_encounter_from_labelled_games(cli, tmp_path, tiebreak):
    path = tmp_path / "e6.csv"
    path.write_text(KIBA_E6_GAMES)
    result = cli("standings", "--games", path, "--tiebreaks", tiebreak, "--json")
    assert _rows(result, tiebreak) == KIBA_E6_STANDINGS


def test_kiba_E6_neustadtl_per_encounter_asked_of_unlabelled_games(cli, tmp_path):
    path = tmp_path / "e6.csv"
    path.write_text(_kiba_e6_without_encounters())
    asked = cli("standings", "--games", path, "--tiebreaks", "neustadtl:per-encounter", "--json")
    assert _rows(asked, "neustadtl:per-encounter") == KIBA_E6_STANDINGS
    # Without labels plain Neustadtl counts each game (E6's 21 for Oscar is this reading).
    per_game = cli("standings", "--games", path, "--tiebreaks", "neustadtl", "--json")
    assert [row[3] for row in _rows(per_game, "neustadtl")] == [21, 15, 9, 9, 0]


def test_kiba_E6_table_for_people_shows_the_per_encounter_values(cli, tmp_path):
    path = tmp_path / "e6.csv"
    path.write_text(KIBA_E6_GAMES)
    result = cli("standings", "--games", path, "--tiebreaks", "neustadtl")
    assert result.exit_code == 0, result.stderr
    assert "10.5" in result.stdout
    assert "=3" in result.stdout


@pytest.fixture
def chess_e3(tmp_path):
    path = tmp_path / "games.csv"
    path.write_text(CHESS_E3_GAMES)
    return path


def test_chess_E3_standings_json(cli, chess_e3):
    result = cli("standings", "--games", chess_e3, "--tiebreaks", "sb", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout) == [
        {"rank": 1, "name": "B", "points": 2, "tiebreaks": {"sb": 2.5}},
        {"rank": 2, "name": "A", "points": 1.5, "tiebreaks": {"sb": 2.75}},
        {"rank": 3, "name": "C", "points": 1.5, "tiebreaks": {"sb": 1.75}},
        {"rank": 4, "name": "D", "points": 1, "tiebreaks": {"sb": 1.5}},
    ]


def test_standings_with_players_file_and_several_tiebreaks(cli, chess_e3, tmp_path):
    players = tmp_path / "players.csv"
    players.write_text(
        "name,rating,games_played,country\nA,2000,30,KE\nB,1900,,\nC,1800,5,TZ\nD,,,\n"
    )
    result = cli(
        "standings",
        "--games",
        chess_e3,
        "--players",
        players,
        "--tiebreaks",
        "sb,wins,buchholz,direct-encounter",
        "--json",
    )
    assert result.exit_code == 0, result.stderr
    rows = json.loads(result.stdout)
    assert [r["name"] for r in rows] == ["B", "A", "C", "D"]
    assert set(rows[0]["tiebreaks"]) == {"sb", "wins", "buchholz", "direct-encounter"}
    assert rows[0]["tiebreaks"]["wins"] == 2


def test_standings_table_for_people(cli, chess_e3):
    result = cli("standings", "--games", chess_e3, "--tiebreaks", "sb")
    assert result.exit_code == 0, result.stderr
    assert "2.75" in result.stdout


def test_standings_with_3_1_0_points(cli, chess_e3):
    result = cli("standings", "--games", chess_e3, "--points", "3,1,0", "--json")
    assert result.exit_code == 0, result.stderr
    assert [r["points"] for r in json.loads(result.stdout)] == [6, 4, 4, 3]


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        ("round,white,black,result\n1,A,B,2-0\n", "line 2"),
        ("round,white,black,result\n1,A,B,1-0\n1,A,C,0-1\n", "paired twice in round 1"),
        ("round,white,black\n1,A,B\n", "missing column"),
        ("round,white,black,result\nx,A,B,1-0\n", "not a whole number"),
        ("round,white,black,result\n1,A,A,1-0\n", "against themselves"),
        (
            "round,white,black,result,encounter\n1,A,B,1-0,m\n2,C,B,1-0,m\n",
            "encounter 'm' is between 'A' and 'B'",
        ),
    ],
)
def test_standings_malformed_games_name_file_line_and_problem(cli, tmp_path, content, fragment):
    path = tmp_path / "bad.csv"
    path.write_text(content)
    result = cli("standings", "--games", path, "--tiebreaks", "sb")
    assert result.exit_code == 3
    assert "bad.csv" in result.stderr
    assert fragment in result.stderr


def test_standings_unknown_result_code_names_the_code(cli, tmp_path):
    path = tmp_path / "g.csv"
    path.write_text("round,white,black,result\n1,A,B,1-0\n2,A,B,draw\n")
    result = cli("standings", "--games", path)
    assert result.exit_code == 3
    assert "g.csv, line 3" in result.stderr
    assert "'draw'" in result.stderr


def test_standings_unknown_player_against_players_file(cli, chess_e3, tmp_path):
    players = tmp_path / "players.csv"
    players.write_text("name\nA\nB\nC\n")
    result = cli("standings", "--games", chess_e3, "--players", players)
    assert result.exit_code == 3
    assert "unknown player 'D'" in result.stderr


def test_standings_players_file_errors(cli, chess_e3, tmp_path):
    players = tmp_path / "players.csv"
    players.write_text("name,rating\nA,high\n")
    result = cli("standings", "--games", chess_e3, "--players", players)
    assert result.exit_code == 3
    assert "players.csv, line 2" in result.stderr
    assert "rating" in result.stderr


def test_standings_unknown_tiebreak(cli, chess_e3):
    result = cli("standings", "--games", chess_e3, "--tiebreaks", "sb,elo")
    assert result.exit_code == 3
    assert "elo" in result.stderr


def test_standings_bad_points(cli, chess_e3):
    result = cli("standings", "--games", chess_e3, "--points", "1,x,0")
    assert result.exit_code == 3


def test_standings_missing_file(cli, tmp_path):
    result = cli("standings", "--games", tmp_path / "nope.csv")
    assert result.exit_code == 5
    assert "nope.csv" in result.stderr


def test_standings_needs_exactly_one_source(cli):
    result = cli("standings", "--tiebreaks", "sb")
    assert result.exit_code == 2


def test_standings_accepts_fide_acronyms_and_keeps_the_given_names(cli, chess_e3):
    result = cli("standings", "--games", chess_e3, "--tiebreaks", "SB,BH", "--json")
    assert result.exit_code == 0, result.stderr
    rows = json.loads(result.stdout)
    assert rows[1]["tiebreaks"] == {"SB": 2.75, "BH": rows[1]["tiebreaks"]["BH"]}


FULL_TRF = "t016p07r_mixed_s1016100_full.trf"


def test_standings_of_a_trf_tournament(cli):
    fixtures = shared_folder("fixtures", "dutch")
    result = cli("standings", "--trf", fixtures / FULL_TRF, "--tiebreaks", "buchholz,sb", "--json")
    assert result.exit_code == 0, result.stderr
    rows = json.loads(result.stdout)
    assert len(rows) == 16
    assert [r["rank"] for r in rows] == sorted(r["rank"] for r in rows)
    points = [r["points"] for r in rows]
    assert points == sorted(points, reverse=True)
    assert set(rows[0]["tiebreaks"]) == {"buchholz", "sb"}


def test_standings_trf_and_games_together_is_a_usage_error(cli, chess_e3, tmp_path):
    result = cli("standings", "--games", chess_e3, "--trf", tmp_path / "x.trf")
    assert result.exit_code == 2


def test_standings_shared_rank_is_marked_for_people(cli, tmp_path):
    path = tmp_path / "g.csv"
    path.write_text("round,white,black,result\n1,A,B,1/2-1/2\n")
    result = cli("standings", "--games", path)
    assert result.exit_code == 0
    assert "=1" in result.stdout
    data = json.loads(cli("standings", "--games", path, "--json").stdout)
    assert [r["rank"] for r in data] == [1, 1]


TEC = "t007p05r_mixed_s1007100"


def _tec_column(code: str) -> list[float]:
    lines = (shared_folder("fixtures", "tiebreaks-tec") / f"{TEC}.tec.tsv").read_text().splitlines()
    header = lines[0].split("\t")
    rows = sorted((line.split("\t") for line in lines[1:]), key=lambda r: int(r[0]))
    return [float(r[header.index(code)]) for r in rows]


def test_standings_fide_codes_from_a_trf_equal_the_checker(cli):
    """Issue 28 item 3: `standings --trf` with FIDE codes (both spellings, both rule
    versions) gives the TEC checker's values."""
    trf = shared_folder("fixtures", "tiebreaks-tec") / f"{TEC}.trf"
    codes = "BH,BH/C1,SB-C1,FB:fide2023,BH-M2,AOB,PTP"
    result = cli("standings", "--trf", trf, "--tiebreaks", codes, "--json")
    assert result.exit_code == 0, result.stderr
    rows = json.loads(result.stdout)
    by_start = sorted(rows, key=lambda r: int(r["name"].removeprefix("Test0").split()[0]))
    for ours, theirs in (("BH", "BH"), ("BH/C1", "BH/C1"), ("FB:fide2023", "FB/V2024")):
        assert [r["tiebreaks"][ours] for r in by_start] == _tec_column(theirs), ours
    assert [r["tiebreaks"]["AOB"] for r in by_start] == _tec_column("AOB")
    assert [r["tiebreaks"]["PTP"] for r in by_start] == _tec_column("PTP")
    assert result.stderr == ""


def test_standings_help_lists_every_fide_code(cli):
    """Issue 28 item 8: every new code and parameter in `standings --help`."""
    from mashindano.engine.tiebreaks import FIDE_TIEBREAK_CODES

    result = cli("standings", "--help")
    text = " ".join(result.stdout.split())
    for code in FIDE_TIEBREAK_CODES:
        assert re.search(rf"\b{code}[,;]", text), code
    assert "--unrated-rating" in text
    assert ":fide2023" in text


# Fixed-width player lines: name at 15, rating at 49, points at 81, rounds from 92.
UNRATED_PLAYERS = (
    ("1", "Alpha", "2000", "1.5", "1", "    2 w 1     3 b ="),
    ("2", "Beta", "   0", "0.5", "3", "    1 b 0  0000 - H"),
    ("3", "Gamma", "1800", "1.5", "1", " 0000 - U     1 w ="),
)
UNRATED_TRF = "012 Unrated\n" + "".join(
    f"001 {n:>4}      {name:<34}{rating:>4}{points:>32}{rank:>5} {rounds}\n"
    for n, name, rating, points, rank, rounds in UNRATED_PLAYERS
)


def test_standings_drops_rating_codes_with_unrated_players_unless_rated(cli, tmp_path):
    """Issue 28 item 3: a rating of 0 is unrated; ARO and TPR are dropped with a note
    unless --unrated-rating rates the unrated."""
    trf = tmp_path / "unrated.trf"
    trf.write_text(UNRATED_TRF)
    result = cli("standings", "--trf", trf, "--tiebreaks", "BH,ARO,TPR", "--json")
    assert result.exit_code == 0, result.stderr
    rows = json.loads(result.stdout)
    assert {r["tiebreaks"]["ARO"] for r in rows} == {None}
    assert "ARO dropped" in result.stderr
    assert "TPR dropped" in result.stderr
    assert "--unrated-rating" in result.stderr
    rated = cli(
        "standings", "--trf", trf, "--tiebreaks", "ARO", "--unrated-rating", "1500", "--json"
    )
    assert rated.exit_code == 0, rated.stderr
    assert rated.stderr == ""
    alpha = next(r for r in json.loads(rated.stdout) if r["name"] == "Alpha")
    assert alpha["tiebreaks"]["ARO"] == 1650  # Beta 1500 (unrated), Gamma 1800
