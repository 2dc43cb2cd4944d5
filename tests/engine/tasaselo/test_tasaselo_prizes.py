"""The comparison list (R30, R34, A12-A16), prize groups (R7-R10, A18) and prizes (R31, R32,
A10, A13, A17)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from mashindano.engine.model import Competitor, CompetitorId, Game, GameResult
from mashindano.engine.parameters import override
from mashindano.engine.ratings import FIDE_TABLE_8_1_1
from mashindano.engine.tasaselo import (
    ELO_ORIGINAL_TABLE,
    TASASELO,
    ComparisonRow,
    Entry,
    GroupStandings,
    PrizeGroup,
    PrizeKind,
    compute_comparison_list,
    compute_lots,
    compute_points,
    compute_prize_group_sizes,
    compute_prize_groups,
    compute_prizes,
    compute_score_difference,
    place_in_group,
    rank_rows,
)
from mashindano.engine.tasaselo.prizes import group_name


def cid(name: str) -> CompetitorId:
    return CompetitorId(name)


def entry(number: int, selo: int, first_round: int = 1, name: str | None = None) -> Entry:
    label = name or f"p{number}"
    return Entry(number, Competitor(cid(label), label, selo), selo, first_round)


def row(
    name: str,
    points: Fraction | int,
    comparison: Fraction | int | None = 1500,
    performance: Fraction | int | None = 1500,
    result: Fraction | int = 0,
    expected: Fraction | int = 0,
    games: int = 1,
) -> ComparisonRow:
    return ComparisonRow(
        number=int(name[1:]),
        competitor=cid(name),
        name=name,
        selo=1500,
        points=Fraction(points),
        comparison=None if comparison is None else Fraction(comparison),
        performance=None if performance is None else Fraction(performance),
        expected=Fraction(expected),
        result=Fraction(result),
        games=games,
    )


def test_A15_score_difference_is_fide_8_1_1_from_the_same_table() -> None:
    for hundredths in range(50, 100):
        p = Fraction(hundredths, 100)
        assert compute_score_difference(p, ELO_ORIGINAL_TABLE) == FIDE_TABLE_8_1_1[hundredths - 50]
        assert (
            compute_score_difference(1 - p, ELO_ORIGINAL_TABLE)
            == -FIDE_TABLE_8_1_1[hundredths - 50]
        )


def test_A15_capped_at_the_table_limits() -> None:
    assert compute_score_difference(Fraction(1), ELO_ORIGINAL_TABLE) == 736
    assert compute_score_difference(Fraction(0), ELO_ORIGINAL_TABLE) == -736
    # 2/3 rounds to .67 -> 125.
    assert compute_score_difference(Fraction(2, 3), ELO_ORIGINAL_TABLE) == 125


def test_A14_A15_comparison_list_columns() -> None:
    entries = [entry(1, 1900), entry(2, 1800), entry(3, 1700), entry(4, 1600)]
    games = [
        Game(1, cid("p1"), cid("p4"), GameResult.FIRST_WINS),
        Game(2, cid("p2"), cid("p1"), GameResult.DRAW),
        Game(3, cid("p1"), cid("p3"), GameResult.SECOND_WINS),
    ]
    points = compute_points([e.id for e in entries], games, [])
    rows = {r.competitor: r for r in compute_comparison_list(entries, games, points)}
    first = rows[cid("p1")]
    assert first.points == Fraction(3, 2)
    assert first.comparison == 1700
    # 1.5 / 3 = .50 -> 0: the performance number is the average.
    assert first.performance == 1700
    # E: 1900-1600 = 300 -> .85; 1900-1800 = 100 -> .64; 1900-1700 = 200 -> .76.
    assert first.expected == Fraction(225, 100)
    assert first.result_minus_expected == Fraction(-75, 100)
    assert rows[cid("p4")].performance == 1900 - 736
    unplayed = compute_comparison_list([*entries, entry(5, 1500)], games, points)[-1]
    assert (unplayed.comparison, unplayed.performance, unplayed.games) == (None, None, 0)


def test_A12_variable_selo_basis() -> None:
    entries = [entry(1, 1900), entry(2, 1800)]
    games = [Game(2, cid("p1"), cid("p2"), GameResult.DRAW)]
    parameters = override(TASASELO, {"comparison_basis": "variable-selo"})
    history = [
        {cid("p1"): Fraction(1900), cid("p2"): Fraction(1800)},
        {cid("p1"): Fraction(1950), cid("p2"): Fraction(17505, 10)},
    ]
    rows = compute_comparison_list(entries, games, {}, parameters, history)
    assert rows[0].comparison == Fraction(17505, 10)
    assert rows[1].comparison == 1950


def test_R30_A16_ranking_in_a_group() -> None:
    rows = [
        row("p1", 3, comparison=1600, performance=1700),
        row("p2", 4, comparison=1500, performance=1600),
        row("p3", 3, comparison=1650, performance=1650),
        row("p4", 3, comparison=1600, performance=1800),
        row("p5", 3, comparison=None, performance=None, games=0),
        row("p6", 3, comparison=1600, performance=1700),
    ]
    lots = {cid(f"p{n}"): lot for n, lot in zip(range(1, 7), [5, 1, 2, 3, 4, 6], strict=True)}
    ranked = [r.competitor for r in rank_rows(rows, lots)]
    assert ranked == ["p2", "p3", "p4", "p1", "p6", "p5"]
    swapped = {**lots, cid("p1"): 6, cid("p6"): 5}
    assert [r.competitor for r in rank_rows(rows, swapped)][3:5] == ["p6", "p1"]


def test_lots_are_replayable() -> None:
    ids = [cid(f"p{n}") for n in range(1, 30)]
    assert compute_lots(ids, 7) == compute_lots(ids, 7)
    assert sorted(compute_lots(ids, 7).values()) == list(range(1, 30))
    assert compute_lots(ids, 7) != compute_lots(ids, 8)


@pytest.mark.parametrize(
    ("count", "rounds", "sizes"),
    [(40, 7, (14, 14, 12)), (37, 8, (16, 21)), (40, 8, (16, 16, 8)), (10, 7, (10,)), (0, 7, ())],
)
def test_A18_prize_group_sizes(count: int, rounds: int, sizes: tuple[int, ...]) -> None:
    assert compute_prize_group_sizes(count, rounds) == sizes


def test_A18_organiser_sets_group_sizes() -> None:
    smaller_a = override(TASASELO, {"prize_group_sizes": "10"})
    assert compute_prize_group_sizes(40, 7, smaller_a) == (10, 14, 16)
    fixed = override(TASASELO, {"prize_group_size": "12"})
    assert compute_prize_group_sizes(40, 7, fixed) == (12, 12, 16)


def test_R10_late_entrants_join_the_group_of_their_selo() -> None:
    entries = [entry(n, 2100 - 10 * n) for n in range(1, 9)]
    entries += [entry(9, 2055, 3, "strong"), entry(10, 1000, 2, "weak"), entry(11, 2500, 2, "top")]
    groups = compute_prize_groups(entries, 2)
    assert [g.members for g in groups] == [
        ("top", "p1", "p2", "p3", "p4"),
        ("strong", "p5", "p6", "p7", "p8", "weak"),
    ]
    assert place_in_group([2060, 2020], 2061) == 0
    assert place_in_group([2060, 2020], 2059) == 1
    assert place_in_group([2060, 2020], 1) == 1


def test_R9_groups_fixed_from_the_players_entered_before_the_chosen_round() -> None:
    entries = [entry(n, 2100 - 10 * n) for n in range(1, 5)] + [entry(5, 2500, 2, "late")]
    later = override(TASASELO, {"prize_groups_fixed_before_round": 3, "prize_group_size": 2})
    assert compute_prize_groups(entries, 4, later)[0].members == ("late", "p1")


def test_group_names() -> None:
    assert [group_name(i) for i in (0, 1, 25, 26, 27)] == ["A", "B", "Z", "AA", "AB"]


def standings(*groups: tuple[str, list[ComparisonRow]]) -> list[GroupStandings]:
    return [
        GroupStandings(PrizeGroup(name, tuple(r.competitor for r in rows), 0, 0), tuple(rows))
        for name, rows in groups
    ]


def test_A17_group_prizes_first_then_performance_to_others() -> None:
    table = standings(
        ("A", [row("p1", 5, result=5, expected=3), row("p2", 4, result=4, expected=3)]),
        (
            "B",
            [
                row("p3", 4, result=4, expected=1),
                row("p4", 3, result=3, expected=Fraction(1, 2)),
                row("p5", 2, result=2, expected=1),
            ],
        ),
    )
    lots = {cid(f"p{n}"): n for n in range(1, 6)}
    parameters = override(TASASELO, {"prizes_per_group": 1, "performance_prizes": 2})
    prizes = compute_prizes(table, lots, parameters)
    assert [(p.kind, p.group, p.place, p.competitor) for p in prizes] == [
        (PrizeKind.GROUP, "A", 1, "p1"),
        (PrizeKind.GROUP, "B", 1, "p3"),
        (PrizeKind.PERFORMANCE, None, 1, "p4"),
        (PrizeKind.PERFORMANCE, None, 2, "p2"),
    ]
    both = override(parameters, {"one_prize_per_player": False})
    performance = [
        p.competitor for p in compute_prizes(table, lots, both) if p.kind is PrizeKind.PERFORMANCE
    ]
    assert performance == ["p3", "p4"]


def test_A10_reserve_not_eligible_by_default() -> None:
    table = standings(
        ("A", [row("p1", 5, result=5), row("p2", 4, result=4), row("p3", 1, games=0)])
    )
    lots = {cid(f"p{n}"): n for n in range(1, 4)}
    parameters = override(TASASELO, {"prizes_per_group": 1, "performance_prizes": 3})
    prizes = compute_prizes(table, lots, parameters, ineligible=frozenset({cid("p1")}))
    assert [(p.kind, p.competitor) for p in prizes] == [(PrizeKind.GROUP, "p2")]
