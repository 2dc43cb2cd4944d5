"""The FIDE Swiss Team Pairing System (C.04.6, applied from 1 February 2026), one round at a time.

Sources: `fide_teams.md` §4-§5 and the C.04.6 articles as quoted there and in the FIDE team
probe notes. C.04.6 applies the Basic Rules (C.04.1) and the General Handling Rules mutatis
mutandis, except C.04.1 Arts. 6 and 7: colours never stop two teams from meeting (4.4).

C.04.6 is not the Dutch system: a bracket is the top scoregroup plus the *upfloaters* pulled
up from below (3.5), and it is paired by the lexicographically first legal pairing that is
best on the quality criteria (3.6). So this module does not reuse the Dutch round solver;
it shares only the matching helpers of `engine.pairing.matching` (rustworkx) for legality.

The procedure of one round:
1. The pairing-allocated bye (3.4) if the number of teams to pair is odd: among teams that
   never had a PAB nor a round scored as a win without playing ([C2]), the first one that
   leaves a legal pairing for all the others, with the lowest score, the most matches played,
   the largest TPN.
2. Brackets from the top: the top scoregroup T of the unpaired teams, plus the fewest
   upfloaters ([C4]) for which T and the upfloaters can be paired without a rematch ([C1])
   and the teams left below can still all be paired ([C3]). Among such sets: highest
   upfloater scores ([C5]); the following scoregroup needs no more upfloaters than its parity
   ([C6]); fewest upfloaters that floated in the previous round ([C7], not in the last two
   rounds); then the first set in order (score, then TPN).
3. The bracket's pairing (3.6): each pair's top member is the smaller TPN; a pairing reads as
   its top members in ascending order then their bottom members; among the legal pairings
   with the best quality ([C8] colour preferences granted, [C9] strong preferences granted,
   [C10] repeated floats, not in the last two rounds) the lexicographically first is taken.
4. Colours by C.04.6 4.3 (`colours.allocate_colours`), boards ordered as GHR 3.6.

UNCONFIRMED readings are parameters of `TeamSwissRules` with the recommended default. The
primary text was readable only in its preface; the criteria [C3], [C4], [C5], [C8]-[C10] are
reconstructed from the articles quoted in the sources (2.3.3 [C6], 2.3.4 [C7], 3.4, 3.5.5,
3.6.1-3.6.3, 1.7.2, 4.3.x) and are UNCONFIRMED in wording; in particular [C10] is read as
"fewest teams that floated in the previous round and float again" (lapsing, like [C7], in the
last two rounds). "Complies with" a quality criterion is read as "the best value attainable,
then the first in order" (the minimising reading FIDE's Gacrux program uses).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from itertools import combinations

import rustworkx as rx

from mashindano.engine.errors import ConfigError, NoValidPairing
from mashindano.engine.model import Side
from mashindano.engine.pairing.matching import is_completable
from mashindano.engine.teams.colours import (
    ColourChoice,
    ColourSide,
    PreferenceType,
    Strength,
    TeamColourRules,
    allocate_colours,
    grants,
    preference,
)


class ScoreKind(StrEnum):
    """The primary score of the event (fide_teams.md 1.4); the other is the secondary one."""

    MATCH_POINTS = "match_points"
    GAME_POINTS = "game_points"


class RoundKind(StrEnum):
    """What a team's round was, as pairing needs it."""

    PLAYED = "played"
    """At least one board was played (fide_teams.md 2.4, UNCONFIRMED, recommended)."""
    FORFEIT_WIN = "forfeit_win"
    """The opponent team did not appear: a win without playing."""
    FORFEIT_LOSS = "forfeit_loss"
    DOUBLE_FORFEIT = "double_forfeit"
    PAB = "pab"
    FULL_BYE = "full_bye"
    """A requested bye scored as a win."""
    HALF_BYE = "half_bye"
    ZERO_BYE = "zero_bye"
    """Absent or a zero-point bye."""


_UNPLAYED_WINS = frozenset({RoundKind.FORFEIT_WIN, RoundKind.PAB, RoundKind.FULL_BYE})
"""C.04.1 Art. 4 (2026) mutatis mutandis: these bar a team from the PAB ([C2])."""


@dataclass(frozen=True, slots=True)
class TeamRoundRecord:
    """One past round of a team."""

    round: int
    kind: RoundKind
    match_points: Fraction
    game_points: Fraction
    opponent: int | None = None
    """The opponent's TPN for a played or forfeited match."""
    colour: Side | None = None
    """The team colour (board-1 colour, C.04.6 1.6.1) of a played match."""


