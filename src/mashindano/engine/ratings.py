"""Ratings: Elo expected scores (FIDE table and logistic), rating change, performance rating,
and the KIBA score. Pure and exact; every rounding step is named and documented.

Sources: FIDE Rating Regulations tables 8.1.1 and 8.1.2 (shared/reference/fide_elo.md),
KIBA R6, R7, A2, A5 (shared/spec/kiba-bao.md), Tasaselo R12, A3 (shared/spec/tasaselo.md).
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction
from typing import Literal

from mashindano.engine.errors import ConfigError, IllegalResult

HUNDREDTH = Fraction(1, 100)
HALF = Fraction(1, 2)

FIDE_CAP = 400
"""FIDE's 400-point rule: a larger difference counts as 400 (players below 2650 since
1 October 2025; callers pass `cap=None` for a 2650+ player, see fide_elo.md §1)."""

NEW_PLAYER_ELO = 1800
"""KIBA R6: a category-3 player (no games yet) is given this Elo."""

KIBA_CATEGORY1_MIN_GAMES = 25
KIBA_CATEGORY2_MIN_GAMES = 1

ExpectedScoreTableName = Literal["fide", "logistic"]


@dataclass(frozen=True, slots=True)
class ExpectedScoreTable:
    """Rating-difference bands mapped to the higher-rated player's expected score.

    `upper_bounds[i]` is the largest |D| of band i, whose expected score is
    `first + i * step`; any |D| above the last bound expects `first + len(upper_bounds) * step`.
    Tasaselo A3 asks for the table as configurable data, so it is a value, not code.
    """

    upper_bounds: tuple[int, ...]
    first: Fraction = HALF
    step: Fraction = HUNDREDTH

    def __post_init__(self) -> None:
        if not self.upper_bounds:
            raise ConfigError("an expected-score table needs at least one band")
        if self.upper_bounds[0] < 0 or any(
            low >= high for low, high in zip(self.upper_bounds, self.upper_bounds[1:], strict=False)
        ):
            raise ConfigError(
                "expected-score band bounds must be non-negative and strictly increasing",
                upper_bounds=self.upper_bounds,
            )
        top = self.first + len(self.upper_bounds) * self.step
        if not HALF <= self.first <= top <= 1:
            raise ConfigError(
                "expected scores for the higher-rated player must lie between 1/2 and 1",
                first=self.first,
                top=top,
            )

    def higher_expects(self, gap: int) -> Fraction:
        """Expected score of the higher-rated player for a non-negative difference `gap`."""
        return self.first + bisect_left(self.upper_bounds, gap) * self.step


FIDE_TABLE_8_1_2 = ExpectedScoreTable(
    upper_bounds=(
        3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145,
        153, 162, 170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315,
        328, 344, 357, 374, 391, 411, 432, 456, 484, 517, 559, 619, 735,
    )
)  # fmt: skip
"""FIDE table 8.1.2 (also Elo's table as commonly published; Tasaselo A3 anchors agree)."""

FIDE_TABLE_8_1_1 = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149,
    158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336,
    351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
)  # fmt: skip
"""FIDE table 8.1.1: dp for p = .50, .51, ..., 1.00 (p = 1 printed as the notional 800)."""


def expected_score_from_table(
    difference: int, table: ExpectedScoreTable, *, cap: int | None = FIDE_CAP
) -> Fraction:
    """Expected score for `difference` = own rating − opponent rating, read from `table`.

    The higher-rated player expects the table's H, the lower-rated 1 − H. A difference
    beyond `cap` counts as `cap` (None: no cap).
    """
    gap = abs(_capped(difference, cap))
    higher = table.higher_expects(gap)
    return higher if difference >= 0 else 1 - higher


def expected_score_fide(difference: int, *, cap: int | None = FIDE_CAP) -> Fraction:
    """Expected score from FIDE table 8.1.2; `difference` = own − opponent rating.

    >>> expected_score_fide(-100), expected_score_fide(-500)
    (Fraction(9, 25), Fraction(2, 25))
    """
    return expected_score_from_table(difference, FIDE_TABLE_8_1_2, cap=cap)


def expected_score_logistic(
    difference: int | Fraction, *, decimals: int = 4, cap: int | None = None
) -> Fraction:
    """The logistic Elo curve 1 / (1 + 10^(−D/400)), as an exact `Fraction` rounded to
    `decimals` decimal places (half up).

    The true value is irrational for most D, so some rounding is unavoidable; it is done once,
    here, with 50 significant digits of working precision (far beyond any `decimals` a caller
    would ask for), so equal inputs always give equal, exact outputs. E(D) + E(−D) == 1 holds
    exactly: the only value ever exactly halfway between two steps is E(0) = 1/2, and it needs
    no rounding once `decimals` >= 1.
    """
    if not 1 <= decimals <= 30:
        raise ConfigError(f"decimals must be between 1 and 30, got {decimals}", decimals=decimals)
    d = Fraction(difference)
    if cap is not None:
        _check_cap(cap)
        d = max(Fraction(-cap), min(Fraction(cap), d))
    with localcontext() as context:
        context.prec = 50
        power = Decimal(10) ** (Decimal(-d.numerator) / Decimal(d.denominator * 400))
        value = Decimal(1) / (Decimal(1) + power)
        rounded = value.quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP)
    return Fraction(rounded)


def round_to_hundredth(p: Fraction) -> Fraction:
    """Round to the nearest hundredth, exact halves upward (0.665 -> 0.67, 0.125 -> 0.13)."""
    return Fraction(_round_half_up(p * 100), 100)


