"""One game's TPs: the addendum's converter (every value the spec and the reference list),
time penalties, and the validation of TPs entered directly.

The spec's worked examples live in tests/acceptance/test_tantrix_knockout.py.
"""

from __future__ import annotations

from datetime import timedelta
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mashindano.engine.errors import ConfigError, IllegalResult
from mashindano.engine.knockout.tantrix import (
    TileScore,
    apply_time_penalties,
    convert_tile_score,
    count_time_penalties,
    enter_game_tps,
    sqrt_margin_tps,
    tp_formula_by_name,
    tps_for_margin,
    validate_game_tps,
)
from mashindano.engine.model import Outcome

F = Fraction


def tp(text: str) -> Fraction:
    return Fraction(Decimal(text))


def decimal_formula(margin: int) -> Fraction:
    """Independent reference: 12 + (4/3)·√m in 50-digit decimals, rounded half up to 0.1."""
    with localcontext() as context:
        context.prec = 50
        exact = Decimal(12) + Decimal(4) / Decimal(3) * Decimal(margin).sqrt()
        rounded = exact.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
    return min(Fraction(rounded), Fraction(20))


# The addendum's values, and the reference's two-decimal values rounded to 0.1.
ADDENDUM_WINNER_TPS = {1: "13.3", 4: "14.7", 5: "15.0", 18: "17.7", 2: "13.9", 9: "16.0"}
ADDENDUM_WINNER_TPS |= {16: "17.3", 36: "20.0", 37: "20.0", 100: "20.0"}
REFERENCE_UNROUNDED = {
    1: "13.33",
    4: "14.67",
    5: "14.98",
    18: "17.66",
    2: "13.89",
    3: "14.31",
    6: "15.27",
    8: "15.77",
    9: "16.00",
    10: "16.22",
    12: "16.62",
    15: "17.16",
    16: "17.33",
    20: "17.96",
    25: "18.67",
    30: "19.30",
    36: "20.00",
}


@pytest.mark.parametrize(("margin", "winner"), sorted(ADDENDUM_WINNER_TPS.items()))
def test_tantrix_addendum_converter_values(margin: int, winner: str) -> None:
    assert sqrt_margin_tps(margin) == tp(winner)
    assert tps_for_margin(margin) == (tp(winner), 20 - tp(winner))


@pytest.mark.parametrize(("margin", "unrounded"), sorted(REFERENCE_UNROUNDED.items()))
def test_tantrix_reference_formula_table(margin: int, unrounded: str) -> None:
    # The reference prints two decimals; the engine keeps one, rounded half up.
    expected = Fraction(Decimal(unrounded).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))
    assert sqrt_margin_tps(margin) == expected


def test_tantrix_reference_worked_example_margin_6_two_penalties() -> None:
    # 23-17 (m = 6): 15.3-4.7 at one decimal; A used 16:20, so 2 penalties: 13.3-6.7.
    penalties = count_time_penalties(timedelta(minutes=16, seconds=20))
    assert penalties == 2
    assert convert_tile_score(TileScore(23, 17, penalties_a=penalties)) == (tp("13.3"), tp("6.7"))


def test_draw_is_ten_each() -> None:
    assert convert_tile_score(TileScore(21, 21)) == (F(10), F(10))
    assert tps_for_margin(0) == (F(10), F(10))


def test_loser_side_gets_the_rest() -> None:
    assert convert_tile_score(TileScore(12, 30)) == (tp("2.3"), tp("17.7"))


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=1, max_value=100_000))
def test_converter_matches_a_high_precision_decimal_computation(margin: int) -> None:
    value = sqrt_margin_tps(margin)
    assert value == decimal_formula(margin)
    assert (value * 10).denominator == 1
    assert F(10) < value <= F(20)


@settings(max_examples=100, deadline=None)
@given(st.integers(min_value=1, max_value=5000))
def test_converter_never_decreases_with_the_margin(margin: int) -> None:
    assert sqrt_margin_tps(margin) <= sqrt_margin_tps(margin + 1)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(min_value=0, max_value=60),
    st.integers(min_value=0, max_value=60),
    st.integers(min_value=0, max_value=25),
    st.integers(min_value=0, max_value=25),
)
def test_converted_tps_always_share_the_pot(a: int, b: int, pen_a: int, pen_b: int) -> None:
    tp_a, tp_b = convert_tile_score(TileScore(a, b, pen_a, pen_b))
    assert tp_a + tp_b == 20
    assert tp_a >= 0
    assert tp_b >= 0


