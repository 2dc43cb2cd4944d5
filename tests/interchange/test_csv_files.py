from __future__ import annotations

from fractions import Fraction

import pytest

from mashindano.engine.errors import ParseError
from mashindano.engine.model import ByeKind, GameResult
from mashindano.interchange.games_csv import parse_games_csv, parse_games_sections
from mashindano.interchange.players_csv import format_players_csv, parse_players_csv


def test_players_csv_reads_optional_columns():
    players = parse_players_csv("name,rating,games_played,country\nAmani,2069,689,KE\nZawadi,,,\n")
    assert [(p.name, p.rating, p.games_played, p.country, p.number) for p in players] == [
        ("Amani", 2069, 689, "KE", 1),
        ("Zawadi", None, None, None, 2),
    ]


def test_players_csv_name_only_and_blank_lines():
    players = parse_players_csv("name\nA\n\nB\n")
    assert [p.name for p in players] == ["A", "B"]


def test_players_csv_round_trip():
    text = "name,rating,games_played,country\nA,2000,3,KE\nB,,,\n"
    assert format_players_csv(parse_players_csv(text)) == text


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("rating\n2000\n", "line 1: missing column 'name'"),
        ("name,elo\nA,2000\n", "unknown column(s) elo"),
        ("name,rating\nA,high\n", "line 2: rating 'high' is not a whole number"),
        ("name,rating\nA,-5\n", "must not be negative"),
        ("name\nA\nA\n", "line 3: duplicate player 'A' (first on line 2)"),
        ("name,rating\n,2000\n", "line 2: empty name"),
        ("name,rating\nA,1,2\n", "line 2: too many fields"),
    ],
)
def test_players_csv_errors_name_line_and_problem(text, fragment):
    with pytest.raises(ParseError) as caught:
        parse_players_csv(text, source="p.csv")
    assert fragment in caught.value.message
    assert caught.value.message.startswith("p.csv")


def test_games_csv_games_and_byes():
    players, games, byes = parse_games_csv(
        "round,white,black,result\n1,A,B,1-0\n1,C,,\n2,B,C,1/2-1/2\n2,A,,H\n3,C,A,+-\n3,B,,R\n"
    )
    assert [p.name for p in players] == ["A", "B", "C"]
    assert [(g.round, g.first, g.second, g.result) for g in games] == [
        (1, "A", "B", GameResult.FIRST_WINS),
        (2, "B", "C", GameResult.DRAW),
        (3, "C", "A", GameResult.FIRST_WINS_BY_FORFEIT),
    ]
    assert [(b.round, b.competitor, b.kind) for b in byes] == [
        (1, "C", ByeKind.PAIRING_ALLOCATED),
        (2, "A", ByeKind.HALF_POINT),
        (3, "B", ByeKind.SIT_OUT),
    ]


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("round,white,black,result\n1,A,B,2-0\n", "line 2: unknown result code '2-0'"),
        ("round,white,black,result\n1,A,B,1-0\n1,B,C,1-0\n", "line 3: 'B' is paired twice"),
        ("round,white,black,result\n1,A,,\n1,A,B,1-0\n", "paired twice in round 1"),
        ("round,white,result\n1,A,1-0\n", "missing column(s) black"),
        ("round,white,black,result\n0,A,B,1-0\n", "round must be 1 or more"),
        ("round,white,black,result\n1,,B,1-0\n", "empty white"),
        ("round,white,black,result\n1,A,,Q\n", "'Q' is not a bye code"),
    ],
)
def test_games_csv_errors_name_line_and_problem(text, fragment):
    with pytest.raises(ParseError) as caught:
        parse_games_csv(text, source="g.csv")
    assert fragment in caught.value.message


