"""Ratings: FIDE tables 8.1.1 and 8.1.2, logistic curve, rating change, performance, KIBA."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mashindano.engine.errors import ConfigError, IllegalResult
from mashindano.engine.ratings import (
    ExpectedScoreTable,
    ExpectedScoreTableName,
    average_rating,
    expected_score_fide,
    expected_score_from_table,
    expected_score_logistic,
    kiba_category,
    kiba_score,
    performance_rating,
    rating_change,
    rating_difference_for_score,
    round_half_away_from_zero,
    round_to_hundredth,
)

# Table 8.1.2 as printed in shared/reference/fide_elo.md §2 (ranges, not the compact list the
# module uses), so the test checks the module's encoding against an independent transcription.
TABLE_8_1_2_TEXT = """
0-3 .50 | 92-98 .63 | 198-206 .76 | 345-357 .89
4-10 .51 | 99-106 .64 | 207-215 .77 | 358-374 .90
11-17 .52 | 107-113 .65 | 216-225 .78 | 375-391 .91
18-25 .53 | 114-121 .66 | 226-235 .79 | 392-411 .92
26-32 .54 | 122-129 .67 | 236-245 .80 | 412-432 .93
33-39 .55 | 130-137 .68 | 246-256 .81 | 433-456 .94
40-46 .56 | 138-145 .69 | 257-267 .82 | 457-484 .95
47-53 .57 | 146-153 .70 | 268-278 .83 | 485-517 .96
54-61 .58 | 154-162 .71 | 279-290 .84 | 518-559 .97
62-68 .59 | 163-170 .72 | 291-302 .85 | 560-619 .98
69-76 .60 | 171-179 .73 | 303-315 .86 | 620-735 .99
77-83 .61 | 180-188 .74 | 316-328 .87
84-91 .62 | 189-197 .75 | 329-344 .88
"""

# Table 8.1.1 as printed in fide_elo.md §3 (p dp pairs, p >= .50).
TABLE_8_1_1_TEXT = """
1.00 800 | .89 351 | .79 230 | .69 141 | .59 65
.99 677 | .88 336 | .78 220 | .68 133 | .58 57
.98 589 | .87 322 | .77 211 | .67 125 | .57 50
.97 538 | .86 309 | .76 202 | .66 117 | .56 43
.96 501 | .85 296 | .75 193 | .65 110 | .55 36
.95 470 | .84 284 | .74 184 | .64 102 | .54 29
.94 444 | .83 273 | .73 175 | .63 95 | .53 21
.93 422 | .82 262 | .72 166 | .62 87 | .52 14
.92 401 | .81 251 | .71 158 | .61 80 | .51 7
.91 383 | .80 240 | .70 149 | .60 72 | .50 0
.90 366
"""


def _cells(text: str) -> list[list[str]]:
    return [cell.split() for line in text.strip().splitlines() for cell in line.split("|")]


def _bands() -> list[tuple[int, int, Fraction]]:
    bands = []
    for span, h in _cells(TABLE_8_1_2_TEXT):
        low, high = span.split("-")
        bands.append((int(low), int(high), Fraction(h)))
    return sorted(bands)


def _score_to_dp() -> list[tuple[Fraction, int]]:
    return sorted((Fraction(p), int(dp)) for p, dp in _cells(TABLE_8_1_1_TEXT))


BANDS = _bands()
SCORE_TO_DP = _score_to_dp()


def test_transcribed_tables_are_complete() -> None:
    assert len(BANDS) == 50
    assert [low for low, _, _ in BANDS[1:]] == [high + 1 for _, high, _ in BANDS[:-1]]
    assert len(SCORE_TO_DP) == 51


@pytest.mark.parametrize(("low", "high", "h"), BANDS)
def test_fide_8_1_2_every_band_boundary(low: int, high: int, h: Fraction) -> None:
    for d in (low, high):
        assert expected_score_fide(d, cap=None) == h
        assert expected_score_fide(-d, cap=None) == 1 - h


def test_fide_8_1_2_beyond_735_is_certain() -> None:
    assert expected_score_fide(736, cap=None) == 1
    assert expected_score_fide(-736, cap=None) == 0
    assert expected_score_fide(5000, cap=None) == 1


def test_fide_400_point_rule_caps_at_92_percent() -> None:
    assert expected_score_fide(500) == Fraction("0.92")
    assert expected_score_fide(-500) == Fraction("0.08")
    assert expected_score_fide(500, cap=None) == Fraction("0.96")
    assert expected_score_fide(360, cap=350) == Fraction("0.89")  # the pre-2009 350 rule


def test_negative_cap_is_refused() -> None:
    with pytest.raises(ConfigError):
        expected_score_fide(10, cap=-1)


@pytest.mark.parametrize(("p", "dp"), SCORE_TO_DP)
def test_fide_8_1_1_every_row(p: Fraction, dp: int) -> None:
    assert rating_difference_for_score(p) == dp
    assert rating_difference_for_score(1 - p) == -dp


def test_dp_for_zero_and_full_score_is_notional_800() -> None:
    assert rating_difference_for_score(Fraction(1)) == 800
    assert rating_difference_for_score(Fraction(0)) == -800


def test_dp_rounds_p_to_nearest_hundredth_away_from_half() -> None:
    assert round_to_hundredth(Fraction(2, 3)) == Fraction(67, 100)
    assert round_to_hundredth(Fraction(1, 8)) == Fraction(13, 100)  # .125 -> .13
    assert rating_difference_for_score(Fraction(2, 3)) == 125
    # .875 rounds to .88 -> 336; .125 mirrors it (-dp(.875)), so dp(1 - p) == -dp(p).
    assert rating_difference_for_score(Fraction(1, 8)) == -336
    assert rating_difference_for_score(Fraction(7, 8)) == 336


@pytest.mark.parametrize("p", [Fraction(-1, 100), Fraction(101, 100)])
def test_dp_refuses_score_outside_0_1(p: Fraction) -> None:
    with pytest.raises(IllegalResult):
        rating_difference_for_score(p)


def test_logistic_matches_reference_comparison_at_three_decimals() -> None:
    # fide_elo.md §5, "logistic" column.
    expected = {0: "0.5", 100: "0.64", 200: "0.76", 300: "0.849", 400: "0.909", 500: "0.947"}
    expected |= {600: "0.969", 735: "0.986"}
    for d, value in expected.items():
        assert expected_score_logistic(d, decimals=3) == Fraction(value)


def test_logistic_default_is_four_decimals_and_exact() -> None:
    value = expected_score_logistic(400)
    assert value == Fraction("0.9091")  # 10/11 = 0.90909...
    assert isinstance(value, Fraction)


def test_logistic_cap() -> None:
    assert expected_score_logistic(700, cap=400) == expected_score_logistic(400)


def test_logistic_refuses_silly_decimals() -> None:
    with pytest.raises(ConfigError):
        expected_score_logistic(0, decimals=0)


def test_custom_table_is_data() -> None:
    # Tasaselo A3: the organiser may configure the table; a toy two-band table.
    table = ExpectedScoreTable(upper_bounds=(99, 199), step=Fraction(1, 10))
    assert expected_score_from_table(50, table, cap=None) == Fraction(1, 2)
    assert expected_score_from_table(150, table, cap=None) == Fraction(6, 10)
    assert expected_score_from_table(-250, table, cap=None) == Fraction(3, 10)


@pytest.mark.parametrize(
    "bounds",
    [(), (10, 10), (-1, 5), tuple(range(1, 100))],
)
def test_bad_expected_score_tables_are_refused(bounds: tuple[int, ...]) -> None:
    with pytest.raises(ConfigError):
        ExpectedScoreTable(upper_bounds=bounds)


def test_rating_change_rounds_half_away_from_zero() -> None:
    assert round_half_away_from_zero(Fraction(17, 2)) == 9
    assert round_half_away_from_zero(Fraction(-17, 2)) == -9
    assert round_half_away_from_zero(Fraction(84, 10)) == 8
    # Equal ratings, K = 25: 25 x (1 - .50) = 12.5 -> 13, and 25 x (0 - .50) = -12.5 -> -13.
    assert rating_change(2000, [2000], [Fraction(1)], 25) == 13
    assert rating_change(2000, [2000], [Fraction(0)], 25) == -13


def test_rating_change_logistic() -> None:
    # 10 x (1 - .6401) = 3.599 -> 4 against a player rated 100 lower.
    assert rating_change(2100, [2000], [Fraction(1)], 10, table="logistic") == 4


def test_rating_change_refuses_bad_input() -> None:
    with pytest.raises(ConfigError):
        rating_change(2000, [2000], [Fraction(1)], 0)
    with pytest.raises(ConfigError, match="unknown expected-score table"):
        rating_change(2000, [2000], [Fraction(1)], 20, table="elo")  # type: ignore[arg-type]
    with pytest.raises(IllegalResult):
        rating_change(2000, [2000, 2100], [Fraction(1)], 20)
    with pytest.raises(IllegalResult, match="game 1 against 2100"):
        rating_change(2000, [2100], [Fraction(2)], 20)


def test_average_rating_rounds_half_up() -> None:
    assert average_rating([2000, 2001]) == 2001
    assert average_rating([2000, 2000, 2001]) == 2000
    with pytest.raises(IllegalResult):
        average_rating([])


def test_performance_rating_refuses_impossible_scores() -> None:
    with pytest.raises(IllegalResult):
        performance_rating([], Fraction(0))
    with pytest.raises(IllegalResult):
        performance_rating([2000, 2000], Fraction(3))


def test_performance_rating_perfect_score_is_aro_plus_800() -> None:
    assert performance_rating([1500, 1600], Fraction(2)) == 2350


def test_kiba_score_refuses_negative_values() -> None:
    with pytest.raises(IllegalResult):
        kiba_score(1800, -1)
    with pytest.raises(IllegalResult):
        kiba_score(-5, 0)


def test_kiba_score_accepts_stored_decimal_elo() -> None:
    # A5's alternative reading: the site keeps Elo with decimals.
    assert kiba_score(Fraction("1955.2"), 815) == 1011


def test_kiba_category_thresholds_are_parameters() -> None:
    assert kiba_category(19, category1_min_games=20) == 2
    assert kiba_category(20, category1_min_games=20) == 1
    assert kiba_category(2, category2_min_games=3) == 3
    with pytest.raises(ConfigError):
        kiba_category(5, category1_min_games=0)
    with pytest.raises(IllegalResult):
        kiba_category(-1)


differences = st.integers(min_value=-2000, max_value=2000)
caps = st.sampled_from([None, 350, 400])


@given(differences, caps)
def test_fide_expected_scores_are_complementary(d: int, cap: int | None) -> None:
    assert expected_score_fide(d, cap=cap) + expected_score_fide(-d, cap=cap) == 1


@given(differences, caps)
def test_fide_expected_score_is_monotone(d: int, cap: int | None) -> None:
    assert expected_score_fide(d, cap=cap) <= expected_score_fide(d + 1, cap=cap)


@given(differences)
def test_fide_expected_score_is_in_hundredths_between_0_and_1(d: int) -> None:
    value = expected_score_fide(d, cap=None)
    assert 0 <= value <= 1
    assert (value * 100).denominator == 1


@given(differences, st.integers(min_value=1, max_value=6))
def test_logistic_expected_scores_are_complementary(d: int, decimals: int) -> None:
    assert (
        expected_score_logistic(d, decimals=decimals)
        + expected_score_logistic(-d, decimals=decimals)
        == 1
    )


@given(differences)
def test_logistic_expected_score_is_monotone(d: int) -> None:
    assert expected_score_logistic(d) <= expected_score_logistic(d + 1)


@given(differences)
def test_logistic_stays_within_two_hundredths_of_the_fide_table(d: int) -> None:
    # fide_elo.md §5: the logistic curve's largest departure from the table is about .018.
    assert abs(expected_score_logistic(d) - expected_score_fide(d, cap=None)) <= Fraction(2, 100)


fractions_0_1 = st.fractions(min_value=0, max_value=1, max_denominator=200)


@given(fractions_0_1, fractions_0_1)
def test_dp_is_monotone_in_p(p: Fraction, q: Fraction) -> None:
    low, high = sorted((p, q))
    assert rating_difference_for_score(low) <= rating_difference_for_score(high)


@pytest.mark.parametrize("table", ["fide", "logistic"])
@given(
    st.integers(min_value=1000, max_value=2800),
    st.integers(min_value=1000, max_value=2800),
    st.sampled_from([Fraction(0), Fraction(1, 2), Fraction(1)]),
    st.sampled_from([10, 20, 40]),
)
def test_one_game_moves_both_ratings_by_the_same_amount(
    table: ExpectedScoreTableName, rating: int, opponent: int, score: Fraction, k: int
) -> None:
    mine = rating_change(rating, [opponent], [score], k, table=table)
    theirs = rating_change(opponent, [rating], [1 - score], k, table=table)
    assert mine == -theirs


@given(
    st.one_of(st.integers(min_value=0, max_value=3000), st.fractions(min_value=0, max_value=3000)),
    st.integers(min_value=0, max_value=5000),
)
def test_kiba_score_is_nearest_integer(elo: int | Fraction, games: int) -> None:
    exact = Fraction(elo) / 10 + games
    assert abs(kiba_score(elo, games) - exact) <= Fraction(1, 2)


@given(st.integers(min_value=0, max_value=1000))
def test_kiba_category_never_rises_with_more_games(games: int) -> None:
    assert kiba_category(games) >= kiba_category(games + 1)
    assert (kiba_category(games) == 3) == (games == 0)