def test_penalties_move_one_tp_each_and_cancel_out() -> None:
    assert apply_time_penalties((tp("13.3"), tp("6.7")), 4, 0) == (tp("9.3"), tp("10.7"))
    assert apply_time_penalties((tp("13.3"), tp("6.7")), 3, 1) == (tp("11.3"), tp("8.7"))
    assert apply_time_penalties((F(10), F(10)), 0, 2) == (F(12), F(8))


def test_penalties_never_take_a_player_below_zero() -> None:
    assert apply_time_penalties((tp("2.3"), tp("17.7")), 5, 0) == (F(0), F(20))


@pytest.mark.parametrize(
    ("used", "penalties"),
    [
        (timedelta(minutes=14, seconds=59), 0),
        (timedelta(minutes=15), 1),
        (timedelta(minutes=15, seconds=59), 1),
        (timedelta(minutes=16), 2),
        (timedelta(minutes=24), 10),
    ],
)
def test_time_penalties_from_the_clock(used: timedelta, penalties: int) -> None:
    assert count_time_penalties(used) == penalties


@pytest.mark.parametrize(
    ("tps", "fragment"),
    [
        ((tp("12.4"), tp("7.5")), "must add up to 20.0, got 12.4-7.5 = 19.9"),
        ((F(21), F(-1)), "cannot be negative, got 21.0--1.0"),
        ((F(10), F(11)), "got 10.0-11.0 = 21.0"),
    ],
)
def test_tps_that_break_the_pot_are_refused_naming_game_and_values(
    tps: tuple[Fraction, Fraction], fragment: str
) -> None:
    with pytest.raises(IllegalResult, match="game 7") as caught:
        validate_game_tps(tps, game=7)
    assert fragment in caught.value.message
    assert caught.value.params["game"] == 7


def test_negative_margin_is_refused() -> None:
    with pytest.raises(IllegalResult, match="tile margin cannot be negative, got -3"):
        tps_for_margin(-3)


def test_negative_tile_score_is_refused() -> None:
    with pytest.raises(IllegalResult, match="game 2: tile scores cannot be negative, got -1-5"):
        convert_tile_score(TileScore(-1, 5), game=2)


def test_negative_penalties_are_refused() -> None:
    with pytest.raises(IllegalResult, match="game 4: time penalties cannot be negative"):
        convert_tile_score(TileScore(20, 10, penalties_a=-1), game=4)


def test_direct_entry_checks_draw_and_winner_then_applies_penalties() -> None:
    assert enter_game_tps((F(10), F(10)), outcome_for_a=Outcome.DRAW) == (F(10), F(10))
    assert enter_game_tps(
        (tp("13.3"), tp("6.7")), outcome_for_a=Outcome.WIN, penalties_a=4, game=7
    ) == (tp("9.3"), tp("10.7"))
    with pytest.raises(
        IllegalResult, match=r"game 3: TPs 11.0-9.0 do not match the result \(a draw"
    ):
        enter_game_tps((F(11), F(9)), game=3, outcome_for_a=Outcome.DRAW)
    with pytest.raises(IllegalResult, match="B won"):
        enter_game_tps((F(11), F(9)), game=3, outcome_for_a=Outcome.LOSS)


def test_the_converter_is_replaceable() -> None:
    def flat(margin: int) -> Fraction:
        return F(15)

    assert convert_tile_score(TileScore(10, 30), formula=flat) == (F(5), F(15))


def test_a_replacement_formula_outside_the_pot_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match=r"gave the winner by 2 tiles 21\.0 TPs"):
        convert_tile_score(TileScore(12, 10), formula=lambda m: F(21))


def test_unknown_formula_name() -> None:
    assert tp_formula_by_name("sqrt-margin") is sqrt_margin_tps
    with pytest.raises(ConfigError, match="unknown TP formula 'linear'"):
        tp_formula_by_name("linear")
