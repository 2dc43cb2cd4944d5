"""Team round-robins on the FIDE Berger tables (fide_berger.md §2, fide_teams.md §4).

The first-named team of a Berger pairing has White on board 1 and the colours alternate by
board (fide_teams.md 4.1-4.2, 4.8); the second cycle reverses every pairing (fide_berger.md §1).
"""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mashindano.engine.errors import ConfigError
from mashindano.engine.model import Side
from mashindano.engine.teams.round_robin import team_round_robin

W, B = Side.WHITE, Side.BLACK

# fide_berger.md §2, "5 or 6 players": the 6-team table, first-named team first.
BERGER_6 = [
    [(1, 6), (2, 5), (3, 4)],
    [(6, 4), (5, 3), (1, 2)],
    [(2, 6), (3, 1), (4, 5)],
    [(6, 5), (1, 4), (2, 3)],
    [(3, 6), (4, 2), (5, 1)],
]


def _pairs(schedule_round):
    return [(m.first, m.second) for m in schedule_round.matches]


def test_berger_6_teams_4_boards_full_schedule() -> None:
    """fide_berger.md §2 (6-team table) + fide_teams.md 4.1/4.2/4.8: the 6 × 4 round-robin."""
    schedule = team_round_robin(6, 4)
    assert [_pairs(r) for r in schedule.rounds] == BERGER_6
    for team_round in schedule.rounds:
        assert team_round.sitting_out is None
        assert [m.table for m in team_round.matches] == [1, 2, 3]
        for match in team_round.matches:
            assert [b.first_colour for b in match.boards] == [W, B, W, B]
            assert [b.second_colour for b in match.boards] == [B, W, B, W]
            assert [match.colour_of(match.first, n) for n in (1, 2, 3, 4)] == [W, B, W, B]
            assert [match.colour_of(match.second, n) for n in (1, 2, 3, 4)] == [B, W, B, W]
    # Every team meets every other once, one match per round.
    met = [frozenset((m.first, m.second)) for r in schedule.rounds for m in r.matches]
    assert sorted(map(sorted, met)) == sorted(
        map(sorted, map(frozenset, combinations(range(1, 7), 2)))
    )
    # Team 1's board-1 colours: W W B W B (C.05 Annex 1: player 1 starts with two Whites).
    team_one = [m.colour_of(1, 1) for m in schedule.fixtures_of(1) if m is not None]
    assert team_one == [W, W, B, W, B]


def test_berger_6_teams_double_round_robin_reverses_colours() -> None:
    """fide_berger.md §1/§5: the second cycle reverses colours; the first cycle's last two
    rounds swap places (C.05 Annex 1 recommendation)."""
    schedule = team_round_robin(6, 4, cycles=2)
    first_cycle = [BERGER_6[0], BERGER_6[1], BERGER_6[2], BERGER_6[4], BERGER_6[3]]
    second_cycle = [[(b, a) for a, b in r] for r in BERGER_6]
    assert [_pairs(r) for r in schedule.rounds] == first_cycle + second_cycle
    assert len(schedule.rounds) == 10
    # Board by board, each team's colours in a second-cycle match are the opposite of the
    # first-cycle match against the same opponent.
    for team in range(1, 7):
        fixtures = [m for m in schedule.fixtures_of(team) if m is not None]
        by_opponent: dict[int, list[list[Side]]] = {}
        for match in fixtures:
            opponent = match.second if match.first == team else match.first
            by_opponent.setdefault(opponent, []).append(
                [match.colour_of(team, n) for n in range(1, 5)]
            )
        for first, second in by_opponent.values():
            assert second == [colour.opposite for colour in first]


def test_odd_number_of_teams_sits_one_out() -> None:
    """fide_berger.md §4: 5 teams use the 6 table; the team drawn against 6 sits out."""
    schedule = team_round_robin(5, 2)
    assert [r.sitting_out for r in schedule.rounds] == [1, 4, 2, 5, 3]
    assert _pairs(schedule.rounds[0]) == [(2, 5), (3, 4)]
    assert [m.table for m in schedule.rounds[0].matches] == [1, 2]


def test_board_pattern_of_record_352() -> None:
    """fide_teams.md 4.1: the first-named team follows the record-352 sequence."""
    schedule = team_round_robin(4, 4, board_pattern="WBBW")
    match = schedule.rounds[0].matches[0]
    assert [b.first_colour for b in match.boards] == [W, B, B, W]
    assert [b.second_colour for b in match.boards] == [B, W, W, B]


def test_odd_boards_end_with_white() -> None:
    """fide_teams.md 4.2: odd sizes end in W."""
    match = team_round_robin(4, 5).rounds[0].matches[0]
    assert [b.first_colour for b in match.boards] == [W, B, W, B, W]


@pytest.mark.parametrize(
    ("teams", "boards", "cycles", "pattern", "code"),
    [
        (1, 4, 1, None, "too_few_players"),
        (6, 0, 1, None, "bad_board_count"),
        (6, 4, 3, None, "bad_cycle_count"),
        (6, 4, 1, "WBW", "bad_board_colours"),
        (6, 4, 1, "WBXB", "bad_board_colours"),
    ],
)
def test_bad_configuration_is_refused(teams, boards, cycles, pattern, code) -> None:
    with pytest.raises(ConfigError) as caught:
        team_round_robin(teams, boards, cycles, board_pattern=pattern)
    assert caught.value.code == code


def test_colour_of_a_team_not_in_the_match() -> None:
    match = team_round_robin(4, 2).rounds[0].matches[0]
    with pytest.raises(ConfigError) as caught:
        match.colour_of(3, 1)
    assert caught.value.code == "not_in_match"
    with pytest.raises(ConfigError) as bad_board:
        match.colour_of(match.first, 3)
    assert bad_board.value.code == "no_such_board"


@settings(max_examples=40, deadline=None)
@given(
    teams=st.integers(min_value=2, max_value=16),
    boards=st.integers(min_value=1, max_value=8),
    cycles=st.sampled_from([1, 2]),
)
def test_every_pair_meets_once_per_cycle_and_colours_alternate_by_board(
    teams: int, boards: int, cycles: int
) -> None:
    """fide_berger.md §1 and fide_teams.md 4.1-4.2 for any field."""
    schedule = team_round_robin(teams, boards, cycles)
    met: dict[frozenset[int], int] = {}
    for team_round in schedule.rounds:
        playing = [t for m in team_round.matches for t in (m.first, m.second)]
        assert len(playing) == len(set(playing))
        assert len(playing) + (team_round.sitting_out is not None) == teams
        for match in team_round.matches:
            met[frozenset((match.first, match.second))] = (
                met.get(frozenset((match.first, match.second)), 0) + 1
            )
            for board in match.boards:
                expected = W if board.board % 2 == 1 else B
                assert board.first_colour == expected
                assert board.second_colour == expected.opposite
    assert len(met) == teams * (teams - 1) // 2
    assert set(met.values()) == {cycles}
