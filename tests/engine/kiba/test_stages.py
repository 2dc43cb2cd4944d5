"""Stages and advancement (R9-R15, A6, A7), group play (R16-R20), over whole simulated
tournaments: every pairing twice with sides swapped, semifinal groups without repeats, one
winner."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mashindano.engine.errors import ConfigError
from mashindano.engine.kiba.group_play import make_group, schedule_stage
from mashindano.engine.kiba.parameters import kiba_parameters
from mashindano.engine.kiba.seeding import SeededPlayer, compute_initial_list
from mashindano.engine.kiba.simulation import KibaSimulation, simulate_tournament
from mashindano.engine.kiba.stage_kind import StageKind
from mashindano.engine.kiba.stages import (
    Destination,
    compute_group_count,
    plan_tournament,
    qualification_groups,
)
from mashindano.engine.model import Competitor, CompetitorId, Game


def field(count: int, seed: int = 0) -> list[Competitor]:
    players = []
    for i in range(count):
        elo = 1400 + (i * 137 + seed * 61) % 900
        games = (i * 53 + seed * 17) % 400 if i % 4 else 0
        players.append(Competitor(CompetitorId(f"P{i:02d}"), f"P{i:02d}", elo, games))
    return players


def test_kiba_R9_three_stages_for_sixteen_players() -> None:
    plan = plan_tournament(16)
    assert [s.kind for s in plan.stages] == [
        StageKind.QUALIFICATION,
        StageKind.SEMIFINAL,
        StageKind.FINAL,
    ]
    qualification = plan.stage(StageKind.QUALIFICATION)
    semifinal = plan.stage(StageKind.SEMIFINAL)
    assert qualification is not None
    assert semifinal is not None
    assert qualification.group_names == ("A", "B", "C")
    assert qualification.advancement == (Destination.SEMIFINAL_1, Destination.SEMIFINAL_2)
    assert semifinal.advancement == (Destination.FINAL,)


def test_kiba_R11_director_group_count_must_leave_three_players() -> None:
    with pytest.raises(ConfigError, match="at least 3") as caught:
        compute_group_count(10, kiba_parameters({"group_count_rule": "4"}))
    assert caught.value.code == "group_too_small"
    assert compute_group_count(12, kiba_parameters({"group_count_rule": "4"})) == 4


def test_kiba_R11_more_groups_than_players_is_refused() -> None:
    with pytest.raises(ConfigError, match="cannot be dealt"):
        compute_group_count(6, kiba_parameters({"group_count_rule": "7"}))


def test_kiba_R13_odd_group_gets_the_dummy_as_highest_number() -> None:
    groups = qualification_groups(compute_initial_list(field(13)))
    assert [len(g.players) for g in groups] == [5, 4, 4]
    assert groups[0].dummy == 6
    assert groups[0].player(6) is None
    assert groups[1].dummy is None


def test_kiba_A7_semifinal_groups_ordered_by_initial_seed() -> None:
    sim = simulate_tournament(field(20), seed=11)
    for group in sim.stages[1].groups:
        seeds = [p.seed for p in group.players]
        assert seeds == sorted(seeds)


def test_kiba_R14_semifinal_groups_hold_the_first_and_second_placed() -> None:
    sim = simulate_tournament(field(22), seed=5)
    qualification, semifinal = sim.stages
    firsts = {table.rows[0].player for table in qualification.standings}
    seconds = {table.rows[1].player for table in qualification.standings}
    s1, s2 = semifinal.groups
    assert (s1.name, s2.name) == ("S1", "S2")
    assert set(s1.players) == firsts
    assert set(s2.players) == seconds


def test_kiba_R15_final_between_the_semifinal_group_winners() -> None:
    sim = simulate_tournament(field(18), seed=2)
    winners = {table.rows[0].player for table in sim.stages[1].standings}
    assert set(sim.finalists) == winners
    assert sim.final is not None
    assert sim.winner in winners


def pairs_met(games: list[Game] | tuple[Game, ...]) -> set[frozenset[str]]:
    return {frozenset((g.first, g.second)) for g in games}


def check_round_robin(players: tuple[SeededPlayer, ...], games: tuple[Game, ...]) -> None:
    """R16/R20: every pair meets in one pairing of two games, each player South once."""
    ids = [p.id for p in players]
    ordered = Counter((g.first, g.second) for g in games)
    assert set(ordered) == {(a, b) for a in ids for b in ids if a != b}
    assert set(ordered.values()) == {1} or not ordered
    encounters: dict[int | None, set[frozenset[str]]] = {}
    for g in games:
        encounters.setdefault(g.encounter, set()).add(frozenset((g.first, g.second)))
    assert all(len(pairs) == 1 for pairs in encounters.values())
    assert len(encounters) == len(ids) * (len(ids) - 1) // 2


def check_tournament(sim: KibaSimulation) -> None:
    qualification = sim.stages[0]
    for group in qualification.groups:
        check_round_robin(group.players, qualification.schedule.group_games(group.name))
    if len(sim.stages) > 1:
        semifinal = sim.stages[1]
        met = pairs_met(qualification.games())
        for group in semifinal.groups:
            group_games = semifinal.schedule.group_games(group.name)
            check_round_robin(group.players, group_games)
            assert not pairs_met(group_games) & met
    assert sim.final is not None
    assert sim.winner in sim.finalists
    assert sim.final.winner == sim.winner
    assert sim.final.wins_of(sim.winner.id) == 2
    assert sim.final.wins_of(sim.final.match.opponent_of(sim.winner.id).id) < 2
    all_ids = {p.id for p in sim.initial_list.players}
    assert sim.winner.id in all_ids


@settings(max_examples=40, deadline=None)
@given(count=st.integers(6, 34), seed=st.integers(0, 10_000))
def test_kiba_property_whole_tournament_is_consistent(count: int, seed: int) -> None:
    sim = simulate_tournament(field(count, seed), seed)
    check_tournament(sim)


@pytest.mark.parametrize("count", range(6, 35))
def test_kiba_every_field_size_plays_to_one_winner(count: int) -> None:
    check_tournament(simulate_tournament(field(count), seed=count))


def test_kiba_R19_games_in_parallel_per_player() -> None:
    groups = qualification_groups(compute_initial_list(field(16)))
    stage = schedule_stage(groups)
    for group in groups:
        numbers = group.numbers
        sit_outs = 1 if group.dummy is not None else 0
        for player in group.players:
            assert len(stage.games_of(player.id)) == 2 * (numbers - 1) - 2 * sit_outs


def test_kiba_encounter_ids_are_unique_across_the_stage() -> None:
    stage = schedule_stage(qualification_groups(compute_initial_list(field(16))))
    per_encounter = Counter(g.encounter for g in stage.games())
    assert set(per_encounter.values()) == {2}
    assert len(per_encounter) == len(stage.pairings)


def test_kiba_games_per_pairing_parameter() -> None:
    p = kiba_parameters({"games_per_pairing": "1"})
    group = make_group("A", qualification_groups(compute_initial_list(field(6)))[0].players)
    assert len(schedule_stage([group], p).games()) == 15
