"""The variable selo (R11-R14, A3, A4): exact, zero-sum, unplayed games change nothing."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mashindano.engine.errors import ConfigError, IllegalResult
from mashindano.engine.model import CompetitorId, Game, GameResult
from mashindano.engine.ratings import ExpectedScoreTable
from mashindano.engine.tasaselo import (
    compute_round_selos,
    compute_selo_change,
    compute_selo_history,
    expected_score,
)
from mashindano.engine.tasaselo.selo import game_scores

A, B, C, D = (CompetitorId(x) for x in "abcd")


@pytest.mark.parametrize(
    ("low", "high", "expected"),
    [(0, 3, "0.50"), (4, 10, "0.51"), (99, 106, "0.64"), (392, 411, "0.92"), (736, 2000, "1")],
)
def test_A3_anchor_values_without_a_cap(low: int, high: int, expected: str) -> None:
    for difference in (low, (low + high) // 2, high):
        assert expected_score(difference) == Fraction(expected)
        assert expected_score(-difference) == 1 - Fraction(expected)


def test_fractional_differences_round_to_whole_points() -> None:
    assert expected_score(Fraction(34, 10)) == Fraction(50, 100)
    assert expected_score(Fraction(35, 10)) == Fraction(51, 100)
    assert expected_score(Fraction(-35, 10)) == Fraction(49, 100)


def test_configured_table_is_read() -> None:
    toy = ExpectedScoreTable((100,), first=Fraction(1, 2), step=Fraction(1, 4))
    assert expected_score(50, toy) == Fraction(1, 2)
    assert expected_score(150, toy) == Fraction(3, 4)
    assert compute_selo_change(1650, 1500, Fraction(1), 100, toy) == 25


@settings(max_examples=200, deadline=None)
@given(st.fractions(min_value=-1500, max_value=1500, max_denominator=100))
def test_expected_scores_of_a_game_add_up_to_one(difference: Fraction) -> None:
    assert expected_score(difference) + expected_score(-difference) == 1


def test_A4_unplayed_games_change_nothing() -> None:
    before = {A: Fraction(1700), B: Fraction(1600), C: Fraction(1500), D: Fraction(1400)}
    games = [
        Game(1, A, B, GameResult.FIRST_WINS_BY_FORFEIT),
        Game(1, C, D, GameResult.DOUBLE_FORFEIT),
    ]
    assert compute_round_selos(before, games, 100) == before
    assert game_scores(games[0]) is None


def test_A4_both_players_use_selos_from_before_the_round() -> None:
    before = {A: Fraction(1700), B: Fraction(1600), C: Fraction(1650), D: Fraction(1650)}
    after = compute_round_selos(
        before, [Game(2, A, B, GameResult.SECOND_WINS), Game(2, C, D, GameResult.DRAW)], 100
    )
    assert after == {A: 1636, B: 1664, C: 1650, D: 1650}


def test_selo_history_by_round() -> None:
    starting = {A: Fraction(1600), B: Fraction(1600), C: Fraction(1600), D: Fraction(1600)}
    games = [
        Game(1, A, B, GameResult.FIRST_WINS),
        Game(1, C, D, GameResult.DRAW),
        Game(2, A, C, GameResult.FIRST_WINS),
    ]
    history = compute_selo_history(starting, games, 2, 100)
    assert history[0] == starting
    assert history[1] == {A: 1650, B: 1550, C: 1600, D: 1600}
    # Round 2: 1650 against 1600 is D = 50, E = .57: A gains 43.
    assert history[2] == {A: 1693, B: 1550, C: 1557, D: 1600}


def test_bad_input_is_named() -> None:
    with pytest.raises(IllegalResult, match="plays twice"):
        compute_round_selos(
            {A: Fraction(1), B: Fraction(1), C: Fraction(1)},
            [Game(1, A, B, GameResult.DRAW), Game(1, A, C, GameResult.DRAW)],
            100,
        )
    with pytest.raises(IllegalResult, match="d has no variable selo"):
        compute_round_selos({A: Fraction(1)}, [Game(1, A, D, GameResult.DRAW)], 100)
    with pytest.raises(IllegalResult, match="outside rounds 1-1"):
        compute_selo_history(
            {A: Fraction(1), B: Fraction(1)}, [Game(2, A, B, GameResult.DRAW)], 1, 100
        )
    with pytest.raises(IllegalResult, match=r"1, 0\.5 or 0"):
        compute_selo_change(1600, 1600, Fraction(2), 100)
    with pytest.raises(ConfigError, match="between 20 and 300"):
        compute_selo_history({}, [], 1, 1000)


@st.composite
def rounds_of_games(draw: st.DrawFn) -> tuple[dict[CompetitorId, Fraction], list[Game], int, int]:
    count = draw(st.integers(2, 10))
    players = [CompetitorId(f"p{i}") for i in range(count)]
    starting = {p: Fraction(draw(st.integers(1000, 2700))) for p in players}
    k = draw(st.integers(20, 300))
    rounds = draw(st.integers(1, 5))
    games = []
    for round_number in range(1, rounds + 1):
        order = draw(st.permutations(players))
        for first, second in zip(order[::2], order[1::2], strict=False):
            result = draw(st.sampled_from(list(GameResult)[:6]))
            games.append(Game(round_number, first, second, result))
    return starting, games, rounds, k


@settings(max_examples=150, deadline=None)
@given(rounds_of_games())
def test_fold_matches_game_by_game_formula_and_is_zero_sum(
    data: tuple[dict[CompetitorId, Fraction], list[Game], int, int],
) -> None:
    starting, games, rounds, k = data
    history = compute_selo_history(starting, games, rounds, k)
    for round_number in range(1, rounds + 1):
        before, after = history[round_number - 1], history[round_number]
        expected = dict(before)
        for game in (g for g in games if g.round == round_number):
            scores = game_scores(game)
            if scores is None:
                continue
            expected[game.first] += compute_selo_change(
                before[game.first], before[game.second], scores[0], k
            )
            expected[game.second] += compute_selo_change(
                before[game.second], before[game.first], scores[1], k
            )
        assert after == expected
        assert sum(after.values()) == sum(before.values())
        # A4: K × (S − E) is a multiple of K / 100.
        assert all(
            ((a - b) * 100 / k).denominator == 1
            for a, b in zip(after.values(), before.values(), strict=True)
        )
