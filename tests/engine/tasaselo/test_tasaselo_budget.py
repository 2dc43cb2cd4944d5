"""The prize-budget recommendation (R7-R10, R29-R32, A17, A18; `engine.tasaselo.budget`):
worked numbers on E5's field (40 players, 7 rounds: groups A 14, B 14, C 12), exact whole
units, the units rounding leaves to the largest remainders, always the whole fund."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mashindano.engine.errors import ConfigError
from mashindano.engine.tasaselo.budget import (
    BudgetRule,
    apportion,
    declining,
    recommend_budget,
)
from mashindano.engine.tasaselo.prizes import compute_prize_group_sizes

E5 = (("A", 14), ("B", 14), ("C", 12))


def test_e5_groups_are_the_ones_the_budget_splits_over() -> None:
    assert compute_prize_group_sizes(40, 7) == (14, 14, 12)


def test_e5_a_fund_of_1000() -> None:
    budget = recommend_budget(1000, E5, prizes_per_group=3, performance_prizes=3)
    # 20 % = 200 to the performance prizes; 800 over 40 players: 20 a head.
    assert budget.performance_total == 200
    assert [(g.name, g.size, g.total) for g in budget.groups] == [
        ("A", 14, 280),
        ("B", 14, 280),
        ("C", 12, 240),
    ]
    # 3 : 2 : 1 of 280 = 140, 93 1/3, 46 2/3 -> 140, 93, 46 and the 1 left to 46 2/3.
    assert budget.groups[0].places == (140, 93, 47)
    assert budget.groups[1].places == (140, 93, 47)
    assert budget.groups[2].places == (120, 80, 40)
    # 3 : 2 : 1 of 200 = 100, 66 2/3, 33 1/3 -> the 1 left to 66 2/3.
    assert budget.performance == (100, 67, 33)
    amounts = [a for g in budget.groups for a in g.places] + list(budget.performance)
    assert sum(amounts) == 1000


def test_e5_a_fund_of_999_leaves_3_units_to_the_largest_remainders() -> None:
    budget = recommend_budget(999, E5, prizes_per_group=3, performance_prizes=3)
    # exact: performance 199.8, A 279.72, B 279.72, C 239.76; rounded down 996, 3 left:
    # to the performance prizes (.8), C (.76), then A (.72, tied with B: the higher group).
    assert [g.total for g in budget.groups] == [280, 279, 240]
    assert budget.performance_total == 200
    assert budget.groups[1].places == (140, 93, 46)  # 139.5, 93, 46.5: ties to the better place
    assert sum(g.total for g in budget.groups) + budget.performance_total == 999


def test_the_share_and_the_counts_are_the_organisers_to_change() -> None:
    rule = BudgetRule(performance_share=Fraction(1, 10))
    budget = recommend_budget(1000, E5, prizes_per_group=2, performance_prizes=3, rule=rule)
    assert budget.performance_total == 100
    assert [g.total for g in budget.groups] == [315, 315, 270]
    assert budget.groups[0].places == (210, 105)  # 2 : 1
    without = recommend_budget(1000, E5, prizes_per_group=3, performance_prizes=0)
    assert without.performance == ()
    assert [g.total for g in without.groups] == [350, 350, 300]


def test_declining_weights_and_apportion() -> None:
    assert declining(3) == (3, 2, 1)
    assert declining(0) == ()
    assert apportion(10, [Fraction(1)] * 3) == (4, 3, 3)  # ties: the earlier part
    assert apportion(0, [Fraction(1), Fraction(2)]) == (0, 0)


def test_refusals_name_the_problem() -> None:
    with pytest.raises(ConfigError, match="between 0 and 100 %"):
        BudgetRule(performance_share=Fraction(3, 2))
    with pytest.raises(ConfigError, match="cannot be negative"):
        recommend_budget(-1, E5, prizes_per_group=3, performance_prizes=3)


@given(
    fund=st.integers(0, 10**7),
    sizes=st.lists(st.integers(1, 40), min_size=1, max_size=6),
    places=st.integers(1, 5),
    performance=st.integers(0, 4),
    share=st.fractions(0, 1),
)
def test_the_amounts_always_add_up_to_the_fund_and_decline(
    fund: int, sizes: list[int], places: int, performance: int, share: Fraction
) -> None:
    groups = [(chr(65 + i), size) for i, size in enumerate(sizes)]
    budget = recommend_budget(
        fund,
        groups,
        prizes_per_group=places,
        performance_prizes=performance,
        rule=BudgetRule(performance_share=share),
    )
    total = sum(g.total for g in budget.groups) + budget.performance_total
    assert total == fund
    for g in budget.groups:
        assert sum(g.places) == g.total
        assert list(g.places) == sorted(g.places, reverse=True)
    assert sum(budget.performance) == budget.performance_total
