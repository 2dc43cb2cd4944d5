"""FIDE Dutch system: the player field of one round and the criteria as weight vectors.

A weight is a lexicographic vector (most important criterion first) held sparse as
{component: value}; `WeightLayout` names the components. `DutchWeights` keeps the field (players
sorted by score, then rank), the absolute criteria C1-C3, the vectors of the edges of the
bracket under way and the matchings over them; the bracket procedure in `dutch_bracket` builds
on it.

Width. Weights are packed in mixed radix, each criterion sized from the bracket itself (the
players that carry it, not the field). Criteria that most pairs of a bracket meet are counted
as violations instead, and the last score digit of a pair count is left out, because the more
significant components already fix it; 1,000- and 2,000-player fields need about 80 bits.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import compress, repeat
from typing import cast

from mashindano.engine.errors import NoValidPairing
from mashindano.engine.model import CompetitorId
from mashindano.engine.pairing.matching import (
    MAX_WEIGHT_BITS,
    compute_max_weight_matching,
    is_completable,
    multipliers_of_edges,
    pack_weights,
)
from mashindano.engine.pairing.next_bracket import NextBracketCut, cut_next_group
from mashindano.engine.pairing.swiss_state import Float, SwissPlayerState
from mashindano.engine.points import Points

Vector = dict[int, int]

_UNSTORED: Vector = {}
"""Marks a pair whose vector is not stored (compared by identity)."""

COMPONENT_BITS = 48
"""Room per component when packing a vector exactly: sums over a bracket never come near it."""


@dataclass(frozen=True, slots=True)
class WeightLayout:
    """Positions of the criteria in a weight vector (0 = most important)."""

    score_count: int

    @property
    def pairs_current(self) -> int:
        return 1

    @property
    def scores_current(self) -> int:
        return 2

    @property
    def pairs_next(self) -> int:
        return 2 + self.score_count

    @property
    def scores_next(self) -> int:
        return 3 + self.score_count

    @property
    def bye_played_games(self) -> int:
        return 3 + 2 * self.score_count

    @property
    def colours(self) -> int:
        return 4 + 2 * self.score_count

    @property
    def repeat_counts(self) -> int:
        return 8 + 2 * self.score_count

    @property
    def repeat_scores(self) -> int:
        return 12 + 2 * self.score_count

    @property
    def exchanges(self) -> int:
        return 12 + 6 * self.score_count

    @property
    def exchange_numbers(self) -> int:
        return 13 + 6 * self.score_count

    @property
    def tie_break(self) -> int:
        return 14 + 6 * self.score_count

    @property
    def score_parts(self) -> tuple[range, range]:
        """The score digits of the higher player of a pair, which add up to the pair count of
        the bracket they belong to."""
        count = self.score_count
        return (
            range(self.scores_current, self.scores_current + count),
            range(self.scores_next, self.scores_next + count),
        )

    @property
    def size(self) -> int:
        return 15 + 6 * self.score_count


def pack_exact(vector: Vector, size: int) -> int:
    """The vector as one exact integer (no mixed radix), for comparing weights."""
    return sum(value << (COMPONENT_BITS * (size - 1 - c)) for c, value in vector.items())


def colour_criteria(
    player: SwissPlayerState, opponent: SwissPlayerState
) -> tuple[bool, bool, bool, bool]:
    """Whether pairing these two meets C10, C11, C12 and C13 (as far as the pair decides)."""
    same = player.preference == opponent.preference
    both_absolute = player.is_absolute and opponent.is_absolute
    c10 = not (player.colour_imbalance > 1 and opponent.colour_imbalance > 1 and same)
    if not both_absolute or not same or player.preference is None:
        c11 = True
    elif player.colour_imbalance == opponent.colour_imbalance:
        c11 = player.repeated_colour is None or player.repeated_colour != opponent.repeated_colour
    else:
        giver = opponent if player.colour_imbalance > opponent.colour_imbalance else player
        c11 = giver.repeated_colour != player.preference.opposite
    c12 = not same or player.preference is None or opponent.preference is None
    c13 = (
        not (player.is_strong or player.is_absolute)
        or not (opponent.is_strong or opponent.is_absolute)
        or both_absolute
        or not same
    )
    return c10, c11, c12, c13


class DutchWeights:
    """The field of one round (players sorted by score, then rank) and its edge weights."""

    def __init__(
        self,
        players: Sequence[SwissPlayerState],
        win_points: Points,
        round_number: int,
        total_rounds: int,
        forbidden_pairs: Collection[frozenset[CompetitorId]],
        *,
        use_shortcuts: bool = True,
    ) -> None:
        self.use_shortcuts = use_shortcuts
        self.players = sorted(players, key=lambda s: (-s.score, s.rank_index))
        self.count = len(self.players)
        self.played_rounds = round_number - 1
        scores = sorted({s.score for s in self.players}, reverse=True)
        self.score_digit = {score: index for index, score in enumerate(scores)}
        # Per player, what the weights read most often: the score as its digit (a smaller
        # digit is a higher score; comparing Fractions is slow) and the last two floats.
        self.digit = [self.score_digit[s.score] for s in self.players]
        self.recent_floats = [(s.float_before(1), s.float_before(2)) for s in self.players]
        # Everything of a player the weight of a pair reads (the bye criterion adds games),
        # numbered: players with the same number weigh alike in every pair.
        profiles: dict[tuple[object, ...], int] = {}
        self._profile = [
            profiles.setdefault(
                (
                    self.digit[k],
                    s.preference,
                    s.strength,
                    s.colour_imbalance,
                    s.repeated_colour,
                    self.recent_floats[k],
                ),
                len(profiles),
            )
            for k, s in enumerate(self.players)
        ]
        self._shared_vectors: dict[tuple[int, ...], Vector] = {}
        self.layout = WeightLayout(len(scores))
        layout = self.layout
        self._offsets = (
            layout.pairs_current,
            layout.scores_current,
            layout.pairs_next,
            layout.scores_next,
        )
        self.is_last_round = round_number >= total_rounds
        self.top_threshold = Fraction(self.played_rounds) * win_points / 2
        self.forbidden = {frozenset(p) for p in forbidden_pairs}
        # The stored vector of a pair i < j is weights[j][i] (rows, not a dict of every pair:
        # a bracket stores its rows at once).
        self.weights: dict[int, dict[int, Vector | None]] = {}
        self.removed: set[int] = set()
        self.pairs: list[tuple[int, int]] = []
        self.may_get_bye: list[bool] = [s.is_bye_eligible for s in self.players]
        self._compatible_cache: dict[tuple[int, int], bool] = {}
        self.bye_score: Points | None = None
        self.single_downfloater_gets_bye = False
        self.bye_rank: dict[int, int] = {}
        self._bye_kinds: list[int] | None = None
        self.last_was_local = True
        self.last_mate: dict[int, int] = {}
        # Within a bracket the packed weights are kept and only edges that change are packed
        # again, with one mixed radix sized for everything the bracket may still add.
        self._tie_room = (0, 0, 0)
        self._multipliers: list[int] | None = None
        self._packed: dict[tuple[int, int], int] = {}
        self._pending: list[tuple[tuple[int, int], Vector | None]] = []
        self._packed_vectors: dict[int, tuple[Vector, int]] = {}
        self._packing_fits = True
        # The next group as the bracket's matchings need it (see `next_bracket`).
        self._next_group: tuple[Sequence[int], int] | None = None
        self._cut: NextBracketCut | None = None
        self._cut_group: set[int] = set()
        # While a bracket is paired, the pairs with its next group are not stored (see
        # `_vector`): there are many and their weights follow from the scores.
        self._group: set[int] | None = None
        self._toward_group: dict[int, Vector] = {}

    # -- absolute criteria -------------------------------------------------------------------

    def _is_topscorer(self, player: SwissPlayerState) -> bool:
        return self.is_last_round and player.score > self.top_threshold

    def compatible(self, i: int, j: int) -> bool:
        """C1 (no rematch, no forbidden pair) and C3 (absolute colour preferences)."""
        key = (i, j) if i < j else (j, i)
        cached = self._compatible_cache.get(key)
        if cached is not None:
            return cached
        a, b = self.players[i], self.players[j]
        result = (
            b.id not in a.opponents
            and not (self.forbidden and frozenset((a.id, b.id)) in self.forbidden)
            and not (
                a.is_absolute
                and b.is_absolute
                and a.preference == b.preference
                and not (self._is_topscorer(a) or self._is_topscorer(b))
            )
        )
        self._compatible_cache[key] = result
        return result

    def _stored(self, i: int, j: int) -> Vector | None:
        """The stored vector of the pair `i` < `j`; `_UNSTORED` when there is none."""
        row = self.weights.get(j)
        return _UNSTORED if row is None else row.get(i, _UNSTORED)

    def _edge_exists(self, i: int, j: int) -> bool:
        vector = self._stored(i, j) if i < j else self._stored(j, i)
        if vector is not _UNSTORED:
            return vector is not None
        return self.compatible(i, j)

    def _vector(self, i: int, j: int) -> Vector | None:
        """The weight vector of a pair of the bracket under way (None: no edge)."""
        if j < i:
            i, j = j, i
        vector = self._stored(i, j)
        if vector is not _UNSTORED:
            return vector
        return self._group_vector(i, j)

    def _group_vector(self, i: int, j: int) -> Vector | None:
        """A pair `i` < `j` with `j` in the next group, unless stored otherwise: the higher
        player's score is all that counts."""
        group = self._group
        if group is None or j not in group or not self.compatible(i, j):
            return None
        digit = self.digit[i]
        vector = self._toward_group.get(digit)
        if vector is None:
            vector = {self.layout.pairs_next: 1, self.layout.scores_next + digit: 1}
            self._toward_group[digit] = vector
        return vector

    def _completion_term(self, i: int, j: int) -> int:
        return 1 + (not self.may_get_bye[i]) + (not self.may_get_bye[j])

    def _no_pairing(self) -> NoValidPairing:
        isolated = [
            p.id
            for i, p in enumerate(self.players)
            if not any(self.compatible(i, j) for j in range(self.count) if j != i)
        ]
        if isolated:
            names = ", ".join(isolated)
            return NoValidPairing(
                f"no complete pairing: {names} cannot meet anyone (all possible opponents "
                "already met, forbidden, or same absolute colour preference)",
                players=isolated,
            )
        if self.count % 2 and not any(p.is_bye_eligible for p in self.players):
            return NoValidPairing(
                "no complete pairing: the number of players is odd and nobody may receive "
                "the pairing-allocated bye (all had one or a win without playing)",
                players=[p.id for p in self.players],
            )
        return NoValidPairing(
            "no complete pairing satisfies C1-C3 (rematches, bye eligibility, absolute "
            "colour preferences) for all players",
            players=[p.id for p in self.players],
        )

    # -- matching ----------------------------------------------------------------------------

    def _set(self, i: int, j: int, vector: Vector | None) -> None:
        self._set_many(((i, j, vector),))

    def _set_many(self, edges: Iterable[tuple[int, int, Vector | None]]) -> None:
        """Set the vector of each pair (i, j) in turn. Once the bracket's weights are packed,
        the packed weights follow when a matching next reads them (`_bracket_weights`): many
        edges are set again before that, or never matched at all."""
        weights = self.weights
        if self._multipliers is None:
            for i, j, vector in edges:
                if j < i:
                    i, j = j, i
                weights.setdefault(j, {})[i] = vector
            return
        pending = self._pending
        for i, j, vector in edges:
            if j < i:
                i, j = j, i
            weights.setdefault(j, {})[i] = vector
            pending.append(((i, j), vector))

    def _pack_pending(self) -> None:
        """Bring the packed weights up to date, in the order the edges were set (the packed
        dict's order, which is the edge order rustworkx reads, stays as if packed at once)."""
        multipliers = self._multipliers
        assert multipliers is not None
        packed = self._packed
        memo = self._packed_vectors
        for key, vector in self._pending:
            if vector:
                # Many pairs share one vector object: pack each once (the memo keeps the
                # vector alive, so its id is not reused while it is there).
                known = memo.get(id(vector))
                if known is None or known[0] is not vector:
                    known = (vector, sum([value * multipliers[c] for c, value in vector.items()]))
                    memo[id(vector)] = known
                packed[key] = known[1]
            else:
                packed.pop(key, None)
        self._pending = []

    def _start_bracket(self, mdp_count: int, resident_count: int, local_count: int) -> None:
        """Forget the last bracket's packing; note how far the tie-break may reach here: on the
        edges of at most every moved-down player and one more vertex, from -1 up to
        `local_count + resident_count`."""
        self._tie_room = (mdp_count, resident_count, local_count)
        self._forget_packing()
        self._next_group = None
        self._cut = None
        self._group = None

    def _forget_packing(self) -> None:
        self._multipliers = None
        self._packed = {}
        self._pending = []
        self._packed_vectors = {}
        self._packing_fits = True

    def _pairs_with_next_group_follow_scores(self, local: Sequence[int], current_end: int) -> None:
        """The next group's pairs all weigh the same, and a pair of a bracket player with it
        what that player's score says: they need not be stored, and the bracket's matchings
        may keep only part of the group."""
        if self.use_shortcuts:
            self._next_group = (local, current_end)
        self._group = set(local[current_end:])

    def _bracket_weights(self, active: Sequence[int]) -> dict[tuple[int, int], int]:
        """Packed weights of the bracket's edges; those of paired players are left in, for the
        matching ignores edges that leave `active`."""
        if self._multipliers is not None:
            self._pack_pending()
            return self._packed
        # The edges with a vector (not None, not empty) and their vectors, in order.
        keys: list[tuple[int, int]] = []
        vectors: list[Vector] = []
        weights = self.weights
        if all(active[k] < active[k + 1] for k in range(len(active) - 1)):
            # The usual case, in the same edge order as below (which rustworkx may read).
            group = self._group or ()
            no_row: dict[int, Vector | None] = {}
            for x, vertex_x in enumerate(active):
                row = weights.get(vertex_x, no_row)
                if vertex_x in group:
                    for vertex_y in active[:x]:
                        vector = row.get(vertex_y, _UNSTORED)
                        if vector is _UNSTORED:
                            vector = self._group_vector(vertex_y, vertex_x)
                        if vector:
                            keys.append((vertex_y, vertex_x))
                            vectors.append(vector)
                    continue
                # Without a loop here.
                found = list(map(row.get, active[:x]))
                keys += compress(zip(active[:x], repeat(vertex_x)), found)
                vectors += cast("Iterable[Vector]", compress(found, found))  # None left out
        else:
            for x in range(len(active)):
                for y in range(x):
                    key = (
                        (active[y], active[x]) if active[y] < active[x] else (active[x], active[y])
                    )
                    vector = self._vector(*key)
                    if vector:
                        keys.append(key)
                        vectors.append(vector)
        max_pairs = len(active) // 2
        if self._packing_fits:
            layout = self.layout
            mdp_count, resident_count, local_count = self._tie_room
            room = {
                layout.exchanges: (1, 0, max_pairs),
                layout.exchange_numbers: (0, resident_count, max_pairs),
                layout.tie_break: (local_count + resident_count, 1, mdp_count + 1),
            }
            multipliers, total = multipliers_of_edges(
                zip(keys, vectors, strict=True), layout.size, max_pairs, room, layout.score_parts
            )
            if total.bit_length() <= MAX_WEIGHT_BITS:
                self._multipliers = multipliers
                memo = self._packed_vectors
                # Many pairs share one vector object: pack each once (the memo keeps the
                # vector alive, so its id is not reused while it is there).
                ids = list(map(id, vectors))
                value_of: dict[int, int] = {}
                for identity, vector in dict(zip(ids, vectors, strict=True)).items():
                    known = memo.get(identity)
                    if known is None or known[0] is not vector:
                        known = (vector, sum([v * multipliers[c] for c, v in vector.items()]))
                        memo[identity] = known
                    value_of[identity] = known[1]
                packed = dict(zip(keys, map(value_of.__getitem__, ids), strict=True))
                self._packed = packed
                return packed
            # Too wide for the whole bracket: pack each matching on its own, as tight as it is.
            self._packing_fits = False
        layout = self.layout
        edges = dict(zip(keys, vectors, strict=True))
        return pack_weights(edges, layout.size, max_pairs, layout.score_parts)

    def _compute(self, local: Sequence[int]) -> dict[int, int]:
        active = [v for v in local if v not in self.removed]
        mate = self._compute_with_cut(active)
        if mate is None:
            mate = compute_max_weight_matching(active, self._bracket_weights(active))
        local_set = set(active)
        rest = [v for v in range(self.count) if v not in self.removed and v not in local_set]
        rest += [v for v in active if v not in mate]
        singles = [v for v in rest if self.may_get_bye[v]] if len(rest) % 2 else []
        if is_completable(sorted(rest), self._edge_exists, set(singles)):
            self.last_was_local = True
            self.last_mate = mate
            return mate
        self.last_was_local = False
        self.last_mate = self._compute_whole(active)
        return self.last_mate

    def _compute_with_cut(self, active: Sequence[int]) -> dict[int, int] | None:
        """The bracket's matching over the part of the next group it needs, completed by the
        pairs set aside; None when the whole group is needed."""
        if self._next_group is not None:
            local, current_end = self._next_group
            self._next_group = None
            bracket = [v for v in local[:current_end] if v not in self.removed]
            self._cut = cut_next_group(bracket, local[current_end:], self._edge_exists)
            self._cut_group = set(local[current_end:])
        cut = self._cut
        if cut is None:
            return None
        group, kept = self._cut_group, set(cut.kept)
        vertices = [v for v in active if v in kept or v not in group]
        mate = compute_max_weight_matching(vertices, self._bracket_weights(vertices))
        floaters = sum(
            1 for v in vertices if v not in group and (v not in mate or mate[v] in group)
        )
        if not cut.floaters_within(floaters):
            self._cut = None
            self._forget_packing()
            return None
        for a, b in cut.set_aside:
            mate[a] = b
            mate[b] = a
        return mate

    def _compute_whole(self, local: Sequence[int]) -> dict[int, int]:
        active = [v for v in range(self.count) if v not in self.removed]
        vectors: dict[tuple[int, int], Vector] = {}
        for x in range(len(active)):
            for y in range(x):
                i, j = active[y], active[x]
                if not self._edge_exists(i, j):
                    continue
                vector = dict(self._vector(i, j) or {})
                vector[0] = self._completion_term(i, j)
                vectors[(i, j)] = vector
        packed = pack_weights(vectors, self.layout.size, len(active) // 2)
        return compute_max_weight_matching(active, packed)

    # -- the criteria as weights -------------------------------------------------------------

    def _base_vector(self, i: int, j: int, in_current: bool, in_next: bool) -> Vector | None:
        """Weight of pairing higher-ranked `i` with `j` (in the current or next bracket).

        The weight reads only what `_profile` holds of each player, and a bracket has few
        distinct profiles, so pairs with the same two profiles share one vector (never changed
        in place: callers copy a vector before they add to it)."""
        if not self.compatible(i, j):
            return None
        key: tuple[int, ...] = (self._profile[i], self._profile[j], in_current, in_next)
        if self.single_downfloater_gets_bye:
            key = (*key, self.players[i].played_games, self.players[j].played_games)
        vector = self._shared_vectors.get(key)
        if vector is None:
            vector = self._compute_base_vector(i, j, in_current, in_next)
            self._shared_vectors[key] = vector
        return vector

    def _base_rows(self, local: Sequence[int], start: int, end: int) -> list[list[Vector | None]]:
        """For each position y from `start` to `end` (all in the current bracket), the row
        `_base_vector(local[x], local[y], True, False)` for x < y. Without forbidden pairs a
        pair's vector (and C3) follows from the two kinds (`_kinds`), and only a rematch (C1)
        tells players of one kind apart: so each row is a prefix of its kind's row, with None
        where the two have met."""
        players = self.players
        profile = self._kinds()
        # Positions (before `end`) of the players each player has met.
        met_at: dict[CompetitorId, list[int]] = {}
        for x in range(end):
            for opponent in players[local[x]].opponents:
                met_at.setdefault(opponent, []).append(x)
        by_profile: dict[int, list[Vector | None]] = {}
        rows: list[list[Vector | None]] = []
        for y in range(start, end):
            j = local[y]
            full = by_profile.get(profile[j])
            if full is None:
                vectors: dict[int, Vector | None] = {}
                full = []
                for x in range(end):
                    i = local[x]
                    p = profile[i]
                    if p not in vectors:
                        vectors[p] = self._profile_vector(i, j)
                    full.append(vectors[p])
                by_profile[profile[j]] = full
            row = full[:y]
            for x in met_at.get(players[j].id, ()):
                if x < y:
                    row[x] = None
            rows.append(row)
        return rows

    def _kinds(self) -> Sequence[int]:
        """Each player's profile, refined by what the bye criterion reads of a player while it
        is on (`single_downfloater_gets_bye`): players of one kind weigh alike in every pair."""
        if not self.single_downfloater_gets_bye:
            return self._profile
        if self._bye_kinds is None:
            kinds: dict[tuple[int, int], int] = {}
            self._bye_kinds = [
                kinds.setdefault((self._profile[v], self.players[v].played_games), len(kinds))
                for v in range(self.count)
            ]
        return self._bye_kinds

    def _profile_vector(self, i: int, j: int) -> Vector | None:
        """`_base_vector(i, j, True, False)` as if `i` and `j` had not met, without forbidden
        pairs: what their two kinds (`_kinds`) give."""
        if not self._colours_compatible(i, j):
            return None
        key: tuple[int, ...] = (self._profile[i], self._profile[j], True, False)
        if self.single_downfloater_gets_bye:
            key = (*key, self.players[i].played_games, self.players[j].played_games)
        vector = self._shared_vectors.get(key)
        if vector is None:
            vector = self._compute_base_vector(i, j, True, False)
            self._shared_vectors[key] = vector
        return vector

    def _colours_compatible(self, i: int, j: int) -> bool:
        """C3 alone (absolute colour preferences), which depends on the profiles only."""
        a, b = self.players[i], self.players[j]
        return not (
            a.is_absolute
            and b.is_absolute
            and a.preference == b.preference
            and not (self._is_topscorer(a) or self._is_topscorer(b))
        )

    def _compute_base_vector(self, i: int, j: int, in_current: bool, in_next: bool) -> Vector:
        layout = self.layout
        higher, lower = self.players[i], self.players[j]
        vector: Vector = {}
        digit_higher = self.digit[i]
        pairs_current, scores_current, pairs_next, scores_next = self._offsets
        if in_current:
            vector[pairs_current] = 1
            vector[scores_current + digit_higher] = 1
        if in_next:
            vector[pairs_next] = 1
            vector[scores_next + digit_higher] = 1
        if self.single_downfloater_gets_bye:
            played = sum(
                self.bye_rank[p.played_games] for p in (higher, lower) if p.score == self.bye_score
            )
            if played:
                vector[layout.bye_played_games] = played
        if not in_current:
            return vector
        # Criteria met are counted as violations (-1) instead: on every edge of the current
        # bracket this subtracts a more significant component (pairs_current, or the higher
        # player's scores_current digit), so every matching's vector moves by an amount the more
        # significant components already fix and the lexicographic order is unchanged, while
        # the few violating edges need far fewer bits than the many edges that meet them.
        for offset, met in enumerate(colour_criteria(lower, higher)):
            if not met:
                vector[layout.colours + offset] = -1
        digit_lower = self.digit[j]
        lower_floats, higher_floats = self.recent_floats[j], self.recent_floats[i]
        for back in (1, 2):
            if self.played_rounds < back:
                continue
            lower_float = lower_floats[back - 1]
            higher_float = higher_floats[back - 1]
            count_down = (lower_float is Float.DOWN) + (
                digit_higher >= digit_lower and higher_float is Float.DOWN
            )
            no_repeat_up = not (digit_higher < digit_lower and lower_float is Float.UP)
            base = layout.repeat_counts + 2 * (back - 1)
            if count_down:
                vector[base] = count_down
            if not no_repeat_up:
                vector[base + 1] = -1
            scores = layout.repeat_scores + 2 * (back - 1) * layout.score_count
            if lower_float is Float.DOWN:
                key = scores + digit_lower
                vector[key] = vector.get(key, 0) + 1
            if higher_float is Float.DOWN:
                key = scores + digit_higher
                vector[key] = vector.get(key, 0) + 1
            if not no_repeat_up:
                vector[scores + layout.score_count + digit_higher] = -1
        return vector
