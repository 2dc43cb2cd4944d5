"""Maximum weight matching on integer-weighted graphs, and a perfect-matching test.

This module knows vertices, edges and integer weights only. Weights that are lexicographic
vectors (most important component first) are packed into one integer whose width is chosen
from the values actually present, so that rustworkx's 128-bit weights almost always suffice;
when they do not, the exact pure-Python matching of `blossom` takes over (slower, never wrong).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence

import rustworkx as rx

from mashindano.engine.pairing.blossom import max_weight_matching_exact

MAX_WEIGHT_BITS = 120
"""rustworkx keeps weights in signed 128-bit integers and doubles them internally."""


def pack_weights(
    vectors: Mapping[tuple[int, int], Mapping[int, int]],
    component_count: int,
    max_pairs: int,
    parts: Sequence[Sequence[int]] = (),
) -> dict[tuple[int, int], int]:
    """Pack sparse lexicographic vectors (component index -> value; 0 most significant) into
    integers that compare the same way for every sum of at most `max_pairs` edges.

    Each of `parts` lists components that add up, on every vector, to one more significant
    component; see `compute_multipliers`."""
    multipliers, _ = compute_multipliers(vectors, component_count, max_pairs, parts=parts)
    return {
        edge: sum([value * multipliers[component] for component, value in vector.items()])
        for edge, vector in vectors.items()
    }


def compute_multipliers(
    vectors: Mapping[tuple[int, int], Mapping[int, int]],
    component_count: int,
    max_pairs: int,
    room: Mapping[int, tuple[int, int, int]] | None = None,
    parts: Sequence[Sequence[int]] = (),
) -> tuple[list[int], int]:
    """Mixed radix for `pack_weights`: each component's multiplier, and the product of all the
    ranges (the packed weights' width is its bit length).

    `room` reserves space for values that may be added later: component -> (largest positive
    value, largest negative value negated, edges that may carry them besides those that do).
    Each of `parts` lists components that add up, on every vector, to one more significant
    component: the least significant of them that occurs is then fixed by the ones before it
    (every matching's sum of it is that component's sum minus theirs), so it gets no room and
    multiplier 0.
    """
    return multipliers_of_edges(vectors.items(), component_count, max_pairs, room, parts)


def multipliers_of_edges(
    vectors: Iterable[tuple[tuple[int, int], Mapping[int, int]]],
    component_count: int,
    max_pairs: int,
    room: Mapping[int, tuple[int, int, int]] | None = None,
    parts: Sequence[Sequence[int]] = (),
) -> tuple[list[int], int]:
    """`compute_multipliers` of the edges given as (edge, vector) pairs, each edge once; the
    caller keeps the vectors alive meanwhile."""
    positive = [0] * component_count
    negative = [0] * component_count
    firsts: list[set[int]] = [set() for _ in range(component_count)]
    seconds: list[set[int]] = [set() for _ in range(component_count)]
    # Many edges share one vector object: each distinct vector is read once, with the ends of
    # all its edges (the caller keeps the vectors alive, so their ids are not reused).
    ends: dict[int, tuple[Mapping[int, int], list[int], list[int]]] = {}
    for (a, b), vector in vectors:
        known = ends.get(id(vector))
        if known is None:
            ends[id(vector)] = (vector, [a], [b])
        else:
            known[1].append(a)
            known[2].append(b)
    for vector, first_ends, second_ends in ends.values():
        first_set, second_set = set(first_ends), set(second_ends)
        for component, value in vector.items():
            if value > positive[component]:
                positive[component] = value
            elif -value > negative[component]:
                negative[component] = -value
            firsts[component] |= first_set
            seconds[component] |= second_set
    implied: set[int] = set()
    for part in parts:
        occurring = [c for c in part if positive[c] or negative[c]]
        if occurring:
            implied.add(max(occurring))
    # Mixed radix: each component gets exactly the room its sums over a matching can take.
    multipliers = [0] * component_count
    multiplier = 1
    for component in range(component_count - 1, -1, -1):
        if component in implied:
            continue
        multipliers[component] = multiplier
        spread = positive[component] + negative[component]
        # A matching holds at most this many edges where the component is not zero.
        edges = min(
            max_pairs,
            len(firsts[component]),
            len(seconds[component]),
            len(firsts[component] | seconds[component]) // 2,
        )
        if room and component in room:
            more_positive, more_negative, more_edges = room[component]
            spread = max(positive[component], more_positive) + max(
                negative[component], more_negative
            )
            edges = min(max_pairs, edges + more_edges)
        if spread:
            multiplier *= spread * max(1, edges) + 1
    return multipliers, multiplier


def compute_max_weight_matching(
    vertices: Sequence[int], weights: Mapping[tuple[int, int], int]
) -> dict[int, int]:
    """A maximum weight matching; returns each matched vertex's mate. Edges with weight <= 0,
    and edges with an end outside `vertices`, are never used."""
    heaviest = max(weights.values(), default=0)
    if (heaviest * (len(vertices) // 2 + 1)).bit_length() > MAX_WEIGHT_BITS:
        return _compute_exactly(vertices, weights)
    graph: rx.PyGraph = rx.PyGraph()
    position = {v: graph.add_node(v) for v in vertices}
    graph.add_edges_from(
        [
            (position[a], position[b], weight)
            for (a, b), weight in weights.items()
            if weight > 0 and a in position and b in position
        ]
    )
    mate: dict[int, int] = {}
    for x, y in rx.max_weight_matching(graph, weight_fn=int):
        a, b = vertices[x], vertices[y]
        mate[a] = b
        mate[b] = a
    return mate


def _compute_exactly(
    vertices: Sequence[int], weights: Mapping[tuple[int, int], int]
) -> dict[int, int]:
    position = {v: index for index, v in enumerate(vertices)}
    edges = [
        (position[a], position[b], weight)
        for (a, b), weight in weights.items()
        if weight > 0 and a in position and b in position
    ]
    found = max_weight_matching_exact(len(vertices), edges)
    return {vertices[x]: vertices[y] for x, y in found.items()}


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
    matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
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
    return not match_greedily(order, is_edge)[1]


def match_greedily(
    vertices: Sequence[int], is_edge: Callable[[int, int], bool]
) -> tuple[list[tuple[int, int]], list[int]]:
    """A large matching found cheaply: each vertex in turn takes the first free vertex after it,
    then vertices left over are matched through augmenting paths of three edges. Returns the
    pairs and the vertices left unmatched (not always a maximum matching)."""
    pairs: list[tuple[int, int]] = []
    stuck: list[int] = []
    free = list(vertices)
    while free:
        first = free.pop(0)
        for index, other in enumerate(free):
            if is_edge(first, other):
                del free[index]
                pairs.append((first, other))
                break
        else:
            stuck.append(first)
    # Greedy choices at the top can leave the last few players unable to meet each other
    # (same absolute colour, or already met); one exchange with a pair above usually mends it.
    unmatched: list[int] = []
    while stuck:
        u = stuck.pop()
        for index, v in enumerate(stuck):
            if is_edge(u, v):
                pairs.append((u, v))
            elif not _mend(pairs, u, v, is_edge):
                continue
            del stuck[index]
            break
        else:
            unmatched.append(u)
    return pairs, unmatched


def _mend(
    pairs: list[tuple[int, int]], u: int, v: int, is_edge: Callable[[int, int], bool]
) -> bool:
    """Match unmatched `u` and `v` by splitting one pair (a, b) into (u, a) and (v, b)."""
    for index, (a, b) in enumerate(pairs):
        for x, y in ((a, b), (b, a)):
            if is_edge(u, x) and is_edge(v, y):
                pairs[index] = (u, x)
                pairs.append((v, y))
                return True
    return False
