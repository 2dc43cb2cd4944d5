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
all. Within a bracket the packed weights are kept and only the edges that change are packed
again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from mashindano.engine.pairing.alternating import AlternativeAssignments
from mashindano.engine.pairing.dutch_weights import (
    DutchWeights,
    Vector,
    colour_criteria,
    pack_exact,
)
from mashindano.engine.pairing.matching import is_completable
from mashindano.engine.pairing.swiss_state import SwissPlayerState
from mashindano.engine.points import Points

NO_OPPONENT = -1
"""The opponent of a slot that stands for the player left unpaired."""


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
        nobody floats down. Brackets that may decide C9 for the next one keep the general path,
        because that decision reads the last matching itself.
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
        base: dict[tuple[int, int], Vector | None] = {}
        # Pairs with the next group weigh what the higher player's score says (unless the bye
        # criterion tells its players apart): they are not stored, see `_vector`.
        stored_end = len(local)
        if current_end < len(local) and not self.single_downfloater_gets_bye:
            self._pairs_with_next_group_follow_scores(local, current_end)
            stored_end = current_end
        weights = self.weights
        for y in range(mdp_count, stored_end):
            vertex_y = local[y]
            in_current, in_next = y < current_end, y >= current_end
            for x in range(y):
                vertex_x = local[x]
                vector = self._base_vector(vertex_x, vertex_y, in_current, in_next)
                base[(x, y)] = vector
                weights[(vertex_x, vertex_y)] = vector

        def with_tie(x: int, y: int, component: int, value: int) -> Vector | None:
            vector = base[(x, y)]
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
        mate: dict[int, int] = {} if guessing else self._compute(local)

        def mate_of(v: int) -> int:
            return mate.get(v, v)

        def in_bracket(v: int) -> bool:
            return resident_start <= mate_of(v) < next_vertex

        matched: set[int] = set()
        residents = range(mdp_count, current_end)
        resident_count = current_end - mdp_count
        # Which moved-down players are paired: the earliest that keep the best candidate.
        group_score: Points | None = None
        remaining = remaining_matched = 0
        for position in range(mdp_count):
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
        for position in range(mdp_count):
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
            vector = base[(x, y)]
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
                    vector = base[(x, y)]
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
        # bye criterion of the next bracket (C9) reads the last matching itself: ask then.
        exact_last = self._may_decide_bye(next_score)
        if guessing:
            self._set_many(exchange_edges())
            mate = self._compute(local)
            paired = sum(1 for r in remainder if mate_of(local[r]) < local[r])
            guessing = paired == first_group_size
            first_group_size = paired
        if not guessing and not (
            self.use_shortcuts
            and not exact_last
            and all(is_upper(local[x]) for x in remainder[:first_group_size])
        ):
            self._set_many(exchange_edges())
            mate = self._compute(local)
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
                    base[(x, y)] = None
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
                    base[(y, x)] = None
                    self._set(vertex, local[y], None)
                for y in range(current_end, len(local)):
                    base[(x, y)] = None
                    self._set(vertex, local[y], None)
            if not already:
                for y in remainder[index + 1 :]:
                    self._set(vertex, local[y], exchange_vector(x, y, index))
            index += 1
        # Fix who is in the upper half of each pair.
        upper_at = [is_upper(local[x]) for x in remainder]
        fixed: list[tuple[int, int, Vector | None]] = []
        append = fixed.append
        for index, x in enumerate(remainder):
            vertex_x = local[x]
            is_upper_x = upper_at[index]
            for later in range(index + 1, len(remainder)):
                y = remainder[later]
                if is_upper_x and not upper_at[later]:
                    append((vertex_x, local[y], base[(x, y)]))
                else:
                    base[(x, y)] = None
                    append((vertex_x, local[y], None))
        self._set_many(fixed)
        # Each upper player takes the highest-ranked opponent that keeps the best candidate.
        # The bye criterion of the next bracket (C9) reads the bracket's last matching itself.
        position_of = {v: position for position, v in enumerate(local)}
        width = layout.size

        exact_packed: dict[int, tuple[Vector, int]] = {}

        def exact_weight(upper: int, lower: int) -> int | None:
            x, y = position_of[upper], position_of[lower]
            vector = base.get((x, y)) if x < y else None
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
        certified = self.use_shortcuts and self.last_was_local and not exact_last
        for x in remainder:
            vertex = local[x]
            if vertex in self.removed or not is_upper(vertex):
                continue
            addend = 0
            candidates: list[int] = []
            tied_edges: list[tuple[int, int, Vector | None]] = []
            for y in reversed(remainder):
                if y <= x or local[y] in matched:
                    continue
                vector = base[(x, y)]
                if vector:
                    tied = dict(vector)
                    if addend:
                        tied[layout.tie_break] = addend
                    tied_edges.append((vertex, local[y], tied))
                    candidates.append(y)
                addend += 1
            self._set_many(tied_edges)
            candidates.reverse()
            # The highest-ranked opponent has the largest tie-break term, so when an optimal
            # matching pairs `x` with it, every maximum matching does: no need to ask. When the
            # bracket's residents are all paired among themselves, the others are settled too.
            found: int | None = None
            if certified and candidates:
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
                        model = self._floater_model(mate, local, uppers, unpaired, exact_weight)
                        if model is not None:
                            alternatives, slot_partner, floating = model
                            settles_all = True
                    if alternatives is None:
                        alternatives = AlternativeAssignments(mate, uppers, exact_weight)
                for y in candidates if settles_all else candidates[:1]:
                    if alternatives.swap_in(vertex, local[y]):
                        if self._is_realizable(alternatives, slot_partner, floating):
                            found = local[y]
                        break
            if found is not None:
                assert alternatives is not None
                partner = found
                alternatives.remove(vertex)
                mate = dict(mate)
                for upper, lower in alternatives.partner.items():
                    other = slot_partner.get(upper, upper)
                    if other == NO_OPPONENT:
                        mate.pop(lower, None)
                        continue
                    mate[other] = lower
                    mate[lower] = other
            else:
                mate = self._compute(local)
                alternatives = None
                certified = self.use_shortcuts and self.last_was_local and not exact_last
                partner = mate_of(vertex)
            matched.add(vertex)
            matched.add(partner)
            self._finalize(vertex, partner)
        return matched

    def _floater_model(
        self,
        mate: dict[int, int],
        local: Sequence[int],
        uppers: Sequence[int],
        unpaired: Sequence[int],
        exact_weight: Callable[[int, int], int | None],
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

        try:
            model = AlternativeAssignments(assignment, list(assignment), weight)
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
