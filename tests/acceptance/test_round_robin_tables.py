"""Acceptance examples for round-robin schedules and group dealing.

Sources: shared/spec/chess-manager.md (E1, E2, R4-R8, A9), shared/spec/kiba-bao.md (E2, E3, E4,
R12-R20, A6) and the printed FIDE Berger tables of shared/reference/fide_berger.md (C.05
Annex 1), typed in here by hand.
"""

from __future__ import annotations

import pytest

from mashindano.engine.schedules import (
    Pairing,
    ScheduleTable,
    deal_groups,
    fide_berger_rounds,
    group_count_for,
    kiba_berger_rounds,
    round_robin_schedule,
)


def parse_table(text: str) -> list[list[Pairing]]:
    """One round per line, pairs "a-b" separated by spaces, first-named player first."""
    rounds = []
    for line in text.strip().splitlines():
        pairs = []
        for token in line.split():
            first, second = token.split("-")
            pairs.append((int(first), int(second)))
        rounds.append(pairs)
    return rounds


FIDE_PRINTED = {
    4: """
        1-4 2-3
        4-3 1-2
        2-4 3-1
    """,
    6: """
        1-6 2-5 3-4
        6-4 5-3 1-2
        2-6 3-1 4-5
        6-5 1-4 2-3
        3-6 4-2 5-1
    """,
    8: """
        1-8 2-7 3-6 4-5
        8-5 6-4 7-3 1-2
        2-8 3-1 4-7 5-6
        8-6 7-5 1-4 2-3
        3-8 4-2 5-1 6-7
        8-7 1-6 2-5 3-4
        4-8 5-3 6-2 7-1
    """,
    10: """
        1-10 2-9 3-8 4-7 5-6
        10-6 7-5 8-4 9-3 1-2
        2-10 3-1 4-9 5-8 6-7
        10-7 8-6 9-5 1-4 2-3
        3-10 4-2 5-1 6-9 7-8
        10-8 9-7 1-6 2-5 3-4
        4-10 5-3 6-2 7-1 8-9
        10-9 1-8 2-7 3-6 4-5
        5-10 6-4 7-3 8-2 9-1
    """,
}


@pytest.mark.parametrize("numbers", sorted(FIDE_PRINTED))
def test_fide_printed_tables_even_fields(numbers: int) -> None:
    assert fide_berger_rounds(numbers) == parse_table(FIDE_PRINTED[numbers])


@pytest.mark.parametrize("numbers", sorted(FIDE_PRINTED))
def test_fide_printed_tables_odd_fields_use_next_table(numbers: int) -> None:
    assert fide_berger_rounds(numbers - 1) == parse_table(FIDE_PRINTED[numbers])


# chess-manager.md


@pytest.mark.parametrize(
    ("players", "cycles", "rounds"),
    [(6, 1, 5), (7, 1, 7), (6, 2, 10), (7, 2, 14)],
)
def test_chess_E1_number_of_rounds(players: int, cycles: int, rounds: int) -> None:
    schedule = round_robin_schedule(players, ScheduleTable.FIDE, cycles=cycles)
    assert schedule.round_count == rounds


def test_chess_E1_seven_players_each_sit_out_exactly_once() -> None:
    schedule = round_robin_schedule(7)
    sitting_out = [schedule.sitting_out(r) for r in range(1, schedule.round_count + 1)]
    assert sorted(n for n in sitting_out if n is not None) == list(range(1, 8))
    assert all(schedule.opponents(n).count(None) == 1 for n in range(1, 8))


def test_chess_E1_six_players_nobody_sits_out() -> None:
    schedule = round_robin_schedule(6)
    assert schedule.dummy is None
    assert all(schedule.sitting_out(r) is None for r in range(1, 6))


CHESS_E2 = """
    1-6 2-5 3-4
    6-4 5-3 1-2
    2-6 3-1 4-5
    6-5 1-4 2-3
    3-6 4-2 5-1
"""


def test_chess_E2_fide_table_for_six_players() -> None:
    schedule = round_robin_schedule(6, ScheduleTable.FIDE)
    assert [list(r) for r in schedule.rounds] == parse_table(CHESS_E2)


def test_chess_E2_player_six_alternates_colours() -> None:
    schedule = round_robin_schedule(6, ScheduleTable.FIDE)
    assert [f.is_first for f in schedule.fixtures(6)] == [False, True, False, True, False]


def test_chess_E2_five_players_number_six_is_the_dummy() -> None:
    schedule = round_robin_schedule(5, ScheduleTable.FIDE)
    assert schedule.dummy == 6
    assert [list(r) for r in schedule.rounds] == parse_table(CHESS_E2)
    # The opponents of 6 in the table, round by round, are the ones who sit out.
    assert [schedule.sitting_out(r) for r in range(1, 6)] == [1, 4, 2, 5, 3]
    assert schedule.pairs_without_dummy(2) == ((5, 3), (1, 2))


@pytest.mark.parametrize("swap_last_two", [True, False])
def test_chess_E2_double_rounds_six_to_ten_mirror_rounds_one_to_five(
    swap_last_two: bool,
) -> None:
    schedule = round_robin_schedule(6, cycles=2, swap_last_two=swap_last_two)
    mirrored = [[(b, a) for a, b in r] for r in parse_table(CHESS_E2)]
    assert [list(r) for r in schedule.rounds[5:]] == mirrored


