"""FIDE Dutch system: the bracket-by-bracket procedure of one round.

Speed. The weight of an edge between two players below the next bracket carries only the
completion term. So each matching is first solved on the current and next bracket alone; if the
players it leaves over can be completed with everyone below, that local optimum is the global
one. Only when they cannot is the whole field matched. Of a large next group the matching keeps
only the part that can matter (`next_bracket`) and pairs the rest up front. Shortcuts skip
matchings whose answer is already known (`pair_dutch_general` keeps every matching, as the
reference they are tested against): a homogeneous bracket whose S1[i]-S2[i] candidate is
perfect is paired directly; once the upper players of a bracket are fixed, each one's opponent
is read off the last optimal matching with the potentials of `alternating` instead of a new
matching (when residents float down, one "slot" per floater stands for its pairing below); a
bracket without moved-down players asks the exchange question in its first matching; and when
the last matching already has S1 in the upper halves, the exchange matching is not asked at
all; a bracket with one moved-down player takes its opponent and the rest's exchange matching
from profile-level transportations with their potentials (`_certified_moved_down`), and the
last bracket of an odd field its exchange matching from one with a bye slot. A bracket whose
next group may take the bye (C9) keeps these shortcuts and asks one matching at its end, which
is all the bye criterion reads of it. Within a bracket the packed weights are kept and only the
edges that change are packed again; the stored vectors of paired players are then dropped.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import chain

from mashindano.engine.pairing.alternating import AlternativeAssignments
from mashindano.engine.pairing.dutch_weights import (
    COMPONENT_BITS,
    DutchWeights,
    Vector,
    colour_criteria,
    pack_exact,
)
from mashindano.engine.pairing.matching import is_completable, match_greedily
from mashindano.engine.pairing.swiss_state import Float, SwissPlayerState
from mashindano.engine.pairing.transport import solve_transport
from mashindano.engine.points import Points

NO_OPPONENT = -1
"""The opponent of a slot that stands for the player left unpaired."""

Certificate = tuple[dict[int, int], dict[int, int], dict[int, int]]
"""A matching (each player's mate) with the potentials of its S1 and S2 players that prove it
optimal (see `_certified_assignment`)."""

ProfileTransport = tuple[
    dict[tuple[int, int], int],
    dict[int, int],
    dict[int, int],
    dict[tuple[int, int], int],
    bool,
    int,
]
"""The flow between profiles, the potentials of S1's and S2's profiles, the weights of the
profile pairs, whether the bracket is odd, and the weight of floating (see
`_profile_transport`)."""

FLOAT = -1
"""The slot (and its profile) of the player an odd bracket floats down, in
`_certified_assignment`; in `_floater_model` the first floater's slot is -1 too."""


class RoundSolver(DutchWeights):
    """The bracket-by-bracket search of one round: `solve` pairs everyone but the bye."""

    # -- the procedure -----------------------------------------------------------------------

    def _check_complete(self) -> None:
        everyone = list(range(self.count))
        if self.count % 2 == 0:
            if not is_completable(everyone, self.compatible, ()):
                raise self._no_pairing()
            self.may_get_bye = [False] * self.count
            return
        for score in sorted(self.score_digit):
            singles = [
                v
                for v in everyone
                if self.players[v].is_bye_eligible and self.players[v].score <= score
            ]
            if singles and is_completable(everyone, self.compatible, set(singles)):
                single_set = set(singles)
                self.may_get_bye = [v in single_set for v in everyone]
                self._prepare_bye_criterion(score)
                return
        raise self._no_pairing()

    def _prepare_bye_criterion(self, bye_score: Points) -> None:
        """C9: among players on the bye score, more played games means a better bye receiver;
        the rank is what pairing a player is worth, so the one left over has played most."""
        self.bye_score = bye_score
        played = sorted(
            {p.played_games for p in self.players if p.score == bye_score}, reverse=True
        )
        self.bye_rank = {games: rank for rank, games in enumerate(played)}
        top_score = self.players[0].score
        if bye_score < top_score:
            return
        top = [v for v in range(self.count) if self.players[v].score == top_score]
        rest = [v for v in range(self.count) if self.players[v].score != top_score]
        singles = {v for v in top if self.may_get_bye[v]}
        self.single_downfloater_gets_bye = (
            len(top) % 2 == 1
            and is_completable(top, self.compatible, singles)
            and is_completable(rest, self.compatible, ())
        )

    def solve(
        self,
    ) -> tuple[list[tuple[SwissPlayerState, SwissPlayerState]], SwissPlayerState | None]:
        if self.count == 0:
            return [], None
        self._check_complete()
        groups = score_groups(self.players)
        group_index = 1
        local = list(groups[0])
        mdp_count = 0
        resident_start = 0
        while len(local) > 1 or group_index < len(groups):
            current_end = len(local)
            next_vertex = resident_start + (current_end - mdp_count)
            appended_score: Points | None = None
            if group_index < len(groups):
                local += groups[group_index]
                appended_score = self.players[groups[group_index][0]].score
                group_index += 1
            elif mdp_count == current_end:
                raise self._no_pairing()
            matched = None
            if self.use_shortcuts and mdp_count == 0:
                matched = self._pair_straight(local, current_end, appended_score)
                if matched is None and appended_score is None:
                    matched = self._pair_straight_with_bye(local, current_end)
            if matched is None:
                matched = self._pair_bracket(
                    local, mdp_count, current_end, resident_start, next_vertex, appended_score
                )
            carried = [
                position
                for position in range(len(local))
                if not (position < current_end and local[position] in matched)
            ]
            mdp_count = sum(1 for position in carried if position < current_end)
            self._update_bye_criterion(local, carried, appended_score)
            # The stored vectors of paired players are read no more (memory: a large bracket
            # stores a row per player).
            for vertex in local[:current_end]:
                if vertex in self.removed:
                    self.weights.pop(vertex, None)
            local = [local[position] for position in carried]
            resident_start = next_vertex
        leftover = [v for v in range(self.count) if v not in self.removed]
        if len(leftover) > 1:
            raise self._no_pairing()
        bye = self.players[leftover[0]] if leftover else None
        pairs = [(self.players[a], self.players[b]) for a, b in self.pairs]
        return pairs, bye

    def _may_decide_bye(self, score: Points | None) -> bool:
        """Whether the bracket of `score` may downfloat just the bye receiver (C9): any bracket
        at or below the bye score, for the receiver floats down from its own scoregroup
        through every bracket below it to the last."""
        return (
            self.count % 2 == 1
            and score is not None
            and self.bye_score is not None
            and score <= self.bye_score
        )

    def _update_bye_criterion(
        self, local: Sequence[int], carried: Sequence[int], next_score: Points | None
    ) -> None:
        """Whether the next bracket downfloats exactly one player, who gets the bye (C9)."""
        self.single_downfloater_gets_bye = False
        if next_score is None or not self._may_decide_bye(next_score):
            return
        unmatched = 0
        for position in carried:
            vertex = local[position]
            partner = self.last_mate.get(vertex)
            if partner is None:
                unmatched += 1
            elif self.players[partner].score < next_score:
                return
        if self.last_was_local and unmatched > 1:
            return
        self.single_downfloater_gets_bye = True

    def _pair_straight(
        self, local: Sequence[int], current_end: int, next_score: Points | None
    ) -> set[int] | None:
        """Shortcut for a homogeneous bracket whose first candidate, S1[i] v S2[i], pairs every
        resident and meets every colour criterion, while the players below can still be paired
        among themselves (C4). Returns the paired residents, or None when it does not apply.

        Why the matchings would agree: every candidate that pairs all residents scores the same
        on C6-C9 and C14-C21 (those terms add up per player), so the first candidate is the best
        on every criterion, including exchanges (none) and the tie-breaks (each S1 player gets
        the highest-ranked S2 player left). The next bracket does not depend on this one, since
        nobody floats down. Brackets that may decide C9 for the next one keep `_pair_bracket`,
        because that decision reads the bracket's last matching.
        """
        if current_end % 2 or self._may_decide_bye(next_score):
            return None
        half = current_end // 2
        for k in range(half):
            higher, lower = local[k], local[half + k]
            if not self.compatible(higher, lower):
                return None
            if not all(colour_criteria(self.players[lower], self.players[higher])):
                return None
        residents = set(local[:current_end])
        below = [v for v in range(self.count) if v not in self.removed and v not in residents]
        singles = {v for v in below if self.may_get_bye[v]} if len(below) % 2 else set()
        if not is_completable(below, self._edge_exists, singles):
            return None
        for k in range(half):
            self._finalize(local[k], local[half + k])
        return residents

    def _pair_straight_with_bye(self, local: Sequence[int], current_end: int) -> set[int] | None:
        """Shortcut for the last bracket of an odd round when it is homogeneous (round 1 of an
        odd field, say): its first candidate, S1[i] v S2[i] with the last S2 player left for
        the pairing-allocated bye, when that candidate pairs everyone and meets every colour
        criterion, and the player left over is a best bye receiver. Returns the paired
        residents, or None when it does not apply.

        Why the matchings would agree: every candidate leaves one player of the bracket's
        (the lowest) score, so C5-C8 are equal; the player left over has the most played
        games of those who may get the bye (C9) and did not float down in the two rounds
        before (C14, C16: the only downfloater, no moved-down players for C15, C17-C21); the
        pairs meet C10-C13; so the first candidate is the best on every criterion, and first
        in the generation order that the tie-breaks follow.
        """
        if self.count % 2 == 0 or current_end % 2 == 0 or current_end != len(local):
            return None
        residents = set(local)
        if len(self.removed) + current_end != self.count or any(
            v in self.removed for v in residents
        ):
            return None
        half = current_end // 2
        leftover = local[current_end - 1]
        receiver = self.players[leftover]
        if not self.may_get_bye[leftover] or Float.DOWN in self.recent_floats[leftover]:
            return None
        most_played = max(self.players[v].played_games for v in local if self.may_get_bye[v])
        if receiver.played_games < most_played:
            return None
        for k in range(half):
            higher, lower = local[k], local[half + k]
            if not self.compatible(higher, lower):
                return None
            if not all(colour_criteria(self.players[lower], self.players[higher])):
                return None
        for k in range(half):
            self._finalize(local[k], local[half + k])
        return residents - {leftover}

    def _finalize(self, a: int, b: int) -> None:
        self.removed.add(a)
        self.removed.add(b)
        self.pairs.append((a, b) if a < b else (b, a))

    def _pair_bracket(
        self,
        local: list[int],
        mdp_count: int,
        current_end: int,
        resident_start: int,
        next_vertex: int,
        next_score: Points | None,
    ) -> set[int]:
        layout = self.layout
        self._start_bracket(mdp_count, current_end - mdp_count, len(local))
        # The base vector of positions x < y is base[y][x] (rows of positions before
        # `stored_end` only: the bracket reads no other).
        base: list[list[Vector | None]] = [[None] * y for y in range(mdp_count)]
        # Pairs with the next group weigh what the higher player's score says (unless the bye
        # criterion tells its players apart): they are not stored, see `_vector`.
        stored_end = len(local)
        if current_end < len(local) and not self.single_downfloater_gets_bye:
            self._pairs_with_next_group_follow_scores(local, current_end)
            stored_end = current_end
        weights = self.weights
        if self.use_shortcuts and not self.forbidden and stored_end <= current_end:
            # Every stored row lies in the current bracket.
            for y, row in enumerate(self._base_rows(local, mdp_count, stored_end), mdp_count):
                base.append(row)
                weights.setdefault(local[y], {}).update(zip(local[:y], row, strict=True))
        else:
            for y in range(mdp_count, stored_end):
                vertex_y = local[y]
                in_current, in_next = y < current_end, y >= current_end
                row = [self._base_vector(local[x], vertex_y, in_current, in_next) for x in range(y)]
                weights.setdefault(vertex_y, {}).update(zip(local[:y], row, strict=True))
                base.append(row)

        def with_tie(x: int, y: int, component: int, value: int) -> Vector | None:
            vector = base[y][x]
            if not vector:
                return None
            result = dict(vector)
            result[component] = value
            return result

        # Without moved-down players the first matching only tells how many pairs the bracket
        # makes (the size of S1). Guess that everyone is paired and ask the exchange question
        # straight away: a matching that pairs that many is the exchange matching itself, and
        # any other answer is still an optimal first matching, since the exchange criteria
        # rank below all the others.
        guessing = self.use_shortcuts and mdp_count == 0
        # One moved-down player: its opponent and the exchange matching of the rest, certified.
        moved_down = (
            self._certified_moved_down(local, current_end, next_score)
            if self.use_shortcuts and mdp_count == 1
            else None
        )
        mate: dict[int, int] = {} if guessing or moved_down is not None else self._compute(local)

        def mate_of(v: int) -> int:
            return mate.get(v, v)

        def in_bracket(v: int) -> bool:
            return resident_start <= mate_of(v) < next_vertex

        matched: set[int] = set()
        # The moved-down players still to pair (none when the certificate paired the one).
        unsettled = mdp_count
        # Potentials proving the certified assignment optimal, while `mate` is that one.
        known_potentials: tuple[dict[int, int], dict[int, int]] | None = None
        if moved_down is not None:
            partner, (mate, upper_potential, lower_potential) = moved_down
            matched.update((local[0], partner))
            known_potentials = (upper_potential, lower_potential)
            self.last_was_local = True
            self.last_mate = mate
            unsettled = 0
        residents = range(mdp_count, current_end)
        resident_count = current_end - mdp_count
        # Which moved-down players are paired: the earliest that keep the best candidate.
        group_score: Points | None = None
        remaining = remaining_matched = 0
        for position in range(unsettled):
            vertex = local[position]
            score = self.players[vertex].score
            if group_score is None or score < group_score:
                group_score = score
                remaining = remaining_matched = 0
                scan = position
                while scan < mdp_count and self.players[local[scan]].score >= group_score:
                    remaining += 1
                    remaining_matched += in_bracket(local[scan])
                    scan += 1
            if not remaining_matched:
                continue
            if remaining <= remaining_matched:
                matched.add(vertex)
                continue
            remaining -= 1
            if not in_bracket(vertex):
                for r in residents:
                    vector = with_tie(position, r, layout.tie_break, 1)
                    if vector:
                        self._set(vertex, local[r], vector)
                mate = self._compute(local)
            if in_bracket(vertex):
                matched.add(vertex)
                remaining_matched -= 1
                for r in residents:
                    vector = with_tie(position, r, layout.tie_break, resident_count + 1)
                    if vector:
                        self._set(vertex, local[r], vector)
        # Their opponents: the highest-ranked resident that keeps the best candidate.
        for position in range(unsettled):
            vertex = local[position]
            if vertex not in matched:
                continue
            addend = len(local)
            for r in range(current_end - 1, mdp_count - 1, -1):
                if local[r] in matched:
                    continue
                vector = with_tie(position, r, layout.tie_break, addend)
                if vector:
                    self._set(vertex, local[r], vector)
                    addend += 1
            mate = self._compute(local)
            partner = mate_of(vertex)
            matched.add(partner)
            self._finalize(vertex, partner)

        # The remainder (or the homogeneous bracket): S1 and S2, then exchanges.
        remainder = [
            r
            for r in residents
            if local[r] not in self.removed and mate_of(local[r]) >= resident_start
        ]
        first_group_size = (
            len(remainder) // 2
            if guessing
            else sum(1 for r in remainder if mate_of(local[r]) < local[r])
        )

        # Pairs with the same base vector share their exchange vector too (packed once).
        exchange_vectors: dict[tuple[int, bool, int, int], tuple[Vector, Vector]] = {}

        def exchange_vector(x: int, y: int, index: int, tie: int = 0) -> Vector | None:
            vector = base[y][x]
            if not vector:
                return None
            in_s1 = index < first_group_size
            key = (id(vector), in_s1, index, tie)
            known = exchange_vectors.get(key)
            if known is not None and known[0] is vector:
                return known[1]
            result = dict(vector)
            if in_s1:
                result[layout.exchanges] = 1
            if index:
                result[layout.exchange_numbers] = -index
            if tie:
                result[layout.tie_break] = tie
            exchange_vectors[key] = (vector, result)
            return result

        def exchange_edges() -> list[tuple[int, int, Vector | None]]:
            """Every pair of the remainder with its `exchange_vector`, looked up once per base
            vector in each row."""
            edges: list[tuple[int, int, Vector | None]] = []
            append = edges.append
            for index, x in enumerate(remainder):
                vertex_x = local[x]
                row: dict[int, Vector | None] = {}
                for y in remainder[index + 1 :]:
                    vector = base[y][x]
                    if not vector:
                        append((vertex_x, local[y], None))
                        continue
                    known = row.get(id(vector))
                    if known is None:
                        known = exchange_vector(x, y, index)
                        row[id(vector)] = known
                    append((vertex_x, local[y], known))
            return edges

        def is_upper(v: int) -> bool:
            return v < mate_of(v) < next_vertex

        # When the last optimal matching already puts all of S1 in the upper halves, it is
        # optimal for the exchange criteria too (no exchange, the smallest numbers) and every
        # matching that is has the same upper halves, which is all the rest reads from it. The
        # bye criterion of the next bracket (C9) reads the last matching itself: it is asked
        # once more at the end of the bracket (`settle_last`).
        settle_last = self.use_shortcuts and self._may_decide_bye(next_score)

        def exchange_matching(
            certified: Certificate | None,
        ) -> tuple[dict[int, int], tuple[dict[int, int], dict[int, int]] | None]:
            """The exchange matching and the potentials that prove it optimal: the certified
            assignment when there is one, else a matching over the exchange weights."""
            if certified is None:
                self._set_many(exchange_edges())
                return self._compute(local), None
            found, upper_potential, lower_potential = certified
            self.last_was_local = True
            self.last_mate = found
            return found, (upper_potential, lower_potential)

        if guessing:
            mate, known_potentials = exchange_matching(
                self._certified_assignment(
                    [local[r] for r in remainder], local[current_end:], next_score
                )
            )
            paired = sum(1 for r in remainder if mate_of(local[r]) < local[r])
            guessing = paired == first_group_size
            first_group_size = paired
        if not guessing and not (
            self.use_shortcuts and all(is_upper(local[x]) for x in remainder[:first_group_size])
        ):
            # After the moved-down players are paired, the remainder is a homogeneous bracket:
            # when all of it is paired among itself, the same certificate may answer.
            certified_exchange = None
            remainder_set = set(remainder)
            if (
                self.use_shortcuts
                and first_group_size == len(remainder) // 2
                and all(local[r] in self.removed or r in remainder_set for r in range(current_end))
            ):
                certified_exchange = self._certified_assignment(
                    [local[r] for r in remainder], local[current_end:], next_score
                )
            mate, known_potentials = exchange_matching(certified_exchange)
        exchange_count = sum(1 for x in remainder[:first_group_size] if not is_upper(local[x]))
        # S1 players to move down: the lowest ones that can be.
        left = exchange_count
        index = first_group_size
        while index > 0 and left:
            index -= 1
            x = remainder[index]
            vertex = local[x]
            if is_upper(vertex):
                for y in remainder[index + 1 :]:
                    vector = exchange_vector(x, y, index, -1)
                    if vector:
                        self._set(vertex, local[y], vector)
                mate = self._compute(local)
            exchanged = not is_upper(vertex)
            left -= exchanged
            for y in remainder[index + 1 :]:
                if exchanged:
                    base[y][x] = None
                self._set(vertex, local[y], exchange_vector(x, y, index))
        # S2 players to move up: the highest ones that can be.
        left = exchange_count
        index = first_group_size
        while index < len(remainder) and left > 1:
            x = remainder[index]
            vertex = local[x]
            already = is_upper(vertex)
            if not already:
                for y in remainder[index + 1 :]:
                    vector = exchange_vector(x, y, index, 1)
                    if vector:
                        self._set(vertex, local[y], vector)
                mate = self._compute(local)
            if is_upper(vertex):
                left -= 1
                for y in remainder[:index]:
                    base[x][y] = None
                    self._set(vertex, local[y], None)
                for y in range(current_end, len(local)):
                    if y < len(base):
                        base[y][x] = None
                    self._set(vertex, local[y], None)
            if not already:
                for y in remainder[index + 1 :]:
                    self._set(vertex, local[y], exchange_vector(x, y, index))
            index += 1
        # Fix who is in the upper half of each pair: only pairs of an upper with a lower stay.
        # The weights follow when a matching is next asked for (the steps before it read the
        # upper-lower pairs only, whose weights stay).
        upper_at = [is_upper(local[x]) for x in remainder]
        upper_position = {x for index, x in enumerate(remainder) if upper_at[index]}
        halves_fixed = False

        def fix_halves() -> None:
            fixed: list[tuple[int, int, Vector | None]] = []
            append = fixed.append
            for index, x in enumerate(remainder):
                vertex_x = local[x]
                is_upper_x = upper_at[index]
                for later in range(index + 1, len(remainder)):
                    y = remainder[later]
                    if is_upper_x and not upper_at[later]:
                        append((vertex_x, local[y], base[y][x]))
                    else:
                        base[y][x] = None
                        append((vertex_x, local[y], None))
            self._set_many(fixed)

        if not self.use_shortcuts:
            fix_halves()
            halves_fixed = True

        def set_tie_breaks(x: int, candidates: list[int], addends: list[int]) -> None:
            """The tie-break terms of the edges of `x` to its candidates, which only a matching
            reads: the highest-ranked opponent gets the largest term."""
            tied_edges: list[tuple[int, int, Vector | None]] = []
            for y, addend in zip(candidates, addends, strict=True):
                tied = dict(base[y][x] or {})
                if addend:
                    tied[layout.tie_break] = addend
                tied_edges.append((local[x], local[y], tied))
            self._set_many(tied_edges)

        # Each upper player takes the highest-ranked opponent that keeps the best candidate.
        # The bye criterion of the next bracket (C9) reads the bracket's last matching itself.
        position_of = {v: position for position, v in enumerate(local)}
        width = layout.size

        exact_packed: dict[int, tuple[Vector, int]] = {}

        def exact_weight(upper: int, lower: int) -> int | None:
            x, y = position_of[upper], position_of[lower]
            vector = base[y][x] if x < y < len(base) else None
            if not vector:
                return None
            # Pairs share base vectors: pack each once (kept alive by the memo).
            known = exact_packed.get(id(vector))
            if known is None or known[0] is not vector:
                known = (vector, pack_exact(vector, width))
                exact_packed[id(vector)] = known
            return known[1]

        alternatives: AlternativeAssignments | None = None
        settles_all = False
        slot_partner: dict[int, int] = {}
        floating = 0
        certified = self.use_shortcuts and self.last_was_local

        def candidates_of(index: int) -> tuple[list[int], list[int]]:
            """The opponents the upper at `remainder[index]` may take, highest-ranked first,
            with their tie-break terms."""
            x = remainder[index]
            addend = 0
            candidates: list[int] = []
            addends: list[int] = []
            for y in reversed(remainder[index + 1 :]):
                if local[y] in matched:
                    continue
                if base[y][x] and (halves_fixed or y not in upper_position):
                    candidates.append(y)
                    addends.append(addend)
                addend += 1
            candidates.reverse()
            addends.reverse()
            return candidates, addends

        for index, x in enumerate(remainder):
            vertex = local[x]
            if vertex in self.removed or not is_upper(vertex):
                continue
            if not self.use_shortcuts:
                set_tie_breaks(x, *candidates_of(index))
            # The highest-ranked opponent has the largest tie-break term, so when an optimal
            # matching pairs `x` with it, every maximum matching does: no need to ask. When the
            # bracket's residents are all paired among themselves, the others are settled too.
            # The candidates are read in that order, as far as needed.
            found: int | None = None
            lazy = (
                y
                for y in remainder[index + 1 :]
                if local[y] not in matched
                and base[y][x]
                and (halves_fixed or y not in upper_position)
            )
            first = next(lazy, None)
            if certified and first is not None:
                if alternatives is None:
                    uppers = [
                        local[r]
                        for r in remainder
                        if local[r] not in self.removed and is_upper(local[r])
                    ]
                    unpaired = [v for v in local[:current_end] if v not in self.removed]
                    settles_all = len(unpaired) == 2 * len(uppers)
                    slot_partner = {}
                    if not settles_all:
                        model = self._floater_model(
                            mate, local, uppers, unpaired, exact_weight, known_potentials
                        )
                        if model is not None:
                            alternatives, slot_partner, floating = model
                            settles_all = True
                    if alternatives is None:
                        alternatives = AlternativeAssignments(
                            mate, uppers, exact_weight, potentials=known_potentials
                        )
                    # Kept up to date with the model from here on (see below).
                    mate = dict(mate)
                for y in chain((first,), lazy) if settles_all else (first,):
                    if alternatives.swap_in(vertex, local[y]):
                        if self._is_realizable(alternatives, slot_partner, floating):
                            found = local[y]
                        break
            if found is not None:
                assert alternatives is not None
                partner = found
                alternatives.remove(vertex)
                # The uppers whose partner a swap changed (the others' pairs stand in `mate`).
                for upper in alternatives.take_changed():
                    lower = alternatives.partner.get(upper)
                    if lower is None:
                        continue
                    other = slot_partner.get(upper, upper)
                    if other == NO_OPPONENT:
                        mate.pop(lower, None)
                        continue
                    mate[other] = lower
                    mate[lower] = other
            else:
                if not halves_fixed:
                    fix_halves()
                    halves_fixed = True
                if self.use_shortcuts:
                    set_tie_breaks(x, *candidates_of(index))
                mate = self._compute(local)
                alternatives = None
                known_potentials = None
                certified = self.use_shortcuts and self.last_was_local
                partner = mate_of(vertex)
            matched.add(vertex)
            matched.add(partner)
            self._finalize(vertex, partner)
        if settle_last:
            # What the next bracket's bye criterion reads (`_update_bye_criterion`): whether
            # the matching is local and how many players it leaves unpaired, which every
            # optimal matching over what is left shares with the general path's last one.
            self._compute(local)
        return matched

    def _certified_moved_down(
        self, local: Sequence[int], current_end: int, next_score: Points | None
    ) -> tuple[int, Certificate] | None:
        """The opponent of a bracket's one moved-down player, and the certified exchange
        matching of the residents left (`_certified_assignment`), found without a matching
        over the players; None when that cannot be shown here. The pair is finalized.

        What the two matchings would decide. Every optimal matching pairs the moved-down player
        M in the bracket when some matching does with as many pairs: its score digit ranks above
        the residents'. M then takes the highest-ranked resident r that keeps the best value
        V(r) = w(M, r) + W(R - r), where W(S) is the best a matching of the residents S (with
        the next group, one floating down when S is odd) reaches with the most pairs in S.

        How we know it. W(R - r) is at most what the players' profiles allow with the
        rematches left out, which depends only on r's profile q, and `_profile_transport` of
        R - r proves that value U(q) - w(M, q) when it succeeds (a maximum weight matching of
        the profiles' graph). Let U* be the largest U(q) over the profiles with a resident M
        may meet, and r* the highest-ranked such resident whose profile reaches U*. When the
        certified assignment of R - r* is realized with players (rematches respected, the
        floater placed, the players below completable: C4), V(r*) = U*: no resident does
        better, and one that does as well has a profile reaching U*, so ranks below r*.
        """
        mover = local[0]
        residents = local[1:current_end]
        next_group = local[current_end:]
        if mover in self.removed or any(v in self.removed for v in residents):
            return None
        profile = self._kinds()
        size = self.layout.size
        # Per profile, the highest-ranked resident M may meet.
        first_of_profile: dict[int, int] = {}
        for v in residents:
            if profile[v] not in first_of_profile and self.compatible(mover, v):
                first_of_profile[profile[v]] = v
        best: int | None = None
        chosen: int | None = None
        for v in first_of_profile.values():
            vector = self._base_vector(mover, v, True, False)
            if not vector:
                return None
            transport = self._profile_transport(
                [r for r in residents if r != v], next_group, next_score
            )
            if transport is None:
                return None
            flow, _, _, weights, _, _ = transport
            value = pack_exact(vector, size) + sum(
                count * weights[key] for key, count in flow.items()
            )
            # Residents come in rank order: on equal values the first stays.
            if best is None or value > best:
                best, chosen = value, v
        if chosen is None:
            return None
        self.removed.update((mover, chosen))
        certified = self._certified_assignment(
            [r for r in residents if r != chosen], next_group, next_score
        )
        self.removed.difference_update((mover, chosen))
        if certified is None:
            return None
        self._finalize(mover, chosen)
        return chosen, certified

    def _certified_assignment(
        self, residents: Sequence[int], next_group: Sequence[int], next_score: Points | None
    ) -> Certificate | None:
        """The exchange matching of a homogeneous bracket of even size (`residents` in order:
        the bracket, or what remains of it once its moved-down players are paired), found without
        a matching over the players when S1 can be assigned to S2 at the best weight and vertex
        potentials prove that no matching does better; None when that cannot be shown here.

        Why the answer is the matching's. Edge weights of the bracket depend only on the two
        players' profiles (`_base_vector`), plus the exchange terms: an upper player in S1 adds
        E1, an upper player at position x takes off E2 * x (E1 above E2 in the order). Among
        assignments of S1 (uppers) to S2 those terms are constant, so the best assignment is a
        transportation problem between the profiles, solved with potentials a (S1 profiles),
        b (S2 profiles). Potentials y_x = a[p(x)] + c + E1 - E2 * x on S1 and
        y_y = b[q(y)] - c on S2 are tight on the assignment and cover every S1-S2 edge;
        an S1-S1 edge needs 2c >= w - a - a' - E1 + E2 * (h - 1) and an S2-S2 edge
        2c <= b + b' - w + E2 * h (the worst positions), so a c exists when the largest lower
        bound is at most the smallest upper one. Then y certifies (sums of lexicographically
        non-negative slacks are non-negative) that the assignment is a maximum weight matching
        of the bracket. It pairs every resident, so with the next group it is one of the local
        matching too, and with the players below completable (C4) the global one. The steps
        after this matching read only its upper halves and an optimal assignment, which every
        optimal matching of this kind shares.

        An odd bracket floats one player into the next group, where every pair weighs F (what
        the bracket's score says, `_group_vector`), whoever floats: a slot FLOAT joins S1 with
        weight F to every player (the one it takes is the floater), and a FLOAT-S1 edge needs
        2c >= F - a[FLOAT] - a - E1 + E2 * (h - 1). Every optimal matching floats one player,
        since F outweighs a pair within the next group; the floater must meet someone there
        who leaves the rest of the group paired (checked, with the players below, C4). In the
        last bracket of an odd field the slot stands for the pairing-allocated bye instead: it
        weighs nothing to everyone (F = 0), and the player it takes must be one who may get the
        bye (C2). While the bye criterion weighs played games (C9), profiles are refined by
        them (`_kinds`).

        Returns the matching and the potentials a and b of each S1 and S2 player (and of the
        slot, as -1), which prove the assignment optimal among assignments
        (`AlternativeAssignments` and `_floater_model` need no others).
        """
        if any(v in self.removed for v in residents):
            return None
        transport = self._profile_transport(residents, next_group, next_score)
        if transport is None:
            return None
        flow, a, b, weights, odd, floating = transport
        half = len(residents) // 2
        upper_side, lower_side = residents[:half], residents[half:]
        profile = self._kinds()
        tight = {
            p: [q for q in b if (p, q) in weights and a[p] + b[q] == weights[(p, q)]] for p in a
        }
        uppers = [*upper_side, FLOAT] if odd else upper_side
        assignment = self._realize_assignment(
            uppers, lower_side, flow, tight, odd and not next_group
        )
        if assignment is None:
            return None
        mate: dict[int, int] = {}
        upper_potential: dict[int, int] = {}
        lower_potential: dict[int, int] = {}
        for upper, lower in assignment.items():
            lower_potential[lower] = b[profile[lower]]
            if upper == FLOAT:
                upper_potential[FLOAT] = a[FLOAT]
                continue
            mate[upper] = lower
            mate[lower] = upper
            upper_potential[upper] = a[profile[upper]]
        taken = set(residents)
        if odd and next_group:
            placed = self._float_into(assignment[FLOAT], next_group, floating)
            if placed is None:
                return None
            mate.update(placed)
            taken.update(next_group)
        rest = [v for v in range(self.count) if v not in self.removed and v not in taken]
        rest += [v for v in next_group if odd and v not in mate]
        rest.sort()
        singles = {v for v in rest if self.may_get_bye[v]} if len(rest) % 2 else set()
        if not is_completable(rest, self._edge_exists, singles):
            return None
        return mate, upper_potential, lower_potential

    def _profile_transport(
        self, residents: Sequence[int], next_group: Sequence[int], next_score: Points | None
    ) -> ProfileTransport | None:
        """The profile-level part of `_certified_assignment`: the transportation of S1's
        profiles (and the slot FLOAT of an odd bracket) to S2's at the best weight, with
        potentials that, shifted by some c, prove it a maximum weight matching of the bracket
        (see there); None when no such c exists or the transportation fails. The weights
        ignore C1 (they are the profiles'), so the value is also an upper bound of what any
        matching of players with these profiles reaches with the rematches left out."""
        odd = len(residents) % 2 == 1
        if len(residents) < 4 or (
            (self.single_downfloater_gets_bye or odd) and next_group and self._group is None
        ):
            return None
        if odd and not next_group and self.count % 2 == 0:
            return None
        half = len(residents) // 2
        upper_side, lower_side = residents[:half], residents[half:]
        profile = self._kinds()
        representative: dict[int, int] = {}
        supply: dict[int, int] = {}
        demand: dict[int, int] = {}
        layout = self.layout
        size = layout.size
        floating = 0
        if odd:
            if next_group:
                digit = self.digit[residents[0]]
                floating = pack_exact({layout.pairs_next: 1, layout.scores_next + digit: 1}, size)
            supply[FLOAT] = 1
        for v in upper_side:
            representative.setdefault(profile[v], v)
            supply[profile[v]] = supply.get(profile[v], 0) + 1
        for v in lower_side:
            representative.setdefault(profile[v], v)
            demand[profile[v]] = demand.get(profile[v], 0) + 1
        weight_memo: dict[tuple[int, int], int | None] = {}

        def type_weight(p: int, q: int) -> int | None:
            key = (p, q)
            if p == FLOAT or q == FLOAT:
                return floating
            if key not in weight_memo:
                i, j = representative[p], representative[q]
                vector = (
                    self._compute_base_vector(i, j, True, False)
                    if self._colours_compatible(i, j)
                    else None
                )
                weight_memo[key] = None if vector is None else pack_exact(vector, size)
            return weight_memo[key]

        weights: dict[tuple[int, int], int] = {}
        for p in supply:
            for q in demand:
                w = type_weight(p, q)
                if w is not None:
                    weights[(p, q)] = w
        solved = solve_transport(supply, demand, weights)
        if solved is None:
            return None
        flow, a, b = solved
        e1 = 1 << (COMPONENT_BITS * (size - 1 - layout.exchanges))
        e2 = 1 << (COMPONENT_BITS * (size - 1 - layout.exchange_numbers))
        lowest: int | None = None
        for p in supply:
            for p2 in supply:
                if (p == p2 and supply[p] < 2) or (p == p2 == FLOAT):
                    continue
                w = type_weight(p, p2)
                if w is not None:
                    bound = w - a[p] - a[p2] - e1 + e2 * (half - 1)
                    lowest = bound if lowest is None else max(lowest, bound)
        highest: int | None = None
        for q in demand:
            for q2 in demand:
                if q == q2 and demand[q] < 2:
                    continue
                w = type_weight(q, q2)
                if w is not None:
                    bound = b[q] + b[q2] - w + e2 * half
                    highest = bound if highest is None else min(highest, bound)
        if lowest is not None and highest is not None and lowest > highest:
            return None
        return flow, a, b, weights, odd, floating

    def _float_into(
        self, floater: int, next_group: Sequence[int], floating: int
    ) -> dict[int, int] | None:
        """The floater's opponent in the next group, at weight `floating`, and pairs for the
        rest of the group leaving at most one player (as many as any matching can); None when
        the first few opponents tried do not allow that."""
        tried = 0
        for opponent in next_group:
            if not self.compatible(floater, opponent):
                continue
            vector = self._vector(floater, opponent)
            if not vector or pack_exact(vector, self.layout.size) != floating:
                return None
            others = [v for v in next_group if v != opponent]
            pairs, unmatched = match_greedily(others, self._edge_exists)
            if len(unmatched) <= len(others) % 2:
                mate = {floater: opponent, opponent: floater}
                for x, y in pairs:
                    mate[x] = y
                    mate[y] = x
                return mate
            tried += 1
            if tried >= 3:
                return None
        return None

    def _realize_assignment(
        self,
        upper_side: Sequence[int],
        lower_side: Sequence[int],
        flow: dict[tuple[int, int], int],
        tight: dict[int, list[int]],
        bye: bool,
    ) -> dict[int, int] | None:
        """Players for the profile flow: each S1 player an S2 player over a tight profile pair
        they may meet (C1), every one paired; None when that fails. Greedy along the flow,
        then augmenting paths over the tight pairs for the few it leaves."""
        profile = self._kinds()

        def type_of(v: int) -> int:
            return FLOAT if v == FLOAT else profile[v]

        def compatible(u: int, v: int) -> bool:
            if u == FLOAT:
                return not bye or self.may_get_bye[v]
            return self.compatible(u, v)

        pools: dict[int, list[int]] = {}
        for v in lower_side:
            pools.setdefault(profile[v], []).append(v)
        remaining = dict(flow)
        partner: dict[int, int] = {}
        owner: dict[int, int] = {}
        left_over: list[int] = []
        for u in upper_side:
            p = type_of(u)
            found = None
            for q in tight[p]:
                if remaining.get((p, q), 0) <= 0:
                    continue
                pool = pools[q]
                for index, v in enumerate(pool):
                    if compatible(u, v):
                        found = v
                        del pool[index]
                        remaining[(p, q)] -= 1
                        break
                if found is not None:
                    break
            if found is None:
                left_over.append(u)
            else:
                partner[u] = found
                owner[found] = u
        if len(left_over) > 16:
            return None
        tight_sets = {p: set(qs) for p, qs in tight.items()}
        for start in left_over:
            # Breadth-first over "u takes v, whose owner looks for another" on tight pairs.
            came_from: dict[int, tuple[int | None, int | None]] = {start: (None, None)}
            queue = [start]
            end: tuple[int, int] | None = None
            while queue and end is None:
                u = queue.pop(0)
                allowed = tight_sets[type_of(u)]
                for v in lower_side:
                    if profile[v] not in allowed or v == partner.get(u) or not compatible(u, v):
                        continue
                    holder = owner.get(v)
                    if holder is None:
                        end = (u, v)
                        break
                    if holder not in came_from:
                        came_from[holder] = (u, v)
                        queue.append(holder)
            if end is None:
                return None
            u, v = end
            while True:
                previous = partner.get(u)
                partner[u] = v
                owner[v] = u
                back, taken = came_from[u]
                if back is None or taken is None:
                    break
                assert taken == previous
                u, v = back, taken
        return partner

    def _floater_model(
        self,
        mate: dict[int, int],
        local: Sequence[int],
        uppers: Sequence[int],
        unpaired: Sequence[int],
        exact_weight: Callable[[int, int], int | None],
        potentials: tuple[dict[int, int], dict[int, int]] | None = None,
    ) -> tuple[AlternativeAssignments, dict[int, int], int] | None:
        """The assignment of uppers to lowers when some residents float down, with one "slot"
        per floater standing for its pairing below; None when the model is not exact here.

        Why it decides exactly: every optimal matching pairs each upper with a lower (edges of
        the bracket run from uppers to lowers only, and their number is the most important
        criterion), so it differs from `mate` only in which lowers float. When every floater is
        paired in the next bracket and at most one player of the two brackets stays unpaired,
        the part below already takes the largest possible weight (below, an edge's weight
        depends only on the scores, which are equal there), so no optimal matching gains
        below what it loses in the bracket. A slot takes any lower at the floaters' common
        weight, which relaxes the part below: an edge no optimal assignment of the slot model
        uses is used by no optimal matching. An assignment the slot model finds is a matching
        only when each slot's lower can take the floater's opponent (`_is_realizable`).

        In the last bracket (no next bracket in the matching) the one floater is the player
        left unpaired: the slot weighs nothing, and its lower must be able to take the bye.
        """
        upper_set = set(uppers)
        lowers = {mate[u] for u in uppers}
        floaters = [v for v in unpaired if v not in upper_set and v not in lowers]
        if not uppers or any(
            self.players[v].score != self.players[uppers[0]].score for v in floaters
        ):
            return None
        active = [v for v in local if v not in self.removed]
        if sum(1 for v in active if v not in mate) > 1:
            return None
        current = set(unpaired)
        weight_of_floating: int | None = None
        slot_partner: dict[int, int] = {}
        assignment = {u: mate[u] for u in uppers}
        if len(floaters) == 1 and floaters[0] not in mate:
            if any(v not in current for v in active):
                return None
            slot_partner[-1] = NO_OPPONENT
            assignment[-1] = floaters[0]
            weight_of_floating = 0
            floaters = []
        elif self.single_downfloater_gets_bye:
            # The bye criterion weighs edges below by who plays in them.
            return None
        for index, floater in enumerate(floaters):
            opponent = mate.get(floater)
            if opponent is None or opponent in current:
                return None
            vector = self._vector(floater, opponent)
            if not vector:
                return None
            packed = pack_exact(vector, self.layout.size)
            if weight_of_floating is None:
                weight_of_floating = packed
            elif packed != weight_of_floating:
                return None
            slot_partner[-1 - index] = opponent
            assignment[-1 - index] = floater
        if weight_of_floating is None:
            return None
        lowers.update(assignment[slot] for slot in slot_partner)
        floating = weight_of_floating

        def weight(upper: int, lower: int) -> int | None:
            if upper < 0:
                return floating if lower in lowers else None
            return exact_weight(upper, lower)

        if potentials is not None and (
            set(potentials[0]) != set(assignment)
            or not set(assignment.values()) <= set(potentials[1])
        ):
            potentials = None
        try:
            model = AlternativeAssignments(
                assignment, list(assignment), weight, potentials=potentials
            )
        except ValueError:
            return None
        return model, slot_partner, floating

    def _is_realizable(
        self, model: AlternativeAssignments, slot_partner: dict[int, int], floating: int
    ) -> bool:
        """Whether each slot's lower can take the opponent of the floater the slot stood for,
        at the floaters' weight."""
        for slot, opponent in slot_partner.items():
            lower = model.partner[slot]
            if opponent == NO_OPPONENT:
                if not self.may_get_bye[lower]:
                    return False
                continue
            vector = self._vector(lower, opponent)
            if not vector or pack_exact(vector, self.layout.size) != floating:
                return False
        return True


def score_groups(players: Sequence[SwissPlayerState]) -> list[list[int]]:
    groups: list[list[int]] = []
    for index, player in enumerate(players):
        if groups and players[groups[-1][0]].score == player.score:
            groups[-1].append(index)
        else:
            groups.append([index])
    return groups
