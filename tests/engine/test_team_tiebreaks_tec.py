"""Issue 32 item 4: team tie-breaks equal the FIDE TEC checker on the four team tournaments of
`shared/fixtures/team-tiebreaks-tec/` (TieBreakServer 1.9.57), and the worked examples of
fide_teams.md §6.12 (tests cite the section).

Each .trf is read with our TRF reader (`teams=True`) and turned into a team event by
`interchange.trf_teams`; no file needed a work-around. The .tec.tsv prints MP, GP, BH and BC
with one decimal and ESB and SSSC with two; every exact value of ours has at most that many
decimals, so the comparison is exact equality of Fractions (SSSC itself is rounded half up to
0.01 as the checker rounds it; fide_teams.md §6.9).
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from fractions import Fraction
from functools import cache

import pytest

from mashindano.engine.errors import ConfigError
from mashindano.engine.teams.model import (
    Board,
    BoardResult,
    MatchForfeit,
    MatchPointScheme,
    Team,
    TeamEvent,
    TeamMatch,
    board_colours,
    check_lineup,
    default_pab,
)
from mashindano.engine.teams.tiebreaks import (
    TeamScore,
    TeamTieBreakOptions,
    board_prizes,
    board_scores,
    compute_team_tiebreaks,
    parse_team_code,
    team_standings,
)
from mashindano.interchange.trf_read import parse_trf
from mashindano.interchange.trf_teams import trf_to_team_event

from ..shared_folders import shared_folder

FOLDER = shared_folder("fixtures", "team-tiebreaks-tec")
H = Fraction(1, 2)


@cache
def fixtures() -> tuple[tuple[str, TeamEvent, list[str], list[list[str]]], ...]:
    found = []
    for trf in sorted(FOLDER.glob("*.trf")):
        reading = trf_to_team_event(parse_trf(trf.read_text(), source=trf.name, teams=True))
        assert reading.warnings == ()
        lines = trf.with_name(trf.stem + ".tec.tsv").read_text().splitlines()
        assert lines[-1].startswith("Check: ")
        rows = [line.split("\t") for line in lines[1:-1]]
        found.append((trf.stem, reading.event, lines[0].split("\t"), rows))
    return tuple(found)


def _codes() -> list[str]:
    return fixtures()[0][2][2:]


def test_the_fixture_has_four_team_tournaments_and_fourteen_codes():
    """Issue 32 item 4: the fixture as its README describes it."""
    assert [name for name, *_ in fixtures()] == [
        "team_drr_4t3b6r",
        "team_rr_6t4b5r",
        "team_swiss_7t2b4r",
        "team_swiss_8t4b5r",
    ]
    assert _codes() == [
        *("PTS", "MPVGP", "EDE", "BH:MP", "BH:GP", "BH:MP/C1", "EMMSB", "EMGSB"),
        *("EGMSB", "EGGSB", "BC", "TBR", "BBE", "SSSC"),
    ]
    for _, _, header, _ in fixtures():
        assert header[2:] == _codes()
    shapes = [(len(e.teams), e.boards, e.rounds, e.round_robin) for _, e, _, _ in fixtures()]
    assert shapes == [(4, 3, 6, True), (6, 4, 5, True), (7, 2, 4, False), (8, 4, 5, False)]


@pytest.mark.parametrize("code", _codes())
def test_team_code_equals_the_tec_checker(code):
    """Issue 32 item 4: every team's value of the code equals the checker's (mismatches
    listed); the codes are computed as one list, in the checker's order."""
    compared = 0
    mismatches = []
    for name, event, header, rows in fixtures():
        values = compute_team_tiebreaks(event, header[2:])[code]
        column = header.index(code)
        for row in rows:
            expected = Fraction(Decimal(row[column]))
            got = values[int(row[0])]
            compared += 1
            if got != expected:
                mismatches.append(f"{name} team {row[0]}: checker {expected}, ours {got}")
    assert compared == 4 + 6 + 7 + 8
    assert not mismatches, "\n".join(mismatches)


def test_ranks_by_all_codes_equal_the_checkers():
    """Issue 32 item 4: ranking by the 14 codes in order gives the checker's Rank column."""
    for _, event, header, rows in fixtures():
        ranks = {s.team: s.rank for s in team_standings(event, header[2:])}
        assert ranks == {int(row[0]): int(row[1]) for row in rows}