def test_chess_R6_double_first_cycle_swaps_last_two_rounds() -> None:
    table = parse_table(CHESS_E2)
    schedule = round_robin_schedule(6, cycles=2)
    assert [list(r) for r in schedule.rounds[:5]] == [*table[:3], table[4], table[3]]


def test_chess_A9_kiba_table_always_names_player_one_first() -> None:
    schedule = round_robin_schedule(6, ScheduleTable.KIBA)
    assert all(f.is_first for f in schedule.fixtures(1))


# kiba-bao.md


def test_kiba_E2_group_placement_sixteen_players_three_groups() -> None:
    seeds = list(range(1, 17))
    assert group_count_for(16) == 3
    group_a, group_b, group_c = deal_groups(seeds, 3)
    assert group_a == [1, 4, 7, 10, 13, 16]
    assert group_b == [2, 5, 8, 11, 14]
    assert group_c == [3, 6, 9, 12, 15]


def test_kiba_E2_group_b_round_one() -> None:
    group_b = deal_groups(list(range(1, 17)), 3)[1]
    schedule = round_robin_schedule(len(group_b), ScheduleTable.KIBA)
    assert schedule.dummy == 6
    seed_of = dict(enumerate(group_b, start=1))  # R13: Berger numbers follow seed order
    sitting_out = schedule.sitting_out(1)
    assert sitting_out is not None
    assert seed_of[sitting_out] == 2
    assert [(seed_of[a], seed_of[b]) for a, b in schedule.pairs_without_dummy(1)] == [
        (5, 14),
        (8, 11),
    ]


KIBA_E3 = """
    1-6 2-5 3-4
    1-2 3-6 4-5
    1-3 4-2 5-6
    1-4 5-3 6-2
    1-5 6-4 2-3
"""


def test_kiba_E3_schedule_six_numbers() -> None:
    assert kiba_berger_rounds(6) == parse_table(KIBA_E3)
    schedule = round_robin_schedule(6, ScheduleTable.KIBA)
    assert [list(r) for r in schedule.rounds] == parse_table(KIBA_E3)


def test_kiba_E3_differs_from_fide_from_round_two() -> None:
    kiba = [set(r) for r in kiba_berger_rounds(6)]
    fide_unordered = [{frozenset(p) for p in r} for r in fide_berger_rounds(6)]
    kiba_unordered = [{frozenset(p) for p in r} for r in kiba]
    assert kiba_unordered[0] == fide_unordered[0]
    assert all(kiba_unordered[r] != fide_unordered[r] for r in range(1, 5))


def test_kiba_E3_derived_four_numbers() -> None:
    assert kiba_berger_rounds(4) == [[(1, 4), (2, 3)], [(1, 2), (3, 4)], [(1, 3), (4, 2)]]
    # A semifinal group of 3 real players uses the same table with 4 as the dummy.
    assert kiba_berger_rounds(3) == kiba_berger_rounds(4)


def test_kiba_E4_number_one_has_ten_parallel_games() -> None:
    schedule = round_robin_schedule(6, ScheduleTable.KIBA)
    games = [
        game
        for r in range(1, schedule.round_count + 1)
        for pairing in schedule.two_game_pairings(r)
        for game in pairing
        if 1 in game
    ]
    as_south = sorted(g for g in games if g[0] == 1)
    as_north = sorted(g for g in games if g[1] == 1)
    assert as_south == [(1, 2), (1, 3), (1, 4), (1, 5), (1, 6)]
    assert as_north == [(2, 1), (3, 1), (4, 1), (5, 1), (6, 1)]
    assert len(games) == 10


def test_kiba_E4_number_one_has_eight_games_and_two_byes_when_six_is_the_dummy() -> None:
    schedule = round_robin_schedule(5, ScheduleTable.KIBA)
    games = [
        game
        for r in range(1, schedule.round_count + 1)
        for pairing in schedule.two_game_pairings(r)
        for game in pairing
        if 1 in game
    ]
    assert len(games) == 8
    assert sorted(g for g in games if g[0] == 1) == [(1, 2), (1, 3), (1, 4), (1, 5)]
    # Each sit-out pairing stands for the two games (South and North) that are not played.
    byes = 2 * schedule.opponents(1).count(None)
    assert byes == 2


def test_kiba_R20_six_players_play_every_ordered_pair_once() -> None:
    schedule = round_robin_schedule(6, ScheduleTable.KIBA)
    games = [
        game
        for r in range(1, schedule.round_count + 1)
        for pairing in schedule.two_game_pairings(r)
        for game in pairing
    ]
    assert len(games) == 30
    assert set(games) == {(x, y) for x in range(1, 7) for y in range(1, 7) if x != y}
    assert all(sum(n in g for g in games) == 10 for n in range(1, 7))


@pytest.mark.parametrize("players", range(6, 35))
def test_kiba_A6_default_group_count_keeps_groups_of_three_to_six(players: int) -> None:
    groups = deal_groups(list(range(1, players + 1)), group_count_for(players))
    assert all(3 <= len(group) <= 6 for group in groups)
