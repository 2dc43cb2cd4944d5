"""Keeping only part of the next score group in a bracket's matchings (`next_bracket`) never
changes a pairing, and the part kept has the properties the proof rests on."""

from __future__ import annotations

import itertools
import random

import pytest
import rustworkx as rx
from hypothesis import given, settings
from hypothesis import strategies as st

from mashindano.engine.errors import NoValidPairing
from mashindano.engine.model import (
    Bye,
    ByeKind,
    Competitor,
    CompetitorId,
    Game,
    GameResult,
    Side,
    StageResults,
)
from mashindano.engine.pairing import dutch_weights
from mashindano.engine.pairing.dutch import SwissPairing, pair_dutch
from mashindano.engine.pairing.matching import match_greedily
from mashindano.engine.pairing.next_bracket import cut_next_group


def _maximum_matching_size(vertices: list[int], edges: set[frozenset[int]]) -> int:
    graph: rx.PyGraph = rx.PyGraph()
    graph.add_nodes_from(vertices)
    for i, j in itertools.combinations(range(len(vertices)), 2):
        if frozenset((vertices[i], vertices[j])) in edges:
            graph.add_edge(i, j, 1)
    return len(rx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: w))


@settings(max_examples=60)
@given(
    bracket_size=st.integers(min_value=1, max_value=12),
    group_size=st.integers(min_value=24, max_value=60),
    density=st.floats(min_value=0.5, max_value=1.0),
    seed=st.integers(min_value=0, max_value=10**6),
)
def test_the_part_kept_takes_any_floaters_and_pairs_the_rest(
    bracket_size: int, group_size: int, density: float, seed: int
) -> None:
    rng = random.Random(seed)
    bracket = list(range(bracket_size))
    group = list(range(bracket_size, bracket_size + group_size))
    edges = {
        frozenset(pair)
        for pair in itertools.combinations(bracket + group, 2)
        if rng.random() < density
    }

    def is_edge(a: int, b: int) -> bool:
        return frozenset((a, b)) in edges

    cut = cut_next_group(bracket, group, is_edge)
    if cut is None:
        return
    kept = set(cut.kept)
    # The bound covers every bracket player an optimal matching can leave unpaired.
    assert cut.floater_bound >= bracket_size - 2 * _maximum_matching_size(bracket, edges)
    # Each bracket player keeps `bound` of its possible opponents, or all of them.
    for player in bracket:
        opponents = [p for p in group if is_edge(player, p)]
        assert len([p for p in opponents if p in kept]) >= min(len(opponents), cut.floater_bound)
    # The others are paired among themselves, every one of them once.
    aside = [p for pair in cut.set_aside for p in pair]
    assert sorted(aside) == sorted(p for p in group if p not in kept)
    assert all(is_edge(a, b) for a, b in cut.set_aside)
    # Whoever floats in, the rest of the part kept pairs all but one.
    for taken in range(min(cut.floater_bound, 2) + 1):
        for removed in itertools.islice(itertools.combinations(cut.kept, taken), 40):
            rest = [p for p in cut.kept if p not in removed]
            assert _maximum_matching_size(rest, edges) == len(rest) // 2


def test_a_group_with_too_few_compatible_players_is_kept_whole() -> None:
    # Everyone in the group has the same absolute colour: nobody there can meet anybody.
    bracket, group = [0, 1, 2], list(range(3, 40))
    assert cut_next_group(bracket, group, lambda a, b: a < 3 or b < 3) is None


def test_greedy_matching_is_mended_by_a_pair_above() -> None:
    # 0-1 is taken first, leaving 2 and 3, who cannot meet; 0-2 and 1-3 can.
    edges = {frozenset(p) for p in [(0, 1), (0, 2), (1, 3)]}
    pairs, unmatched = match_greedily([0, 1, 2, 3], lambda a, b: frozenset((a, b)) in edges)
    assert not unmatched
    assert sorted(tuple(sorted(p)) for p in pairs) == [(0, 2), (1, 3)]


def _pair(results: StageResults, number: int, rounds: int) -> SwissPairing | None:
    try:
        return pair_dutch(results, number, total_rounds=rounds, initial_colour=Side.WHITE)
    except NoValidPairing:
        return None


@pytest.mark.parametrize(
    ("players", "seed", "mixed"), [(160, 1, False), (241, 2, True), (320, 3, False)]
)
def test_pairings_with_and_without_the_cut_are_the_same(
    players: int, seed: int, mixed: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    rounds = 9
    rng = random.Random(seed)
    competitors = tuple(
        Competitor(CompetitorId(str(n)), f"P{n}", 2500 - n, number=n) for n in range(1, players + 1)
    )
    games: list[Game] = []
    byes: list[Bye] = []
    cuts = 0
    original = dutch_weights.cut_next_group

    def counting(*args: object) -> object:
        nonlocal cuts
        cut = original(*args)  # type: ignore[arg-type]
        cuts += cut is not None
        return cut

    for number in range(1, rounds + 1):
        if mixed:
            for c in competitors:
                if rng.random() < 0.05:
                    byes.append(Bye(number, c.id, ByeKind.HALF_POINT))
        before = StageResults(competitors, tuple(games), tuple(byes), rounds=rounds)
        monkeypatch.setattr(dutch_weights, "cut_next_group", counting)
        with_cut = _pair(before, number, rounds)
        monkeypatch.setattr(dutch_weights, "cut_next_group", lambda *args: None)
        without_cut = _pair(before, number, rounds)
        assert with_cut == without_cut, f"round {number}"
        if with_cut is None:
            break
        for white, black in with_cut.boards:
            outcome = rng.choice([GameResult.FIRST_WINS, GameResult.DRAW, GameResult.SECOND_WINS])
            games.append(Game(number, white, black, outcome))
        if with_cut.bye is not None:
            byes.append(Bye(number, with_cut.bye, ByeKind.PAIRING_ALLOCATED))
    assert cuts > 0
