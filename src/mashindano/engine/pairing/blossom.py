"""Exact maximum-weight matching on general graphs, with integer weights of any size.

This is the fallback for the pairing engine when packed lexicographic weights are too wide for
rustworkx, whose matching keeps weights in 128-bit integers. It is Edmonds' blossom algorithm in
its primal-dual form, following Galil's description ("Efficient algorithms for finding maximum
matching in graphs", Computing Surveys 18, 1986):

* every *stage* grows alternating trees from all exposed vertices over *tight* edges (edges whose
  dual slack is zero), labelling top-level blossoms S (outer) or T (inner);
* an edge between two S-blossoms of the same tree closes an odd cycle, which is shrunk into a new
  blossom; between two different trees it closes an augmenting path, which ends the stage;
* when no tight edge is left to follow, the dual variables change by the largest amount that keeps
  them feasible, which makes a new edge tight, expands a T-blossom whose dual reached zero, or
  (without `max_cardinality`) proves the matching optimal.

All arithmetic is on Python integers. Edge weights are doubled so that every dual variable and
every dual change stays integral, hence the result is exact whatever the size of the weights.

Complexity: at most n/2 + 1 stages on n vertices, each doing O(n) dual changes of O(n) work and
scanning each edge O(1) times, so O(n^3) integer operations in all (each costing in proportion to
the weights' length) and O(n + m) memory for m edges.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["max_weight_matching_exact"]

_NONE = -1
"""No vertex, edge or blossom."""

_FREE = 0
_OUTER = 1
"""Label S: even distance from a tree's root."""
_INNER = 2
"""Label T: odd distance from a tree's root."""

_DELTA_VERTEX = 1
"""The duals of the exposed vertices reach zero: the matching is optimal."""
_DELTA_FREE_EDGE = 2
"""An edge from an S-vertex to a vertex of a free blossom becomes tight."""
_DELTA_OUTER_EDGE = 3
"""An edge between two S-blossoms becomes tight."""
_DELTA_BLOSSOM = 4
"""The dual of a T-blossom reaches zero: the blossom must be expanded."""


def max_weight_matching_exact(
    vertex_count: int,
    edges: Sequence[tuple[int, int, int]],
    *,
    max_cardinality: bool = False,
) -> dict[int, int]:
    """A maximum-weight matching of the graph on vertices `0 .. vertex_count - 1`.

    `edges` holds `(u, v, weight)` triples with `u != v` and integer weights of any size; of
    parallel edges only the heaviest counts. Returns every matched vertex's mate, in both
    directions. With `max_cardinality` the matching has the largest possible number of edges
    and, among those, the largest weight; otherwise only its weight counts, and edges of weight
    zero or less are never needed (they are left out).
    """
    if vertex_count < 0:
        raise ValueError(f"vertex_count must not be negative, got {vertex_count}")
    heaviest: dict[tuple[int, int], int] = {}
    for u, v, weight in edges:
        if not (0 <= u < vertex_count and 0 <= v < vertex_count):
            raise ValueError(f"edge ({u}, {v}) has an endpoint outside 0..{vertex_count - 1}")
        if u == v:
            raise ValueError(f"edge ({u}, {v}) is a loop")
        if weight <= 0 and not max_cardinality:
            continue
        key = (u, v) if u < v else (v, u)
        if key not in heaviest or weight > heaviest[key]:
            heaviest[key] = weight
    if not heaviest:
        return {}
    # Work on the vertices that have edges only, renumbered 0 .. n - 1.
    used = sorted({vertex for pair in heaviest for vertex in pair})
    index = {vertex: position for position, vertex in enumerate(used)}
    compact = [(index[u], index[v], weight) for (u, v), weight in heaviest.items()]
    mate = _BlossomMatcher(len(used), compact, max_cardinality).solve()
    return {used[x]: used[y] for x, y in enumerate(mate) if y != _NONE}


