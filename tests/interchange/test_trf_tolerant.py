"""issue 28 item 1: TRF files as Swiss-Manager, Vega, lichess, Sharly Chess, JaVaFo and
bbpPairings write them. Each oddity in what only informs is read past with a warning naming its
line (and shows what was read); reading strictly refuses each one; what decides stays strict.

Every file is a minimal one built here, column by column, independent of our writer.
"""

from __future__ import annotations

import re
from datetime import date
from fractions import Fraction

import pytest

from mashindano.engine.errors import ParseError
from mashindano.engine.model import ByeKind, GameResult
from mashindano.engine.points import PointSystem
from mashindano.interchange.trf import trf_to_stage_results
from mashindano.interchange.trf_model import TrfRoundEntry, TrfTournament
from mashindano.interchange.trf_read import KEPT_RECORDS, RECORD_HANDLERS, parse_trf


def line_001(
    rank: int,
    points: str,
    *blocks: str,
    sex: str = " ",
    title: str = "",
    name: str = "",
    rating: str = "",
    fide_id: str = "",
    birth: str = "",
    place: str = "",
) -> str:
    head = (
        f"001 {rank:>4} {sex}{title:>3} {name or f'Player, {rank}':<33} {rating:>4} "
        f"{'':<3} {fide_id:>11} {birth:<10} {points:>4} {place:>4}  "
    )
    assert len(head) == 91
    return (head + "  ".join(blocks)).rstrip()


PLAYERS = [
    line_001(1, "1.0", "   2 w 1", rating="2100"),
    line_001(2, "0.0", "   1 b 0", rating="2000"),
]


def trf(*lines: str) -> str:
    return "\n".join(lines) + "\n"


BASE = trf("012 Open", *PLAYERS)


def read(text: str) -> tuple[TrfTournament, list[str]]:
    """The tournament read leniently, its warnings as `line N: ...`, and a check that reading
    strictly refuses the first warning, naming its line."""
    t = parse_trf(text, source="x.trf")
    found = [str(w) for w in t.warnings]
    if found:
        with pytest.raises(ParseError) as refused:
            parse_trf(text, source="x.trf", strict=True)
        assert str(refused.value) == f"x.trf, {found[0]} (refused: strict reading)"
        assert refused.value.params["line"] == t.warnings[0].line
    return t, found


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("May 10, 2020", date(2020, 5, 10)),
        ("Sep 24, 2010", date(2010, 9, 24)),
        ("10 May 2020", date(2020, 5, 10)),
        ("28. 07. 2005", date(2005, 7, 28)),
        ("28.07.2005", date(2005, 7, 28)),
        ("24/09/2010", date(2010, 9, 24)),
        ("09/24/2010", date(2010, 9, 24)),
        ("2020/5/10", date(2020, 5, 10)),
    ],
)
def test_header_dates_in_any_common_form_are_read_with_a_warning(
    written: str, expected: date
) -> None:
    t, found = read(trf(f"042 {written}", *PLAYERS))
    assert t.start_date == expected
    assert found == [f"line 1: 042 date {written!r} read as {expected:%Y/%m/%d}"]


@pytest.mark.parametrize("written", ["2020/05/10", "2020-05-10", "2020.05.10"])
def test_header_dates_year_first_need_no_warning(written: str) -> None:
    t, found = read(trf(f"052 {written}", *PLAYERS))
    assert (t.end_date, found) == (date(2020, 5, 10), [])


def test_a_header_date_that_is_no_date_is_ignored_with_a_warning() -> None:
    t, found = read(trf("042 sometime in May", *PLAYERS))
    assert t.start_date is None
    assert found == ["line 1: 042 date 'sometime in May' is not a date: ignored"]


@pytest.mark.parametrize(
    ("written", "stored"),
    [("1990.01.31", "1990/01/31"), ("31.01.1990", "1990/01/31"), ("1990-1-31", "1990/01/31")],
)
def test_birth_dates_with_dots_are_read_with_a_warning(written: str, stored: str) -> None:
    t, found = read(trf(line_001(1, "0.0", birth=written)))
    assert t.players[0].birth_date == stored
    assert found == [f"line 1: player 1: birth date {written!r} read as {stored}"]


