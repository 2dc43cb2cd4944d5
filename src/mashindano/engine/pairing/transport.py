"""Maximum weight transportation between two small sets of types, with dual potentials.

Used to solve an assignment whose weights depend only on the types of its two ends: `supply[p]`
vertices of left type p are each paired with one of `demand[q]` vertices of right type q, every
vertex paired, at the largest total weight. Weights are integers (lexicographic vectors packed
exactly); a missing weight is a forbidden pair. Returns the flow per type pair and potentials
`left[p] + right[q] >= weight(p, q)` for every allowed pair, with equality where the flow is
positive: by complementary slackness every perfect assignment that uses only pairs where
equality holds is optimal, and the potentials certify it.

Successive shortest paths with Bellman-Ford on the residual graph of the types (a few dozen at
most), so the cost does not grow with the number of vertices.
"""

from __future__ import annotations

from collections.abc import Mapping


def solve_transport(
    supply: Mapping[int, int],
    demand: Mapping[int, int],
    weight: Mapping[tuple[int, int], int],
) -> tuple[dict[tuple[int, int], int], dict[int, int], dict[int, int]] | None:
    """Flow, left potentials and right potentials of a maximum weight perfect transportation;
    None when no perfect one exists (the totals differ, or the allowed pairs cannot carry it)."""
    if sum(supply.values()) != sum(demand.values()):
        return None
    lefts = [p for p, n in supply.items() if n > 0]
    rights = [q for q, n in demand.items() if n > 0]
    excess = {p: supply[p] for p in lefts}
    deficit = {q: demand[q] for q in rights}
    flow: dict[tuple[int, int], int] = {}
    allowed = [(p, q) for p in lefts for q in rights if (p, q) in weight]
    # Nodes: ("L", p) and ("R", q); costs are negated weights (shortest path = heaviest).
    while any(excess.values()):
        distance: dict[tuple[str, int], int] = {("L", p): 0 for p in lefts if excess[p] > 0}
        parent: dict[tuple[str, int], tuple[str, int]] = {}
        for _ in range(len(lefts) + len(rights) + 1):
            changed = False
            for p, q in allowed:
                cost = -weight[(p, q)]
                left, right = ("L", p), ("R", q)
                if left in distance and (
                    right not in distance or distance[left] + cost < distance[right]
                ):
                    distance[right] = distance[left] + cost
                    parent[right] = left
                    changed = True
                if flow.get((p, q), 0) > 0 and right in distance:
                    back = distance[right] - cost
                    if left not in distance or back < distance[left]:
                        distance[left] = back
                        parent[left] = right
                        changed = True
            if not changed:
                break
        else:
            raise ValueError("a gaining cycle in the residual graph: the flow was not optimal")
        ends = [q for q in rights if deficit[q] > 0 and ("R", q) in distance]
        if not ends:
            return None
        end = min(ends, key=lambda q: distance[("R", q)])
        path: list[tuple[tuple[str, int], tuple[str, int]]] = []
        node = ("R", end)
        while node in parent:
            path.append((parent[node], node))
            node = parent[node]
        start = node[1]
        amount = min(excess[start], deficit[end])
        for tail, head in path:
            if tail[0] == "R":  # a backward arc: flow taken off (head, tail)
                amount = min(amount, flow[(head[1], tail[1])])
        for tail, head in path:
            if tail[0] == "L":
                key = (tail[1], head[1])
                flow[key] = flow.get(key, 0) + amount
            else:
                key = (head[1], tail[1])
                flow[key] -= amount
        excess[start] -= amount
        deficit[end] -= amount
    # Potentials: shortest distances in the final residual graph from a virtual source joined
    # to every node at cost 0 (no negative cycle, the flow being optimal).
    potential: dict[tuple[str, int], int] = {("L", p): 0 for p in lefts}
    potential.update({("R", q): 0 for q in rights})
    for _ in range(len(lefts) + len(rights) + 1):
        changed = False
        for p, q in allowed:
            cost = -weight[(p, q)]
            left, right = ("L", p), ("R", q)
            if potential[left] + cost < potential[right]:
                potential[right] = potential[left] + cost
                changed = True
            if flow.get((p, q), 0) > 0 and potential[right] - cost < potential[left]:
                potential[left] = potential[right] - cost
                changed = True
        if not changed:
            break
    else:
        raise ValueError("a gaining cycle in the residual graph: the flow was not optimal")
    left_potential = {p: potential[("L", p)] for p in lefts}
    right_potential = {q: -potential[("R", q)] for q in rights}
    return {k: v for k, v in flow.items() if v > 0}, left_potential, right_potential