class _BlossomMatcher:
    """The state of one run of the primal-dual blossom algorithm.

    Indices `0 .. n - 1` are vertices, which double as trivial blossoms; indices `n .. 2n - 1`
    are (possibly unused) non-trivial blossoms. A blossom's children form an odd cycle, listed
    from the child holding its base; `cycle[b][i]` is the edge `(x, y)` with `x` in child `i` and
    `y` in child `i + 1` (cyclically), and the edges at odd positions are matched.

    Duals: `dual[v]` for vertices and `dual[b]` for blossoms, on doubled weights, so that an
    edge `k` between different top-level blossoms has slack `dual[u] + dual[v] - weight2[k]`.
    """

    def __init__(
        self, n: int, edges: Sequence[tuple[int, int, int]], max_cardinality: bool
    ) -> None:
        self.n = n
        self.max_cardinality = max_cardinality
        self.ends: list[tuple[int, int]] = [(u, v) for u, v, _ in edges]
        self.weight2: list[int] = [2 * weight for _, _, weight in edges]
        self.adjacent: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        for k, (u, v, _) in enumerate(edges):
            self.adjacent[u].append((v, k))
            self.adjacent[v].append((u, k))
        size = 2 * n
        # The matching and the blossom structure, kept from stage to stage.
        self.mate: list[int] = [_NONE] * n
        self.dual: list[int] = [max(weight for _, _, weight in edges)] * n + [0] * n
        self.parent: list[int] = [_NONE] * size
        self.children: list[list[int]] = [[] for _ in range(size)]
        self.cycle: list[list[tuple[int, int]]] = [[] for _ in range(size)]
        self.base: list[int] = list(range(n)) + [_NONE] * n
        self.top: list[int] = list(range(n))
        """The top-level blossom holding each vertex."""
        self.unused: list[int] = list(range(size - 1, n - 1, -1))
        # The alternating forest, rebuilt at every stage.
        self.label: list[int] = [_FREE] * size
        self.label_edge: list[tuple[int, int]] = [(_NONE, _NONE)] * size
        """For a labelled top-level blossom, the tree edge `(outside, inside)` that labelled it;
        for an S-blossom that edge is its base's matched edge (or `(-1, base)` at a root)."""
        self.reached: list[int] = [_NONE] * n
        """For a vertex inside a T-blossom, an S-vertex joined to it by a tight edge."""
        self.best_to_free: list[int] = [_NONE] * n
        """For a vertex not in an S-blossom, its least-slack edge to an S-vertex."""
        self.best_outer: list[int] = [_NONE] * size
        """For a top-level S-blossom, its least-slack edge to another S-blossom."""
        self.best_list: list[list[int] | None] = [None] * size
        """For an S-blossom formed in this stage, its least-slack edge to each other S-blossom
        (at the time), so that merging blossoms need not rescan their vertices' edges."""
        self.queue: list[int] = []
        """S-vertices whose edges have not been scanned yet."""
        self.on_path: list[bool] = [False] * size
        """Scratch marks for `_common_base`, all False between calls."""

    # ----------------------------------------------------------------------------- main loop

    def solve(self) -> list[int]:
        """Run stages until none augments; returns each vertex's mate or -1."""
        while self._stage():
            self._expand_zero_outer_blossoms()
        return self.mate

    def _stage(self) -> bool:
        """Grow the alternating forest until an augmentation (True) or optimality (False)."""
        self._reset_forest()
        for v in range(self.n):
            if self.mate[v] == _NONE and self.label[self.top[v]] == _FREE:
                self._assign_label(v, _OUTER, _NONE)
        while True:
            if self._scan_queue():
                return True
            step = self._next_dual_change()
            if step is None:
                return False
            kind, delta, item = step
            if kind == _DELTA_VERTEX:
                return False
            self._change_duals(delta)
            if kind == _DELTA_FREE_EDGE:
                u, v = self.ends[item]
                if self.label[self.top[u]] != _OUTER:
                    u, v = v, u
                self._follow_tight_edge(u, v)
            elif kind == _DELTA_OUTER_EDGE:
                u, v = self.ends[item]
                if self._follow_tight_edge(u, v):
                    return True
            else:
                self._expand(item)

    def _reset_forest(self) -> None:
        size = 2 * self.n
        self.label[:] = [_FREE] * size
        self.label_edge[:] = [(_NONE, _NONE)] * size
        self.reached[:] = [_NONE] * self.n
        self.best_to_free[:] = [_NONE] * self.n
        self.best_outer[:] = [_NONE] * size
        self.best_list[:] = [None] * size
        self.queue.clear()

    def _slack(self, k: int) -> int:
        u, v = self.ends[k]
        return self.dual[u] + self.dual[v] - self.weight2[k]

    def _leaves(self, b: int) -> list[int]:
        if b < self.n:
            return [b]
        leaves: list[int] = []
        stack = [b]
        while stack:
            x = stack.pop()
            if x < self.n:
                leaves.append(x)
            else:
                stack.extend(self.children[x])
        return leaves

    def _child_holding(self, b: int, v: int) -> int:
        """The child of blossom `b` that holds vertex `v`."""
        c = v
        while self.parent[c] != b:
            c = self.parent[c]
        return c

    # -------------------------------------------------------------------- growing the forest

    def _scan_queue(self) -> bool:
        """Scan the edges of the queued S-vertices; True once an augmentation happened."""
        queue, top, label, dual, ends = self.queue, self.top, self.label, self.dual, self.ends
        weight2, best_outer, best_to_free = self.weight2, self.best_outer, self.best_to_free
        while queue:
            v = queue.pop()
            bv, dual_v = top[v], dual[v]
            for w, k in self.adjacent[v]:
                bw = top[w]
                if bw == bv:
                    continue
                slack = dual_v + dual[w] - weight2[k]
                if slack == 0:
                    if self._follow_tight_edge(v, w):
                        return True
                    bv = top[v]
                    continue
                # Not tight: remember the least-slack edges for the next dual change.
                best = best_outer[bv] if label[bw] == _OUTER else best_to_free[w]
                if best != _NONE:
                    x, y = ends[best]
                    if slack >= dual[x] + dual[y] - weight2[best]:
                        continue
                if label[bw] == _OUTER:
                    best_outer[bv] = k
                else:
                    best_to_free[w] = k
        return False

    def _follow_tight_edge(self, v: int, w: int) -> bool:
        """Use the tight edge from S-vertex `v` to `w` (in another top-level blossom); True if
        it completed an augmenting path (the matching has then been augmented)."""
        bw = self.top[w]
        if self.label[bw] == _FREE:
            self._assign_label(w, _INNER, v)
        elif self.label[bw] == _OUTER:
            base = self._common_base(v, w)
            if base == _NONE:
                self._augment(v, w)
                return True
            self._add_blossom(base, v, w)
        elif self.reached[w] == _NONE:
            self.reached[w] = v
        return False

    def _assign_label(self, w: int, label: int, p: int) -> None:
        """Label the top-level blossom of `w`, reached from `p` (or a root if `p` is -1); a
        T-blossom's base is matched, and its mate's blossom becomes S."""
        b = self.top[w]
        self.label[b] = label
        self.label_edge[b] = (p, w)
        if label == _OUTER:
            self.best_outer[b] = _NONE
            self.best_list[b] = None
            self.queue.extend(self._leaves(b))
        else:
            base = self.base[b]
            self._assign_label(self.mate[base], _OUTER, base)

    def _tree_parent(self, b: int) -> int:
        """The S-blossom above S-blossom `b` in its tree, or -1 at the root."""
        p = self.label_edge[b][0]
        if p == _NONE:
            return _NONE
        return self.top[self.label_edge[self.top[p]][0]]

    def _common_base(self, v: int, w: int) -> int:
        """The base vertex of the lowest common S-blossom above the S-vertices `v` and `w`, or
        -1 if they are in different trees. Climbs both paths in turn, so it costs O(length of
        the new blossom's cycle) when there is one."""
        climbers = [self.top[v], self.top[w]]
        marked: list[int] = []
        found = _NONE
        side = 0
        while climbers[0] != _NONE or climbers[1] != _NONE:
            b = climbers[side]
            if b != _NONE:
                if self.on_path[b]:
                    found = self.base[b]
                    break
                self.on_path[b] = True
                marked.append(b)
                climbers[side] = self._tree_parent(b)
            side = 1 - side
        for b in marked:
            self.on_path[b] = False
        return found

    def _add_blossom(self, base: int, v: int, w: int) -> None:
        """Shrink the odd cycle closed by the tight edge `(v, w)` between two S-blossoms of the
        same tree into a new S-blossom whose base is `base`."""
        root = self.top[base]
        b = self.unused.pop()
        children = [root]
        cycle: list[tuple[int, int]] = []
        # From the common blossom down to v's blossom: tree edges, read bottom-up, reversed.
        down: list[int] = []
        down_edges: list[tuple[int, int]] = []
        x = self.top[v]
        while x != root:
            down.append(x)
            down_edges.append(self.label_edge[x])
            x = self.top[self.label_edge[x][0]]
        children.extend(reversed(down))
        cycle.extend(reversed(down_edges))
        # Across the new edge, then from w's blossom back up to the common blossom.
        cycle.append((v, w))
        x = self.top[w]
        while x != root:
            children.append(x)
            outside, inside = self.label_edge[x]
            cycle.append((inside, outside))
            x = self.top[outside]
        self.children[b] = children
        self.cycle[b] = cycle
        self.base[b] = self.base[root]
        self.parent[b] = _NONE
        self.dual[b] = 0
        self.label[b] = _OUTER
        self.label_edge[b] = self.label_edge[root]
        for child in children:
            self.parent[child] = b
            was_inner = self.label[child] == _INNER
            for leaf in self._leaves(child):
                self.top[leaf] = b
                if was_inner:
                    self.queue.append(leaf)
        self._merge_best_edges(b)

    def _merge_best_edges(self, b: int) -> None:
        """Compute the least-slack edges from the new S-blossom `b` to the other S-blossoms."""
        best_to: dict[int, tuple[int, int]] = {}
        for child in self.children[b]:
            known = self.best_list[child]
            if known is None:
                candidates = [k for leaf in self._leaves(child) for _, k in self.adjacent[leaf]]
            else:
                candidates = known
            for k in candidates:
                x, y = self.ends[k]
                other = self.top[y] if self.top[x] == b else self.top[x]
                if other == b or self.label[other] != _OUTER:
                    continue
                slack = self._slack(k)
                current = best_to.get(other)
                if current is None or slack < current[0]:
                    best_to[other] = (slack, k)
            self.best_list[child] = None
            self.best_outer[child] = _NONE
        self.best_list[b] = [k for _, k in best_to.values()]
        self.best_outer[b] = min(best_to.values())[1] if best_to else _NONE

    # ------------------------------------------------------------------------- augmenting

    def _augment(self, v: int, w: int) -> None:
        """Augment along the path root .. v, w .. root, where `(v, w)` is a tight edge between
        two S-blossoms of different trees."""
        for s, new_mate in ((v, w), (w, v)):
            while True:
                outer = self.top[s]
                p = self.label_edge[outer][0]
                if outer >= self.n:
                    self._rotate(outer, s)
                self.mate[s] = new_mate
                if p == _NONE:
                    break
                inner = self.top[p]
                q, r = self.label_edge[inner]
                if inner >= self.n:
                    self._rotate(inner, r)
                self.mate[r] = q
                s, new_mate = q, r

    def _rotate(self, blossom: int, vertex: int) -> None:
        """Make `vertex` the base of `blossom`, rematching the even path round each cycle from
        the child holding the new base to the old base child, and likewise in the children."""
        tasks = [(blossom, vertex)]
        while tasks:
            b, u = tasks.pop()
            child = self._child_holding(b, u)
            if child >= self.n:
                tasks.append((child, u))
            children, cycle = self.children[b], self.cycle[b]
            i = children.index(child)
            # The path from child i to child 0 with an even number of edges goes forward when i
            # is odd and backward when i is even; its edges at even distance from the old base
            # child become matched.
            matched = range(i + 1, len(children), 2) if i % 2 else range(i - 2, -1, -2)
            for position in matched:
                x, y = cycle[position]
                self.mate[x] = y
                self.mate[y] = x
                for end in (x, y):
                    holder = self._child_holding(b, end)
                    if holder >= self.n:
                        tasks.append((holder, end))
            self.children[b] = children[i:] + children[:i]
            self.cycle[b] = cycle[i:] + cycle[:i]
            self.base[b] = u

    # ------------------------------------------------------------------------ dual changes

    def _next_dual_change(self) -> tuple[int, int, int] | None:
        """The kind, amount and subject (an edge or a blossom) of the next dual change, or None
        when none is possible (the matching is then of maximum cardinality)."""
        n, top, label = self.n, self.top, self.label
        kind, delta, item = _NONE, 0, _NONE
        if not self.max_cardinality:
            kind, delta = _DELTA_VERTEX, min(self.dual[:n])
        for v in range(n):
            k = self.best_to_free[v]
            if k != _NONE and label[top[v]] == _FREE:
                slack = self._slack(k)
                if kind == _NONE or slack < delta:
                    kind, delta, item = _DELTA_FREE_EDGE, slack, k
        for b in range(2 * n):
            k = self.best_outer[b]
            if k == _NONE or self.parent[b] != _NONE or label[b] != _OUTER:
                continue
            u, v = self.ends[k]
            if top[u] == top[v]:  # defensive: S-blossoms only merge into new blossoms
                continue
            # All S-vertices' duals share the parity of the roots' and weights are doubled,
            # so an edge between S-vertices has an even slack.
            half_slack = self._slack(k) // 2
            if kind == _NONE or half_slack < delta:
                kind, delta, item = _DELTA_OUTER_EDGE, half_slack, k
        for b in range(n, 2 * n):
            if self.base[b] != _NONE and self.parent[b] == _NONE and label[b] == _INNER:
                half_dual = self.dual[b] // 2
                if kind == _NONE or half_dual < delta:
                    kind, delta, item = _DELTA_BLOSSOM, half_dual, b
        return None if kind == _NONE else (kind, delta, item)

    def _change_duals(self, delta: int) -> None:
        n, top, label, dual = self.n, self.top, self.label, self.dual
        for v in range(n):
            side = label[top[v]]
            if side == _OUTER:
                dual[v] -= delta
            elif side == _INNER:
                dual[v] += delta
        for b in range(n, 2 * n):
            if self.base[b] != _NONE and self.parent[b] == _NONE:
                if label[b] == _OUTER:
                    dual[b] += 2 * delta
                elif label[b] == _INNER:
                    dual[b] -= 2 * delta

    # ------------------------------------------------------------------------- expanding

    def _dissolve(self, b: int) -> list[int]:
        """Remove blossom `b`, making its children top-level; returns the children."""
        children = self.children[b]
        for child in children:
            self.parent[child] = _NONE
            for leaf in self._leaves(child):
                self.top[leaf] = child
        self.children[b] = []
        self.cycle[b] = []
        self.base[b] = _NONE
        self.dual[b] = 0
        self.label[b] = _FREE
        self.best_outer[b] = _NONE
        self.best_list[b] = None
        self.unused.append(b)
        return children

    def _expand(self, b: int) -> None:
        """Expand the T-blossom `b`, whose dual is zero, in the middle of a stage: the even path
        round its cycle from the child it was entered by to its base child stays in the tree;
        the other children are free unless an S-vertex reaches them by a tight edge."""
        children, cycle = self.children[b], self.cycle[b]
        p, entry = self.label_edge[b]
        self._dissolve(b)
        count = len(children)
        for child in children:
            self.label[child] = _FREE
        j = children.index(self.top[entry])
        step = 1 if j % 2 else -1

        def link(i: int) -> tuple[int, int]:
            """The cycle edge from child i to child i + step, as (in child i, in the next)."""
            if step == 1:
                return cycle[i]
            x, y = cycle[i - 1]
            return y, x

        i = j
        while True:
            self.label[children[i]] = _INNER
            self.label_edge[children[i]] = (p, entry)
            if i == 0:
                break
            x, y = link(i)
            i = (i + step) % count
            self._assign_label(y, _OUTER, x)
            p, entry = link(i)
            i = (i + step) % count
        i = step % count
        while i != j:
            child = children[i]
            if self.label[child] == _FREE:
                for leaf in self._leaves(child):
                    if self.reached[leaf] != _NONE:
                        self._assign_label(leaf, _INNER, self.reached[leaf])
                        break
            i = (i + step) % count

    def _expand_zero_outer_blossoms(self) -> None:
        """After an augmentation, expand the top-level S-blossoms whose dual is zero, and
        recursively their children with zero duals."""
        n = self.n
        pending = [
            b
            for b in range(n, 2 * n)
            if self.base[b] != _NONE
            and self.parent[b] == _NONE
            and self.label[b] == _OUTER
            and self.dual[b] == 0
        ]
        while pending:
            for child in self._dissolve(pending.pop()):
                if child >= n and self.dual[child] == 0:
                    pending.append(child)