@pytest.mark.parametrize("sex", ["f", "F"])
def test_sex_f_is_read_as_w_with_a_warning(sex: str) -> None:
    t, found = read(trf(line_001(1, "0.0", sex=sex)))
    assert t.players[0].sex == "w"
    assert found == [f"line 1: player 1: sex {sex!r} in column 10 read as w"]


@pytest.mark.parametrize(("sex", "stored"), [("M", "m"), ("W", "w"), ("m", "m"), ("w", "w")])
def test_sex_m_and_w_in_either_case_need_no_warning(sex: str, stored: str) -> None:
    t, found = read(trf(line_001(1, "0.0", sex=sex)))
    assert (t.players[0].sex, found) == (stored, [])


def test_blank_lines_inside_the_file_are_skipped_with_a_warning() -> None:
    t, found = read(trf("012 Open", "", PLAYERS[0], "   ", PLAYERS[1], "", ""))
    assert [p.starting_rank for p in t.players] == [1, 2]
    assert found == ["line 2: blank line skipped", "line 4: blank line skipped"]


@pytest.mark.parametrize(
    "ruler",
    [
        "".join(f"{n:>10}" for n in range(1, 10)),
        "1234567890" * 11,
    ],
)
def test_column_ruler_lines_are_skipped_with_a_warning(ruler: str) -> None:
    t, found = read(trf("012 Open", ruler, *PLAYERS))
    assert (t.name, len(t.players), t.other_lines) == ("Open", 2, ())
    assert found == ["line 2: column ruler skipped"]


def test_swiss_manager_column_legend_is_skipped_with_a_warning() -> None:
    legend = (
        "DDD SSSS sTTT NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN RRRR FFF IIIIIIIIIII BBBB/BB/BB "
        "PPPP RRRR  1111 1 1  2222 2 2"
    )
    t, found = read(trf("012 Open", legend, *PLAYERS))
    assert (len(t.players), t.other_lines) == (2, ())
    assert found == ["line 2: column legend line (DDD SSSS ...) skipped"]


@pytest.mark.parametrize("comment", ["# exported by hand", "// Vega", "; note"])
def test_comment_lines_are_skipped_with_a_warning(comment: str) -> None:
    t, found = read(trf(comment, *PLAYERS))
    assert (len(t.players), t.comments) == (2, ())
    assert found == ["line 1: comment line skipped (TRF comments start with ###)"]


def test_trf26_comments_need_no_warning() -> None:
    t, found = read(trf("### made by hand", *PLAYERS))
    assert (t.comments, found) == ((" made by hand",), [])


def test_unknown_records_are_kept_with_a_warning() -> None:
    t, found = read(trf(*PLAYERS, "ZZZ something new", "TSE 1 2"))
    assert t.other_lines == ("ZZZ something new", "TSE 1 2")
    assert found == [
        "line 3: unknown record ZZZ: kept as it is, not read",
        "line 4: unknown record TSE: kept as it is, not read",
    ]


def test_known_records_read_elsewhere_are_kept_without_a_warning() -> None:
    # 062 and the like: kept verbatim, no warning; 192 (pairing system) and the acceleration
    # records XXA/250 are read (Baku acceleration), without a warning either.
    extra = ("062 2", "192 FIDE_DUTCH_2026", "XXA    1  1.0", "250 00.0 01.0 001 001 0001 0001")
    t, found = read(trf(*PLAYERS, *extra))
    assert (t.other_lines, found) == (("062 2",), [])
    assert t.encoded_type == "FIDE_DUTCH_2026"
    assert t.accelerations
    assert t.acceleration_records
    assert {"XXA", "250", "192"} <= RECORD_HANDLERS.keys()
    assert "062" in KEPT_RECORDS


def test_a_tab_in_an_informing_record_is_a_blank_with_a_warning() -> None:
    t, found = read(trf("012 Club\tOpen", *PLAYERS))
    assert t.name == "Club Open"
    assert found == ["line 1: tab character at column 9 read as a blank"]
    with pytest.raises(ParseError, match="line 3: tab character at column 6"):
        parse_trf(trf(*PLAYERS, "XXZ 1\t2"))


