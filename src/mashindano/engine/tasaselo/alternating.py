"""Pairing from alternate ends of an ordered list, with complete backtracking.

Vertices are 0..n−1 in list order (0 is the top). Pair 1, 3, 5, ... takes the highest unpaired
vertex with the nearest allowed vertex below it; pair 2, 4, 6, ... the lowest unpaired vertex
with the nearest allowed vertex above it. When the last vertices cannot all be paired, earlier
choices are undone (R19).

The answer is exactly what exhaustive backtracking (depth first, nearest candidates first)
would return, found without its exponential cost: backtracking returns, at every step, the
nearest candidate after which the remaining vertices can still all be paired, and "can still
all be paired" is "the remaining graph has a perfect matching", which a matching algorithm
answers in polynomial time. A plain greedy run is tried first; only where it gets stuck does a
binary search over its steps find the last choice that can be kept.

`pair_from_the_top` is the same search with every pair taken from the top (round 1 beyond the
drawn places: 7–8, 9–10, ...).

This module knows vertices and allowed pairs only. Allowed pairs are bit masks: bit j of
`allowed[i]` is set when i and j may meet, and then bit i of `allowed[j]` is set too.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import rustworkx as rx

Pair = tuple[int, int]
"""(vertex taken from an end of the list, the partner found for it)."""


def pair_from_alternate_ends(
    allowed: Sequence[int], preferred: Sequence[int] | None = None
) -> list[Pair] | None:
    """Pairs in the order they were made, or None if no complete pairing exists.

    `preferred[i]` (a subset of `allowed[i]`) holds partners tried before the other allowed
    ones, nearest first in each set.
    """
    return _pair(_Search(allowed, preferred, alternate=True))


def pair_from_the_top(
    allowed: Sequence[int], preferred: Sequence[int] | None = None
) -> list[Pair] | None:
    """As `pair_from_alternate_ends`, but every pair takes the highest unpaired vertex with the
    nearest allowed vertex below it (preferred partners first)."""
    return _pair(_Search(allowed, preferred, alternate=False))


def _pair(search: _Search) -> list[Pair] | None:
    allowed = search.allowed
    count = len(allowed)
    _check_vertices(allowed)
    if count % 2:
        return None
    remaining = (1 << count) - 1
    pairs: list[Pair] = []
    while remaining:
        run = search.greedy(remaining, len(pairs))
        if len(run) * 2 == remaining.bit_count():
            return pairs + run
        if not pairs and not search.is_completable(remaining):
            return None
        # `remaining` can be completed (checked above, or kept so by every commit below);
        # after the whole run it cannot, since the run stopped at a vertex with no partner.
        masks = [remaining]
        for first, second in run:
            masks.append(masks[-1] & ~(1 << first) & ~(1 << second))
        keep, stuck = 0, len(run)
        while stuck - keep > 1:
            middle = (keep + stuck) // 2
            if search.is_completable(masks[middle]):
                keep = middle
            else:
                stuck = middle
        pairs.extend(run[:keep])
        remaining = masks[keep]
        vertex = search.end_vertex(remaining, len(pairs))
        for partner in search.candidates(vertex, remaining, len(pairs)):
            if partner == run[keep][1]:
                continue  # the greedy choice: known not to complete
            rest = remaining & ~(1 << vertex) & ~(1 << partner)
            if search.is_completable(rest):
                pairs.append((vertex, partner))
                remaining = rest
                break
        else:  # pragma: no cover - `remaining` was completable, so some partner works
            raise AssertionError("a completable list had no completing partner")
    return pairs


def _ascending(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _descending(mask: int) -> Iterator[int]:
    while mask:
        high = mask.bit_length() - 1
        yield high
        mask ^= 1 << high


def _check_vertices(allowed: Sequence[int]) -> None:
    """Cheap sanity checks; symmetry (i allows j exactly when j allows i) is the caller's
    promise, as checking it costs as much as a whole greedy run."""
    outside = ~((1 << len(allowed)) - 1)
    for i, mask in enumerate(allowed):
        if mask >> i & 1 or mask & outside or mask < 0:
            raise ValueError(f"vertex {i}: allowed partners {mask:#x} are not other vertices")


class _Search:
    def __init__(
        self, allowed: Sequence[int], preferred: Sequence[int] | None, *, alternate: bool
    ) -> None:
        self.allowed = allowed
        self.preferred = preferred
        self.alternate = alternate
        self._graph: rx.PyGraph | None = None

    def _from_top(self, made: int) -> bool:
        """Pairs 1, 3, 5, ... (made even) come from the top; the others from the bottom when
        alternating."""
        return not self.alternate or made % 2 == 0

    def end_vertex(self, remaining: int, made: int) -> int:
        if self._from_top(made):
            return (remaining & -remaining).bit_length() - 1
        return remaining.bit_length() - 1

    def candidates(self, vertex: int, remaining: int, made: int) -> Iterator[int]:
        """Partners in the order R17/R18 tries them: nearest first below (top end) or above
        (bottom end), preferred partners before the others."""
        order = _ascending if self._from_top(made) else _descending
        free = self.allowed[vertex] & remaining
        if self.preferred is None:
            yield from order(free)
            return
        first = self.preferred[vertex] & free
        yield from order(first)
        yield from order(free & ~first)

    def greedy(self, remaining: int, made: int) -> list[Pair]:
        """Always the first candidate; stops when an end vertex has none."""
        run: list[Pair] = []
        while remaining:
            vertex = self.end_vertex(remaining, made + len(run))
            partner = next(self.candidates(vertex, remaining, made + len(run)), None)
            if partner is None:
                return run
            run.append((vertex, partner))
            remaining &= ~(1 << vertex) & ~(1 << partner)
        return run

    def is_completable(self, remaining: int) -> bool:
        """Whether the vertices of `remaining` can all be paired (a perfect matching)."""
        nodes = list(_ascending(remaining))
        if len(nodes) % 2:
            return False
        if any(not self.allowed[v] & remaining for v in nodes):
            return False
        if not nodes:
            return True
        sub = self._full_graph().subgraph(nodes)
        matching = rx.max_weight_matching(sub, max_cardinality=True)
        return 2 * len(matching) == len(nodes)

    def _full_graph(self) -> rx.PyGraph:
        if self._graph is None:
            graph = rx.PyGraph()
            graph.add_nodes_from(range(len(self.allowed)))
            graph.add_edges_from_no_data(
                [(i, j) for i, mask in enumerate(self.allowed) for j in _ascending(mask >> i << i)]
            )
            self._graph = graph
        return self._graph
