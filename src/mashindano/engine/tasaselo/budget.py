"""The prize-budget recommendation (R7-R10, R29-R32, A17, A18): how a total prize fund is split
over the prize groups and the performance prizes. The rules say "the organiser has a
budgeting recommendation available" without stating it; this is the project's, a
recommendation the organiser may follow or not (nothing is imposed or stored).

The rule (`BudgetRule`, its parameters declared with the preset in
`presets/tasaselo/prize_budget.py`):

1. The performance prizes (R31), when there are any, get `performance_share` of the fund.
2. The rest goes to the prize groups in proportion to their sizes (a group of 14 gets 14
   parts, one of 12 gets 12 parts: each player's group is worth the same per head).
3. Within a group, and among the performance prizes, the places decline linearly: of n
   places the first gets n parts, the second n - 1, ..., the last 1 (3 places: 3 : 2 : 1).

Amounts are whole currency units, computed exactly (fractions, no floating point). Each split
gives every part its exact share rounded down, then hands the units left over one each to the
parts with the largest fractions cut off (largest remainders; on equal remainders the part
listed first, i.e. the higher group or the better place). The amounts always add up to the
fund exactly. Step 1 and 2 are one split (the performance pool and every group at once), then
each pool is split over its places.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from mashindano.engine.errors import ConfigError


@dataclass(frozen=True, slots=True)
class BudgetRule:
    """The recommendation's parameters."""

    performance_share: Fraction = Fraction(1, 5)
    """Of the fund, for the performance prizes (0 to 1); 20 % by default."""

    def __post_init__(self) -> None:
        if not 0 <= self.performance_share <= 1:
            raise ConfigError(
                f"the performance prizes' share must be between 0 and 100 %, got "
                f"{self.performance_share * 100} %",
                parameter="performance_share",
            )


RECOMMENDED = BudgetRule()


@dataclass(frozen=True, slots=True)
class GroupBudget:
    name: str
    size: int
    total: int
    places: tuple[int, ...]
    """The amount of each place, first to last."""


@dataclass(frozen=True, slots=True)
class Budget:
    fund: int
    groups: tuple[GroupBudget, ...]
    performance_total: int
    performance: tuple[int, ...]
    rule: BudgetRule


def apportion(total: int, weights: Sequence[Fraction]) -> tuple[int, ...]:
    """`total` whole units split in proportion to `weights`: each share rounded down, the
    units left over one each to the largest remainders (ties: the earlier part)."""
    if total < 0:
        raise ConfigError(f"an amount cannot be negative, got {total}", total=total)
    whole = sum(weights, Fraction(0))
    if not weights or whole == 0:
        return tuple(0 for _ in weights)
    exact = [Fraction(total) * w / whole for w in weights]
    shares = [int(e) for e in exact]  # non-negative: int() rounds down
    left = total - sum(shares)
    order = sorted(range(len(exact)), key=lambda i: (-(exact[i] - shares[i]), i))
    for i in order[:left]:
        shares[i] += 1
    return tuple(shares)


def declining(places: int) -> tuple[Fraction, ...]:
    """The weights of `places` places: n, n - 1, ..., 1."""
    return tuple(Fraction(places - k) for k in range(places))


def recommend_budget(
    fund: int,
    groups: Sequence[tuple[str, int]],
    *,
    prizes_per_group: int,
    performance_prizes: int,
    rule: BudgetRule = RECOMMENDED,
) -> Budget:
    """The recommended split of `fund` over `groups` ((name, size) from the top) with
    `prizes_per_group` places each, and `performance_prizes` performance prizes."""
    if fund < 0:
        raise ConfigError(f"a prize fund cannot be negative, got {fund}", parameter="fund")
    if prizes_per_group < 0 or performance_prizes < 0:
        raise ConfigError("a number of prizes cannot be negative", parameter="prizes")
    players = sum(size for _, size in groups)
    share = rule.performance_share if performance_prizes else Fraction(0)
    grouped = Fraction(1) - share if prizes_per_group and players else Fraction(0)
    if not grouped and performance_prizes:
        share = Fraction(1)  # no group prizes: the whole fund to the performance prizes
    weights = [
        *(grouped * size / players if players else Fraction(0) for _, size in groups),
        share,
    ]
    pools = apportion(fund, weights)
    budgets = tuple(
        GroupBudget(name, size, total, apportion(total, declining(prizes_per_group)))
        for (name, size), total in zip(groups, pools, strict=False)
    )
    performance_total = pools[-1]
    return Budget(
        fund,
        budgets,
        performance_total,
        apportion(performance_total, declining(performance_prizes)),
        rule,
    )
