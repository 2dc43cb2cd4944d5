"""Rating examples from shared/reference/fide_elo.md (§4, §6), KIBA (E1, A2, A5) and
Tasaselo (A3, A4)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from mashindano.engine.ratings import (
    NEW_PLAYER_ELO,
    expected_score_fide,
    kiba_category,
    kiba_score,
    performance_rating,
    rating_change,
    rating_difference_for_score,
)


def test_fide_4_performance_rating_2125() -> None:
    opponents = [2100, 1950, 2000, 1850, 2050, 2050]
    assert performance_rating(opponents, Fraction(4)) == 2125


def test_fide_4_performance_with_p_66_would_be_2117() -> None:
    # 4/6 = .667 rounds to .67 (dp 125); had it been read as .66 the dp would be 117.
    assert rating_difference_for_score(Fraction(66, 100)) == 117
    assert 2000 + rating_difference_for_score(Fraction(66, 100)) == 2117


def test_fide_6_expected_scores_of_the_worked_example() -> None:
    assert expected_score_fide(2000 - 2100) == Fraction("0.36")
    assert expected_score_fide(2000 - 1900) == Fraction("0.64")
    assert expected_score_fide(2000 - 2500) == Fraction("0.08")  # -500 capped to -400


def test_fide_6_rating_change_plus_8() -> None:
    change = rating_change(
        2000, [2100, 1900, 2500], [Fraction(1), Fraction(1, 2), Fraction(0)], k=20
    )
    assert change == 8


def test_fide_6_without_the_cap_the_loss_costs_less() -> None:
    # Uncapped (a 2650+ player since Oct 2025): D = -500 -> PD .04, ΣΔR = .46 -> 9.2 -> +9.
    change = rating_change(
        2000, [2100, 1900, 2500], [Fraction(1), Fraction(1, 2), Fraction(0)], k=20, cap=None
    )
    assert change == 9


@pytest.mark.parametrize(
    ("player", "games", "elo", "published"),
    [(1, 689, 2069, 896), (2, 134, 2062, 340), (3, 1058, 2030, 1261), (4, 815, 1955, 1010)],
)
def test_kiba_E1_kiba_score_table(player: int, games: int, elo: int, published: int) -> None:
    assert kiba_score(elo, games) == published


def test_kiba_E1_newcomer_scores_180() -> None:
    assert kiba_score(NEW_PLAYER_ELO, 0) == 180
    assert kiba_category(0) == 3


def test_kiba_E1_player_list_order_is_3_4_1_2() -> None:
    table = {1: (689, 2069), 2: (134, 2062), 3: (1058, 2030), 4: (815, 1955)}
    order = sorted(
        table,
        key=lambda p: (kiba_category(table[p][0]), -kiba_score(table[p][1], table[p][0])),
    )
    assert order == [3, 4, 1, 2]


def test_kiba_A5_exact_half_rounds_to_even() -> None:
    # 1955 / 10 + 815 = 1010.5 -> 1010 (half up would give 1011); 1010.5 is the only tie in E1.
    assert kiba_score(1955, 815) == 1010
    assert kiba_score(1965, 815) == 1012  # 1011.5 -> 1012, the even neighbour above
    assert kiba_score(2069, 689) == 896  # 895.9 -> 896, so not truncation


@pytest.mark.parametrize(("games", "category"), [(0, 3), (1, 2), (24, 2), (25, 1), (1058, 1)])
def test_kiba_A2_categories(games: int, category: int) -> None:
    assert kiba_category(games) == category


@pytest.mark.parametrize(
    ("low", "high", "expected"),
    [(0, 3, "0.50"), (4, 10, "0.51"), (99, 106, "0.64"), (392, 411, "0.92")],
)
def test_tasaselo_A3_anchor_values(low: int, high: int, expected: str) -> None:
    for d in range(low, high + 1):
        assert expected_score_fide(d, cap=None) == Fraction(expected)


def test_tasaselo_A3_above_735_is_certain() -> None:
    assert expected_score_fide(736, cap=None) == 1


def test_tasaselo_A4_k100_changes_are_whole_numbers() -> None:
    # R12 per round: Rnew = Rold + K(S - E); with K = 100 the change is exact before rounding.
    for opponent in range(1200, 2801, 37):
        for score in (Fraction(0), Fraction(1, 2), Fraction(1)):
            exact = 100 * (score - expected_score_fide(2000 - opponent, cap=None))
            assert exact.denominator == 1
            assert rating_change(2000, [opponent], [score], 100, cap=None) == exact