def test_tec_ede_separates_the_teams_tied_on_mp_and_gp():
    """§6.3 on the fixture: teams 2 and 3 of the 6x4 round robin tie on 5 MP and 10.5 GP;
    their match (round 5) was won by team 3, so EDE gives 3 the first place of the two."""
    _, event, _, _ = fixtures()[1]
    values = compute_team_tiebreaks(event, ["PTS", "MPVGP", "EDE"])
    assert values["EDE"] == {1: 0, 2: 2, 3: 1, 4: 0, 5: 0, 6: 0}


def test_s7_4_a_round_without_a_match_counts_the_teams_own_score():
    """§7.4 / §5.2 on the fixture with a PAB every round: team 2 (PAB in round 3, 2 MP)
    meets teams 1, 6, 3 (7 + 3 + 6 MP): BH:MP = 16 + its own 2; the cut drops the dummy."""
    _, event, _, _ = fixtures()[2]
    values = compute_team_tiebreaks(event, ["BH:MP", "BH:MP/C1", "BC"])
    assert values["BH:MP"][2] == 18
    assert values["BH:MP/C1"][2] == 16
    # BC counts the PAB's boards as won boards (the checker's reading) ...
    assert values["BC"][2] == 5
    # ... or at their PAB points when the option says so: ½ on each board.
    plain = TeamTieBreakOptions(pab_boards_as_wins=False)
    assert compute_team_tiebreaks(event, ["BC"], plain)["BC"][2] == Fraction(7, 2)


def test_s7_2_the_forfeited_match_counts_as_unplayed_for_both_teams():
    """§2.2, §7.2 on the fixture with record 330: team 3 wins round 4 by forfeit against
    team 8; each gets its own final score for that round in BH (5 and 1 MP)."""
    _, event, _, _ = fixtures()[3]
    match = next(m for m in event.matches if m.round == 4 and m.involves(3))
    assert match.forfeit is MatchForfeit.HOME_WINS
    assert not match.played
    assert match.match_points(3, event.match_scheme) == 2
    values = compute_team_tiebreaks(event, ["BH:MP"])["BH:MP"]
    assert values[3] == 4 + 7 + 3 + 5 + 10
    assert values[8] == 3 + 5 + 7 + 1 + 5


# -- fide_teams.md §6.12: one round robin of four teams on four boards, MP 2/1/0 -------


def _example() -> TeamEvent:
    """A-B 2½-1½, A-C 2-2, A-D 3-1, B-C 3-1, B-D 2-2, C-D 1½-2½ (A first), B's boards as
    §6.12 gives them; the other boards chosen to fit the match scores."""
    teams = tuple(
        Team(k, f"Team {name}", tuple(f"{name}{b}" for b in range(1, 5)))
        for k, name in enumerate("ABCD", start=1)
    )
    colours = board_colours(4)

    def match(r: int, home: int, away: int, home_points: list[Fraction]) -> TeamMatch:
        codes = {1: BoardResult.HOME_WINS, H: BoardResult.DRAW, 0: BoardResult.AWAY_WINS}
        h, a = "ABCD"[home - 1], "ABCD"[away - 1]
        boards = tuple(
            Board(b, f"{h}{b}", f"{a}{b}", colours[b - 1], codes[Fraction(p)])
            for b, p in enumerate(home_points, start=1)
        )
        return TeamMatch(r, home, away, boards)

    return TeamEvent(
        teams=teams,
        boards=4,
        rounds=3,
        matches=(
            match(1, 1, 2, [H, H, 1, H]),
            match(1, 3, 4, [H, H, H, 0]),
            match(2, 1, 3, [1, 0, H, H]),
            match(2, 2, 4, [H, H, H, H]),
            match(3, 1, 4, [1, 1, H, H]),
            match(3, 2, 3, [1, 1, H, H]),
        ),
        round_robin=True,
    )


def test_s6_12_match_and_game_points():
    """fide_teams.md §6.1, §6.12: MP A 5, B 3, C 1, D 3; GP A 7½, B 6½, C 4½, D 5½."""
    values = compute_team_tiebreaks(_example(), ["MP", "GP"])
    assert values["MP"] == {1: 5, 2: 3, 3: 1, 4: 3}
    assert values["GP"] == {1: Fraction(15, 2), 2: Fraction(13, 2), 3: Fraction(9, 2), 4: H * 11}


def test_s6_12_mpvgp_puts_b_above_d():
    """§6.2, §6.12: B and D tie on 3 MP; MPvGP 6½ > 5½ ranks B above D."""
    standings = team_standings(_example(), ["PTS", "MPVGP"])
    assert [s.team for s in standings] == [1, 2, 4, 3]
    assert {s.team: s.values[1] for s in standings}[2] == Fraction(13, 2)