def test_games_csv_encounter_labels_group_games():
    _, games, _ = parse_games_csv(
        "round,white,black,result,encounter\n"
        "1,A,B,1-0,x\n1,B,A,1-0,x\n1,C,D,0-1,\n2,A,C,1-0,y\n2,C,A,1/2-1/2,y\n3,B,D,1-0,x2\n"
    )
    assert [(g.round, g.first, g.second, g.encounter) for g in games] == [
        (1, "A", "B", 1),
        (1, "B", "A", 1),
        (1, "C", "D", None),
        (2, "A", "C", 2),
        (2, "C", "A", 2),
        (3, "B", "D", 3),
    ]


def test_games_csv_without_encounter_column_has_no_ids():
    _, games, _ = parse_games_csv("round,white,black,result\n1,A,B,1-0\n2,B,A,1-0\n")
    assert [g.encounter for g in games] == [None, None]


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        (
            "round,white,black,result,encounter\n1,A,B,1-0,x\n1,A,C,1-0,x\n",
            "line 3: encounter 'x' is between 'A' and 'B' (line 2), not 'A' and 'C'",
        ),
        (
            "round,white,black,result,encounter\n1,A,B,1-0,x\n1,B,A,1-0,\n",
            "line 3: 'B' is paired twice in round 1 (already on line 2; several games in one "
            "round need an encounter label on each)",
        ),
        ("round,white,black,result,encounter\n1,A,,,x\n", "line 2: a bye has no encounter"),
        (
            "round,white,black,result,encounter\n1,A,B,1-0,x\n1,A,,,\n",
            "line 3: 'A' is paired twice in round 1",
        ),
    ],
)
def test_games_csv_encounter_errors_name_line_and_problem(text, fragment):
    with pytest.raises(ParseError) as caught:
        parse_games_csv(text, source="g.csv")
    assert fragment in caught.value.message


def test_games_csv_checks_names_against_players():
    roster = parse_players_csv("name\nA\nB\n")
    with pytest.raises(ParseError, match="line 2: unknown player 'C'"):
        parse_games_csv("round,white,black,result\n1,A,C,1-0\n", competitors=roster)


SECTIONED = (
    "round,white,black,result,encounter,section,white_tps,black_tps\n"
    "1,A,B,1-0,m1,main,12.4,7.6\n"
    "1,B,A,0-1,m1,main,5,15\n"
    "1,C,,U,,main,,\n"
    "2,B,C,1-0,p1,plate,20,0\n"
    "2,A,C,1-0,m2,main,11,9\n"
)


def test_games_csv_sections_and_tps():
    """Issue 21 item 4: `section` splits the file into tables (a player may play in two
    sections of one round); `white_tps,black_tps` are summed per player of a section."""
    main, plate = parse_games_sections(SECTIONED)
    assert (main.label, plate.label) == ("main", "plate")
    assert [c.name for c in main.competitors] == ["A", "B", "C"]
    assert [c.name for c in plate.competitors] == ["B", "C"]
    assert main.tps == {"A": Fraction(62, 5) + 15 + 11, "B": Fraction(38, 5) + 5, "C": 9}
    assert plate.tps == {"B": 20, "C": 0}
    assert [b.kind for b in main.byes] == [ByeKind.PAIRING_ALLOCATED]
    # Without sections, every game in one table (the file as before).
    _, games, _ = parse_games_csv(SECTIONED)
    assert len(games) == 4


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ("1,A,B,1-0,,,12.4,\n", "line 2: give both white_tps and black_tps or neither"),
        ("1,A,B,1-0,,,x,3\n", "line 2: white_tps 'x' is not a number of points"),
        ("1,A,B,1-0,,,-1,3\n", "line 2: white_tps '-1' is not a number of points"),
        ("1,A,B,1-0,,,1,3/0\n", "line 2: black_tps '3/0' is not a number of points"),
    ],
)
def test_games_csv_refuses_bad_tps(row: str, message: str):
    header = "round,white,black,result,encounter,section,white_tps,black_tps\n"
    with pytest.raises(ParseError, match=message):
        parse_games_sections(header + row, source="g.csv")
