"""Pairings against positions ±1 and ±2 (R18-R20, A1, A26), with hypothesis invariants."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mashindano.engine.errors import IllegalResult, NoValidPairing
from mashindano.engine.gomoku import (
    GOMOKU_LEAGUE,
    Ladder,
    compute_pairings,
    count_mandatory_games,
    count_mandatory_matches,
    count_stage_matches,
    match_rule,
)
from mashindano.engine.gomoku.pairing import opponents_of
from mashindano.engine.model import CompetitorId
from mashindano.engine.parameters import override


def ladder(size: int) -> Ladder:
    return Ladder.of([(f"p{k}", Fraction(3) - Fraction(k, size + 1)) for k in range(1, size + 1)])


@settings(max_examples=60)
@given(st.integers(min_value=4, max_value=80))
def test_a_stage_has_2n_minus_3_matches(size: int) -> None:
    matches = compute_pairings(ladder(size))
    assert len(matches) == 2 * size - 3 == count_stage_matches(size)
    assert len({m.key for m in matches}) == len(matches)


@settings(max_examples=60)
@given(st.integers(min_value=4, max_value=80))
def test_opponents_are_exactly_the_neighbours_within_two(size: int) -> None:
    board = ladder(size)
    matches = compute_pairings(board)
    for position, entry in enumerate(board, start=1):
        expected = {
            board.at(other).competitor
            for other in range(position - 2, position + 3)
            if other != position and 1 <= other <= size
        }
        opponents = opponents_of(entry.competitor, matches)
        assert set(opponents) == expected
        assert len(opponents) == count_mandatory_matches(position, size)
        assert len(opponents) * 4 == count_mandatory_games(position, size)


@settings(max_examples=30)
@given(st.integers(min_value=4, max_value=40))
def test_upper_is_the_higher_ranked_player(size: int) -> None:
    for match in compute_pairings(ladder(size)):
        assert match.upper_position < match.lower_position
        assert match.upper == f"p{match.upper_position}"


def test_fewer_than_four_players_cannot_be_paired() -> None:
    with pytest.raises(NoValidPairing, match="has 3"):
        compute_pairings(ladder(3))


def test_neighbour_distance_is_a_parameter() -> None:
    wide = override(GOMOKU_LEAGUE, {"neighbour_distance": 3, "min_players": 6})
    matches = compute_pairings(ladder(8), wide)
    assert len(matches) == 7 + 6 + 5
    assert count_mandatory_matches(4, 8, wide) == 6


def test_match_shape_is_four_games_with_alternating_first_move() -> None:
    rule = match_rule()
    assert rule.max_games == 4
    assert [rule.first_side_of_game(i, a_moves_first=True) for i in range(4)] == list("abab")


def test_duplicate_player_on_a_list_is_refused() -> None:
    with pytest.raises(IllegalResult, match="appears twice"):
        Ladder.of([("a", Fraction(2)), ("a", Fraction(1))])


def test_opponent_of_a_stranger_is_refused() -> None:
    match = compute_pairings(ladder(4))[0]
    with pytest.raises(IllegalResult, match="does not play"):
        match.opponent_of(CompetitorId("p4"))