def test_s6_12_ede_leaves_b_and_d_tied():
    """§6.3, §6.12: B-D 2-2 is 1-1 in MP and 2-2 in GP: EDE does not separate them (0)."""
    values = compute_team_tiebreaks(_example(), ["PTS", "EDE"])["EDE"]
    assert values == {1: 0, 2: 0, 3: 0, 4: 0}


def test_s6_12_buchholz_on_match_points():
    """§6.4, §6.12: BH:MP A = 3+1+3 = 7, B = 5+1+3 = 9, D = 5+3+1 = 9."""
    values = compute_team_tiebreaks(_example(), ["BH:MP"])["BH:MP"]
    assert (values[1], values[2], values[4]) == (7, 9, 9)


def test_s6_12_extended_sonneborn_berger_family():
    """§6.5, §6.12: EMMSB B 5, D 5; EMGSB 16½, 13½; EGMSB 14½, 15½; EGGSB 35.75, 31.75."""
    values = compute_team_tiebreaks(_example(), ["EMMSB", "EMGSB", "EGMSB", "EGGSB"])
    assert (values["EMMSB"][2], values["EMMSB"][4]) == (5, 5)
    assert (values["EMGSB"][2], values["EMGSB"][4]) == (Fraction(33, 2), Fraction(27, 2))
    assert (values["EGMSB"][2], values["EGMSB"][4]) == (Fraction(29, 2), Fraction(31, 2))
    assert (values["EGGSB"][2], values["EGGSB"][4]) == (Fraction(143, 4), Fraction(127, 4))


def test_s6_12_board_count_of_b():
    """§6.6, §6.12: B's board totals 2, 2, 1, 1½ give BC = 1·2 + 2·2 + 3·1 + 4·1½ = 15;
    lower is better (U2, the checker's direction) unless the option says otherwise."""
    event = _example()
    assert compute_team_tiebreaks(event, ["BC"])["BC"][2] == 15
    assert compute_team_tiebreaks(event, ["BC"])["BC"][4] == 1 + 2 * 1 + 3 * Fraction(3, 2) + 4 * 2
    lower = [s.team for s in team_standings(event, ["PTS", "BC"])]
    higher = [
        s.team
        for s in team_standings(event, ["PTS", "BC"], TeamTieBreakOptions(bc_lower_is_better=False))
    ]
    assert lower[1:3] == [2, 4]
    assert higher[1:3] == [4, 2]


def test_s6_12_top_board_result_puts_b_ahead():
    """§6.7, §6.12: B's board-1 total 2 beats D's 1: among the tied B is first (1), D 2."""
    values = compute_team_tiebreaks(_example(), ["PTS", "TBR"])["TBR"]
    assert values == {1: 0, 2: 1, 3: 0, 4: 2}


def test_s6_12_bottom_board_elimination_puts_b_ahead():
    """§6.8, §6.12: B 6½ and D 5½ in total; without the bottom board B keeps more."""
    values = compute_team_tiebreaks(_example(), ["PTS", "BBE"])["BBE"]
    assert values == {1: 0, 2: 1, 3: 0, 4: 2}


def test_s6_12_score_strength_combination():
    """§6.9, §6.12: d = floor(2×3/(1×4)) = 1, B = 6½ + 9/1 = 15.5; a fixed divisor (the
    limit modifier) replaces d."""
    event = _example()
    assert compute_team_tiebreaks(event, ["SSSC"])["SSSC"][2] == Fraction(31, 2)
    fixed = TeamTieBreakOptions(sssc_divisor=2)
    assert compute_team_tiebreaks(event, ["SSSC"], fixed)["SSSC"][2] == 11


def test_s6_2_mpvgp_is_match_points_when_game_points_are_primary():
    """§1.4, §6.2: with GP primary, PTS is GP and MPVGP is MP."""
    options = TeamTieBreakOptions(primary=TeamScore.GP)
    values = compute_team_tiebreaks(_example(), ["PTS", "MPVGP"], options)
    assert values["PTS"][1] == Fraction(15, 2)
    assert values["MPVGP"][1] == 5


