"""Maximum weight matching on small integer-weighted graphs, and a perfect-matching test.

This module knows vertices, edges and integer weights only. Weights that are lexicographic
vectors (most important component first) are packed into one integer whose width is chosen
from the values actually present, so that rustworkx's 128-bit weights suffice.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence

import rustworkx as rx

MAX_WEIGHT_BITS = 120
"""rustworkx keeps weights in signed 128-bit integers and doubles them internally."""


class WeightTooWide(ValueError):
    """The packed weights would not fit the matching library's integers."""


def pack_weights(
    vectors: Mapping[tuple[int, int], Mapping[int, int]],
    component_count: int,
    max_pairs: int,
) -> dict[tuple[int, int], int]:
    """Pack sparse lexicographic vectors (component index -> value; 0 most significant) into
    integers that compare the same way for every sum of at most `max_pairs` edges."""
    positive = [0] * component_count
    negative = [0] * component_count
    firsts: list[set[int]] = [set() for _ in range(component_count)]
    seconds: list[set[int]] = [set() for _ in range(component_count)]
    for (a, b), vector in vectors.items():
        for component, value in vector.items():
            if value > positive[component]:
                positive[component] = value
            elif -value > negative[component]:
                negative[component] = -value
            firsts[component].add(a)
            seconds[component].add(b)
    # Mixed radix: each component gets exactly the room its sums over a matching can take.
    multipliers = [0] * component_count
    multiplier = 1
    for component in range(component_count - 1, -1, -1):
        multipliers[component] = multiplier
        spread = positive[component] + negative[component]
        if spread:
            # A matching holds at most this many edges where the component is not zero.
            edges = max(
                1,
                min(
                    max_pairs,
                    len(firsts[component]),
                    len(seconds[component]),
                    len(firsts[component] | seconds[component]) // 2,
                ),
            )
            multiplier *= spread * edges + 1
    if multiplier.bit_length() > MAX_WEIGHT_BITS:
        raise WeightTooWide(f"packed weights need {multiplier.bit_length()} bits")
    return {
        edge: sum(value * multipliers[component] for component, value in vector.items())
        for edge, vector in vectors.items()
    }


def compute_max_weight_matching(
    vertices: Sequence[int], weights: Mapping[tuple[int, int], int]
) -> dict[int, int]:
    """A maximum weight matching; returns each matched vertex's mate. Edges with weight <= 0
    are never used."""
    graph: rx.PyGraph = rx.PyGraph()
    position = {v: graph.add_node(v) for v in vertices}
    for (a, b), weight in weights.items():
        if weight > 0:
            graph.add_edge(position[a], position[b], weight)
    mate: dict[int, int] = {}
    for x, y in rx.max_weight_matching(graph, weight_fn=lambda w: w):
        a, b = vertices[x], vertices[y]
        mate[a] = b
        mate[b] = a
    return mate


def is_completable(
    vertices: Sequence[int],
    is_edge: Callable[[int, int], bool],
    may_stay_single: Collection[int],
) -> bool:
    """Whether all vertices can be matched, except (for an odd count) one of `may_stay_single`.

    A greedy pass settles almost every case cheaply; an exact matching settles the rest.
    """
    count = len(vertices)
    if count == 0:
        return True
    if count % 2 == 1 and not may_stay_single:
        return False
    if _greedy_completes(vertices, is_edge, may_stay_single):
        return True
    graph: rx.PyGraph = rx.PyGraph()
    graph.add_nodes_from(vertices)
    single = set(may_stay_single)
    for i in range(count):
        for j in range(i):
            if is_edge(vertices[j], vertices[i]):
                weight = 1 + (vertices[i] not in single) + (vertices[j] not in single)
                graph.add_edge(i, j, weight)
    matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: w)
    if len(matching) * 2 < count - (count % 2):
        return False
    if count % 2 == 0:
        return True
    covered = {v for pair in matching for v in pair}
    return all(vertices[i] in single for i in range(count) if i not in covered)


def _greedy_completes(
    vertices: Sequence[int],
    is_edge: Callable[[int, int], bool],
    may_stay_single: Collection[int],
) -> bool:
    order = list(vertices)
    if len(order) % 2 == 1:
        for candidate in reversed(order):
            if candidate in may_stay_single:
                order.remove(candidate)
                break
    free = list(order)
    while free:
        first = free.pop(0)
        for index, other in enumerate(free):
            if is_edge(first, other):
                del free[index]
                break
        else:
            return False
    return True