def default_pab_points(
    boards: int, draw_match_points: Fraction = Fraction(1)
) -> tuple[Fraction, Fraction]:
    """The value of a team PAB unless the regulations say otherwise (fide_teams.md 5.2,
    UNCONFIRMED U6): a match draw's MP and half a point on every board."""
    if isinstance(boards, bool) or boards < 1:
        raise ConfigError(
            f"a team match needs at least 1 board, got {boards!r}",
            code="bad_board_count",
            boards=boards,
        )
    return Fraction(draw_match_points), Fraction(boards, 2)


@dataclass(frozen=True, slots=True)
class TeamEntry:
    """A team to pair: its TPN, its past rounds, and whether it is to be paired this round."""

    tpn: int
    history: tuple[TeamRoundRecord, ...] = ()
    available: bool = True
    """False for a withdrawn team or one known to be absent this round (GHR 3.2-3.3)."""


@dataclass(frozen=True, slots=True)
class TeamSwissRules:
    """The parameters of a team Swiss."""

    rounds: int
    """Rounds announced (C.04.1 Art. 1): [C7] and [C10] lapse in the last two rounds."""
    primary: ScoreKind = ScoreKind.MATCH_POINTS
    colours: TeamColourRules = field(default_factory=TeamColourRules)
    forfeits_count_as_played: bool = False
    """UNCONFIRMED (fide_teams.md 5.4): whether forfeited matches count as "matches played" for
    the PAB order (3.4.3). Default no, as FIDE's Gacrux program reads it."""
    graded_c6: bool = False
    """UNCONFIRMED ([C6]): False checks that the following scoregroup needs no more upfloaters
    than its parity (pass/fail, Gacrux); True prefers the set that leaves it the fewest."""


@dataclass(frozen=True, slots=True)
class TeamPairing:
    """One match of the round: `white` is the first-named team (board-1 White)."""

    board: int
    white: int
    black: int
    colour_rule: str
    """The C.04.6 4.3 step that decided the colours."""


@dataclass(frozen=True, slots=True)
class TeamSwissRound:
    round: int
    pairings: tuple[TeamPairing, ...]
    pab: int | None
    upfloaters: tuple[int, ...]
    """Teams paired with a higher-scored opponent this round, by TPN."""


@dataclass(frozen=True, slots=True)
class _Team:
    tpn: int
    score: Fraction
    secondary: Fraction
    played_matches: int
    met: frozenset[int]
    colours: tuple[Side, ...]
    barred_from_pab: bool
    floated_last_round: bool


def _score(record: TeamRoundRecord, kind: ScoreKind) -> Fraction:
    return record.match_points if kind == ScoreKind.MATCH_POINTS else record.game_points


def _scores_after(
    entries: Sequence[TeamEntry], kind: ScoreKind, rounds: int
) -> dict[int, Fraction]:
    return {
        entry.tpn: sum(
            (_score(r, kind) for r in entry.history if r.round <= rounds), start=Fraction(0)
        )
        for entry in entries
    }


def _check_entries(entries: Sequence[TeamEntry], round_number: int) -> None:
    seen: set[int] = set()
    for entry in entries:
        if isinstance(entry.tpn, bool) or entry.tpn < 1 or entry.tpn in seen:
            raise ConfigError(
                f"team pairing numbers must be distinct positive numbers; {entry.tpn!r} is not",
                code="bad_team_number",
                tpn=entry.tpn,
            )
        seen.add(entry.tpn)
        for record in entry.history:
            if not 1 <= record.round < round_number:
                raise ConfigError(
                    f"team {entry.tpn} has a record for round {record.round}, "
                    f"not before round {round_number}",
                    code="bad_team_history",
                    tpn=entry.tpn,
                    round=record.round,
                )


def _teams(entries: Sequence[TeamEntry], rules: TeamSwissRules, round_number: int) -> list[_Team]:
    secondary_kind = (
        ScoreKind.GAME_POINTS if rules.primary == ScoreKind.MATCH_POINTS else ScoreKind.MATCH_POINTS
    )
    scores = _scores_after(entries, rules.primary, round_number - 1)
    secondary = _scores_after(entries, secondary_kind, round_number - 1)
    before_last = _scores_after(entries, rules.primary, round_number - 2)
    teams = []
    for entry in entries:
        if not entry.available:
            continue
        history = sorted(entry.history, key=lambda r: r.round)
        played = [r for r in history if r.kind == RoundKind.PLAYED]
        counted = [
            r
            for r in history
            if r.kind == RoundKind.PLAYED
            or (
                rules.forfeits_count_as_played
                and r.kind in (RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS)
            )
        ]
        last = next((r for r in history if r.round == round_number - 1), None)
        floated = (
            last is not None
            and last.kind == RoundKind.PLAYED
            and last.opponent is not None
            and last.opponent in before_last
            and before_last[last.opponent] != before_last[entry.tpn]
        )
        teams.append(
            _Team(
                tpn=entry.tpn,
                score=scores[entry.tpn],
                secondary=secondary[entry.tpn],
                played_matches=len(counted),
                met=frozenset(r.opponent for r in played if r.opponent is not None),
                colours=tuple(r.colour for r in played if r.colour is not None),
                barred_from_pab=any(r.kind in _UNPLAYED_WINS for r in history),
                floated_last_round=floated,
            )
        )
    return teams