def test_a_second_information_record_is_ignored_with_a_warning() -> None:
    t, found = read(trf("012 Open", "012 Open again", *PLAYERS))
    assert t.name == "Open"
    assert found == ["line 2: second 012 record ignored (the first is on line 1)"]


def test_extra_columns_next_to_informing_fields_are_warnings() -> None:
    # A 12-digit id runs into column 69; a 5-digit rank into column 90.
    line = line_001(1, "0.0", fide_id="12345678901", place="1")
    line = line[:68] + "2" + line[69:89] + "7" + line[90:]
    t, found = read(trf(line))
    assert (t.players[0].fide_id, t.players[0].rank) == ("12345678901", 1)
    assert found == [
        "line 1: player 1: column 69 should be blank, found '2' (ignored)",
        "line 1: player 1: column 90 should be blank, found '7' (ignored)",
    ]


def test_informing_player_fields_that_are_not_numbers_or_letters_are_warnings() -> None:
    line = line_001(1, "0.0", title="G1", fide_id="ABC", place="x")
    t, found = read(trf(line))
    p = t.players[0]
    assert (p.title, p.fide_id, p.rank) == (None, None, None)
    assert found == [
        "line 1: player 1: title 'G1' is not letters: ignored",
        "line 1: player 1: FIDE id 'ABC' (columns 58-68) is not a number: ignored",
        "line 1: player 1: rank 'x' in columns 86-89 is not a number: ignored",
    ]


def test_round_dates_shifted_one_column_are_read_in_order_with_a_warning() -> None:
    shifted = "132" + " " * 87 + "25/09/01  25/09/02"
    t, found = read(trf(shifted, *PLAYERS))
    assert t.round_dates == ("25/09/01", "25/09/02")
    assert found == ["line 1: 132 round dates are not at columns 92, 102, ...: read in order"]


def test_round_dates_in_another_form_are_read_with_a_warning() -> None:
    t, found = read(trf("132" + " " * 88 + "2025/09/01", *PLAYERS))
    assert t.round_dates == ("25/09/01",)
    assert found == ["line 1: 132 round 1 date '2025/09/01' read as 25/09/01"]


def test_pairing_allocated_bye_written_0000_dash_plus_is_a_pab_scored_as_the_file_says() -> None:
    # JaVaFo writes the PAB as `0000 - +`; bbpPairings reads it as the PAB.
    players = [*PLAYERS, line_001(3, "0.5", "0000 - +")]
    t, found = read(trf(*players, "162  W 1.0    D 0.5    L 0.0    P 0.5"))
    assert t.players[2].rounds == (TrfRoundEntry(None, None, "U"),)
    assert found == [
        "line 3: player 3 round 1: '0000 - +' read as '0000 - U' "
        "(the pairing-allocated bye), as bbpPairings reads it"
    ]
    results = trf_to_stage_results(t)
    (bye,) = [b for b in results.byes if b.competitor == "3"]
    assert bye.kind is ByeKind.PAIRING_ALLOCATED
    assert bye.kind.points(results.points) == Fraction(1, 2)


def test_a_forfeit_with_the_colour_on_one_line_only_is_kept_as_a_forfeit() -> None:
    players = [line_001(1, "1.0", "   2 w +"), line_001(2, "0.0", "   1 - -")]
    t, found = read(trf(*players))
    assert t.players[1].rounds == (TrfRoundEntry(1, "b", "-"),)
    assert found == [
        "line 2: player 2 round 1: forfeit without a colour against 1 (whose line says w): "
        "read as b"
    ]
    (game,) = trf_to_stage_results(t).games
    assert (game.first, game.second, game.result) == ("1", "2", GameResult.FIRST_WINS_BY_FORFEIT)


def test_forfeits_without_any_colour_need_no_warning() -> None:
    players = [line_001(1, "1.0", "   2 - +"), line_001(2, "0.0", "   1 - -")]
    t, found = read(trf(*players))
    assert found == []
    assert trf_to_stage_results(t).games[0].result is GameResult.FIRST_WINS_BY_FORFEIT