def rating_difference_for_score(p: Fraction) -> int:
    """dp from FIDE table 8.1.1 for a fractional score 0 <= p <= 1.

    p is first rounded to the nearest hundredth, exact halves away from .50 (FIDE does not
    state the rounding; fide_elo.md §4), so that dp(1 − p) = −dp(p) always holds: for p < .50
    the value is −dp(1 − p). p = 1 gives the notional 800 and p = 0 gives −800.
    """
    if not 0 <= p <= 1:
        raise IllegalResult(f"a fractional score must lie between 0 and 1, got {p}", score=p)
    if p < Fraction(1, 2):
        return -rating_difference_for_score(1 - p)
    hundredths = int(round_to_hundredth(p) * 100)
    return FIDE_TABLE_8_1_1[hundredths - 50]


def rating_change(
    rating: int,
    opponents: Sequence[int],
    scores: Sequence[Fraction],
    k: int,
    *,
    table: ExpectedScoreTableName = "fide",
    cap: int | None = FIDE_CAP,
) -> int:
    """K × Σ(score − expected) over the games of a period, rounded to the nearest integer,
    exact halves away from zero (FIDE rating regulations; fide_elo.md §6: +8).

    Logistic expected scores are taken at `expected_score_logistic`'s default 4 decimals.
    Unplayed games must not be passed: they are not rated.
    """
    if k <= 0:
        raise ConfigError(f"the K factor must be positive, got {k}", k=k)
    if table not in ("fide", "logistic"):
        raise ConfigError(
            f"unknown expected-score table {table!r} (expected 'fide' or 'logistic')", table=table
        )
    if len(opponents) != len(scores):
        raise IllegalResult(
            f"{len(opponents)} opponents but {len(scores)} scores",
            opponents=len(opponents),
            scores=len(scores),
        )
    total = Fraction(0)
    for index, (opponent, score) in enumerate(zip(opponents, scores, strict=True)):
        if not 0 <= score <= 1:
            raise IllegalResult(
                f"game {index + 1} against {opponent}: score must lie between 0 and 1, got {score}",
                game=index + 1,
                opponent=opponent,
                score=score,
            )
        difference = rating - opponent
        expected = _expected_score(difference, table, cap)
        total += score - expected
    return round_half_away_from_zero(k * total)


def _expected_score(difference: int, table: ExpectedScoreTableName, cap: int | None) -> Fraction:
    if table == "fide":
        return expected_score_fide(difference, cap=cap)
    return expected_score_logistic(difference, cap=cap)


def average_rating(ratings: Sequence[int]) -> int:
    """Average rating, rounded to the nearest integer with exact halves upward (ARO)."""
    if not ratings:
        raise IllegalResult("an average rating needs at least one rating")
    return _round_half_up(Fraction(sum(ratings), len(ratings)))


def performance_rating(opponent_ratings: Sequence[int], score: Fraction) -> int:
    """TPR = ARO + dp(p), p = score / games (fide_elo.md §4: 4 / 6 against ARO 2000 -> 2125).

    The whole table 8.1.1 is used (no 400 cap), so 100% gives ARO + 800.
    """
    games = len(opponent_ratings)
    if games == 0:
        raise IllegalResult("a performance rating needs at least one game")
    if not 0 <= score <= games:
        raise IllegalResult(
            f"a score of {score} is impossible in {games} games", score=score, games=games
        )
    return average_rating(opponent_ratings) + rating_difference_for_score(Fraction(score) / games)


def kiba_score(elo: int | Fraction, games: int) -> int:
    """KIBA R7: Elo/10 + lifetime games, the exact value rounded half to even (A5).

    Reproduces every row of KIBA E1 (1010.5 -> 1010). A newcomer has Elo `NEW_PLAYER_ELO`
    and 0 games: 180.
    """
    if games < 0:
        raise IllegalResult(f"a game count cannot be negative, got {games}", games=games)
    if elo < 0:
        raise IllegalResult(f"an Elo rating cannot be negative, got {elo}", elo=elo)
    # Fraction.__round__ with no digits rounds exact halves to the even neighbour.
    return round(Fraction(elo) / 10 + games)


def kiba_category(
    games: int,
    *,
    category1_min_games: int = KIBA_CATEGORY1_MIN_GAMES,
    category2_min_games: int = KIBA_CATEGORY2_MIN_GAMES,
) -> int:
    """KIBA R6 / A2: 1 with at least 25 games, 2 with 1-24 games, 3 with none."""
    if not 0 < category2_min_games <= category1_min_games:
        raise ConfigError(
            "category thresholds must satisfy 0 < category 2 minimum <= category 1 minimum",
            category1_min_games=category1_min_games,
            category2_min_games=category2_min_games,
        )
    if games < 0:
        raise IllegalResult(f"a game count cannot be negative, got {games}", games=games)
    if games >= category1_min_games:
        return 1
    if games >= category2_min_games:
        return 2
    return 3


def round_half_away_from_zero(value: Fraction) -> int:
    """Nearest integer; exact halves go away from zero (8.5 -> 9, −8.5 -> −9)."""
    magnitude = _round_half_up(abs(value))
    return magnitude if value >= 0 else -magnitude


def _round_half_up(value: Fraction) -> int:
    """Nearest integer; exact halves go up (toward +infinity)."""
    return math.floor(value + HALF)


def _capped(difference: int, cap: int | None) -> int:
    if cap is None:
        return difference
    _check_cap(cap)
    return max(-cap, min(cap, difference))


def _check_cap(cap: int) -> None:
    if cap < 0:
        raise ConfigError(f"the rating-difference cap must be non-negative, got {cap}", cap=cap)
