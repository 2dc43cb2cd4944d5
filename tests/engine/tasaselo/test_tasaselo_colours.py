"""Colours (R21-R24, A6-A8): colour number, due colours, wrong colours, allocation."""

from __future__ import annotations

import random

import pytest

from mashindano.engine.errors import IllegalResult
from mashindano.engine.model import CompetitorId
from mashindano.engine.tasaselo import (
    ColourRecord,
    allocate_colours,
    compute_colour_balance,
    compute_colour_number,
    count_wrong_colour_pairs,
    designate_wrong_colours,
    due_colour,
    is_colour_compatible,
)
from mashindano.engine.tasaselo.colours import BLACK, NOT_PLAYED, WHITE

X, Y = CompetitorId("x"), CompetitorId("y")


@pytest.mark.parametrize(
    ("history", "number"),
    [
        ((), 0),
        ((WHITE,), 1),
        ((BLACK,), -1),
        ((WHITE, BLACK), -1),
        ((BLACK, WHITE), 1),
        ((WHITE, WHITE, BLACK), -1),
        ((BLACK, BLACK, WHITE), 1),
        ((WHITE, NOT_PLAYED, BLACK), -3),
    ],
)
def test_A7_colour_number(history: tuple[int, ...], number: int) -> None:
    assert compute_colour_number(history) == number


def test_A7_bad_colour_named() -> None:
    with pytest.raises(IllegalResult, match="round 2: a colour must be"):
        compute_colour_number((WHITE, 2))


def test_balance_and_due_colour() -> None:
    assert compute_colour_balance((WHITE, WHITE, BLACK)) == 1
    assert due_colour(1) == BLACK
    assert due_colour(-2) == WHITE
    assert due_colour(0) is None


@pytest.mark.parametrize(
    ("first", "second", "legal"),
    [(1, -1, True), (1, 1, False), (-1, -1, False), (0, 0, True), (0, 1, True), (2, 1, False)],
)
def test_A6_colour_legality(first: int, second: int, legal: bool) -> None:
    assert is_colour_compatible(first, second) is legal
    assert is_colour_compatible(second, first) is legal


def test_R24_wrong_colour_pairs_even_out_the_counts() -> None:
    assert count_wrong_colour_pairs([1, -1, 1, -1]) == 0
    assert count_wrong_colour_pairs([1, 1, 1, -1]) == 1
    assert count_wrong_colour_pairs([1, 1, 1, 0]) == 1
    assert count_wrong_colour_pairs([1, 1, 1], free_players=1) == 1
    assert count_wrong_colour_pairs([1, 1, 0, 0]) == 0
    assert count_wrong_colour_pairs([1] * 6 + [-1] * 2) == 2


def test_A8_wrong_colours_go_to_the_bottom_of_the_larger_side() -> None:
    def ordered(balances: list[int]) -> list[tuple[CompetitorId, int]]:
        return [(CompetitorId(f"p{i}"), b) for i, b in enumerate(balances, 1)]

    assert designate_wrong_colours(ordered([1, -1, 1, 1, -1, 1, -1, 1])) == {"p6", "p8"}
    assert designate_wrong_colours(ordered([1, -1, 1, 1, -1, 1, 1, 1])) == {"p4", "p6", "p7", "p8"}
    assert designate_wrong_colours(ordered([-1, -1, 1, -1]), free_players=0) == {"p2", "p4"}
    assert designate_wrong_colours([(X, 1), (Y, -1)]) == frozenset()


def test_R21_balance_decides_before_the_colour_number() -> None:
    # W W B has one extra White but a lower colour number than B B W.
    more_white = ColourRecord(X, (WHITE, WHITE, BLACK))
    more_black = ColourRecord(Y, (BLACK, BLACK, WHITE))
    assert more_white.number < more_black.number
    assert allocate_colours(more_white, more_black, random.Random(1)) == (Y, X)


def test_R23_identical_histories_by_lot_replayable() -> None:
    outcomes = set()
    for seed in range(40):
        first = allocate_colours(
            ColourRecord(X, (WHITE,)), ColourRecord(Y, (WHITE,)), random.Random(seed)
        )
        again = allocate_colours(
            ColourRecord(X, (WHITE,)), ColourRecord(Y, (WHITE,)), random.Random(seed)
        )
        assert first == again
        outcomes.add(first)
    assert outcomes == {(X, Y), (Y, X)}
