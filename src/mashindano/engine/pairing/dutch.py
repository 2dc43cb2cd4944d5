"""FIDE Dutch system (C.04.3, 2026 edition): pairing one round.

Method. The rules pair bracket by bracket, each bracket choosing the candidate that best meets
C5-C21 while a complete pairing stays possible below it (C4). We reach the same pairing the way
the FIDE-endorsed reference engine does: every decision is a maximum weight matching whose edge
weights are lexicographic vectors (most important criterion first), and the bracket's choices
(which moved-down players to pair, which residents to exchange between S1 and S2, who plays
whom) are fixed one at a time by small tie-break terms in the lowest components.

Speed. The weight of an edge between two players below the next bracket carries only the
completion term. So each matching is first solved on the current and next bracket alone; if the
players it leaves over can be completed with everyone below, that local optimum is the global
one. Only when they cannot is the whole field matched. Shortcuts skip matchings whose answer is
already known (`pair_dutch_general` keeps every matching, as the reference they are tested
against): a homogeneous bracket whose S1[i]-S2[i] candidate is perfect is paired directly; once
the upper players of a bracket are fixed, each one's opponent is read off the last optimal
matching with the potentials of `alternating` instead of a new matching (when residents float
down, one "slot" per floater stands for its pairing below); a bracket without moved-down players
asks the exchange question in its first matching; and when the last matching already has S1 in
the upper halves, the exchange matching is not asked at all. Within a bracket the packed
weights are kept and only the edges that change are packed again.

Width. Weights are packed in mixed radix, each criterion sized from the bracket itself (the
players that carry it, not the field). Criteria that most pairs of a bracket meet are counted
as violations instead, and the last score digit of a pair count is left out, because the more
significant components already fix it; 1,000- and 2,000-player fields need about 80 bits.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from fractions import Fraction

from mashindano.engine.errors import NoValidPairing
from mashindano.engine.model import CompetitorId, Side, StageResults
from mashindano.engine.pairing.alternating import AlternativeAssignments
from mashindano.engine.pairing.colours import allocate_colours, ranks_higher
from mashindano.engine.pairing.matching import (
    MAX_WEIGHT_BITS,
    compute_max_weight_matching,
    compute_multipliers,
    is_completable,
    pack_weights,
)
from mashindano.engine.pairing.swiss_state import (
    Float,
    SwissPlayerState,
    build_swiss_state,
)
from mashindano.engine.points import Points

Vector = dict[int, int]


@dataclass(frozen=True, slots=True)
class SwissPairing:
    """One round's pairing: boards as (white, black) in FIDE board order, and the bye."""

    boards: tuple[tuple[CompetitorId, CompetitorId], ...]
    bye: CompetitorId | None


@dataclass(frozen=True, slots=True)
class _Layout:
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


def pair_dutch(
    results: StageResults,
    round_number: int,
    *,
    total_rounds: int,
    initial_colour: Side,
    forbidden_pairs: Collection[frozenset[CompetitorId]] = (),
) -> SwissPairing:
    """Pair `round_number` by the FIDE Dutch system, 2026 rules.

    `initial_colour` is the colour drawn for the higher-ranked player of the first board in round
    1 (TRF `XXC`). Raises `NoValidPairing` when no pairing satisfies C1-C3.
    """
    return _pair(
        results,
        round_number,
        total_rounds=total_rounds,
        initial_colour=initial_colour,
        forbidden_pairs=forbidden_pairs,
        use_shortcuts=True,
    )


def pair_dutch_general(
    results: StageResults,
    round_number: int,
    *,
    total_rounds: int,
    initial_colour: Side,
    forbidden_pairs: Collection[frozenset[CompetitorId]] = (),
) -> SwissPairing:
    """`pair_dutch` without the shortcuts: every decision is a maximum weight matching.

    Slow on large fields; kept as the reference the shortcuts are tested against.
    """
    return _pair(
        results,
        round_number,
        total_rounds=total_rounds,
        initial_colour=initial_colour,
        forbidden_pairs=forbidden_pairs,
        use_shortcuts=False,
    )


