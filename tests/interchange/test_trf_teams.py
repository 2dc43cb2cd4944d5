"""Issue 32 item 5: TRF-26 team records (310, 320, 330, 300, 352, 362) read and written, TRF-16
team files (013) in both shapes read, team files turned into team events and back
(fide_teams.md §8, §9).

Round trips: a TRF-26 team file made here comes back byte for byte; the four TEC fixture files
come back field for field (the writer writes LF line ends and its own record order, and adds
XXR next to 142), and every line of theirs is written again as it was.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from mashindano.engine.errors import ParseError
from mashindano.engine.model import Side
from mashindano.engine.teams.model import BoardResult, MatchForfeit, RoundKind, TeamByeKind
from mashindano.engine.teams.tiebreaks import compute_team_tiebreaks
from mashindano.interchange.trf_read import parse_trf
from mashindano.interchange.trf_teams import team_event_to_trf, trf_to_team_event
from mashindano.interchange.trf_write import format_trf

from ..shared_folders import shared_folder

FOLDER = shared_folder("fixtures", "team-tiebreaks-tec")


def _p(rank: int, sex: str, name: str, rating: int, *blocks: str) -> str:
    """A 001 line (fixed columns) with the round blocks `blocks` (each 8 wide)."""
    head = f"001 {rank:>4} {sex}    {name:<33} {rating:>4} KEN".ljust(91)
    return (head + "".join(b.rjust(8) + "  " for b in blocks)).rstrip()


def _t(number: int, name: str, nickname: str, *players: int) -> str:
    """A 310 line: number 5-7, name 9-40, nickname 42-46, players from column 74."""
    head = f"310 {number:>3} {name:<32} {nickname:<5}".ljust(72)
    return head + "".join(f" {p:>4}" for p in players)


PLAYER_LINES = {
    1: _p(1, "w", "Otieno, Amina", 2010, "10 w 1", "7 b 1"),
    2: _p(2, "m", "Kamau, Brian", 1950, "11 b ="),
    3: _p(3, "w", "Wanjiru, Cecilia", 1900, "", "8 w ="),
    4: _p(4, "m", "Mwangi, David", 1980, "8 b 0", "13 w -"),
    5: _p(5, "w", "Achieng, Esther", 1940, "7 w 1", "14 b -"),
    6: _p(6, "m", "Kiprop, Felix", 1800),
    7: _p(7, "w", "Njeri, Grace", 1990, "5 b 0", "1 w 0"),
    8: _p(8, "m", "Omondi, Henry", 1970, "4 w 1", "3 b ="),
    9: _p(9, "w", "Chebet, Irene", 1850),
    10: _p(10, "m", "Mutua, James", 1960, "1 b 0"),
    11: _p(11, "w", "Wambui, Karen", 1920, "2 w ="),
    12: _p(12, "m", "Kibet, Leon", 1870),
    13: _p(13, "w", "Akinyi, Mercy", 1930, "0000 - U", "4 b +"),
    14: _p(14, "m", "Kariuki, Noah", 1890, "0000 - U", "5 w +"),
    15: _p(15, "w", "Nyambura, Olive", 1860),
}
TEAM_LINES = {
    k: _t(k, f"Team {c}", f"T{c}", 3 * k - 2, 3 * k - 1, 3 * k)
    for k, c in enumerate("ABCDE", start=1)
}


def _swiss(players: dict[int, str] | None = None, teams: dict[int, str] | None = None) -> str:
    lines = [
        "012 Nairobi Team Swiss",
        "022 Nairobi",
        "032 KEN",
        "092 Team Swiss",
        "102 Arbiter, Alice",
        "142 2",
        "162  W 1.0    D 0.5    L 0.0    A 0.0    P 0.5",
        "352 WB",
        "362 TW 2.0   TD 1.0   TL 0.0",
        *(PLAYER_LINES | (players or {})).values(),
        *(TEAM_LINES | (teams or {})).values(),
        "320  1.0  1.0 005 000",
        "330 -+ 002 002 005",
        "300 001 003 002 0008 0007",
        "XXR 2",
        "082 5",
    ]
    return "\n".join(lines) + "\n"


SWISS = _swiss()
"""Five teams of three (two boards and a reserve), two rounds: team C plays round 1 out of its
roster order (record 300), team E has the PAB in round 1 (320) and wins round 2 by forfeit
(330), team A plays round 2 with its reserve on board 2, team D is not paired in round 2."""


def test_a_trf26_team_file_round_trips_byte_for_byte():
    """§8: read with teams=True and written as TRF-26, the file is the same text."""
    t = parse_trf(SWISS, source="swiss.trf", teams=True)
    assert t.warnings == ()
    assert format_trf(t, version="26") == SWISS
    assert parse_trf(format_trf(t, version="26"), teams=True) == t


def test_the_team_records_read_field_by_field():
    """§8.3-§8.6, §8.1: 310, 320, 330, 300, 352, 362 as their columns say."""
    t = parse_trf(SWISS, teams=True)
    assert [(team.number, team.name, team.nickname, team.players) for team in t.teams][2] == (
        3,
        "Team C",
        "TC",
        (7, 8, 9),
    )
    assert t.team_pab is not None
    assert (t.team_pab.match_points, t.team_pab.game_points, t.team_pab.teams) == (1, 1, (5, None))
    assert [(m.kind, m.round, m.white, m.black) for m in t.forfeited_matches] == [("-+", 2, 2, 5)]
    assert [(o.round, o.team, o.opponent, o.players) for o in t.team_orders] == [(1, 3, 2, (8, 7))]
    assert t.board_colours == "WB"
    assert t.match_scoring == (("TW", 2), ("TD", 1), ("TL", 0))


def test_the_team_event_of_the_file():
    """§9.2, §3.5, §5.2, §2.2: matches rebuilt from the games, boards in roster order unless
    a 300 record says otherwise, the PAB from 320, the forfeited match from 330."""
    reading = trf_to_team_event(parse_trf(SWISS, teams=True))
    assert reading.warnings == ()
    event = reading.event
    assert (event.boards, event.rounds, event.round_robin) == (2, 2, False)
    by_round = {(m.round, m.home, m.away): m for m in event.matches}
    assert set(by_round) == {(1, 1, 4), (1, 3, 2), (2, 3, 1), (2, 2, 5)}
    out_of_order = by_round[1, 3, 2]
    assert [(b.home_player, b.away_player) for b in out_of_order.boards] == [("8", "4"), ("7", "5")]
    reserve = by_round[2, 3, 1]
    assert [b.away_player for b in reserve.boards] == ["1", "3"]
    assert [b.home_colour for b in reserve.boards] == [Side.WHITE, Side.BLACK]
    forfeit = by_round[2, 2, 5]
    assert forfeit.forfeit is MatchForfeit.AWAY_WINS
    assert {b.result for b in forfeit.boards} == {BoardResult.AWAY_WINS_BY_FORFEIT}
    (bye,) = event.byes
    assert (bye.round, bye.team, bye.kind, bye.game_points) == (1, 5, TeamByeKind.PAB, 1)
    assert [r.kind for r in event.team_rounds(4)] == [RoundKind.MATCH, RoundKind.NOT_PAIRED]
    assert {t.number: event.match_points_total(t.number) for t in event.teams} == {
        1: 4,
        2: 1,
        3: 1,
        4: 0,
        5: 3,
    }


def test_the_team_event_is_written_back_as_the_same_file():
    """§8: the event written as a TRF-26 file reads back as the same event."""
    t = parse_trf(SWISS, teams=True)
    event = trf_to_team_event(t).event
    written = team_event_to_trf(event, header=t, players={p.starting_rank: p for p in t.players})
    again = parse_trf(format_trf(written, version="26"), teams=True)
    assert trf_to_team_event(again).event == event


@pytest.mark.parametrize("name", [p.stem for p in sorted(FOLDER.glob("*.trf"))])
def test_the_tec_fixture_files_round_trip(name):
    """§8: each fixture file read, written and read again gives the same tournament, every
    one of its lines is written again, and its team event written from scratch gives the
    same text (the 310 strength, points and rank recomputed)."""
    text = (FOLDER / f"{name}.trf").read_text()
    t = parse_trf(text, source=name, teams=True)
    written = format_trf(t, version="26")
    assert parse_trf(written, teams=True) == t
    assert set(text.replace("\r", "").splitlines()) <= set(written.splitlines())
    assert set(written.splitlines()) - set(text.replace("\r", "").splitlines()) == {
        f"XXR {t.rounds}"
    }
    event = trf_to_team_event(t).event
    again = team_event_to_trf(event, header=t, players={p.starting_rank: p for p in t.players})
    assert format_trf(again, version="26") == written


def _as_trf16(text: str, shape: str) -> str:
    """The fixture as a TRF-16 team file: 013 records instead of 310, no 352/362."""
    lines = []
    for line in text.replace("\r", "").splitlines():
        if line.startswith("310"):
            name = line[8:40].strip()
            players = [int(p) for p in line[73:].split()]
            if shape == "columns":
                lines.append("013 " + name.ljust(32) + " ".join(f"{p:4d}" for p in players))
            else:
                lines.append(f"013 {name}  " + " ".join(str(p) for p in players))
        elif not line.startswith(("352", "362", "142")):
            lines.append(line)
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("shape", ["columns", "spacing"])
def test_a_trf16_team_file_imports_in_both_shapes(shape):
    """§9.1, §9.2: 013 with the players at 37-40, 42-45, ... (Swiss-Manager), or the name,
    two blanks and the starting ranks (warned); the matches rebuilt from the games give the
    same tie-breaks as the TRF-26 file."""
    text = (FOLDER / "team_swiss_8t4b5r.trf").read_text()
    t16 = parse_trf(_as_trf16(text, shape), source="cup.trf", teams=True)
    assert [team.record for team in t16.teams] == ["013"] * 8
    assert t16.teams[0].name == "Team A"
    assert t16.teams[0].players == (1, 2, 3, 4)
    odd = [w for w in t16.warnings if "not in the TRF-16 columns" in w.message]
    assert len(odd) == (8 if shape == "spacing" else 0)
    codes = ["PTS", "MPVGP", "BH:MP", "EMGSB", "BC", "SSSC"]
    ours = compute_team_tiebreaks(trf_to_team_event(t16).event, codes)
    t26 = parse_trf(text, teams=True)
    assert ours == compute_team_tiebreaks(trf_to_team_event(t26).event, codes)
    written = format_trf(t16, version="16")
    assert parse_trf(written, teams=True).teams == tuple(team for team in t16.teams)


def test_an_odd_013_shape_is_refused_when_reading_strictly():
    text = _as_trf16((FOLDER / "team_swiss_8t4b5r.trf").read_text(), "spacing")
    with pytest.raises(ParseError, match=r"not in the TRF-16 columns .*refused: strict reading"):
        parse_trf(text, source="cup.trf", teams=True, strict=True)


def test_without_teams_a_team_file_is_still_refused():
    """Individual reading is unchanged: a team file is refused as such."""
    with pytest.raises(ParseError, match="team events are not supported yet"):
        parse_trf(SWISS, source="swiss.trf")


def _swap(old: str, new: str) -> str:
    assert old in SWISS
    return SWISS.replace(old, new)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (SWISS.replace("310   2 Team B", "310  X2 Team B"), "310 team number 'X2' in columns"),
        (_swiss(teams={2: _t(2, "Team B", "TB", 4, 5, 1)}), "player 1 is in teams 1 and 2"),
        (_swiss(teams={2: _t(2, "Team B", "TB", 4, 5, 16)}), "team 2 lists player 16, who has"),
        (_swiss(teams={1: _t(1, "", "TA", 1, 2, 3)}), "310 team 1 has no name"),
        (SWISS.replace("330 -+", "330 ++"), "330 forfeit type '++' (columns 5-6) is not +-"),
        (SWISS.replace("330 -+ 002 002 005", "330 -+ 002 002 009"), "330 names team 9"),
        (SWISS.replace("320  1.0  1.0 005", "320  1.0  1.0 006"), "320 gives round 1's PAB to"),
        (SWISS.replace("TD 1.0", "TX 1.0"), "362 symbol 'TX' at column 14 is not TW, TD or TL"),
        (SWISS.replace("352 WB", "352 WX"), "352 board colours 'WX' are not letters W and B"),
        (SWISS.replace("0008 0007", "0008 0004"), "300: player 4 is not in team 3"),
        (
            _swiss(teams={5: "013 Team E".ljust(36) + "  13   14   15"}),
            "the file mixes 013 and 310 team records",
        ),
    ],
)
def test_bad_team_records_are_refused_with_their_line(text, message):
    """Deciding fields are read strictly: the error names the line and the field."""
    with pytest.raises(ParseError) as refused:
        parse_trf(text, source="swiss.trf", teams=True)
    assert re.fullmatch(r"swiss\.trf, line [0-9]+: .*", str(refused.value))
    assert message in str(refused.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            _swiss(
                players={
                    1: _p(1, "w", "Otieno, Amina", 2010, "2 w 1", "7 b 1"),
                    2: _p(2, "m", "Kamau, Brian", 1950, "1 b 0"),
                    10: _p(10, "m", "Mutua, James", 1960),
                    11: _p(11, "w", "Wambui, Karen", 1920),
                }
            ),
            "swiss.trf: round 1: players 1 and 2 of team 1 play each other",
        ),
        (
            _swiss(
                players={
                    12: _p(12, "m", "Kibet, Leon", 1870, "15 b 0"),
                    15: _p(15, "w", "Nyambura, Olive", 1860, "12 w 1"),
                }
            ),
            "swiss.trf: round 1: team 4 plays teams 1 and 5",
        ),
        (
            SWISS.replace("320  1.0  1.0 005 000", "320  1.0  1.0 004 000"),
            "swiss.trf: round 1: players of team 5 show the pairing-allocated bye (U) but "
            "record 320 gives it to team 4",
        ),
    ],
)
def test_team_files_that_cannot_be_a_team_event_are_refused(text, message):
    """§9.2: the matches are rebuilt strictly (players of one team meeting, a team with
    two opponents in a round, a PAB that the players' lines contradict)."""
    t = parse_trf(text, source="swiss.trf", teams=True)
    with pytest.raises(ParseError) as refused:
        trf_to_team_event(t, source="swiss.trf")
    assert str(refused.value) == message


def test_odd_informative_fields_warn_and_go_on():
    """What only informs warns: an unknown header record, a 310 total that disagrees."""
    (team_a,) = [x for x in SWISS.splitlines() if x.startswith("310   1")]
    text = _swap("082 5\n", "082 5\n999 something new\n").replace(
        team_a, team_a[:54] + "   9.0" + team_a[60:]
    )
    t = parse_trf(text, source="swiss.trf", teams=True)
    assert [w.message for w in t.warnings] == ["unknown record 999: kept as it is, not read"]
    reading = trf_to_team_event(t, source="swiss.trf")
    assert [w.message for w in reading.warnings] == [
        "team 1: record 310 says 9.0 match points but the results give 4.0 (the results count)"
    ]
    assert reading.event.match_points_total(1) == Fraction(4)


EMPTY_BOARD = _swiss(
    players={
        3: _p(3, "w", "Wanjiru, Cecilia", 1900, "", "0000 - +"),
        8: _p(8, "m", "Omondi, Henry", 1970, "4 w 1"),
    }
)
"""SWISS with team C's board-2 player absent in round 2: team A's reserve wins that board
against an empty board (`0000 - +`)."""


def test_a_board_won_against_an_empty_board():
    """§2.1, §3.4: the present player's `0000 - +` is a board won by forfeit; the absent
    side has no player on it; the event is written back the same way."""
    t = parse_trf(EMPTY_BOARD, source="empty.trf", teams=True)
    assert t.warnings == ()
    event = trf_to_team_event(t).event
    (match,) = [m for m in event.matches if m.round == 2 and m.involves(1)]
    assert (match.home, match.away) == (3, 1)
    assert [(b.home_player, b.away_player, b.result) for b in match.boards] == [
        ("7", "1", BoardResult.AWAY_WINS),
        (None, "3", BoardResult.AWAY_WINS_BY_FORFEIT),
    ]
    assert match.played
    assert match.match_points(1, event.match_scheme) == 2
    written = team_event_to_trf(event, header=t, players={p.starting_rank: p for p in t.players})
    text = format_trf(written, version="26")
    assert "0000 - +" in text
    assert trf_to_team_event(parse_trf(text, teams=True)).event == event


def test_a_forfeit_win_without_a_match_is_refused():
    """§2.2: a board won without an opponent needs the team's match (or its 330 record)."""
    text = _swiss(players={10: _p(10, "m", "Mutua, James", 1960, "1 b 0", "0000 - +")})
    with pytest.raises(ParseError) as refused:
        trf_to_team_event(parse_trf(text, source="s.trf", teams=True), source="s.trf")
    assert str(refused.value) == (
        "s.trf: round 2: players 10 of team 4 win by forfeit without an opponent but the team "
        "has no match that round (a 330 record names it)"
    )


def test_boards_that_do_not_line_up_are_refused():
    """§3.2, §3.5: without a 300 record the boards follow the roster order on both sides."""
    text = SWISS.replace("300 001 003 002 0008 0007\n", "")
    with pytest.raises(ParseError, match="the boards do not line up"):
        trf_to_team_event(parse_trf(text, source="s.trf", teams=True), source="s.trf")
