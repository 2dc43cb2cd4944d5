"""Maximum weight transportation between types (the certified assignment of a homogeneous
Dutch bracket), against brute force over every assignment of small random cases."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from mashindano.engine.pairing.transport import solve_transport


def _best_by_brute_force(
    lefts: list[int], rights: list[int], weight: dict[tuple[int, int], int]
) -> int | None:
    best: int | None = None
    for order in itertools.permutations(rights):
        pairs = list(zip(lefts, order, strict=True))
        if any(pair not in weight for pair in pairs):
            continue
        total = sum(weight[pair] for pair in pairs)
        best = total if best is None else max(best, total)
    return best


@settings(max_examples=150, deadline=None)
@given(
    left_types=st.integers(min_value=1, max_value=3),
    right_types=st.integers(min_value=1, max_value=3),
    data=st.data(),
)
def test_transport_is_optimal_and_its_potentials_certify_it(
    left_types: int, right_types: int, data: st.DataObject
) -> None:
    total = data.draw(st.integers(min_value=1, max_value=6))
    lefts = sorted(
        data.draw(st.lists(st.integers(0, left_types - 1), min_size=total, max_size=total))
    )
    rights = sorted(
        data.draw(st.lists(st.integers(0, right_types - 1), min_size=total, max_size=total))
    )
    weight: dict[tuple[int, int], int] = {}
    for p in range(left_types):
        for q in range(right_types):
            if data.draw(st.integers(0, 4)):
                weight[(p, q)] = data.draw(st.integers(-(2**60), 2**60))
    supply = {p: lefts.count(p) for p in set(lefts)}
    demand = {q: rights.count(q) for q in set(rights)}
    solved = solve_transport(supply, demand, weight)
    best = _best_by_brute_force(lefts, rights, weight)
    if best is None:
        assert solved is None
        return
    assert solved is not None
    flow, left, right = solved
    assert {p: sum(n for (a, _), n in flow.items() if a == p) for p in supply} == supply
    assert {q: sum(n for (_, b), n in flow.items() if b == q) for q in demand} == demand
    assert sum(weight[pair] * n for pair, n in flow.items()) == best
    for (p, q), w in weight.items():
        if p in supply and q in demand:
            assert left[p] + right[q] >= w
    for p, q in flow:
        assert left[p] + right[q] == weight[(p, q)]


def test_transport_without_a_perfect_assignment_is_none() -> None:
    # Both left vertices may only take right type 0, of which there is one.
    assert solve_transport({0: 2}, {0: 1, 1: 1}, {(0, 0): 5}) is None
    assert solve_transport({0: 2}, {0: 1}, {(0, 0): 5}) is None