def _pair(
    results: StageResults,
    round_number: int,
    *,
    total_rounds: int,
    initial_colour: Side,
    forbidden_pairs: Collection[frozenset[CompetitorId]],
    use_shortcuts: bool,
) -> SwissPairing:
    if total_rounds < round_number:
        raise NoValidPairing(
            f"round {round_number} is beyond the tournament's {total_rounds} rounds",
            round=round_number,
            total_rounds=total_rounds,
        )
    states = build_swiss_state(results, round_number)
    available = [s for s in states if s.is_available]
    solver = _RoundSolver(
        available,
        results.points.win if results.points.win >= results.points.draw else results.points.draw,
        round_number,
        total_rounds,
        forbidden_pairs,
        use_shortcuts=use_shortcuts,
    )
    pairs, bye = solver.solve()
    boards = [allocate_colours(a, b, initial_colour) for a, b in pairs]
    by_id = {s.id: s for s in available}
    boards.sort(key=lambda board: _board_key(by_id[board[0]], by_id[board[1]]))
    return SwissPairing(boards=tuple(boards), bye=bye.id if bye is not None else None)


def _board_key(white: SwissPlayerState, black: SwissPlayerState) -> tuple[Points, Points, int]:
    higher, lower = (white, black) if ranks_higher(white, black) else (black, white)
    return (-higher.score, -lower.score, higher.rank_index)


