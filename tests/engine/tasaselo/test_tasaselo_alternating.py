"""Pairing from alternate ends (R17-R19, A2): the fast search returns exactly what exhaustive
backtracking returns."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mashindano.engine.tasaselo.alternating import Pair, pair_from_alternate_ends


def complete(count: int) -> list[int]:
    everyone = (1 << count) - 1
    return [everyone & ~(1 << i) for i in range(count)]


def backtracking(allowed: list[int], preferred: list[int] | None) -> list[Pair] | None:
    """The reference: R17-R19 read literally, depth first, nearest candidates first."""

    def candidates(vertex: int, remaining: int, from_top: bool) -> list[int]:
        def ordered(mask: int) -> list[int]:
            found = [j for j in range(len(allowed)) if mask >> j & 1]
            return found if from_top else found[::-1]

        free = allowed[vertex] & remaining
        if preferred is None:
            return ordered(free)
        first = preferred[vertex] & free
        return ordered(first) + ordered(free & ~first)

    def search(remaining: int, made: list[Pair]) -> list[Pair] | None:
        if not remaining:
            return made
        from_top = len(made) % 2 == 0
        vertices = [j for j in range(len(allowed)) if remaining >> j & 1]
        vertex = vertices[0] if from_top else vertices[-1]
        for partner in candidates(vertex, remaining, from_top):
            rest = remaining & ~(1 << vertex) & ~(1 << partner)
            found = search(rest, [*made, (vertex, partner)])
            if found is not None:
                return found
        return None

    if len(allowed) % 2:
        return None
    return search((1 << len(allowed)) - 1, [])


@st.composite
def graphs(draw: st.DrawFn) -> tuple[list[int], list[int] | None]:
    count = draw(st.integers(0, 12))
    density = draw(st.sampled_from([0.35, 0.6, 0.85, 1.0]))
    allowed = [0] * count
    preferred = [0] * count
    with_preference = draw(st.booleans())
    for i in range(count):
        for j in range(i + 1, count):
            if draw(st.floats(0, 1)) < density:
                allowed[i] |= 1 << j
                allowed[j] |= 1 << i
                if draw(st.booleans()):
                    preferred[i] |= 1 << j
                    preferred[j] |= 1 << i
    return allowed, preferred if with_preference else None


@settings(max_examples=300, deadline=None)
@given(graphs())
def test_R19_same_answer_as_exhaustive_backtracking(
    graph: tuple[list[int], list[int] | None],
) -> None:
    allowed, preferred = graph
    assert pair_from_alternate_ends(allowed, preferred) == backtracking(allowed, preferred)


def test_A2_pairs_alternate_between_the_ends() -> None:
    assert pair_from_alternate_ends(complete(8)) == [(0, 1), (7, 6), (2, 3), (5, 4)]


def test_R18_next_nearest_when_the_nearest_is_not_allowed() -> None:
    allowed = complete(6)
    allowed[0] &= ~(1 << 1)
    allowed[1] &= ~(1 << 0)
    assert pair_from_alternate_ends(allowed) == [(0, 2), (5, 4), (1, 3)]


def test_R19_earlier_pairs_are_undone_when_the_last_cannot_be_paired() -> None:
    # 0-1, 0-3 and 1-2 only: the greedy 0-1 leaves 2 and 3, who may not meet.
    allowed = [0b1010, 0b0101, 0b0010, 0b0001]
    assert pair_from_alternate_ends(allowed) == [(0, 3), (2, 1)]


def test_no_complete_pairing() -> None:
    # Two triangles: 0-1-2 and 3-4-5.
    triangle = [0b000110, 0b000101, 0b000011, 0b110000, 0b101000, 0b011000]
    assert pair_from_alternate_ends(triangle) is None
    assert pair_from_alternate_ends(complete(5)) is None
    assert pair_from_alternate_ends([]) == []


def test_large_list_with_conflicts_in_the_middle() -> None:
    # 200 vertices, everybody may meet everybody except their 14 nearest neighbours on each
    # side: the greedy gets stuck in the middle and the search must repair it.
    count = 200
    allowed = [0] * count
    for i in range(count):
        for j in range(count):
            if abs(i - j) > 14:
                allowed[i] |= 1 << j
    pairs = pair_from_alternate_ends(allowed)
    assert pairs is not None
    assert sorted(v for pair in pairs for v in pair) == list(range(count))
    assert all(allowed[a] >> b & 1 for a, b in pairs)


@pytest.mark.parametrize("bad", [[0b1, 0b0], [0b100, 0b0], [-1, 0]])
def test_masks_must_name_other_vertices(bad: list[int]) -> None:
    with pytest.raises(ValueError, match="vertex"):
        pair_from_alternate_ends(bad)
