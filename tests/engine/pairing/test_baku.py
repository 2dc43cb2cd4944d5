"""Baku acceleration (FIDE C.04.7, 2026; C.04.5.1 in 2017): who is in group A and how many
virtual points each round gives, against the rule's text and examples
(shared/reference/fide_dutch.md, section 8). Issue 28 item 2."""

from __future__ import annotations

from fractions import Fraction

import pytest

from mashindano.engine.errors import ConfigError
from mashindano.engine.model import Competitor, CompetitorId, Game, GameResult, Side, StageResults
from mashindano.engine.pairing import build_swiss_state, pair_dutch
from mashindano.engine.pairing.baku import (
    baku_accelerated_rounds,
    baku_acceleration,
    baku_group_a_size,
    baku_round_values,
    virtual_points,
)
from mashindano.engine.pairing.swiss_state import Float
from mashindano.engine.points import HALF, ONE, ZERO, PointSystem

CHESS = PointSystem()


def _ids(n: int) -> list[CompetitorId]:
    return [CompetitorId(str(k)) for k in range(1, n + 1)]


@pytest.mark.parametrize(
    ("players", "group_a"),
    [(161, 82), (7, 4), (8, 4), (9, 6), (10, 6), (15, 8), (16, 8), (100, 50), (151, 76), (2, 2)],
)
def test_group_a_is_the_first_half_rounded_up_to_an_even_number(players, group_a):
    # C.04.7: "the first half of the players, rounded upwards to the nearest even number";
    # the rule's own example: N = 161 gives 82.
    assert baku_group_a_size(players) == group_a
    assert baku_group_a_size(players) % 2 == 0


def test_nine_rounds_the_rules_example():
    # C.04.7 example, R = 9: rounds 1-3 +1, rounds 4-5 +1/2, rounds 6-9 none.
    assert baku_accelerated_rounds(9) == 5
    assert baku_round_values(9, CHESS) == (ONE, ONE, ONE, HALF, HALF, ZERO, ZERO, ZERO, ZERO)


@pytest.mark.parametrize(
    ("rounds", "values"),
    [
        (5, "1 1 .5 0 0"),
        (6, "1 1 .5 0 0 0"),
        (7, "1 1 .5 .5 0 0 0"),
        (10, "1 1 1 .5 .5 0 0 0 0 0"),
        (11, "1 1 1 .5 .5 .5 0 0 0 0 0"),
    ],
)
def test_accelerated_rounds_are_the_first_half_and_a_win_in_the_first_half_of_them(rounds, values):
    # C.04.7 (2026): accelerated rounds = the first ceil(R/2); a win's worth in the first
    # ceil(A/2) of them, half of it in the rest; nothing after.
    expected = tuple(Fraction(v) if v != ".5" else HALF for v in values.split())
    assert baku_round_values(rounds, CHESS) == expected


def test_virtual_points_follow_the_point_system_a_win_and_a_draw():
    # 2026: any scoring where a win is two draws and a loss nothing; the points are a win's
    # worth and half of it.
    double = PointSystem(win=Fraction(2), draw=ONE, loss=ZERO)
    assert baku_round_values(5, double) == (2, 2, 1, 0, 0)


def test_a_scoring_where_a_win_is_not_two_draws_is_refused():
    with pytest.raises(ConfigError, match="two draws"):
        baku_round_values(9, PointSystem(win=Fraction(3), draw=ONE, loss=ZERO))


def test_group_b_never_gets_virtual_points_and_they_do_not_accumulate():
    acceleration = baku_acceleration(_ids(10), 9, CHESS)
    group_a = [p for p, values in acceleration.items() if any(values)]
    assert group_a == _ids(6)
    assert all(not any(acceleration[p]) for p in _ids(10)[6:])
    # Per round, not cumulative: round 4 gives 1/2, not 3.5.
    assert virtual_points(acceleration, CompetitorId("1"), 4) == HALF
    assert virtual_points(acceleration, CompetitorId("1"), 6) == ZERO
    assert virtual_points(acceleration, CompetitorId("1"), 99) == ZERO
    assert virtual_points(None, CompetitorId("1"), 1) == ZERO


def _field(n: int, games: tuple[Game, ...] = ()) -> StageResults:
    return StageResults(
        competitors=tuple(
            Competitor(id=c, name=f"P{c}", rating=2500 - 10 * k, number=k + 1)
            for k, c in enumerate(_ids(n))
        ),
        games=games,
        rounds=5,
    )


def test_pairing_score_is_real_points_plus_the_rounds_virtual_points():
    # C.04.7: pairing score = real score + virtual points (standings keep the real score).
    results = _field(8, (Game(1, CompetitorId("1"), CompetitorId("5"), GameResult.FIRST_WINS),))
    acceleration = baku_acceleration(_ids(8), 5, CHESS)
    states = {s.id: s for s in build_swiss_state(results, 2, acceleration=acceleration)}
    assert (states[CompetitorId("1")].score, states[CompetitorId("1")].real_score) == (2, 1)
    assert states[CompetitorId("1")].virtual_points == ONE
    assert (states[CompetitorId("5")].score, states[CompetitorId("5")].real_score) == (0, 0)


def test_round_one_pairs_group_a_among_itself():
    # Eight players, group A = 1-4 with +1 in round 1: two scoregroups, {1..4} and {5..8}.
    pairing = pair_dutch(
        _field(8),
        1,
        total_rounds=5,
        initial_colour=Side.WHITE,
        acceleration=baku_acceleration(_ids(8), 5, CHESS),
    )
    assert {frozenset(b) for b in pairing.boards} == {
        frozenset({CompetitorId("1"), CompetitorId("3")}),
        frozenset({CompetitorId("2"), CompetitorId("4")}),
        frozenset({CompetitorId("5"), CompetitorId("7")}),
        frozenset({CompetitorId("6"), CompetitorId("8")}),
    }


def test_floats_are_judged_on_the_pairing_scores_of_their_round():
    # Player 4 (group A, 0 + 1 in round 1) met player 5 (group B, 0 + 0): 4 floated down.
    games = (Game(1, CompetitorId("4"), CompetitorId("5"), GameResult.DRAW),)
    acceleration = baku_acceleration(_ids(8), 5, CHESS)
    states = {s.id: s for s in build_swiss_state(_field(8, games), 2, acceleration=acceleration)}
    assert states[CompetitorId("4")].floats == (Float.DOWN,)
    assert states[CompetitorId("5")].floats == (Float.UP,)
    plain = {s.id: s for s in build_swiss_state(_field(8, games), 2)}
    assert plain[CompetitorId("4")].floats == (Float.NONE,)