class _RoundSolver:
    """The bracket-by-bracket search of one round (players sorted by score, then rank)."""

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
        self.layout = _Layout(len(scores))
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
        self.weights: dict[tuple[int, int], Vector | None] = {}
        self.removed: set[int] = set()
        self.pairs: list[tuple[int, int]] = []
        self.may_get_bye: list[bool] = [s.is_bye_eligible for s in self.players]
        self._compatible_cache: dict[tuple[int, int], bool] = {}
        self.bye_score: Points | None = None
        self.single_downfloater_gets_bye = False
        self.bye_rank: dict[int, int] = {}
        self.last_was_local = True
        self.last_mate: dict[int, int] = {}
        # Within a bracket the packed weights are kept and only edges that change are packed
        # again, with one mixed radix sized for everything the bracket may still add.
        self._tie_room = (0, 0, 0)
        self._multipliers: list[int] | None = None
        self._packed: dict[tuple[int, int], int] = {}
        self._packing_fits = True

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

    def _edge_exists(self, i: int, j: int) -> bool:
        key = (i, j) if i < j else (j, i)
        if key in self.weights:
            return self.weights[key] is not None
        return self.compatible(i, j)

    def _completion_term(self, i: int, j: int) -> int:
        return 1 + (not self.may_get_bye[i]) + (not self.may_get_bye[j])

    # -- matching ----------------------------------------------------------------------------

    def _set(self, i: int, j: int, vector: Vector | None) -> None:
        key = (i, j) if i < j else (j, i)
        self.weights[key] = vector
        multipliers = self._multipliers
        if multipliers is not None:
            if vector:
                self._packed[key] = sum([value * multipliers[c] for c, value in vector.items()])
            else:
                self._packed.pop(key, None)

    def _start_bracket(self, mdp_count: int, resident_count: int, local_count: int) -> None:
        """Forget the last bracket's packing; note how far the tie-break may reach here: on the
        edges of at most every moved-down player and one more vertex, from -1 up to
        `local_count + resident_count`."""
        self._tie_room = (mdp_count, resident_count, local_count)
        self._multipliers = None
        self._packed = {}
        self._packing_fits = True

    def _bracket_weights(self, active: Sequence[int]) -> dict[tuple[int, int], int]:
        """Packed weights of the bracket's edges; those of paired players are left in, for the
        matching ignores edges that leave `active`."""
        if self._multipliers is not None:
            return self._packed
        vectors: dict[tuple[int, int], Vector] = {}
        weights = self.weights
        for x in range(len(active)):
            for y in range(x):
                key = (active[y], active[x]) if active[y] < active[x] else (active[x], active[y])
                vector = weights.get(key)
                if vector:
                    vectors[key] = vector
        max_pairs = len(active) // 2
        if self._packing_fits:
            layout = self.layout
            mdp_count, resident_count, local_count = self._tie_room
            room = {
                layout.exchanges: (1, 0, max_pairs),
                layout.exchange_numbers: (0, resident_count, max_pairs),
                layout.tie_break: (local_count + resident_count, 1, mdp_count + 1),
            }
            multipliers, total = compute_multipliers(
                vectors, layout.size, max_pairs, room, layout.score_parts
            )
            if total.bit_length() <= MAX_WEIGHT_BITS:
                self._multipliers = multipliers
                self._packed = {
                    key: sum([value * multipliers[c] for c, value in vector.items()])
                    for key, vector in vectors.items()
                }
                return self._packed
            # Too wide for the whole bracket: pack each matching on its own, as tight as it is.
            self._packing_fits = False
        return pack_weights(vectors, self.layout.size, max_pairs, self.layout.score_parts)

    def _compute(self, local: Sequence[int]) -> dict[int, int]:
        active = [v for v in local if v not in self.removed]
        packed = self._bracket_weights(active)
        mate = compute_max_weight_matching(active, packed)
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

    def _compute_whole(self, local: Sequence[int]) -> dict[int, int]:
        active = [v for v in range(self.count) if v not in self.removed]
        vectors: dict[tuple[int, int], Vector] = {}
        for x in range(len(active)):
            for y in range(x):
                i, j = active[y], active[x]
                if not self._edge_exists(i, j):
                    continue
                vector = dict(self.weights.get((i, j)) or {})
                vector[0] = self._completion_term(i, j)
                vectors[(i, j)] = vector
        packed = pack_weights(vectors, self.layout.size, len(active) // 2)
        return compute_max_weight_matching(active, packed)

    # -- the criteria as weights -------------------------------------------------------------

    def _base_vector(self, i: int, j: int, in_current: bool, in_next: bool) -> Vector | None:
        """Weight of pairing higher-ranked `i` with `j` (in the current or next bracket)."""
        if not self.compatible(i, j):
            return None
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
        for offset, met in enumerate(_colour_criteria(lower, higher)):
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

    def solve(
        self,
    ) -> tuple[list[tuple[SwissPlayerState, SwissPlayerState]], SwissPlayerState | None]:
        if self.count == 0:
            return [], None
        self._check_complete()
        groups = _score_groups(self.players)
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

    def _update_bye_criterion(
        self, local: Sequence[int], carried: Sequence[int], next_score: Points | None
    ) -> None:
        """Whether the next bracket downfloats exactly one player, who gets the bye (C9)."""
        self.single_downfloater_gets_bye = False
        if self.count % 2 == 0 or next_score is None or next_score != self.bye_score:
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
        if current_end % 2 or (
            self.count % 2 and next_score is not None and next_score == self.bye_score
        ):
            return None
        half = current_end // 2
        for k in range(half):
            higher, lower = local[k], local[half + k]
            if not self.compatible(higher, lower):
                return None
            if not all(_colour_criteria(self.players[lower], self.players[higher])):
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
        # Two players of the next bracket weigh the same whoever they are (only the bye
        # criterion tells them apart), so their pairs share one vector.
        shared_next: Vector | None = None
        if current_end < len(local) and not self.single_downfloater_gets_bye:
            shared_next = {
                layout.pairs_next: 1,
                layout.scores_next + self.digit[local[current_end]]: 1,
            }
        weights = self.weights
        for y in range(mdp_count, len(local)):
            vertex_y = local[y]
            for x in range(y):
                vertex_x = local[x]
                if shared_next is not None and x >= current_end:
                    vector = shared_next if self.compatible(vertex_x, vertex_y) else None
                else:
                    vector = self._base_vector(
                        vertex_x, vertex_y, y < current_end, y >= current_end
                    )
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

        def exchange_vector(x: int, y: int, index: int, tie: int = 0) -> Vector | None:
            vector = base[(x, y)]
            if not vector:
                return None
            result = dict(vector)
            if index < first_group_size:
                result[layout.exchanges] = 1
            if index:
                result[layout.exchange_numbers] = -index
            if tie:
                result[layout.tie_break] = tie
            return result

        def is_upper(v: int) -> bool:
            return v < mate_of(v) < next_vertex

        # When the last optimal matching already puts all of S1 in the upper halves, it is
        # optimal for the exchange criteria too (no exchange, the smallest numbers) and every
        # matching that is has the same upper halves, which is all the rest reads from it. The
        # bye criterion of the next bracket (C9) reads the last matching itself: ask then.
        exact_last = self.count % 2 == 1 and next_score is not None and next_score == self.bye_score
        if guessing:
            for index, x in enumerate(remainder):
                for y in remainder[index + 1 :]:
                    self._set(local[x], local[y], exchange_vector(x, y, index))
            mate = self._compute(local)
            paired = sum(1 for r in remainder if mate_of(local[r]) < local[r])
            guessing = paired == first_group_size
            first_group_size = paired
        if not guessing and not (
            self.use_shortcuts
            and not exact_last
            and all(is_upper(local[x]) for x in remainder[:first_group_size])
        ):
            for index, x in enumerate(remainder):
                for y in remainder[index + 1 :]:
                    self._set(local[x], local[y], exchange_vector(x, y, index))
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
        for index, x in enumerate(remainder):
            for y in remainder[index + 1 :]:
                if not is_upper(local[x]) or is_upper(local[y]):
                    base[(x, y)] = None
                self._set(local[x], local[y], base[(x, y)])
        # Each upper player takes the highest-ranked opponent that keeps the best candidate.
        # The bye criterion of the next bracket (C9) reads the bracket's last matching itself.
        position_of = {v: position for position, v in enumerate(local)}
        width = layout.size

        def exact_weight(upper: int, lower: int) -> int | None:
            x, y = position_of[upper], position_of[lower]
            vector = base.get((x, y)) if x < y else None
            return _pack_wide(vector, width) if vector else None

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
            for y in reversed(remainder):
                if y <= x or local[y] in matched:
                    continue
                vector = base[(x, y)]
                if vector:
                    tied = dict(vector)
                    if addend:
                        tied[layout.tie_break] = addend
                    self._set(vertex, local[y], tied)
                    candidates.append(y)
                addend += 1
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
                    if other == _NO_OPPONENT:
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
            slot_partner[-1] = _NO_OPPONENT
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
            vector = self.weights.get(
                (floater, opponent) if floater < opponent else (opponent, floater)
            )
            if not vector:
                return None
            packed = _pack_wide(vector, self.layout.size)
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
            if opponent == _NO_OPPONENT:
                if not self.may_get_bye[lower]:
                    return False
                continue
            vector = self.weights.get((lower, opponent) if lower < opponent else (opponent, lower))
            if not vector or _pack_wide(vector, self.layout.size) != floating:
                return False
        return True


_NO_OPPONENT = -1
"""The opponent of a slot that stands for the player left unpaired."""

_COMPONENT_BITS = 48
"""Room per component when packing a vector exactly: sums over a bracket never come near it."""


def _pack_wide(vector: Vector, size: int) -> int:
    return sum(value << (_COMPONENT_BITS * (size - 1 - c)) for c, value in vector.items())


def _score_groups(players: Sequence[SwissPlayerState]) -> list[list[int]]:
    groups: list[list[int]] = []
    for index, player in enumerate(players):
        if groups and players[groups[-1][0]].score == player.score:
            groups[-1].append(index)
        else:
            groups.append([index])
    return groups


def _colour_criteria(
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
