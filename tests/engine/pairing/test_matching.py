"""The matching layer: lexicographic packing and the completion test."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mashindano.engine.pairing.matching import (
    compute_max_weight_matching,
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
