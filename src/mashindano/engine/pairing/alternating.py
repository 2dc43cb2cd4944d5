"""Other optimal assignments next to a known one, by complementary slackness.

An assignment pairs every vertex of an "upper" side with a distinct vertex of the "lower" side.
Given an assignment that is optimal among those covering the same lower vertices, vertex
potentials `a[u] + b[l] >= w(u, l)` that are tight on the assignment exist; then every optimal
assignment (on the same vertices) uses tight edges only, and every perfect matching of the tight
edges is optimal. So whether some optimal assignment contains an edge is a reachability question
in the tight graph, answered without solving a new matching. Weights are integers (lexicographic
vectors packed wide enough never to carry); this module knows nothing else about them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable


class AlternativeAssignments:
    """An optimal assignment and its potentials; edges may be swapped in and pairs removed."""

    def __init__(
        self,
        mate: dict[int, int],
        uppers: Iterable[int],
        weight: Callable[[int, int], int | None],
        *,
        potentials: tuple[dict[int, int], dict[int, int]] | None = None,
    ) -> None:
        """`mate` maps each upper vertex to its lower partner (and may hold more entries, which
        are ignored). `weight(u, l)` is the edge weight, None when there is no edge.
        `potentials` (of the uppers, of the lowers) are taken as they are when the caller has
        them: they must cover every edge and be tight on the assignment."""
        self.partner = {u: mate[u] for u in uppers}
        self.owner = {lower: u for u, lower in self.partner.items()}
        self._weight = weight
        self._weights: dict[tuple[int, int], int | None] = {}
        self.upper_potential: dict[int, int] = {}
        self.lower_potential: dict[int, int] = {}
        self._tight: dict[int, list[int]] = {}
        # Uppers a failed search reached while `upper` looked for a way to give `target` up:
        # none of them leads there, until the assignment changes (key: upper, target).
        self._dead_ends: tuple[int, int, set[int]] | None = None
        self._changed: list[int] = []
        if potentials is None:
            self._compute_potentials()
        else:
            self.upper_potential = dict(potentials[0])
            self.lower_potential = dict(potentials[1])

    def weight(self, upper: int, lower: int) -> int | None:
        key = (upper, lower)
        if key not in self._weights:
            self._weights[key] = self._weight(upper, lower)
        return self._weights[key]

    def _compute_potentials(self) -> None:
        # Longest-path potentials on "u takes v's partner" arcs; the assignment is optimal, so
        # no cycle gains and the relaxation ends (queue-based Bellman-Ford).
        uppers = list(self.partner)
        own = {u: self.weight(u, self.partner[u]) for u in uppers}
        arcs: dict[int, list[tuple[int, int]]] = {}
        for u in uppers:
            own_u = own[u]
            assert own_u is not None
            out: list[tuple[int, int]] = []
            for v in uppers:
                if v == u:
                    continue
                w = self.weight(u, self.partner[v])
                if w is not None:
                    out.append((v, w - own_u))
            arcs[u] = out
        height = dict.fromkeys(uppers, 0)
        queue = deque(uppers)
        queued = set(uppers)
        relaxations = 0
        limit = len(uppers) * len(uppers) + 10
        while queue:
            u = queue.popleft()
            queued.discard(u)
            base = height[u]
            for v, gain in arcs[u]:
                if base + gain > height[v]:
                    height[v] = base + gain
                    if v not in queued:
                        queued.add(v)
                        queue.append(v)
            relaxations += 1
            if relaxations > limit:
                raise ValueError("assignment is not optimal: a gaining exchange cycle exists")
        for u in uppers:
            own_u = own[u]
            assert own_u is not None
            self.lower_potential[self.partner[u]] = height[u]
            self.upper_potential[u] = own_u - height[u]

    def _is_tight(self, upper: int, lower: int) -> bool:
        w = self.weight(upper, lower)
        return w is not None and (self.upper_potential[upper] + self.lower_potential[lower] == w)

    def _tight_lowers(self, upper: int) -> list[int]:
        """The lowers `upper` has a tight edge to, in the order of `owner`. Rotations keep the
        potentials (they move along tight edges) and no lower is added, so this is read once
        per upper and only filtered for lowers removed since."""
        known = self._tight.get(upper)
        if known is None:
            # Each edge is read once here: straight from `_weight`, without the memo.
            weight = self._weight
            potential = self.upper_potential[upper]
            lower_potential = self.lower_potential
            known = []
            for lower in self.owner:
                w = weight(upper, lower)
                if w is not None and potential + lower_potential[lower] == w:
                    known.append(lower)
            self._tight[upper] = known
        return known

    def swap_in(self, upper: int, lower: int) -> bool:
        """Whether an optimal assignment pairs `upper` with `lower`; if so, adopt one."""
        if self.partner.get(upper) == lower:
            return True
        if lower not in self.owner or not self._is_tight(upper, lower):
            return False
        target = self.partner[upper]
        start = self.owner[lower]
        known = self._dead_ends
        if known is not None and known[0] == upper and known[1] == target:
            dead = known[2]
        else:
            dead = set()
            self._dead_ends = (upper, target, dead)
        if start in dead:
            return False
        # Breadth-first search: an upper vertex on the path gives its partner up and takes a
        # tight edge to the next lower vertex; the path ends at the first upper reached that
        # has a tight edge to `target` (it takes it).
        came_from: dict[int, int | None] = {start: None}
        queue = deque([start])
        found: int | None = start if self._is_tight(start, target) else None
        owner = self.owner
        while queue and found is None:
            u = queue.popleft()
            own_lower = self.partner[u]
            for lower_next in self._tight_lowers(u):
                owner_next = owner.get(lower_next)
                if owner_next is None or lower_next == own_lower:
                    continue
                # An upper vertex already reached is not searched again, nor is `upper` (who
                # holds the target), nor one an earlier search for the same target reached in
                # vain.
                if owner_next in came_from or owner_next == upper or owner_next in dead:
                    continue
                came_from[owner_next] = u
                if self._is_tight(owner_next, target):
                    found = owner_next
                    break
                queue.append(owner_next)
        if found is None:
            dead.update(came_from)
            return False
        self._rotate(upper, lower, found, came_from)
        return True

    def _rotate(self, upper: int, lower: int, last: int, came_from: dict[int, int | None]) -> None:
        # Along the path (start ... last) each vertex takes its successor's partner, `last`
        # takes the partner `upper` gives up, and `upper` takes `lower` from `start`.
        target = self.partner[upper]
        path: list[int] = []
        u: int | None = last
        while u is not None:
            path.append(u)
            u = came_from[u]
        path.reverse()  # start ... last
        new_partner: dict[int, int] = {upper: lower}
        for index, u in enumerate(path):
            new_partner[u] = self.partner[path[index + 1]] if index + 1 < len(path) else target
        for u, new_lower in new_partner.items():
            self.partner[u] = new_lower
            self.owner[new_lower] = u
            self._changed.append(u)
        self._dead_ends = None

    def take_changed(self) -> list[int]:
        """The uppers whose partner changed since the last call (some may be removed since)."""
        changed, self._changed = self._changed, []
        return changed

    def remove(self, upper: int) -> None:
        lower = self.partner.pop(upper)
        del self.owner[lower]
        self._dead_ends = None