def test_s7_3_round_robin_forfeits_count_as_played():
    """§7.3: in a round robin a forfeited match is a meeting for BH (the opponent's score
    counts) and a round without an opponent adds nothing; in a Swiss reading (§7.4) both
    count the team's own final score."""
    teams = tuple(Team(k, f"T{k}", (f"p{k}",)) for k in (1, 2, 3))
    matches = (
        TeamMatch(1, 1, 2, (), MatchForfeit.HOME_WINS),
        TeamMatch(2, 1, 3, (Board(1, "p1", "p3", result=BoardResult.DRAW),)),
        TeamMatch(3, 2, 3, (Board(1, "p2", "p3", result=BoardResult.HOME_WINS),)),
    )
    rr = TeamEvent(teams, boards=1, rounds=3, matches=matches, round_robin=True)
    assert rr.match_points_total(1) == 3
    assert rr.game_points_total(1) == Fraction(3, 2)
    assert compute_team_tiebreaks(rr, ["BH:MP"])["BH:MP"][1] == 2 + 1
    swiss = TeamEvent(teams, boards=1, rounds=3, matches=matches, round_robin=False)
    # rounds 1 (forfeit won) and 3 (not paired) count team 1's own 3 MP; round 2 team 3's 1
    assert compute_team_tiebreaks(swiss, ["BH:MP"])["BH:MP"][1] == 3 + 1 + 3


def test_s2_3_double_forfeit_is_a_loss_for_both():
    """§2.3: both teams absent: 0 MP and 0 GP each, a match loss (a VUR) for both."""
    teams = (Team(1, "A", ("a",)), Team(2, "B", ("b",)))
    event = TeamEvent(teams, 1, 1, (TeamMatch(1, 1, 2, (), MatchForfeit.BOTH_ABSENT),))
    for team in (1, 2):
        (entry,) = event.team_rounds(team)
        assert (entry.match_points, entry.game_points, entry.vur) == (0, 0, True)


def test_s2_1_a_forfeited_board_is_a_point_for_the_present_team():
    """§2.1, §2.4: one board forfeited, the match still decided by GP and counted as played."""
    teams = (Team(1, "A", ("a1", "a2")), Team(2, "B", ("b1", "b2")))
    boards = (
        Board(1, "a1", "b1", result=BoardResult.AWAY_WINS),
        Board(2, "a2", "b2", result=BoardResult.HOME_WINS_BY_FORFEIT),
    )
    event = TeamEvent(teams, 2, 1, (TeamMatch(1, 1, 2, boards),))
    (entry,) = event.team_rounds(1)
    assert (entry.match_points, entry.game_points, entry.played) == (1, 1, True)


def test_s5_2_the_default_team_pab_is_a_draw():
    """§5.2 (U6): a match draw and a draw on every board."""
    assert default_pab(4, MatchPointScheme()) == (1, 2)


def test_s3_3_line_ups_keep_the_roster_order():
    """§3.2-§3.4: roster p1..p6 on 4 boards: (p1,p2,p4,p5) is valid, (p2,p1,p3,p4) is not."""
    team = Team(1, "A", tuple(f"p{k}" for k in range(1, 7)))
    check_lineup(team, ["p1", "p2", "p4", "p5"])
    check_lineup(team, ["p1", "p2", "p3", None])
    with pytest.raises(ConfigError, match="p1 on board 2 is ranked above player p2 on board 1"):
        check_lineup(team, ["p2", "p1", "p3", "p4"])
    with pytest.raises(ConfigError, match="board 3 is occupied after an empty board"):
        check_lineup(team, ["p1", None, "p3"])
    with pytest.raises(ConfigError, match="player x is not on the roster of team 1"):
        check_lineup(team, ["x"])


def test_s4_1_board_colours():
    """§4.1, §4.2: 352's sequence, or W and B alternating from board 1."""
    assert "".join(c.value[0] for c in board_colours(3)) == "wbw"
    assert "".join(c.value[0] for c in board_colours(2, "BW")) == "bw"
    with pytest.raises(ConfigError, match="must be 4 letters W or B"):
        board_colours(4, "WBW")


def test_unknown_codes_and_bad_events_are_refused_with_clear_messages():
    """Bad input gets a clear message naming the problem."""
    with pytest.raises(ConfigError, match="unknown team tie-break 'BH:XX'"):
        parse_team_code("BH:XX")
    teams = (Team(1, "A", ("a",)), Team(2, "B", ("b",)))
    with pytest.raises(ConfigError, match="round 1: team 1 has the match 1-2 and the match 1-2"):
        TeamEvent(teams, 1, 1, (TeamMatch(1, 1, 2), TeamMatch(1, 1, 2)))
    with pytest.raises(ConfigError, match="player b is not on the roster of team 1"):
        TeamEvent(teams, 1, 1, (TeamMatch(1, 1, 2, (Board(1, "b", "a"),)),))
    with pytest.raises(ConfigError, match="names team 3, which is not in the event"):
        TeamEvent(teams, 1, 1, (TeamMatch(1, 1, 3),))
    with pytest.raises(ConfigError, match="team 1 \\(A\\) lists player a twice"):
        Team(1, "A", ("a", "a"))
    with pytest.raises(ConfigError, match="a forfeited match has a board played"):
        TeamMatch(1, 1, 2, (Board(1, "a", "b", result=BoardResult.DRAW),), MatchForfeit.HOME_WINS)


