"""The chess-manager "simple Swiss" (chess-manager.md R11-R18, A7, A8, A11-A13).

Not the FIDE Dutch system: the spec asks for score groups, top half against bottom half, an
odd group moving its lowest player down, no rematch where avoidable, alternating colours and a
bye for the lowest-ranked player without one. We pair a whole round with one maximum weight
matching (`matching.py`) whose edge weights pack these criteria, most important first:

1. everybody is paired (one extra vertex stands for the bye when the count is odd);
2. the bye goes to someone who has not had one, while anyone who has not is left (A7);
3. as few rematches as possible: none wherever a pairing without one exists (R14);
4. the bye goes as low in the ranking as possible (A7: lowest score group, lowest rank);
5. as few players as possible get a third colour in a row or |whites - blacks| > 2 (A8);
6. the total score difference over all pairs is as small as possible (A8), then the sum of
   its squares (two one-group floats rather than one two-group float);
7. as many players as possible get the colour they are due (R15);
8. the pairs stay as close as possible to the plain pairing: score groups from the top, an odd
   group's lowest player moved to the next group, top half against bottom half (A8).

Because the matching is global, a rematch in a low group is avoided by changing the pairings
above it when needed: this is the "backtracking across groups" done in one step. Ranking
inside a score group follows the standings before the round (the Swiss tie-breaks, default
Buchholz then Sonneborn-Berger), then the lot drawn from the recorded seed (A13), which also
makes round 1 a random pairing (R12).

Colours within a pair: nobody gets a third colour in a row or a difference above 2 if the other
way round avoids it; then each player gets the colour due from their history (the colour that
breaks a run of two, else the one that evens whites and blacks, else the opposite of the last);
if both are due the same colour, the one who had it less recently gets it, then the
higher-ranked player. Players with no games yet alternate by ranking position (round 1:
White for the higher-ranked player on the first board, Black on the second, ...).

Forfeited games are not games over the board: they do not count as a meeting or a colour, as
in `swiss_state`.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from mashindano.engine.errors import ConfigError, NoValidPairing
from mashindano.engine.model import (
    Bye,
    ByeKind,
    Competitor,
    CompetitorId,
    Game,
    Side,
    StageResults,
)
from mashindano.engine.pairing.baku import baku_round_values
from mashindano.engine.pairing.matching import MAX_WEIGHT_BITS, compute_max_weight_matching
from mashindano.engine.pairing.swiss_state import SwissPlayerState, build_swiss_state
from mashindano.engine.points import Points, PointSystem
from mashindano.engine.simulation import random_game_result
from mashindano.engine.standings import compute_standings
from mashindano.engine.tiebreaks import TieBreak, tiebreaks_by_names

DEFAULT_SWISS_TIEBREAKS: tuple[str, ...] = ("buchholz", "sb")
"""A5, A6(c): Buchholz without bye points, then Sonneborn-Berger."""

TYPICAL_MIN_ROUNDS = 4
TYPICAL_MAX_ROUNDS = 9
"""R11: "a typical range is 4 to 9 rounds"."""

MAX_COLOUR_DIFFERENCE = 2
"""A8: whites and blacks should not differ by more than this."""


# --- Number of rounds (A11, A12) -------------------------------------------------------------


def suggest_swiss_rounds(players: int) -> int:
    """A11: ceil(log2 n) limited to 4-9, and never more than n - 1."""
    _check_players(players)
    ceil_log2 = (players - 1).bit_length()
    return min(max(ceil_log2, TYPICAL_MIN_ROUNDS), TYPICAL_MAX_ROUNDS, players - 1)


def check_swiss_rounds(players: int, rounds: int) -> list[str]:
    """A12: any number of rounds from 1 to n - 1 is accepted; outside 4-9 it earns a warning.

    Raises ConfigError outside 1..n-1. Returns the warnings (empty when none).
    """
    _check_players(players)
    if not 1 <= rounds <= players - 1:
        raise ConfigError(
            f"a Swiss of {players} players can have 1 to {players - 1} rounds, got {rounds}",
            parameter="swiss_rounds",
            value=rounds,
            players=players,
        )
    if TYPICAL_MIN_ROUNDS <= rounds <= TYPICAL_MAX_ROUNDS:
        return []
    side = "fewer" if rounds < TYPICAL_MIN_ROUNDS else "more"
    return [
        f"{rounds} rounds is {side} than the typical {TYPICAL_MIN_ROUNDS} to "
        f"{TYPICAL_MAX_ROUNDS}; suggested for {players} players: "
        f"{suggest_swiss_rounds(players)}"
    ]


def _check_players(players: int) -> None:
    if players < 2:
        raise ConfigError(
            f"a Swiss needs at least 2 players, got {players}", parameter="players", value=players
        )


# --- Parameters (spec section 5) -------------------------------------------------------------

SwissPairingSystem = Literal["simple", "dutch"]
SIMPLE_SWISS_PAIRING: SwissPairingSystem = "simple"
"""The chess-manager Swiss of this module (R12-R15, A8): round 1 drawn at random."""
DUTCH_PAIRING: SwissPairingSystem = "dutch"
"""FIDE Dutch (C.04.3), round 1 in rating order, for organisers who want it."""
SWISS_PAIRING_SYSTEMS: tuple[SwissPairingSystem, ...] = (SIMPLE_SWISS_PAIRING, DUTCH_PAIRING)

SwissAcceleration = Literal["none", "baku"]
NO_ACCELERATION: SwissAcceleration = "none"
BAKU_ACCELERATION: SwissAcceleration = "baku"
"""Baku acceleration (FIDE C.04.7, `baku.py`): virtual points for the top half in the first
rounds. Dutch pairing only."""
SWISS_ACCELERATIONS: tuple[SwissAcceleration, ...] = (NO_ACCELERATION, BAKU_ACCELERATION)


@dataclass(frozen=True, slots=True)
class ChessSwissParameters:
    """The `chess-swiss` preset: the spec's Swiss parameters (section 5) with their defaults.

    Text values (from `override(CHESS_SWISS, {...})`) are read here: `points` as
    "win,draw,loss", `swiss_tiebreaks` as "buchholz,sb", the optional integers as numbers,
    `swiss_pairing` as "simple" or "dutch" (any case), `swiss_acceleration` as "none" or "baku".
    """

    swiss_rounds: int | None = None
    """Set by the organiser (A11); None means the suggestion for the number of players."""
    points: PointSystem = field(default_factory=PointSystem)
    """Win / draw / loss, 1 / 0.5 / 0 (R2)."""
    swiss_tiebreaks: tuple[str, ...] = DEFAULT_SWISS_TIEBREAKS
    swiss_bye_points: Fraction = Fraction(1)
    """What the pairing-allocated bye is worth (A7)."""
    random_seed: int | None = None
    """Recorded for each tournament (A13); the application draws it, the engine only uses it."""
    swiss_pairing: SwissPairingSystem = SIMPLE_SWISS_PAIRING
    """The pairing system: the spec's simple Swiss (the default) or FIDE Dutch."""
    swiss_acceleration: SwissAcceleration = NO_ACCELERATION
    """Baku acceleration (C.04.7) of a Dutch pairing, or none."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "swiss_pairing", _parse_pairing_system(self.swiss_pairing))
        object.__setattr__(self, "swiss_acceleration", _parse_acceleration(self.swiss_acceleration))
        points: object = self.points
        if isinstance(points, str):
            object.__setattr__(self, "points", _parse_points_parameter(points))
        tiebreaks: object = self.swiss_tiebreaks
        if isinstance(tiebreaks, str):
            names = tuple(n.strip() for n in tiebreaks.split(",") if n.strip())
            object.__setattr__(self, "swiss_tiebreaks", names)
        for name in ("swiss_rounds", "random_seed"):
            value: object = getattr(self, name)
            if isinstance(value, str):
                object.__setattr__(self, name, _parse_optional_int(name, value))
        if self.swiss_rounds is not None and self.swiss_rounds < 1:
            raise ConfigError(
                f"parameter 'swiss_rounds': at least 1 round, got {self.swiss_rounds}",
                parameter="swiss_rounds",
                value=self.swiss_rounds,
            )
        if not self.points.loss <= self.swiss_bye_points <= self.points.win:
            raise ConfigError(
                f"parameter 'swiss_bye_points': {self.swiss_bye_points} is outside loss to win "
                f"({self.points.loss} to {self.points.win})",
                parameter="swiss_bye_points",
                value=self.swiss_bye_points,
            )
        tiebreaks_by_names(self.swiss_tiebreaks)  # an unknown name fails now, named
        if self.swiss_acceleration == BAKU_ACCELERATION:
            self._check_baku()

    def _check_baku(self) -> None:
        if self.swiss_pairing != DUTCH_PAIRING:
            raise ConfigError(
                "parameter 'swiss_acceleration': Baku acceleration needs the FIDE Dutch "
                "pairing (swiss_pairing=dutch)",
                parameter="swiss_acceleration",
                value=self.swiss_acceleration,
            )
        try:
            baku_round_values(1, self.points)
        except ConfigError as exc:
            raise ConfigError(
                f"parameter 'swiss_acceleration': {exc.message}",
                parameter="swiss_acceleration",
                value=self.swiss_acceleration,
            ) from None

    @property
    def point_system(self) -> PointSystem:
        """The win/draw/loss points with the pairing-allocated bye at `swiss_bye_points`."""
        return PointSystem(
            win=self.points.win,
            draw=self.points.draw,
            loss=self.points.loss,
            forfeit_win=self.points.forfeit_win,
            forfeit_loss=self.points.forfeit_loss,
            pairing_bye=self.swiss_bye_points,
            full_point_bye=self.points.full_point_bye,
            half_point_bye=self.points.half_point_bye,
            zero_point_bye=self.points.zero_point_bye,
            sit_out=self.points.sit_out,
        )

    @property
    def tiebreaks(self) -> tuple[TieBreak, ...]:
        return tiebreaks_by_names(self.swiss_tiebreaks)

    def rounds_for(self, players: int) -> int:
        """The number of rounds for `players` entrants: the organiser's, else the suggestion.

        Raises ConfigError when the organiser's number is outside 1..n-1 (A12).
        """
        if self.swiss_rounds is None:
            return suggest_swiss_rounds(players)
        check_swiss_rounds(players, self.swiss_rounds)
        return self.swiss_rounds


def _parse_points_parameter(text: str) -> PointSystem:
    try:
        return PointSystem.from_triple(text)
    except Exception as exc:
        raise ConfigError(
            f"parameter 'points': {text!r} is not win,draw,loss (e.g. 1,0.5,0)",
            parameter="points",
            value=text,
        ) from exc


def _parse_pairing_system(value: object) -> SwissPairingSystem:
    cleaned = value.strip().lower() if isinstance(value, str) else value
    for system in SWISS_PAIRING_SYSTEMS:
        if cleaned == system:
            return system
    allowed = " or ".join(repr(s) for s in SWISS_PAIRING_SYSTEMS)
    raise ConfigError(
        f"parameter 'swiss_pairing': {value!r} is not a pairing system; use {allowed}",
        parameter="swiss_pairing",
        value=str(value),
        allowed=list(SWISS_PAIRING_SYSTEMS),
    )


def _parse_acceleration(value: object) -> SwissAcceleration:
    cleaned = value.strip().lower() if isinstance(value, str) else value
    for acceleration in SWISS_ACCELERATIONS:
        if cleaned == acceleration:
            return acceleration
    allowed = " or ".join(repr(a) for a in SWISS_ACCELERATIONS)
    raise ConfigError(
        f"parameter 'swiss_acceleration': {value!r} is not an acceleration; use {allowed}",
        parameter="swiss_acceleration",
        value=str(value),
        allowed=list(SWISS_ACCELERATIONS),
    )


def _parse_optional_int(name: str, text: str) -> int | None:
    cleaned = text.strip().lower()
    if cleaned in ("", "none"):
        return None
    try:
        return int(cleaned)
    except ValueError:
        raise ConfigError(
            f"parameter {name!r}: {text!r} is not a whole number", parameter=name, value=text
        ) from None


CHESS_SWISS = ChessSwissParameters()


# --- Pairing ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SimpleSwissPairing:
    """One round: (white, black) pairs in board order, the bye, and the seed that drew lots."""

    boards: tuple[tuple[CompetitorId, CompetitorId], ...]
    bye: CompetitorId | None
    seed: int


@dataclass(frozen=True, slots=True)
class _Player:
    id: CompetitorId
    position: int
    """0-based rank among the players being paired (score, tie-breaks, lot)."""
    score: Points
    colours: tuple[tuple[int, Side], ...]
    """(round, WHITE or BLACK) of each game played over the board, oldest first."""
    colour_difference: int
    """Whites minus blacks."""
    due: Side | None
    """The colour due from the history (None before the first game)."""
    met: Mapping[CompetitorId, int]
    byes: int
    """Pairing-allocated byes received so far."""
    white_breaks_limits: bool
    black_breaks_limits: bool
    """Whether White (Black) would give a third in a row or a difference above 2."""

    def violates(self, colour: Side) -> bool:
        return self.white_breaks_limits if colour is Side.WHITE else self.black_breaks_limits

    def last_round_with(self, colour: Side) -> int:
        """The last round this player had `colour` (0 if never)."""
        return max((r for r, c in self.colours if c is colour), default=0)


def _breaks_limits(colours: Sequence[Side], difference: int, colour: Side) -> bool:
    if len(colours) >= 2 and colours[-1] is colours[-2] is colour:
        return True
    step = 1 if colour is Side.WHITE else -1
    return abs(difference + step) > MAX_COLOUR_DIFFERENCE


def _due_colour(colours: Sequence[Side], difference: int) -> Side | None:
    """Break a run of two, else even out whites and blacks, else alternate."""
    if not colours:
        return None
    last = colours[-1]
    if len(colours) >= 2 and colours[-2] is last:
        return last.opposite
    if difference:
        return Side.BLACK if difference > 0 else Side.WHITE
    return last.opposite


def compute_draw_order(competitors: Iterable[Competitor], seed: int) -> tuple[CompetitorId, ...]:
    """The lot (A13): competitors in listing order (number, then id), shuffled by `seed`.

    It is round 1's ranking (R12), and settles ties that the tie-breaks leave in later rounds.
    """
    listed = sorted(competitors, key=lambda c: (c.number is None, c.number or 0, c.id))
    order = [c.id for c in listed]
    random.Random(seed).shuffle(order)
    return tuple(order)


def compute_pairing_order(
    results: StageResults,
    round_number: int,
    *,
    seed: int,
    tiebreaks: Sequence[TieBreak] | None = None,
    draw_order: Sequence[CompetitorId] | None = None,
) -> tuple[CompetitorId, ...]:
    """Every competitor ranked before `round_number`: score, tie-breaks, then the lot."""
    states = build_swiss_state(results, round_number)
    lot = _lot(results, seed, draw_order)
    return tuple(s.id for s in _rank(results, round_number, states, lot, tiebreaks))


def _lot(
    results: StageResults, seed: int, draw_order: Sequence[CompetitorId] | None
) -> dict[CompetitorId, int]:
    """Each competitor's place in the lot: the recorded draw order when given (it must list
    every competitor once), else the one `seed` draws."""
    if draw_order is None:
        draw_order = compute_draw_order(results.competitors, seed)
    entered = {c.id for c in results.competitors}
    if len(draw_order) != len(set(draw_order)) or set(draw_order) != entered:
        missing = sorted(entered - set(draw_order))
        unknown = sorted(set(draw_order) - entered)
        repeated = sorted({c for c in draw_order if draw_order.count(c) > 1})
        raise ConfigError(
            "the draw order must list every competitor once"
            + (f"; missing: {', '.join(missing)}" if missing else "")
            + (f"; not competitors: {', '.join(unknown)}" if unknown else "")
            + (f"; repeated: {', '.join(repeated)}" if repeated else ""),
            code="bad_draw_order",
        )
    return {c: k for k, c in enumerate(draw_order)}


def _rank(
    results: StageResults,
    round_number: int,
    states: Sequence[SwissPlayerState],
    lot: Mapping[CompetitorId, int],
    tiebreaks: Sequence[TieBreak] | None,
) -> list[SwissPlayerState]:
    before = StageResults(
        results.competitors,
        tuple(g for g in results.games if g.round < round_number),
        tuple(b for b in results.byes if b.round < round_number),
        results.points,
        results.rounds,
    )
    chosen = tiebreaks_by_names(DEFAULT_SWISS_TIEBREAKS) if tiebreaks is None else tiebreaks
    standings = compute_standings(before, chosen)
    place = {row.competitor.id: row.rank for row in standings.rows}
    return sorted(states, key=lambda s: (-s.score, place[s.id], lot[s.id]))


def pair_simple_swiss(
    results: StageResults,
    round_number: int,
    *,
    seed: int,
    tiebreaks: Sequence[TieBreak] | None = None,
    forbidden_pairs: Collection[frozenset[CompetitorId]] = (),
    draw_order: Sequence[CompetitorId] | None = None,
) -> SimpleSwissPairing:
    """Pair `round_number` from the results of the rounds before it.

    `seed` is the tournament's recorded seed (A13) and `draw_order` the lot it drew, when it is
    recorded (default: drawn again from `seed`; ConfigError when it does not list every
    competitor once); `tiebreaks` rank players inside a score
    group (default Buchholz then Sonneborn-Berger); `forbidden_pairs` are pairs that must not
    meet this round (an arbiter's decision). Players with a bye already declared for the round
    (half-point, zero-point, full-point) are not paired. Raises NoValidPairing when the round
    is beyond the stage's rounds, when fewer than two players are available, or when the
    forbidden pairs leave somebody without an opponent (named in the error).
    """
    if results.rounds is not None and round_number > results.rounds:
        raise NoValidPairing(
            f"round {round_number} is beyond the tournament's {results.rounds} rounds",
            round=round_number,
            total_rounds=results.rounds,
        )
    states = build_swiss_state(results, round_number)
    lot = _lot(results, seed, draw_order)
    ranked = [s for s in _rank(results, round_number, states, lot, tiebreaks) if s.is_available]
    if len(ranked) < 2:
        names = ", ".join(s.id for s in ranked) or "nobody"
        raise NoValidPairing(
            f"round {round_number}: only {names} can be paired; a round needs two players",
            round=round_number,
            players=[s.id for s in ranked],
        )
    players = [_player(state, position) for position, state in enumerate(ranked)]
    forbidden = {frozenset(pair) for pair in forbidden_pairs}
    pairs, bye = _solve(players, forbidden, round_number)
    boards = [_allocate_colours(a, b) for a, b in pairs]
    boards.sort(
        key=lambda board: (
            -max(board[0].score, board[1].score),
            -min(board[0].score, board[1].score),
            min(board[0].position, board[1].position),
        )
    )
    return SimpleSwissPairing(
        boards=tuple((white.id, black.id) for white, black in boards),
        bye=bye.id if bye is not None else None,
        seed=seed,
    )


def _player(state: SwissPlayerState, position: int) -> _Player:
    played = [r for r in state.history if r.is_played and r.opponent is not None]
    colours = tuple((r.round, r.colour) for r in played if r.colour is not None)
    sides = [colour for _, colour in colours]
    difference = sum(1 if colour is Side.WHITE else -1 for colour in sides)
    return _Player(
        id=state.id,
        position=position,
        score=state.score,
        colours=colours,
        colour_difference=difference,
        due=_due_colour(sides, difference),
        met=Counter(r.opponent for r in played if r.opponent is not None),
        byes=sum(1 for r in state.history if r.is_pairing_bye),
        white_breaks_limits=_breaks_limits(sides, difference, Side.WHITE),
        black_breaks_limits=_breaks_limits(sides, difference, Side.BLACK),
    )


# Penalties per edge, most important first (see the module docstring); all are >= 0. The
# matching maximises the number of pairs first, then minimises the penalties in this order.
_REPEATED_BYE = 0
_REMATCH = 1
_BYE_RANK = 2
_COLOUR_VIOLATIONS = 3
_SCORE_GAP = 4
_SCORE_GAP_SQUARED = 5
_COLOUR_MISSES = 6
_STRUCTURE = 7
_CRITERIA = 8
_DROPPABLE_FROM = _SCORE_GAP_SQUARED
"""For very large fields the criteria from here down may be dropped to fit the weights."""

_Penalties = tuple[int, int, int, int, int, int, int, int]


def _solve(
    players: list[_Player], forbidden: set[frozenset[CompetitorId]], round_number: int
) -> tuple[list[tuple[_Player, _Player]], _Player | None]:
    count = len(players)
    dummy = count if count % 2 == 1 else None
    unit = math.lcm(1, *(p.score.denominator for p in players))
    scaled = [int(p.score * unit) for p in players]
    expected_bye = None
    if dummy is not None:
        fewest = min(p.byes for p in players)
        expected_bye = max(p.position for p in players if p.byes == fewest)
    partner = _plain_pairing(players, expected_bye)
    edges: dict[tuple[int, int], _Penalties] = {}
    for j in range(count):
        b = players[j]
        for i in range(j):
            a = players[i]
            if forbidden and frozenset((a.id, b.id)) in forbidden:
                continue
            gap = abs(scaled[i] - scaled[j])
            violations, misses = min(_colour_cost(a, b), _colour_cost(b, a))
            deviation = abs(j - partner[i]) + abs(i - partner[j])
            rematches = a.met.get(b.id, 0)
            edges[(i, j)] = (0, rematches, 0, violations, gap, gap * gap, misses, deviation)
    if dummy is not None:
        for i, player in enumerate(players):
            edges[(i, dummy)] = (player.byes, 0, count - 1 - i, 0, 0, 0, 0, 0)
    vertices = list(range(count + (dummy is not None)))
    mate = compute_max_weight_matching(vertices, _pack(edges, len(vertices) // 2))
    unpaired = [players[i] for i in range(count) if i not in mate]
    if unpaired:
        names = ", ".join(p.id for p in unpaired)
        raise NoValidPairing(
            f"round {round_number}: no opponent left for {names} (forbidden pairs)",
            round=round_number,
            players=[p.id for p in unpaired],
        )
    pairs = [(players[i], players[mate[i]]) for i in range(count) if i < mate[i] < count]
    bye = players[mate[dummy]] if dummy is not None else None
    return pairs, bye


def _pack(edges: dict[tuple[int, int], _Penalties], max_pairs: int) -> dict[tuple[int, int], int]:
    """One integer weight per edge: a base that makes every extra pair worth more than any
    penalties, minus the penalties in a mixed radix wide enough for their sum over a whole
    matching. The bye criteria concern one edge only."""
    maxima = [max((p[c] for p in edges.values()), default=0) for c in range(_CRITERIA)]
    for keep in range(_CRITERIA, _DROPPABLE_FROM - 1, -1):
        multipliers = [0] * _CRITERIA
        multiplier = 1
        for criterion in range(keep - 1, -1, -1):
            multipliers[criterion] = multiplier
            in_matching = 1 if criterion in (_REPEATED_BYE, _BYE_RANK) else max_pairs
            multiplier *= maxima[criterion] * in_matching + 1
        if multiplier.bit_length() < MAX_WEIGHT_BITS or keep == _DROPPABLE_FROM:
            break
    base = multiplier
    return {
        edge: base - sum(p * m for p, m in zip(penalties, multipliers, strict=True))
        for edge, penalties in edges.items()
    }


def _plain_pairing(players: list[_Player], bye: int | None) -> list[int]:
    """Each position's partner in the pairing without constraints (A8): score groups from the
    top, an odd group's lowest player moved down, top half against bottom half. The expected
    bye (A7) is their own partner."""
    partner = list(range(len(players)))
    carried: list[int] = []
    start = 0
    while start < len(players):
        end = start
        while end < len(players) and players[end].score == players[start].score:
            end += 1
        group = carried + [k for k in range(start, end) if k != bye]
        carried = [group.pop()] if len(group) % 2 else []
        half = len(group) // 2
        for top, bottom in zip(group[:half], group[half:], strict=True):
            partner[top], partner[bottom] = bottom, top
        start = end
    return partner


def _colour_cost(white: _Player, black: _Player) -> tuple[int, int]:
    """(players given a forbidden-where-avoidable colour, players not given their due)."""
    violations = white.violates(Side.WHITE) + black.violates(Side.BLACK)
    misses = (white.due is Side.BLACK) + (black.due is Side.WHITE)
    return violations, misses


def _allocate_colours(a: _Player, b: _Player) -> tuple[_Player, _Player]:
    """(white, black) for a pair (R15, A8)."""
    higher, lower = (a, b) if a.position < b.position else (b, a)
    straight, swapped = _colour_cost(higher, lower), _colour_cost(lower, higher)
    if straight != swapped:
        return (higher, lower) if straight < swapped else (lower, higher)
    due = higher.due
    if due is not None and due is lower.due:
        # Both are due the same colour: whoever had it less recently gets it.
        receiver = lower if lower.last_round_with(due) < higher.last_round_with(due) else higher
        other = lower if receiver is higher else higher
        return (receiver, other) if due is Side.WHITE else (other, receiver)
    # Neither has a history (or nothing else decides): alternate down the ranking.
    return (higher, lower) if higher.position % 2 == 0 else (lower, higher)


# --- Simulation ------------------------------------------------------------------------------


def simulate_simple_swiss(
    competitors: Sequence[Competitor],
    rounds: int,
    seed: int,
    *,
    points: PointSystem | None = None,
    tiebreaks: Sequence[TieBreak] | None = None,
    draw_rate: Fraction = Fraction(1, 4),
) -> StageResults:
    """Pair and play every round of a simple Swiss with seeded random results.

    `seed` draws the lots (as the tournament's recorded seed) and, through a stream of its
    own, the results. `points` defaults to the preset's (bye worth a win).
    """
    check_swiss_rounds(len(competitors), rounds)
    system = CHESS_SWISS.point_system if points is None else points
    rng = random.Random(f"simple-swiss-results:{seed}")
    ratings = {c.id: c.rating for c in competitors}
    games: list[Game] = []
    byes: list[Bye] = []
    for number in range(1, rounds + 1):
        before = StageResults(tuple(competitors), tuple(games), tuple(byes), system, rounds)
        pairing = pair_simple_swiss(before, number, seed=seed, tiebreaks=tiebreaks)
        for white, black in pairing.boards:
            result = random_game_result(rng, ratings[white], ratings[black], draw_rate=draw_rate)
            games.append(Game(number, white, black, result))
        if pairing.bye is not None:
            byes.append(Bye(number, pairing.bye, ByeKind.PAIRING_ALLOCATED))
    return StageResults(tuple(competitors), tuple(games), tuple(byes), system, rounds)
