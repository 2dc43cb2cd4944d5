"""Round-robin schedules and group dealing: the tables against an independent closed form,
invariants over field sizes 2..40, and the errors for bad configurations.

The spec's worked examples live in tests/acceptance/test_round_robin_tables.py.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mashindano.engine.errors import ConfigError
from mashindano.engine.schedules import (
    Pairing,
    RoundRobinSchedule,
    ScheduleTable,
    deal_groups,
    fide_berger_rounds,
    group_count_for,
    kiba_berger_rounds,
    round_robin_schedule,
    two_game_pairings,
)

players_2_to_40 = st.integers(min_value=2, max_value=40)
tables = st.sampled_from(ScheduleTable)
cycle_counts = st.sampled_from((1, 2))


def closed_form_fide_round(numbers: int, round_number: int) -> set[Pairing]:
    """Rule B of the reference (derived, independent of the round-by-round procedure).

    With M = N-1 and residues in 1..M: i and j meet when i+j = r+1 (mod M); i meets N when
    2i = r+1 (mod M), N being Black in odd rounds; White is w with (w-b) mod M even.
    """
    m = numbers - 1
    target = round_number % m  # r + 1 - 1, compared as residues mod M
    pairs: set[Pairing] = set()
    for i in range(1, numbers):
        if (2 * i - 1) % m == target:
            pairs.add((i, numbers) if round_number % 2 == 1 else (numbers, i))
        for j in range(i + 1, numbers):
            if (i + j - 1) % m == target:
                pairs.add((i, j) if (i - j) % m % 2 == 0 else (j, i))
    return pairs


def colour_string(schedule: RoundRobinSchedule, number: int, rounds: slice) -> str:
    """W/B for each game of `number` in the given rounds; sit-out rounds are left out."""
    return "".join(
        ("W" if f.is_first else "B")
        for f in schedule.fixtures(number)[rounds]
        if f.is_first is not None
    )


def has_three_in_a_row(colours: str) -> bool:
    return "WWW" in colours or "BBB" in colours


# Rule A (the implementation) against Rule B (closed form)


@pytest.mark.parametrize("numbers", range(4, 17, 2))
def test_fide_table_matches_closed_form_for_4_to_16(numbers: int) -> None:
    table = fide_berger_rounds(numbers)
    assert len(table) == numbers - 1
    for round_number, round_pairs in enumerate(table, start=1):
        assert set(round_pairs) == closed_form_fide_round(numbers, round_number)


@settings(max_examples=40)
@given(players=st.integers(min_value=2, max_value=60))
def test_fide_table_matches_closed_form_beyond(players: int) -> None:
    numbers = players + players % 2
    for round_number, round_pairs in enumerate(fide_berger_rounds(players), start=1):
        assert set(round_pairs) == closed_form_fide_round(numbers, round_number)


def test_fide_reference_worked_example_ten_players_round_four() -> None:
    assert fide_berger_rounds(10)[3] == [(10, 7), (8, 6), (9, 5), (1, 4), (2, 3)]


@pytest.mark.parametrize("numbers", range(4, 41, 2))
def test_fide_player_one_two_whites_and_middle_player_two_blacks_to_start(numbers: int) -> None:
    schedule = round_robin_schedule(numbers)
    assert colour_string(schedule, 1, slice(0, 2)) == "WW"
    assert colour_string(schedule, numbers // 2 + 1, slice(0, 2)) == "BB"


def test_two_players_play_one_round() -> None:
    assert fide_berger_rounds(2) == [[(1, 2)]]
    assert kiba_berger_rounds(2) == [[(1, 2)]]


@pytest.mark.parametrize("numbers", range(2, 41, 2))
def test_kiba_R17_round_one_matches_fide_round_one(numbers: int) -> None:
    assert kiba_berger_rounds(numbers)[0] == fide_berger_rounds(numbers)[0]


@pytest.mark.parametrize("numbers", range(2, 41, 2))
def test_kiba_R17_number_one_is_first_and_meets_numbers_in_order(numbers: int) -> None:
    expected = [numbers, *range(2, numbers)]
    assert [r[0] for r in kiba_berger_rounds(numbers)] == [(1, n) for n in expected]


# Invariants for both tables, both cycle counts, 2..40 players


@settings(max_examples=120)
@given(players=players_2_to_40, table=tables, cycles=cycle_counts, swap=st.booleans())
def test_every_pair_meets_once_per_cycle(
    players: int, table: ScheduleTable, cycles: int, swap: bool
) -> None:
    schedule = round_robin_schedule(players, table, cycles=cycles, swap_last_two=swap)
    numbers = schedule.numbers
    per_cycle = schedule.rounds_per_cycle
    assert per_cycle == numbers - 1
    assert schedule.round_count == cycles * per_cycle
    everyone = {frozenset((a, b)) for a in range(1, numbers + 1) for b in range(a + 1, numbers + 1)}
    for cycle in range(cycles):
        met = Counter(
            frozenset(pair)
            for round_pairs in schedule.rounds[cycle * per_cycle : (cycle + 1) * per_cycle]
            for pair in round_pairs
        )
        assert set(met) == everyone
        assert set(met.values()) == {1}


@settings(max_examples=120)
@given(players=players_2_to_40, table=tables, cycles=cycle_counts, swap=st.booleans())
def test_every_number_plays_once_in_every_round(
    players: int, table: ScheduleTable, cycles: int, swap: bool
) -> None:
    schedule = round_robin_schedule(players, table, cycles=cycles, swap_last_two=swap)
    for round_pairs in schedule.rounds:
        assert len(round_pairs) == schedule.numbers // 2
        seen = [n for pair in round_pairs for n in pair]
        assert sorted(seen) == list(range(1, schedule.numbers + 1))


@settings(max_examples=120)
@given(players=players_2_to_40, table=tables, cycles=cycle_counts)
def test_chess_R4_R7_round_counts_and_sit_outs(
    players: int, table: ScheduleTable, cycles: int
) -> None:
    schedule = round_robin_schedule(players, table, cycles=cycles)
    if players % 2 == 0:
        assert schedule.dummy is None
        assert schedule.round_count == cycles * (players - 1)
        assert all(schedule.sitting_out(r) is None for r in range(1, schedule.round_count + 1))
    else:
        assert schedule.dummy == players + 1
        assert schedule.round_count == cycles * players
        sitting_out = Counter(schedule.sitting_out(r) for r in range(1, schedule.round_count + 1))
        assert sitting_out == dict.fromkeys(range(1, players + 1), cycles)
    for r in range(1, schedule.round_count + 1):
        played = schedule.pairs_without_dummy(r)
        assert all(schedule.dummy not in pair for pair in played)
        assert len(played) == players // 2


@settings(max_examples=80)
@given(players=players_2_to_40)
def test_fide_single_cycle_colour_balance(players: int) -> None:
    schedule = round_robin_schedule(players, ScheduleTable.FIDE)
    for number in range(1, players + 1):
        colours = colour_string(schedule, number, slice(None))
        balance = colours.count("W") - colours.count("B")
        # Even fields: N-1 games, so one colour once more; odd fields: every player balanced.
        assert balance in ({-1, 1} if players % 2 == 0 else {0})
        assert not has_three_in_a_row(colours), (number, colours)


@settings(max_examples=80)
@given(players=players_2_to_40, table=tables, swap=st.booleans())
def test_double_cycle_repeats_every_pairing_with_colours_reversed(
    players: int, table: ScheduleTable, swap: bool
) -> None:
    schedule = round_robin_schedule(players, table, cycles=2, swap_last_two=swap)
    per_cycle = schedule.rounds_per_cycle
    first = Counter(p for r in schedule.rounds[:per_cycle] for p in r)
    second = Counter((b, a) for r in schedule.rounds[per_cycle:] for a, b in r)
    assert first == second
    assert set(first.values()) == {1}
    # The second cycle replays the table in its own order, whatever the first cycle did.
    base = [
        tuple(r)
        for r in (fide_berger_rounds if table is ScheduleTable.FIDE else kiba_berger_rounds)(
            players
        )
    ]
    assert [tuple((b, a) for a, b in r) for r in schedule.rounds[per_cycle:]] == base


@settings(max_examples=80)
@given(players=players_2_to_40)
def test_fide_double_cycle_with_swap_never_three_same_colours_running(players: int) -> None:
    schedule = round_robin_schedule(players, ScheduleTable.FIDE, cycles=2)
    for number in range(1, players + 1):
        colours = colour_string(schedule, number, slice(None))
        assert not has_three_in_a_row(colours), (number, colours)


@pytest.mark.parametrize("numbers", range(4, 41, 2))
def test_fide_double_cycle_without_swap_gives_a_streak_across_the_join(numbers: int) -> None:
    # Why the swap exists: without it, player 1 (and N/2+1) repeat a colour three times.
    schedule = round_robin_schedule(numbers, ScheduleTable.FIDE, cycles=2, swap_last_two=False)
    join = slice(numbers - 3, numbers + 1)
    assert has_three_in_a_row(colour_string(schedule, 1, join))


def test_swap_is_ignored_for_a_single_cycle() -> None:
    with_swap = round_robin_schedule(8, cycles=1, swap_last_two=True)
    without_swap = round_robin_schedule(8, cycles=1, swap_last_two=False)
    assert with_swap == without_swap


def test_two_players_double_cycle_has_nothing_to_swap() -> None:
    schedule = round_robin_schedule(2, cycles=2)
    assert schedule.rounds == (((1, 2),), ((2, 1),))


# Schedule helpers


def test_fixtures_and_opponents_follow_the_table() -> None:
    schedule = round_robin_schedule(5, ScheduleTable.FIDE)
    # Table for 6: player 2 meets 5 (W), 1 (B), 6 = dummy, 3 (W), 4 (B).
    assert schedule.opponents(2) == (5, 1, None, 3, 4)
    assert [f.is_first for f in schedule.fixtures(2)] == [True, False, None, True, False]
    assert [f.round for f in schedule.fixtures(2)] == [1, 2, 3, 4, 5]


@settings(max_examples=60)
@given(players=players_2_to_40, table=tables, cycles=cycle_counts)
def test_opponents_cover_the_field_cycles_times(
    players: int, table: ScheduleTable, cycles: int
) -> None:
    schedule = round_robin_schedule(players, table, cycles=cycles)
    for number in (1, players // 2 + 1, players):
        opponents = Counter(schedule.opponents(number))
        expected: dict[int | None, int] = {n: cycles for n in range(1, players + 1) if n != number}
        if schedule.dummy is not None:
            expected[None] = cycles
        assert opponents == expected


def test_kiba_R19_parallel_games_count() -> None:
    for players in range(2, 21):
        schedule = round_robin_schedule(players, ScheduleTable.KIBA)
        numbers = schedule.numbers
        for number in range(1, players + 1):
            games = sum(
                number in game
                for r in range(1, schedule.round_count + 1)
                for pairing in schedule.two_game_pairings(r)
                for game in pairing
            )
            byes = schedule.opponents(number).count(None)
            assert games == 2 * (numbers - 1) - 2 * byes


def test_two_game_pairings_swaps_sides_pairing_by_pairing() -> None:
    assert two_game_pairings([(1, 6), (2, 5)]) == [((1, 6), (6, 1)), ((2, 5), (5, 2))]
    assert two_game_pairings([]) == []


def test_schedule_reports_its_shape() -> None:
    schedule = round_robin_schedule(9, ScheduleTable.KIBA, cycles=2)
    assert (schedule.players, schedule.numbers, schedule.dummy) == (9, 10, 10)
    assert (schedule.table, schedule.cycles) == (ScheduleTable.KIBA, 2)
    assert (schedule.rounds_per_cycle, schedule.round_count) == (9, 18)
    assert schedule.pairings(1) == ((1, 10), (2, 9), (3, 8), (4, 7), (5, 6))


# Group dealing


def test_kiba_R12_sequential_not_serpentine() -> None:
    assert deal_groups("abcdefgh", 3) == [["a", "d", "g"], ["b", "e", "h"], ["c", "f"]]


@settings(max_examples=100)
@given(
    seeded=st.lists(st.integers(), min_size=1, max_size=60, unique=True),
    data=st.data(),
)
def test_deal_groups_places_seed_i_in_group_i_minus_one_mod_g(
    seeded: list[int], data: st.DataObject
) -> None:
    group_count = data.draw(st.integers(min_value=1, max_value=len(seeded)))
    groups = deal_groups(seeded, group_count)
    assert len(groups) == group_count
    for index, item in enumerate(seeded):
        assert item in groups[index % group_count]
    assert sorted(x for g in groups for x in g) == sorted(seeded)
    sizes = [len(g) for g in groups]
    assert all(a >= b for a, b in pairwise(sizes))
    assert sizes[0] - sizes[-1] <= 1
    for group in groups:  # seed order is kept inside a group (R13: Berger numbers)
        assert group == sorted(group, key=seeded.index)


@pytest.mark.parametrize(("players", "groups"), [(1, 1), (6, 1), (7, 2), (12, 2), (16, 3), (34, 6)])
def test_kiba_A6_group_count_is_ceil_n_over_six(players: int, groups: int) -> None:
    assert group_count_for(players) == groups


def test_group_count_for_other_group_sizes() -> None:
    assert group_count_for(16, max_group_size=4) == 4
    assert group_count_for(17, max_group_size=4) == 5


# Configuration errors


@pytest.mark.parametrize("players", [-3, 0, 1])
def test_too_few_players_is_a_config_error(players: int) -> None:
    for build in (fide_berger_rounds, kiba_berger_rounds, round_robin_schedule):
        with pytest.raises(ConfigError, match=f"at least 2 players, got {players}") as info:
            build(players)
        assert info.value.params["players"] == players


@pytest.mark.parametrize("cycles", [0, 3, -1])
def test_cycles_other_than_one_or_two_are_a_config_error(cycles: int) -> None:
    with pytest.raises(ConfigError, match=f"1 or 2 cycles, got {cycles}") as info:
        round_robin_schedule(6, cycles=cycles)
    assert info.value.params["cycles"] == cycles


def test_round_outside_the_schedule_is_a_config_error() -> None:
    schedule = round_robin_schedule(6)
    for bad_round in (0, 6):
        with pytest.raises(ConfigError, match=f"round {bad_round} is outside"):
            schedule.pairings(bad_round)
        with pytest.raises(ConfigError):
            schedule.sitting_out(bad_round)


def test_dummy_or_unknown_number_has_no_fixtures() -> None:
    schedule = round_robin_schedule(5)
    for bad_number in (0, 6):
        with pytest.raises(ConfigError, match=f"Berger number {bad_number} is not a player"):
            schedule.fixtures(bad_number)


@pytest.mark.parametrize("group_count", [0, -2])
def test_deal_groups_needs_at_least_one_group(group_count: int) -> None:
    with pytest.raises(ConfigError, match="at least 1"):
        deal_groups([1, 2, 3], group_count)


def test_deal_groups_refuses_empty_groups() -> None:
    with pytest.raises(ConfigError, match="2 players cannot fill 3 groups"):
        deal_groups([1, 2], 3)


@pytest.mark.parametrize("players", [0, -5])
def test_group_count_for_needs_a_player(players: int) -> None:
    with pytest.raises(ConfigError, match=f"from {players} players"):
        group_count_for(players)