def test_board_prizes_best_percentage_with_a_minimum_of_games():
    """Issue 32 item 4: per board the best percentage among players with enough games;
    equal players share the prize; forfeits count only when asked."""
    event = _example()
    prizes = board_prizes(event, minimum_games=3)
    # board 1: A1 ½+1+1 = 2½ of 3 is the best
    assert [(s.player, s.points, s.games) for s in prizes[1]] == [("A1", Fraction(5, 2), 3)]
    # board 3: A3 1+½+½ = 2 of 3, ahead of C3 and D3 (1½ each)
    assert [s.player for s in prizes[3]] == ["A3"]
    assert board_prizes(event, minimum_games=4) == {}
    with pytest.raises(ConfigError, match="a board prize needs at least 1 game"):
        board_prizes(event, minimum_games=0)
    _, swiss, _, _ = fixtures()[3]
    played = {(s.board, s.player): s.games for s in board_scores(swiss)}
    counted = {(s.board, s.player): s.games for s in board_scores(swiss, count_forfeits=True)}
    assert played[4, "12"] == 3
    assert counted[4, "12"] == 5


def test_a_round_in_progress_is_left_out_of_the_standings():
    """Standings of a round in progress are those after the last complete round."""
    event = _example()
    pending = replace(
        event.matches[4], boards=tuple(replace(b, result=None) for b in event.matches[4].boards)
    )
    running = replace(event, matches=(*event.matches[:4], pending, event.matches[5]))
    assert running.last_complete_round == 2
    before = running.after_round(2)
    assert (before.rounds, len(before.matches)) == (2, 4)
    assert compute_team_tiebreaks(before, ["MP"])["MP"] == {1: 3, 2: 1, 3: 1, 4: 3}
    with pytest.raises(ConfigError, match="round 4 is not between 0 and 3"):
        event.after_round(4)


def test_s6_3_ede_in_a_swiss_separates_only_a_team_first_whatever_the_missing_matches():
    """§6.3 (DE rules of fide_tiebreaks.md): A, B, C tie on 4 MP; A beat B and C, who never
    met: A is first among them whatever B-C would have given, B and C stay tied."""
    names = "ABCDEF"
    teams = tuple(Team(k, f"Team {c}", (c,)) for k, c in enumerate(names, start=1))

    def won(r: int, home: str, away: str, result: BoardResult) -> TeamMatch:
        h, a = names.index(home) + 1, names.index(away) + 1
        return TeamMatch(r, h, a, (Board(1, home, away, result=result),))

    win, draw = BoardResult.HOME_WINS, BoardResult.DRAW
    event = TeamEvent(
        teams,
        boards=1,
        rounds=3,
        matches=(
            *(won(1, "A", "B", win), won(1, "C", "D", win), won(1, "E", "F", draw)),
            *(won(2, "A", "C", win), won(2, "B", "D", win), won(2, "E", "F", draw)),
            *(won(3, "D", "A", win), won(3, "B", "E", win), won(3, "C", "F", win)),
        ),
    )
    values = compute_team_tiebreaks(event, ["PTS", "EDE"])
    assert [values["PTS"][k] for k in (1, 2, 3)] == [4, 4, 4]
    assert values["EDE"] == {1: 1, 2: 2, 3: 2, 4: 0, 5: 0, 6: 0}


def test_bh_modifiers_cut_and_median():
    """§6.4: BH:GP/C1 drops the lowest opponent, BH:GP/M1 the lowest and the highest."""
    event = _example()
    values = compute_team_tiebreaks(event, ["BH:GP", "BH:GP/C1", "BH:GP/M1"])
    # A met B (6½), C (4½), D (5½)
    assert values["BH:GP"][1] == Fraction(33, 2)
    assert values["BH:GP/C1"][1] == 12
    assert values["BH:GP/M1"][1] == Fraction(11, 2)