def test_a_game_in_progress_as_lichess_writes_it_is_a_game_not_played_yet() -> None:
    players = [line_001(1, "0.0", "   2 w Z"), line_001(2, "0.0", "   1 b Z")]
    t, found = read(trf(*players))
    assert t.players[0].rounds == (TrfRoundEntry(2, "w", ""),)
    assert found[0].startswith("line 1: player 1 round 1: result 'Z' against opponent 2")
    assert trf_to_stage_results(t).games[0].result is GameResult.NOT_PLAYED


def test_points_column_that_is_no_number_is_a_warning() -> None:
    t, found = read(trf(line_001(1, "1,5")))
    assert t.players[0].points is None
    assert found == [
        "line 1: player 1: points '1,5' (columns 81-84) is not a number of points like "
        "11.5: ignored"
    ]


def test_xxs_scoring_3_1_0_is_recognised_and_checks_the_points_column() -> None:
    players = [
        line_001(1, "4.0", "   2 w 1", "   3 b ="),
        line_001(2, "0.0", "   1 b 0"),
        line_001(3, "1.0", "0000 - Z", "   1 w ="),
    ]
    t, found = read(trf(*players, "XXS W=3 D=1 L=0"))
    assert found == []
    results = trf_to_stage_results(t)
    assert (results.points.win, results.points.draw) == (3, 1)
    wrong = trf(*[players[0].replace(" 4.0 ", " 1.5 "), *players[1:]], "XXS W=3 D=1")
    _, found = read(wrong)
    assert found == [
        "line 1: player 1: points column says 1.5 but the results give 4.0 (the results count)"
    ]


def test_xxs_that_scores_the_colours_differently_is_refused() -> None:
    with pytest.raises(ParseError, match=r"line 3: XXS gives WW=1 but BW=2"):
        parse_trf(trf(*PLAYERS, "XXS WW=1 BW=2"))


def test_scoring_3_1_0_named_in_record_092_is_used_with_a_warning() -> None:
    players = [line_001(1, "3.0", "   2 w 1"), line_001(2, "0.0", "   1 b 0")]
    t, found = read(trf("092 Individual Swiss, scoring 3-1-0", *players))
    assert found == [
        "line 1: 092 names the scoring 3-1-0: results counted so (a win 3, a draw 1, a loss 0)"
    ]
    assert trf_to_stage_results(t).points == PointSystem(win=Fraction(3), draw=Fraction(1))


def test_a_date_in_record_092_is_no_scoring() -> None:
    t, found = read(trf("092 Swiss 2020-05-10", *PLAYERS))
    assert (found, trf_to_stage_results(t).points) == ([], PointSystem())


@pytest.mark.parametrize(
    "record",
    [
        "013 Team A                              1    2",
        "310   1 Team A                           TA      2382    7.0    7.0   1     1    2",
        "320  1.0  1.0 007 004 002 006",
    ],
)
def test_a_team_tournament_file_is_refused_as_such(record: str) -> None:
    with pytest.raises(ParseError) as refused:
        parse_trf(trf(*PLAYERS, record), source="team.trf")
    assert str(refused.value) == (
        f"team.trf, line 3: team tournament file (record {record[:3]}): "
        "team events are not supported yet"
    )


@pytest.mark.parametrize(
    ("block", "expected"),
    [
        ("   2 w Q", "player 1 round 1: result 'Q' is not a TRF result code"),
        ("   2 - 1", "player 1 round 1: played game (result '1') needs colour w or b"),
        ("   2 w =", "player 1 says he played 2 in round 1 with result '='"),
        ("   3 w 1", "player 1 round 1: opponent 0003 is not a player"),
    ],
)
def test_a_truly_broken_result_line_still_refuses_the_whole_file(block: str, expected: str) -> None:
    with pytest.raises(ParseError, match=re.escape("line 1: " + expected)):
        parse_trf(trf(line_001(1, "1.0", block), PLAYERS[1]))
