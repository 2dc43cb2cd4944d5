"""The final: best of 3 (R32), the higher KIBA score first (R22), sides as A13."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mashindano.engine.errors import IllegalResult
from mashindano.engine.kiba.final import compute_final, final_match
from mashindano.engine.kiba.parameters import kiba_parameters
from mashindano.engine.kiba.seeding import SeededPlayer
from mashindano.engine.model import Competitor, CompetitorId, Game, GameResult


def seeded(name: str, seed: int, kiba: int) -> SeededPlayer:
    competitor = Competitor(CompetitorId(name), name, rating=1900, games_played=100)
    return SeededPlayer(seed, competitor, 1, 1900, 100, kiba, seed)


HIGH = seeded("High", 5, 700)
LOW = seeded("Low", 1, 300)


def test_kiba_R22_higher_kiba_score_moves_first_whatever_the_seed() -> None:
    for a, b in ((HIGH, LOW), (LOW, HIGH)):
        match = final_match(a, b)
        assert match.first == HIGH
        assert [match.south_of_game(n).name for n in (1, 2, 3)] == ["High", "Low", "High"]


def test_kiba_R22_equal_kiba_scores_go_to_the_better_seed() -> None:
    a, b = seeded("A", 4, 500), seeded("B", 2, 500)
    assert final_match(a, b).first == b


def test_kiba_final_refuses_wrong_sides_draws_and_extra_games() -> None:
    match = final_match(HIGH, LOW)
    wrong_sides = Game(1, LOW.id, HIGH.id, GameResult.FIRST_WINS, encounter=1)
    with pytest.raises(IllegalResult, match="High must be South"):
        compute_final(match, [wrong_sides])
    draw = Game(1, HIGH.id, LOW.id, GameResult.DRAW, encounter=1)
    with pytest.raises(IllegalResult, match="no winner"):
        compute_final(match, [draw])
    two_nil = [match.game(1, HIGH.id), match.game(2, HIGH.id)]
    with pytest.raises(IllegalResult, match="already decided"):
        compute_final(match, [*two_nil, match.game(3, LOW.id)])
    with pytest.raises(IllegalResult, match="games 1 to 3"):
        match.game(4, HIGH.id)
    with pytest.raises(IllegalResult, match="not a finalist"):
        match.game(1, CompetitorId("Nobody"))


def test_kiba_final_format_parameter() -> None:
    match = final_match(HIGH, LOW, kiba_parameters({"final_format": "best-of-5"}))
    games = [match.game(n, HIGH.id) for n in (1, 2)]
    assert not compute_final(match, games).is_decided
    games.append(match.game(3, HIGH.id))
    assert compute_final(match, games).winner == HIGH


@settings(max_examples=100, deadline=None)
@given(st.lists(st.booleans(), min_size=3, max_size=3))
def test_kiba_R32_best_of_three_ends_after_two_wins(high_wins: list[bool]) -> None:
    match = final_match(HIGH, LOW)
    games: list[Game] = []
    state = compute_final(match, games)
    for high_won in high_wins:
        if state.is_decided:
            break
        assert state.next_south == match.south_of_game(len(games) + 1)
        games.append(match.game(len(games) + 1, HIGH.id if high_won else LOW.id))
        state = compute_final(match, games)
    assert state.winner is not None
    assert 2 <= len(games) <= 3
    assert state.wins_of(state.winner.id) == 2
    assert (len(games) == 3) == (high_wins[0] != high_wins[1])
