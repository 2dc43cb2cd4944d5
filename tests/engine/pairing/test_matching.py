"""The matching layer: lexicographic packing and the completion test."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mashindano.engine.pairing.matching import (
    compute_max_weight_matching,
    compute_multipliers,
    is_completable,
    pack_weights,
)


def test_packing_keeps_the_most_important_component_first() -> None:
    vectors = {(0, 1): {0: 1}, (2, 3): {0: 1}, (1, 2): {0: 1, 1: 5, 2: -3}}
    packed = pack_weights(vectors, 3, 2)
    mate = compute_max_weight_matching([0, 1, 2, 3], packed)
    assert mate == {0: 1, 1: 0, 2: 3, 3: 2}


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 3), st.integers(-3, 3)), min_size=2, max_size=2),
)
def test_packing_orders_two_single_edges_lexicographically(pair: list[tuple[int, int]]) -> None:
    (high_a, low_a), (high_b, low_b) = pair
    vectors = {(0, 1): {0: high_a + 1, 1: low_a}, (0, 2): {0: high_b + 1, 1: low_b}}
    packed = pack_weights(vectors, 2, 1)
    if (high_a, low_a) != (high_b, low_b):
        assert (packed[(0, 1)] > packed[(0, 2)]) == ((high_a, low_a) > (high_b, low_b))


def test_completion_needs_the_single_vertex_to_be_allowed() -> None:
    def path(a: int, b: int) -> bool:
        return abs(a - b) == 1

    assert is_completable([0, 1, 2], path, {2})
    assert is_completable([0, 1, 2], path, {0})
    assert not is_completable([0, 1, 2], path, {1})
    assert is_completable([0, 1, 2, 3], path, ())
    assert not is_completable([0, 1, 2, 3], lambda a, b: {a, b} == {0, 1}, ())


def _best_sum(
    vertices: list[int], vectors: dict[tuple[int, int], dict[int, int]], size: int
) -> tuple[int, ...]:
    """The lexicographically largest vector sum over all matchings, by enumeration."""
    best = (0,) * size

    def extend(free: list[int], total: list[int]) -> None:
        nonlocal best
        best = max(best, tuple(total))
        if not free:
            return
        first, rest = free[0], free[1:]
        extend(rest, total)
        for other in rest:
            vector = vectors.get((min(first, other), max(first, other)))
            if vector is not None:
                summed = [total[c] + vector.get(c, 0) for c in range(size)]
                extend([v for v in rest if v != other], summed)

    extend(vertices, [0] * size)
    return best


def _sum_of(
    mate: dict[int, int], vectors: dict[tuple[int, int], dict[int, int]], size: int
) -> tuple[int, ...]:
    total = [0] * size
    for a, b in mate.items():
        if a < b:
            for component, value in vectors[(a, b)].items():
                total[component] += value
    return tuple(total)


_EDGE = st.tuples(st.booleans(), st.booleans(), st.integers(-3, 3))


@settings(max_examples=80, deadline=None)
@given(st.dictionaries(st.tuples(st.integers(0, 5), st.integers(0, 5)), _EDGE, max_size=12))
def test_packing_with_parts_and_room_keeps_the_lexicographic_optimum(
    edges: dict[tuple[int, int], tuple[bool, bool, int]],
) -> None:
    # Component 0 counts pairs; 1 and 2 split it (a part: they add up to it); 3 is a tie-break
    # whose values may later reach 5 (room).
    vectors: dict[tuple[int, int], dict[int, int]] = {}
    for (a, b), (counted, second, tie) in edges.items():
        if a == b:
            continue
        vector = {0: 1, 2 if second else 1: 1} if counted else {}
        if tie:
            vector[3] = tie
        vectors[(min(a, b), max(a, b))] = vector
    multipliers, total = compute_multipliers(vectors, 4, 3, {3: (5, 3, 1)}, [[1, 2]])
    occurring = {c for v in vectors.values() for c in v}
    if 2 in occurring:
        assert multipliers[2] == 0
    elif 1 in occurring:
        assert multipliers[1] == 0
    packed = {e: sum(value * multipliers[c] for c, value in v.items()) for e, v in vectors.items()}
    mate = compute_max_weight_matching(list(range(6)), packed)
    assert _sum_of(mate, vectors, 4) == _best_sum(list(range(6)), vectors, 4)
    assert pack_weights(vectors, 4, 3, [[1, 2]]).keys() == vectors.keys()
    assert total.bit_length() < 64