class _Round:
    """The state of pairing one round."""

    def __init__(self, teams: list[_Team], rules: TeamSwissRules, round_number: int) -> None:
        self.rules = rules
        self.by_tpn = {team.tpn: team for team in teams}
        self.last_round = round_number >= rules.rounds
        self.late_rounds = round_number >= rules.rounds - 1
        self.sides = {
            team.tpn: ColourSide(
                team.tpn, team.colours, preference(team.colours, rules.colours, self.last_round)
            )
            for team in teams
        }

    def may_meet(self, a: int, b: int) -> bool:
        """[C1]: no two teams meet twice (a match not played does not count, GHR 3.5)."""
        return b not in self.by_tpn[a].met

    def completable(self, tpns: Sequence[int]) -> bool:
        return is_completable(sorted(tpns), self.may_meet, ())

    def order(self, tpns: Iterable[int]) -> list[int]:
        """Score descending, then TPN."""
        return sorted(tpns, key=lambda t: (-self.by_tpn[t].score, t))

    # -- 3.4 the pairing-allocated bye -------------------------------------------------------

    def choose_pab(self, tpns: list[int]) -> int:
        candidates = sorted(
            (t for t in tpns if not self.by_tpn[t].barred_from_pab),
            key=lambda t: (self.by_tpn[t].score, -self.by_tpn[t].played_matches, -t),
        )
        for candidate in candidates:
            if self.completable([t for t in tpns if t != candidate]):
                return candidate
        raise NoValidPairing(
            "no team can take the pairing-allocated bye and leave a legal pairing",
            code="no_valid_pairing",
            teams=tuple(sorted(tpns)),
        )

    # -- 3.5 the upfloaters ---------------------------------------------------------------------

    def legal_bracket(
        self, top: Sequence[int], floaters: Sequence[int], rest: Sequence[int]
    ) -> bool:
        return self.completable([*top, *floaters]) and self.completable(rest)

    def upfloaters_needed(self, group: Sequence[int], below: Sequence[int]) -> int | None:
        """The fewest upfloaters `group` needs from `below` for a legal bracket ([C4]), None if
        no number will do.

        It is the fewest group-to-below pairs in a pairing of everyone: such a pairing splits
        into the bracket (the group and the lower ends of those pairs) and the rest, and two
        upfloaters paired with each other could as well stay below.
        """
        if len(group) % 2 == 0 and self.legal_bracket(group, (), below):
            return 0
        members = [*group, *below]
        inside = set(group)
        costs = {
            (a, b): int((a in inside) != (b in inside))
            for i, a in enumerate(members)
            for b in members[i + 1 :]
            if self.may_meet(a, b)
        }
        return _min_cost_perfect(members, costs)

    def c6(self, top: Sequence[int], chosen: Sequence[int], below: Sequence[int]) -> int:
        """[C6]: what the chosen set costs the following scoregroup (0 = complied with)."""
        if not below:
            return 0
        following_score = self.by_tpn[below[0]].score
        following = [t for t in below if self.by_tpn[t].score == following_score]
        remaining = [t for t in following if t not in chosen]
        if not remaining:
            return 0
        lower = [t for t in below if t not in chosen and t not in following]
        needed = self.upfloaters_needed(remaining, lower)
        minimum = len(remaining) % 2
        if needed is None:
            return len(below) + 1
        if self.rules.graded_c6:
            return needed - minimum
        return 0 if needed == minimum else 1

    def c7(self, chosen: Sequence[int]) -> int:
        """[C7]: upfloaters that floated in the previous round (not in the last two rounds)."""
        if self.late_rounds:
            return 0
        return sum(1 for t in chosen if self.by_tpn[t].floated_last_round)

    def choose_upfloaters(self, top: list[int], below: list[int]) -> tuple[int, ...]:
        fewest = self.upfloaters_needed(top, below)
        if fewest is None:
            raise NoValidPairing(
                "the teams cannot all be paired without a rematch",
                code="no_valid_pairing",
                teams=tuple(sorted([*top, *below])),
            )
        for count in range(fewest, len(below) + 1, 2):
            sets = list(combinations(below, count))
            # [C5]: the highest upfloater scores (compared from the highest down) first; then
            # the order of generation (sets of positions in score-then-TPN order).
            sets.sort(key=lambda s: tuple(-self.by_tpn[t].score for t in s))
            best: tuple[tuple[int, int], tuple[int, ...]] | None = None
            profile: tuple[Fraction, ...] | None = None
            for chosen in sets:
                scores = tuple(self.by_tpn[t].score for t in chosen)
                if profile is not None and scores != profile:
                    break
                rest = [t for t in below if t not in chosen]
                if not self.legal_bracket(top, chosen, rest):
                    continue
                profile = scores
                key = (self.c6(top, chosen, rest), self.c7(chosen))
                if best is None or key < best[0]:
                    best = (key, chosen)
                    if key == (0, 0):
                        break
            if best is not None:
                return best[1]
        raise NoValidPairing(
            "the teams cannot all be paired without a rematch",
            code="no_valid_pairing",
            teams=tuple(sorted([*top, *below])),
        )

    # -- 3.6 the bracket pairing ----------------------------------------------------------------

    def quality(self, a: int, b: int) -> tuple[int, int, int]:
        """[C8], [C9], [C10] failures of the pair a-b (all lower is better)."""
        first, second = self.first_and_second(a, b)
        choice = allocate_colours(self.sides[first], self.sides[second], self.rules.colours)
        c8 = c9 = 0
        for tpn in (a, b):
            side = self.sides[tpn]
            if grants(choice, side) is False:
                c8 += 1
                if side.preference.strength == Strength.STRONG and (
                    self.rules.colours.preference == PreferenceType.TYPE_B
                ):
                    c9 += 1
        c10 = 0
        if not self.late_rounds and self.by_tpn[a].score != self.by_tpn[b].score:
            c10 = sum(1 for tpn in (a, b) if self.by_tpn[tpn].floated_last_round)
        return c8, c9, c10

    def first_and_second(self, a: int, b: int) -> tuple[int, int]:
        """The first-team (4.2): higher score, then higher secondary score, then smaller TPN."""
        ta, tb = self.by_tpn[a], self.by_tpn[b]
        if (-ta.score, -ta.secondary, ta.tpn) <= (-tb.score, -tb.secondary, tb.tpn):
            return a, b
        return b, a

    def pair_bracket(self, members: list[int]) -> list[tuple[int, int]]:
        members = sorted(members)
        size = len(members)
        base = size + 1
        costs: dict[tuple[int, int], int] = {}
        for i, a in enumerate(members):
            for b in members[i + 1 :]:
                if self.may_meet(a, b):
                    c8, c9, c10 = self.quality(a, b)
                    costs[(a, b)] = (c8 * base + c9) * base + c10
        best = _min_cost_perfect(members, costs)
        if best is None:
            raise NoValidPairing(
                "a bracket cannot be paired without a rematch",
                code="no_valid_pairing",
                teams=tuple(members),
            )

        def feasible(tops: set[int], bottoms: set[int], rest: list[int], fixed: int) -> bool:
            """An optimal pairing exists with `tops` as top members and `bottoms` as bottom
            members (an edge (a, b), a < b, makes a the top member and b the bottom one)."""
            allowed = {
                (a, b): cost for (a, b), cost in costs.items() if b not in tops and a not in bottoms
            }
            found = _min_cost_perfect(rest, allowed)
            return found is not None and fixed + found == best

        # 3.6.2: a pairing reads as its top members ascending, then their bottom members; the
        # first in that order among the best is built one position at a time.
        tops: list[int] = []
        bottoms: set[int] = set()
        for _ in range(size // 2):
            start = members.index(tops[-1]) + 1 if tops else 0
            for index in range(start, size):
                skipped = set(members[start:index])
                if feasible({*tops, members[index]}, bottoms | skipped, members, 0):
                    tops.append(members[index])
                    bottoms |= skipped
                    break
            else:  # pragma: no cover - the optimum has a set of top members
                raise AssertionError("no top member fits")
        top_set = set(tops)
        bottoms = set(members) - top_set
        pairs: list[tuple[int, int]] = []
        fixed = 0
        left = list(members)
        for top in tops:
            for bottom in sorted(t for t in left if t in bottoms and t > top):
                if (top, bottom) not in costs:
                    continue
                rest = [t for t in left if t not in (top, bottom)]
                cost = fixed + costs[(top, bottom)]
                if feasible(top_set, bottoms, rest, cost):
                    pairs.append((top, bottom))
                    fixed = cost
                    left = rest
                    break
            else:  # pragma: no cover - the optimum pairs every top member
                raise AssertionError("no bottom member fits")
        return pairs

    # -- the round ------------------------------------------------------------------------------

    def pair(self) -> tuple[list[tuple[int, int]], int | None, list[int]]:
        unpaired = self.order(self.by_tpn)
        pab = None
        if len(unpaired) % 2 == 1:
            pab = self.choose_pab(unpaired)
            unpaired.remove(pab)
        elif not self.completable(unpaired):
            raise NoValidPairing(
                "the teams cannot all be paired without a rematch",
                code="no_valid_pairing",
                teams=tuple(sorted(unpaired)),
            )
        pairs: list[tuple[int, int]] = []
        upfloaters: list[int] = []
        while unpaired:
            top_score = self.by_tpn[unpaired[0]].score
            top = [t for t in unpaired if self.by_tpn[t].score == top_score]
            below = [t for t in unpaired if self.by_tpn[t].score != top_score]
            chosen = self.choose_upfloaters(top, below)
            pairs.extend(self.pair_bracket([*top, *chosen]))
            unpaired = [t for t in below if t not in chosen]
        for a, b in pairs:
            if self.by_tpn[a].score != self.by_tpn[b].score:
                upfloaters.append(a if self.by_tpn[a].score < self.by_tpn[b].score else b)
        return pairs, pab, sorted(upfloaters)


def _min_cost_perfect(vertices: Sequence[int], costs: dict[tuple[int, int], int]) -> int | None:
    """The least total cost of a perfect matching of `vertices` over the edges of `costs`."""
    if not vertices:
        return 0
    if len(vertices) % 2 == 1:
        return None
    position = {v: i for i, v in enumerate(vertices)}
    edges = [(a, b, c) for (a, b), c in costs.items() if a in position and b in position]
    if not edges:
        return None
    ceiling = max(c for _, _, c in edges) + 1
    graph: rx.PyGraph = rx.PyGraph()
    graph.add_nodes_from(list(vertices))
    graph.add_edges_from([(position[a], position[b], ceiling - c) for a, b, c in edges])
    matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
    if len(matching) * 2 != len(vertices):
        return None
    cost_of = {(position[a], position[b]): c for a, b, c in edges}
    return sum(cost_of.get((x, y), cost_of.get((y, x), 0)) for x, y in matching)


def _board_key(round_state: _Round, white: int, black: int) -> tuple[Fraction, Fraction, int]:
    """GHR 3.6: the higher-ranked team's score, the sum of scores, the higher-ranked's TPN."""
    a, b = round_state.by_tpn[white], round_state.by_tpn[black]
    higher = min((a, b), key=lambda t: (-t.score, t.tpn))
    return (-higher.score, -(a.score + b.score), higher.tpn)


def pair_team_swiss_round(
    entries: Sequence[TeamEntry], round_number: int, rules: TeamSwissRules
) -> TeamSwissRound:
    """Pair round `round_number` of a team Swiss (C.04.6) from the teams' past rounds.

    Raises `ConfigError` for malformed entries and `NoValidPairing` when no pairing without a
    rematch exists (the Chief Arbiter decides then).
    """
    if isinstance(round_number, bool) or round_number < 1 or round_number > rules.rounds:
        raise ConfigError(
            f"round {round_number!r} is outside the event (rounds 1 to {rules.rounds})",
            code="no_such_round",
            round=round_number,
            rounds=rules.rounds,
        )
    _check_entries(entries, round_number)
    teams = _teams(entries, rules, round_number)
    if len(teams) < 2:
        raise ConfigError(
            f"a round needs at least 2 teams to pair, got {len(teams)}",
            code="too_few_teams",
            teams=len(teams),
        )
    state = _Round(teams, rules, round_number)
    pairs, pab, upfloaters = state.pair()
    matches = []
    for a, b in pairs:
        first, second = state.first_and_second(a, b)
        choice: ColourChoice = allocate_colours(
            state.sides[first], state.sides[second], rules.colours
        )
        matches.append(choice)
    matches.sort(key=lambda c: _board_key(state, c.white, c.black))
    return TeamSwissRound(
        round=round_number,
        pairings=tuple(
            TeamPairing(board, c.white, c.black, c.rule) for board, c in enumerate(matches, 1)
        ),
        pab=pab,
        upfloaters=tuple(upfloaters),
    )


def iter_pairs(result: TeamSwissRound) -> Iterator[tuple[int, int]]:
    """The round's matches as (white, black) in board order."""
    for pairing in result.pairings:
        yield pairing.white, pairing.black
