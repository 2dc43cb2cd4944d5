"""The exact blossom matching: against brute force, against rustworkx, beyond 128-bit weights."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

import pytest
import rustworkx as rx
from hypothesis import given, settings
from hypothesis import strategies as st

from mashindano.engine.pairing import blossom
from mashindano.engine.pairing.blossom import max_weight_matching_exact

Edges = list[tuple[int, int, int]]


# ---------------------------------------------------------------------------------- helpers


def _heaviest(edges: Sequence[tuple[int, int, int]]) -> dict[tuple[int, int], int]:
    weights: dict[tuple[int, int], int] = {}
    for u, v, w in edges:
        key = (min(u, v), max(u, v))
        weights[key] = max(weights.get(key, w), w)
    return weights


def _checked_weight(
    vertex_count: int, edges: Sequence[tuple[int, int, int]], mate: dict[int, int]
) -> tuple[int, int]:
    """(pairs, total weight) of `mate`, after asserting that it is a matching of the graph."""
    weights = _heaviest(edges)
    total = 0
    for v, w in mate.items():
        assert 0 <= v < vertex_count
        assert v != w
        assert mate.get(w) == v, f"{v} -> {w} is not returned both ways"
        assert (min(v, w), max(v, w)) in weights, f"{v} - {w} is not an edge"
        if v < w:
            total += weights[(v, w)]
    return len(mate) // 2, total


def _brute_force(vertex_count: int, edges: Sequence[tuple[int, int, int]]) -> tuple[int, int, int]:
    """By enumerating every matching: (largest weight, largest number of pairs, largest weight
    among the matchings with that many pairs)."""
    neighbours: dict[int, list[tuple[int, int]]] = {}
    for (u, v), w in _heaviest(edges).items():
        neighbours.setdefault(u, []).append((v, w))
    best_weight = 0
    best_by_size = (0, 0)

    def extend(vertex: int, used: frozenset[int], pairs: int, total: int) -> None:
        nonlocal best_weight, best_by_size
        while vertex < vertex_count and vertex in used:
            vertex += 1
        if vertex == vertex_count:
            best_weight = max(best_weight, total)
            best_by_size = max(best_by_size, (pairs, total))
            return
        extend(vertex + 1, used, pairs, total)
        for other, w in neighbours.get(vertex, []):
            if other not in used:
                extend(vertex + 1, used | {other}, pairs + 1, total + w)

    extend(0, frozenset(), 0, 0)
    return best_weight, best_by_size[0], best_by_size[1]


def _rustworkx_weight(
    vertex_count: int, edges: Sequence[tuple[int, int, int]], max_cardinality: bool
) -> tuple[int, int]:
    graph: rx.PyGraph = rx.PyGraph()
    graph.add_nodes_from([None] * vertex_count)
    graph.add_edges_from(list(edges))
    pairs = rx.max_weight_matching(graph, max_cardinality=max_cardinality, weight_fn=lambda w: w)
    mate = {u: v for pair in pairs for u, v in (pair, pair[::-1])}
    return _checked_weight(vertex_count, edges, mate)


def _random_graph(
    rng: random.Random, vertex_count: int, density: float, low: int, high: int
) -> Edges:
    return [
        (u, v, rng.randint(low, high))
        for u in range(vertex_count)
        for v in range(u + 1, vertex_count)
        if rng.random() < density
    ]


@st.composite
def small_graphs(draw: st.DrawFn, wide: bool = False) -> tuple[int, Edges]:
    """Up to 9 vertices, any subset of the pairs as edges (either way round), with weights from
    a narrow range (many ties) or a wide one, some negative; with `wide`, weights beyond 2**150
    whose small low parts still decide."""
    vertex_count = draw(st.integers(0, 9))
    pairs = [(u, v) for u in range(vertex_count) for v in range(u + 1, vertex_count)]
    kept = draw(st.lists(st.booleans(), min_size=len(pairs), max_size=len(pairs)))
    low, high = draw(st.sampled_from([(1, 3), (-3, 3), (1, 100), (-20, 100)]))
    edges: Edges = []
    for (u, v), keep in zip(pairs, kept, strict=True):
        if not keep:
            continue
        weight = draw(st.integers(low, high))
        if wide:
            weight = weight * 2**150 + draw(st.integers(0, 2**40))
        edges.append((v, u, weight) if draw(st.booleans()) else (u, v, weight))
    return vertex_count, edges


@dataclass
class _Trace:
    """What the algorithm did, seen from a few of its steps."""

    shrunk: list[bool] = field(default_factory=list)
    """One entry per blossom formed: whether it has a blossom among its children."""
    expanded: int = 0
    """T-blossoms expanded in the middle of a stage."""
    relabelled: int = 0
    """Sub-blossoms off the kept path of an expanded T-blossom labelled T because an S-vertex
    reached them by a tight edge."""
    in_expand: bool = False


@pytest.fixture
def trace(monkeypatch: pytest.MonkeyPatch) -> _Trace:
    found = _Trace()
    matcher = blossom._BlossomMatcher
    add_blossom, expand, assign_label = (
        matcher._add_blossom,
        matcher._expand,
        matcher._assign_label,
    )

    def spy_add(self: blossom._BlossomMatcher, base: int, v: int, w: int) -> None:
        add_blossom(self, base, v, w)
        found.shrunk.append(any(child >= self.n for child in self.children[self.top[v]]))

    def spy_expand(self: blossom._BlossomMatcher, b: int) -> None:
        found.expanded += 1
        found.in_expand = True
        try:
            expand(self, b)
        finally:
            found.in_expand = False

    def spy_label(self: blossom._BlossomMatcher, w: int, label: int, p: int) -> None:
        if found.in_expand and label == blossom._INNER:
            found.relabelled += 1
        assign_label(self, w, label, p)

    monkeypatch.setattr(matcher, "_add_blossom", spy_add)
    monkeypatch.setattr(matcher, "_expand", spy_expand)
    monkeypatch.setattr(matcher, "_assign_label", spy_label)
    return found


def _assert_optimal(vertex_count: int, edges: Edges) -> None:
    best_weight, best_size, best_size_weight = _brute_force(vertex_count, edges)
    mate = max_weight_matching_exact(vertex_count, edges)
    assert _checked_weight(vertex_count, edges, mate)[1] == best_weight
    mate = max_weight_matching_exact(vertex_count, edges, max_cardinality=True)
    assert _checked_weight(vertex_count, edges, mate) == (best_size, best_size_weight)


# ------------------------------------------------------------------------- property tests


@settings(max_examples=800)
@given(small_graphs())
def test_small_graphs_get_the_brute_force_maximum_weight(graph: tuple[int, Edges]) -> None:
    vertex_count, edges = graph
    mate = max_weight_matching_exact(vertex_count, edges)
    assert _checked_weight(vertex_count, edges, mate)[1] == _brute_force(vertex_count, edges)[0]


@settings(max_examples=800)
@given(small_graphs())
def test_small_graphs_get_the_heaviest_maximum_cardinality_matching(
    graph: tuple[int, Edges],
) -> None:
    vertex_count, edges = graph
    mate = max_weight_matching_exact(vertex_count, edges, max_cardinality=True)
    _, best_size, best_size_weight = _brute_force(vertex_count, edges)
    assert _checked_weight(vertex_count, edges, mate) == (best_size, best_size_weight)


@settings(max_examples=300)
@given(small_graphs(wide=True))
def test_weights_wider_than_128_bits_are_exact(graph: tuple[int, Edges]) -> None:
    _assert_optimal(*graph)


def test_a_difference_of_one_on_top_of_2_to_the_200_decides() -> None:
    # The path 0 - 1 - 2 - 3: both outer edges, or the middle one alone, worth 2**201 ± 1.
    big = 2**200
    for middle, expected in [
        (2 * big - 1, {0: 1, 1: 0, 2: 3, 3: 2}),
        (2 * big + 1, {1: 2, 2: 1}),
    ]:
        edges = [(0, 1, big), (1, 2, middle), (2, 3, big)]
        assert max_weight_matching_exact(4, edges) == expected
    edges = [(0, 1, big), (1, 2, 2 * big + 1), (2, 3, big)]
    assert max_weight_matching_exact(4, edges, max_cardinality=True) == {0: 1, 1: 0, 2: 3, 3: 2}


@pytest.mark.parametrize("max_cardinality", [False, True])
@pytest.mark.parametrize(
    ("seed", "density", "high"),
    [(seed, 0.1, 10**6) for seed in range(6)]
    + [(seed, 0.8, 10**6) for seed in range(6, 12)]
    + [(seed, 0.5, 3) for seed in range(12, 15)],
)
def test_medium_graphs_weigh_as_much_as_rustworkx(
    seed: int, density: float, high: int, max_cardinality: bool
) -> None:
    rng = random.Random(seed)
    vertex_count = rng.randint(30, 80)
    edges = _random_graph(rng, vertex_count, density, 1, high)
    mate = max_weight_matching_exact(vertex_count, edges, max_cardinality=max_cardinality)
    found = _checked_weight(vertex_count, edges, mate)
    expected = _rustworkx_weight(vertex_count, edges, max_cardinality)
    if max_cardinality:
        assert found == expected
    else:
        assert found[1] == expected[1]


@pytest.mark.slow
def test_a_dense_300_vertex_graph_finishes_with_the_rustworkx_weight() -> None:
    rng = random.Random(300)
    edges = _random_graph(rng, 300, 1.0, 1, 10**6)
    assert len(edges) == 44_850
    mate = max_weight_matching_exact(300, edges)
    assert _checked_weight(300, edges, mate)[1] == _rustworkx_weight(300, edges, False)[1]


# ---------------------------------------------------------------------------- edge cases


@pytest.mark.parametrize("max_cardinality", [False, True])
def test_no_vertices_and_no_edges_give_an_empty_matching(max_cardinality: bool) -> None:
    assert max_weight_matching_exact(0, [], max_cardinality=max_cardinality) == {}
    assert max_weight_matching_exact(5, [], max_cardinality=max_cardinality) == {}


@pytest.mark.parametrize("max_cardinality", [False, True])
def test_one_edge_is_matched_both_ways(max_cardinality: bool) -> None:
    mate = max_weight_matching_exact(5, [(3, 1, 7)], max_cardinality=max_cardinality)
    assert mate == {1: 3, 3: 1}


def test_of_parallel_edges_the_heaviest_counts() -> None:
    edges = [(0, 1, 3), (1, 0, 9), (1, 2, 5), (2, 3, 1)]
    assert max_weight_matching_exact(4, edges) == {0: 1, 1: 0, 2: 3, 3: 2}


@pytest.mark.parametrize("vertex_count", [6, 7])
@pytest.mark.parametrize("max_cardinality", [False, True])
def test_equal_weights_give_a_largest_matching(vertex_count: int, max_cardinality: bool) -> None:
    edges = [(u, v, 5) for u in range(vertex_count) for v in range(u + 1, vertex_count)]
    mate = max_weight_matching_exact(vertex_count, edges, max_cardinality=max_cardinality)
    assert _checked_weight(vertex_count, edges, mate) == (3, 15)


def test_non_positive_weights_are_left_out_unless_cardinality_comes_first() -> None:
    path = [(0, 1, -1), (1, 2, -5), (2, 3, -1)]
    assert max_weight_matching_exact(4, path) == {}
    assert max_weight_matching_exact(4, path, max_cardinality=True) == {0: 1, 1: 0, 2: 3, 3: 2}
    # Cardinality first, the square 0 1 2 3 is matched too, by its cheaper pair of edges.
    square = [(0, 1, -10), (1, 2, -1), (2, 3, -10), (0, 3, -1), (4, 5, 0), (5, 6, 4)]
    assert max_weight_matching_exact(7, square) == {5: 6, 6: 5}
    mate = max_weight_matching_exact(7, square, max_cardinality=True)
    assert _checked_weight(7, square, mate) == (3, 2)


def test_a_triangle_with_a_pendant_needs_a_blossom(trace: _Trace) -> None:
    # 0 - 1 is matched first; the pendant 3 reaches the matching only round the triangle.
    edges = [(0, 1, 6), (1, 2, 5), (0, 2, 5), (2, 3, 4)]
    assert max_weight_matching_exact(4, edges) == {0: 1, 1: 0, 2: 3, 3: 2}
    assert trace.shrunk == [False]
    _assert_optimal(4, edges)


def test_two_triangles_joined_by_an_edge(trace: _Trace) -> None:
    edges = [(0, 1, 10), (1, 2, 10), (0, 2, 10), (3, 4, 10), (4, 5, 10), (3, 5, 10), (2, 3, 1)]
    mate = max_weight_matching_exact(6, edges)
    assert _checked_weight(6, edges, mate) == (3, 21)
    assert mate[2] == 3
    assert trace.shrunk
    # A costly bridge: the heaviest matching leaves it, the largest one cannot.
    edges[-1] = (2, 3, -1)
    assert _checked_weight(6, edges, max_weight_matching_exact(6, edges)) == (2, 20)
    mate = max_weight_matching_exact(6, edges, max_cardinality=True)
    assert _checked_weight(6, edges, mate) == (3, 19)


def test_a_blossom_nested_in_a_blossom(trace: _Trace) -> None:
    # The triangle 0 1 2 shrinks first; with 3 and 4 it closes a pentagon around it, and the
    # pendant 5 then augments through both.
    edges = [(0, 1, 7), (0, 2, 7), (1, 2, 8), (1, 3, 6), (2, 4, 6), (3, 4, 8), (4, 5, 5)]
    mate = max_weight_matching_exact(6, edges)
    assert mate == {0: 2, 2: 0, 1: 3, 3: 1, 4: 5, 5: 4}
    assert trace.shrunk == [False, True]
    _assert_optimal(6, edges)


def test_a_blossom_entered_as_t_is_expanded(trace: _Trace) -> None:
    # The triangle 0 1 2 shrinks while 3 and 4 are exposed; in the next stage it is labelled T
    # from one of them and must be opened for the other to be matched into it.
    edges = [(0, 1, 12), (0, 2, 12), (1, 2, 12), (2, 3, 9), (2, 4, 9)]
    mate = max_weight_matching_exact(5, edges)
    assert _checked_weight(5, edges, mate) == (2, 21)
    assert trace.expanded >= 1
    _assert_optimal(5, edges)


def test_an_expanded_blossom_keeps_a_child_reached_from_outside(trace: _Trace) -> None:
    # When the triangle 0 3 4 is expanded as a T-blossom, the child off the kept path is
    # reached by a tight edge from an S-vertex and has to be labelled T at once.
    edges = [(0, 3, 2), (0, 4, 2), (1, 3, 1), (1, 4, 1), (2, 3, 1), (3, 4, 2)]
    mate = max_weight_matching_exact(5, edges, max_cardinality=True)
    assert _checked_weight(5, edges, mate) == (2, 3)
    assert trace.relabelled >= 1
    _assert_optimal(5, edges)


@pytest.mark.parametrize(
    ("vertex_count", "edges", "message"),
    [
        (-1, [], "must not be negative"),
        (3, [(0, 3, 1)], "outside"),
        (3, [(-1, 2, 1)], "outside"),
        (3, [(1, 1, 4)], "loop"),
    ],
)
def test_bad_input_is_refused(vertex_count: int, edges: Edges, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        max_weight_matching_exact(vertex_count, edges)
