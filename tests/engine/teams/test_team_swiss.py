"""The FIDE Swiss Team Pairing System (C.04.6, 2026): worked examples, each citing its article.

Articles as quoted in fide_teams.md §5 and the FIDE team probe notes: 3.4 (PAB), 3.5 (the
upfloaters, [C4]-[C7]), 3.6 (the lexicographic bracket pairing), 4.2/4.3 (colours); GHR 3.5
(unplayed matches may be repeated) and 3.6 (board order) mutatis mutandis.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

import pytest

from mashindano.engine.errors import ConfigError, NoValidPairing
from mashindano.engine.model import Side
from mashindano.engine.teams.colours import PreferenceType, TeamColourRules
from mashindano.engine.teams.pairing import (
    RoundKind,
    ScoreKind,
    TeamEntry,
    TeamRoundRecord,
    TeamSwissRules,
    default_pab_points,
    iter_pairs,
    pair_team_swiss_round,
)

F = Fraction


class History:
    """Past rounds of a team event, written match by match (`white` named first)."""

    def __init__(self, teams: int, boards: int = 2) -> None:
        self.teams = teams
        self.boards = boards
        self.records: dict[int, list[TeamRoundRecord]] = defaultdict(list)

    def match(self, round_number: int, white: int, black: int, white_gp: str) -> None:
        gw = F(white_gp)
        gb = self.boards - gw
        mw = F(2) if gw > gb else F(1) if gw == gb else F(0)
        self.records[white].append(
            TeamRoundRecord(round_number, RoundKind.PLAYED, mw, gw, black, Side.WHITE)
        )
        self.records[black].append(
            TeamRoundRecord(round_number, RoundKind.PLAYED, 2 - mw, gb, white, Side.BLACK)
        )

    def other(
        self,
        round_number: int,
        team: int,
        kind: RoundKind,
        mp: int,
        gp: str,
        opponent: int | None = None,
    ) -> None:
        self.records[team].append(TeamRoundRecord(round_number, kind, F(mp), F(gp), opponent))

    def entries(self, absent: tuple[int, ...] = ()) -> list[TeamEntry]:
        return [
            TeamEntry(t, tuple(self.records[t]), available=t not in absent)
            for t in range(1, self.teams + 1)
        ]


def _pair(history: History, round_number: int, rounds: int = 7, **options) -> list[tuple[int, int]]:
    result = pair_team_swiss_round(
        history.entries(), round_number, TeamSwissRules(rounds, **options)
    )
    return list(iter_pairs(result))


def test_c0406_3_6_2_round_one_top_half_against_bottom_half() -> None:
    """3.6.2: round 1 is one bracket; the first pairing in order is 1-5, 2-6, 3-7, 4-8; 4.3.1:
    the first-team with an odd TPN gets the initial colour (White)."""
    assert _pair(History(8), 1) == [(1, 5), (6, 2), (3, 7), (8, 4)]


def test_c0406_4_3_1_initial_colour_black() -> None:
    rules = TeamSwissRules(7, colours=TeamColourRules(initial_colour=Side.BLACK))
    result = pair_team_swiss_round(History(8).entries(), 1, rules)
    assert list(iter_pairs(result)) == [(5, 1), (2, 6), (7, 3), (4, 8)]
    assert {p.colour_rule for p in result.pairings} == {"4.3.1"}


def test_c0406_3_6_2_identifier_order_of_four_teams() -> None:
    """3.6.2: 1-2/3-4 reads `1 3 2 4`, 1-3/2-4 `1 2 3 4`, 1-4/2-3 `1 2 4 3`: 1-3, 2-4 first."""
    assert sorted(map(sorted, _pair(History(4), 1))) == [[1, 3], [2, 4]]


def test_c0406_3_4_round_one_pab_to_the_largest_tpn() -> None:
    """3.4: all on 0 and 0 matches played, so the largest TPN (team 5) gets the PAB."""
    result = pair_team_swiss_round(History(5).entries(), 1, TeamSwissRules(5))
    assert result.pab == 5
    assert list(iter_pairs(result)) == [(1, 3), (4, 2)]


def _probe_case_4b() -> History:
    """Probe case 4b: 1 beats 2 over the board, 3 beats 4 by forfeit, 5 has the PAB."""
    history = History(5)
    history.match(1, 1, 2, "2")
    history.other(1, 3, RoundKind.FORFEIT_WIN, 2, "2", opponent=4)
    history.other(1, 4, RoundKind.FORFEIT_LOSS, 0, "0", opponent=3)
    history.other(1, 5, RoundKind.PAB, 1, "1")
    return history


def test_c0406_3_4_pab_to_the_team_with_more_played_matches() -> None:
    """3.4.2-3.4.3 and fide_teams.md 5.4: 2 and 4 have the lowest score; 2 played a match and
    4 only lost by forfeit, which does not count, so team 2 gets the PAB (3 and 5 are barred:
    a forfeit win and a PAB, [C2]). The others: 3-1 (4.3.8), 5-4 (4.3.1)."""
    result = pair_team_swiss_round(_probe_case_4b().entries(), 2, TeamSwissRules(5))
    assert result.pab == 2
    assert list(iter_pairs(result)) == [(3, 1), (5, 4)]


def test_c0406_3_4_4_forfeits_counted_as_played_reading() -> None:
    """UNCONFIRMED reading (fide_teams.md 5.4) switched: 2 and 4 tie on one match each and
    3.4.4 (largest TPN) gives the PAB to team 4."""
    rules = TeamSwissRules(5, forfeits_count_as_played=True)
    assert pair_team_swiss_round(_probe_case_4b().entries(), 2, rules).pab == 4


def test_c0406_3_4_1_pab_leaves_a_legal_pairing() -> None:
    """3.4.1 before 3.4.2: team 5 has the lowest score (absent in round 1, then two losses)
    but without it 1 could only play 4 and 2-3 have met, so the PAB goes to the next lowest
    eligible team, 3 (1 and 4 had a PAB: [C2]). Then 2-4 and 1-5."""
    history = History(5)
    history.match(1, 1, 2, "2")
    history.match(1, 3, 4, "1")
    history.other(1, 5, RoundKind.ZERO_BYE, 0, "0")
    history.match(2, 1, 3, "2")
    history.match(2, 2, 5, "2")
    history.other(2, 4, RoundKind.PAB, 1, "1")
    history.match(3, 2, 3, "1")
    history.match(3, 4, 5, "2")
    history.other(3, 1, RoundKind.PAB, 1, "1")
    result = pair_team_swiss_round(history.entries(), 4, TeamSwissRules(5))
    assert result.pab == 3
    assert sorted(map(sorted, iter_pairs(result))) == [[1, 5], [2, 4]]


def test_c0406_c1_a_rematch_is_avoided() -> None:
    """[C1]: all drew in round 1; the first pairing 1-3, 2-4 repeats both matches, the next
    one in order, 1-4, 2-3, is taken; 4.3.8: the first-team alternates from its last colour."""
    history = History(4)
    history.match(1, 1, 3, "1")
    history.match(1, 4, 2, "1")
    assert _pair(history, 2) == [(4, 1), (2, 3)]


def test_ghr_3_5_a_double_forfeit_may_be_paired_again() -> None:
    """Probe case 4a / fide_teams.md 2.5: 1-2 was a double forfeit, so 1-2 is legal again."""
    history = History(6)
    history.other(1, 1, RoundKind.DOUBLE_FORFEIT, 0, "0", opponent=2)
    history.other(1, 2, RoundKind.DOUBLE_FORFEIT, 0, "0", opponent=1)
    history.match(1, 3, 4, "1")
    history.match(1, 5, 6, "1")
    pairs = _pair(history, 2)
    assert (1, 2) in pairs
    assert (
        pair_team_swiss_round(history.entries(), 2, TeamSwissRules(7)).pairings[-1].colour_rule
        == "4.3.1"
    )


def _probe_case_1() -> History:
    """Probe case 1: 1-5 1 wins, 6-2 2 wins (1½-½), 3-7 drawn, 8-4 4 wins (2-0)."""
    history = History(8)
    history.match(1, 1, 5, "2")
    history.match(1, 6, 2, "1/2")
    history.match(1, 3, 7, "1")
    history.match(1, 8, 4, "0")
    return history


def test_c0406_3_5_and_3_6_1_an_upfloater_seated_by_tpn() -> None:
    """3.5 [C5]: {1, 2, 4} (2 MP) take the highest-scored upfloater, 3 (1 MP, first by TPN);
    3.6.1: seats by TPN, so the bracket {1, 2, 3, 4} pairs 1-3, 2-4 (the article's pairing).
    Then 7 takes upfloater 5 and 6-8 remain. Colours: 3-1 (4.3.8, 1 had White); 4-2 (4.2:
    4 is the first-team on game points, 2-0 against 1½; it alternates from Black); 7-5; 8-6.
    Boards by GHR 3.6: 4-2 (sum 4) before 3-1 (sum 3)."""
    result = pair_team_swiss_round(_probe_case_1().entries(), 2, TeamSwissRules(5))
    assert list(iter_pairs(result)) == [(4, 2), (3, 1), (7, 5), (8, 6)]
    assert result.upfloaters == (3, 5)
    assert [p.colour_rule for p in result.pairings] == ["4.3.8"] * 4


def _c7_history() -> History:
    """After two rounds: 1 on 4 MP; 2 and 3 on 3 MP, but 2 floated in round 2 (1 MP against
    0 MP) and 3 did not (1 MP against 1 MP); 5 and 6 on 1 MP, 4 on 0."""
    history = History(6)
    history.match(1, 1, 4, "2")
    history.match(1, 2, 5, "1")
    history.match(1, 3, 6, "1")
    history.match(2, 6, 1, "0")
    history.match(2, 4, 2, "0")
    history.match(2, 3, 5, "2")
    return history


def test_c0406_c7_upfloater_who_floated_last_round_avoided() -> None:
    """[C7] (not in the last two rounds): 1 needs one upfloater from {2, 3}; 2 floated in
    round 2, so 3 goes up. 2 then needs one from {5, 6} and has met 5: 2-6; 4-5 remain."""
    pairs = _pair(_c7_history(), 3, rounds=7)
    assert sorted(map(sorted, pairs)) == [[1, 3], [2, 6], [4, 5]]


def test_c0406_c7_lapses_in_the_last_two_rounds() -> None:
    """Round 3 of 4: [C7] lapses, the first set {2} goes up; 3 has met 5 and 6, so it needs
    4 (the only legal upfloater) and 5-6 remain."""
    pairs = _pair(_c7_history(), 3, rounds=4)
    assert sorted(map(sorted, pairs)) == [[1, 2], [3, 4], [5, 6]]


def test_c0406_c8_colour_preferences_come_before_the_identifier_order() -> None:
    """[C8] before 3.6.2's order: all drew in round 1 (1 and 4 White, 2 and 3 Black). The
    legal pairings are 1-2/3-4 (`1 3 2 4`) and 1-4/2-3 (`1 2 4 3`). Without preferences
    (Type A after one match) the first in order, 1-4/2-3, is taken (see the [C1] test); with
    Type B every team has a mild preference, 1-4/2-3 refuses two of them and 1-2/3-4 none,
    so 2-1, 3-4 (4.3.3: both granted)."""
    history = History(4)
    history.match(1, 1, 3, "1")
    history.match(1, 4, 2, "1")
    rules = TeamSwissRules(3, colours=TeamColourRules(preference=PreferenceType.TYPE_B))
    result = pair_team_swiss_round(history.entries(), 2, rules)
    assert list(iter_pairs(result)) == [(2, 1), (3, 4)]
    assert {p.colour_rule for p in result.pairings} == {"4.3.3"}


def test_c0406_game_points_as_primary_score() -> None:
    """fide_teams.md 1.4: with GP primary, scoregroups follow game points."""
    history = History(4, boards=4)
    history.match(1, 1, 3, "3")  # 1: 3 GP, 3: 1 GP (MP 2/0)
    history.match(1, 4, 2, "5/2")  # 4: 2½, 2: 1½
    result = pair_team_swiss_round(
        history.entries(), 2, TeamSwissRules(3, primary=ScoreKind.GAME_POINTS)
    )
    assert sorted(map(sorted, iter_pairs(result))) == [[1, 4], [2, 3]]


def test_ghr_3_3_an_absent_team_is_not_paired() -> None:
    """GHR 3.3: a team known to be absent is not paired: 4 teams remain, so there is no PAB."""
    result = pair_team_swiss_round(History(5).entries(absent=(5,)), 1, TeamSwissRules(5))
    assert result.pab is None
    assert list(iter_pairs(result)) == [(1, 3), (4, 2)]


def test_no_valid_pairing_is_reported() -> None:
    """C.04.1 Art. 2: four teams after three rounds have all met; round 4 cannot be paired."""
    history = History(4)
    history.match(1, 1, 3, "1")
    history.match(1, 4, 2, "1")
    history.match(2, 4, 1, "1")
    history.match(2, 2, 3, "1")
    history.match(3, 1, 2, "1")
    history.match(3, 3, 4, "1")
    with pytest.raises(NoValidPairing):
        pair_team_swiss_round(history.entries(), 4, TeamSwissRules(5))


@pytest.mark.parametrize(
    ("entries", "round_number", "code"),
    [
        ([TeamEntry(1), TeamEntry(1)], 1, "bad_team_number"),
        ([TeamEntry(1), TeamEntry(2)], 8, "no_such_round"),
        ([TeamEntry(1)], 1, "too_few_teams"),
        (
            [TeamEntry(1, (TeamRoundRecord(2, RoundKind.PAB, F(1), F(1)),)), TeamEntry(2)],
            2,
            "bad_team_history",
        ),
    ],
)
def test_bad_input_is_refused(entries, round_number, code) -> None:
    with pytest.raises(ConfigError) as caught:
        pair_team_swiss_round(entries, round_number, TeamSwissRules(7))
    assert caught.value.code == code


def _probe_case_2() -> History:
    """Probe case 2's standings after 3 rounds: 1 on 6 MP; 2-6 on 3 MP, where 3, 4, 5, 6
    have all drawn each other and 2 drew 8, 10, 9; 8, 9, 10 on 1 MP, 7 on 0 (absences keep
    them low)."""
    history = History(10)
    rounds = [
        [(1, 7, "2"), (2, 8, "1"), (3, 4, "1"), (5, 6, "1")],
        [(1, 8, "2"), (2, 10, "1"), (3, 5, "1"), (4, 6, "1")],
        [(1, 10, "2"), (2, 9, "1"), (3, 6, "1"), (4, 5, "1")],
    ]
    for number, matches in enumerate(rounds, start=1):
        playing = set()
        for white, black, gp in matches:
            history.match(number, white, black, gp)
            playing |= {white, black}
        for team in set(range(1, 11)) - playing:
            history.other(number, team, RoundKind.ZERO_BYE, 0, "0")
    return history


def test_c0406_c6_pass_fail_reading() -> None:
    """[C6] (default, pass/fail): 1 needs one upfloater from {2, ..., 6}; whichever goes up,
    the rest of that scoregroup needs more upfloaters than its parity (0), so every set fails
    and the first, {2}, is taken: 1-2; {3, 4, 5, 6} then pull up all four lower teams."""
    result = pair_team_swiss_round(_probe_case_2().entries(), 4, TeamSwissRules(5))
    pairs = sorted(map(sorted, iter_pairs(result)))
    assert [1, 2] in pairs
    assert result.upfloaters == (2, 7, 8, 9, 10)


def test_c0406_c6_graded_reading() -> None:
    """[C6] graded (UNCONFIRMED alternative): {3} leaves {2, 4, 5, 6}, which needs 2
    upfloaters instead of 4, so 1-3 and only two lower teams (8, 9) go up to the 3-MP
    bracket; 7 then upfloats to 10, the last team on 1 MP."""
    rules = TeamSwissRules(5, graded_c6=True)
    result = pair_team_swiss_round(_probe_case_2().entries(), 4, rules)
    pairs = sorted(map(sorted, iter_pairs(result)))
    assert [1, 3] in pairs
    assert result.upfloaters == (3, 7, 8, 9)
    assert [7, 10] in pairs


def test_fide_teams_5_2_default_pab_value() -> None:
    """5.2: a match draw (1 MP of 2/1/0) and ½ per board; another draw value if set."""
    assert default_pab_points(4) == (F(1), F(2))
    assert default_pab_points(5, F(3, 2)) == (F(3, 2), F(5, 2))
    with pytest.raises(ConfigError):
        default_pab_points(0)
