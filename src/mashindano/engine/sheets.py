"""Per-competitor round records ("sheets") folded from a stage's games and byes.

Two views of the same facts:

- `compute_sheets` gives each competitor's readable `Sheet`: the score and one `RoundEntry` per
  game or bye, for pages, exports and tests;
- `ScoreTable` holds what tie-breaks and standings compute on, as integers scaled by the point
  system's common denominator and indexed by competitor position. Fraction arithmetic costs
  about a microsecond per operation, too slow for the inner loops of a 10,000-player Swiss.

Validation, shared by both views (IllegalResult naming the round and the competitor):

- competitor ids are unique, and every game and bye names a listed competitor;
- rounds are numbered from 1;
- in one round a competitor has at most one bye, and never a bye and a game;
- a competitor may play several games in one round only when each of those games carries an
  explicit `encounter` id. That covers matches of several games (KIBA's two games per pairing,
  Gomoku's four) and stages whose games all run at once, while two games in one round without
  ids are what a double pairing or a result entered twice looks like;
- an encounter id names the same two competitors in every game that carries it.

Encounters: games sharing an `encounter` id form one encounter, whatever their rounds (so a
best-of-3 over three rounds is one encounter); a game without an id is an encounter of its own.
Tie-breaks that count opponents (Buchholz, ARO) count each encounter once.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import IntEnum
from fractions import Fraction
from typing import NamedTuple, cast

from mashindano.engine.errors import ConfigError, IllegalResult
from mashindano.engine.model import (
    Bye,
    ByeKind,
    Competitor,
    CompetitorId,
    Game,
    GameResult,
    Outcome,
    Side,
    StageResults,
)
from mashindano.engine.points import ZERO, Points, PointSystem


class GameStatus(IntEnum):
    """Whether a game was played over the board, forfeited, or has no result yet."""

    PLAYED = 0
    FORFEIT = 1
    """One side forfeited: the players were paired but did not meet over the board."""
    DOUBLE_FORFEIT = 2
    PENDING = 3
    """No result yet ("*"): the game occupies its round but scores nothing."""


_STATUS = {
    GameResult.FIRST_WINS: GameStatus.PLAYED,
    GameResult.DRAW: GameStatus.PLAYED,
    GameResult.SECOND_WINS: GameStatus.PLAYED,
    GameResult.FIRST_WINS_BY_FORFEIT: GameStatus.FORFEIT,
    GameResult.SECOND_WINS_BY_FORFEIT: GameStatus.FORFEIT,
    GameResult.DOUBLE_FORFEIT: GameStatus.DOUBLE_FORFEIT,
    GameResult.NOT_PLAYED: GameStatus.PENDING,
}


@dataclass(frozen=True, slots=True)
class RoundEntry:
    """One game or bye on a competitor's sheet, seen from that competitor."""

    round: int
    opponent: CompetitorId | None
    """None for a bye."""
    side: Side | None
    outcome: Outcome | None
    """None for a bye and for a game without a result yet."""
    points: Points
    is_played: bool
    """Played over the board (a win, draw or loss, including timeouts and abandonments)."""
    is_forfeit: bool
    bye: ByeKind | None
    encounter: int | None


@dataclass(frozen=True, slots=True)
class Sheet:
    """A competitor's record in one stage: score and entries in round order."""

    competitor: Competitor
    score: Points
    entries: tuple[RoundEntry, ...]

    def entries_in_round(self, round_number: int) -> tuple[RoundEntry, ...]:
        return tuple(e for e in self.entries if e.round == round_number)


def compute_sheets(
    results: StageResults, *, first_side: Side = Side.WHITE
) -> dict[CompetitorId, Sheet]:
    """Every competitor's sheet, in the order of `results.competitors`.

    `first_side` names the side of a game's first-listed player (White in chess, South in
    Bao); the second player has the opposite side.
    """
    if not first_side.is_first:
        raise ConfigError(f"{first_side} is not a side that moves first", side=first_side)
    table = ScoreTable.from_results(results)
    system = results.points
    entries: list[list[RoundEntry]] = [[] for _ in table.competitors]
    for game in results.games:
        first, second = table.index[game.first], table.index[game.second]
        status = _STATUS[game.result]
        for me, other, side, outcome in (
            (first, game.second, first_side, game.result.outcome_for_first()),
            (second, game.first, first_side.opposite, game.result.outcome_for_second()),
        ):
            entries[me].append(
                RoundEntry(
                    round=game.round,
                    opponent=other,
                    side=side,
                    outcome=outcome,
                    points=_game_points(system, outcome, status),
                    is_played=status is GameStatus.PLAYED,
                    is_forfeit=status in (GameStatus.FORFEIT, GameStatus.DOUBLE_FORFEIT),
                    bye=None,
                    encounter=game.encounter,
                )
            )
    for bye in results.byes:
        entries[table.index[bye.competitor]].append(
            RoundEntry(
                round=bye.round,
                opponent=None,
                side=None,
                outcome=None,
                points=bye.kind.points(system),
                is_played=False,
                is_forfeit=False,
                bye=bye.kind,
                encounter=None,
            )
        )
    return {
        competitor.id: Sheet(
            competitor=competitor,
            score=table.to_points(table.scores[i]),
            # sorted() is stable: games of one round keep their order in `results.games`.
            entries=tuple(sorted(entries[i], key=lambda e: e.round)),
        )
        for i, competitor in enumerate(table.competitors)
    }


def _game_points(system: PointSystem, outcome: Outcome | None, status: GameStatus) -> Points:
    if outcome is None:
        return ZERO
    forfeited = status is not GameStatus.PLAYED
    match outcome:
        case Outcome.WIN:
            return system.forfeit_win_points if forfeited else system.win
        case Outcome.DRAW:
            return system.draw
        case Outcome.LOSS:
            return system.forfeit_loss_points if forfeited else system.loss


class ResolvedGame(NamedTuple):
    """A game with competitors as table positions and points scaled to integers."""

    position: int
    """Index in `results.games`."""
    round: int
    first: int
    second: int
    first_points: int
    second_points: int
    status: GameStatus
    first_won: bool
    second_won: bool
    encounter: int
    """Position of the encounter's first game in `results.games`: a stage-wide key."""


class ResolvedBye(NamedTuple):
    round: int
    competitor: int
    kind: ByeKind
    points: int


@dataclass(slots=True, eq=False)
class ScoreTable:
    """A stage's scores and encounters as scaled integers, indexed by competitor position.

    `scale` is the least common denominator of the point system, so every score, bye and game
    value is an exact integer number of 1/scale points. Per competitor, `opponents[i]` lists
    one opponent per encounter in which at least one game was decided with the two paired
    (played or forfeited by one side; double forfeits and pending games meet no one), and
    `encounter_points[i]` the points `i` scored in it. `encounter_games` gives the decided games
    of each such encounter, or is None when every encounter is a single game (the usual case,
    which lets tie-breaks skip a division).

    Derived views needed only by some tie-breaks are built on first use and memoised.
    """

    results: StageResults
    competitors: tuple[Competitor, ...]
    index: dict[CompetitorId, int]
    scale: int
    win: int
    draw: int
    loss: int
    scores: list[int]
    bye_points: list[int]
    wins: list[int]
    """Games won (over the board or by forfeit) plus byes worth at least a win (FIDE WIN)."""
    opponents: list[list[int]]
    encounter_points: list[list[int]]
    encounter_games: list[list[int]] | None
    _memo: dict[str, object] = field(default_factory=dict)

    @classmethod
    def from_results(cls, results: StageResults) -> ScoreTable:
        return _build_table(results)

    @property
    def size(self) -> int:
        return len(self.competitors)

    def to_points(self, scaled: int) -> Points:
        return Fraction(scaled, self.scale)

    def memo[T](self, key: str, build: Callable[[], T]) -> T:
        """The value cached under `key`, built on first use (tables are never mutated)."""
        if key not in self._memo:
            self._memo[key] = build()
        return cast(T, self._memo[key])

    def resolved_games(self) -> list[ResolvedGame]:
        return self.memo("resolved_games", self._resolve_games)

    def resolved_byes(self) -> list[ResolvedBye]:
        return self.memo("resolved_byes", self._resolve_byes)

    def rounds_so_far(self) -> int:
        """The last round with a game or bye recorded (0 when nothing happened yet)."""
        last_game = max((g.round for g in self.results.games), default=0)
        last_bye = max((b.round for b in self.results.byes), default=0)
        return max(last_game, last_bye)

    def _resolve_games(self) -> list[ResolvedGame]:
        outcomes = _scaled_outcomes(self.results.points, self.scale)
        first_game_of: dict[int, int] = {}
        resolved = []
        for position, game in enumerate(self.results.games):
            pa, pb, status, wa, wb = outcomes[game.result]
            key = position
            if game.encounter is not None:
                key = first_game_of.setdefault(game.encounter, position)
            resolved.append(
                ResolvedGame(
                    position,
                    game.round,
                    self.index[game.first],
                    self.index[game.second],
                    pa,
                    pb,
                    status,
                    wa == 1,
                    wb == 1,
                    key,
                )
            )
        return resolved

    def _resolve_byes(self) -> list[ResolvedBye]:
        system = self.results.points
        return [
            ResolvedBye(
                bye.round,
                self.index[bye.competitor],
                bye.kind,
                _scaled(bye.kind.points(system), self.scale),
            )
            for bye in self.results.byes
        ]


def common_denominator(system: PointSystem) -> int:
    """The least common denominator of every value the point system can award."""
    values = (
        system.win,
        system.draw,
        system.loss,
        system.forfeit_win_points,
        system.forfeit_loss_points,
        system.pairing_bye_points,
        system.full_point_bye_points,
        system.half_point_bye_points,
        system.zero_point_bye,
        system.sit_out,
    )
    return math.lcm(*(Fraction(v).denominator for v in values))


def _scaled(value: Points, scale: int) -> int:
    scaled = Fraction(value) * scale
    # common_denominator guarantees this; a failure here is a bug, not bad input.
    assert scaled.denominator == 1, (value, scale)
    return int(scaled)


_Scaled = tuple[int, int, GameStatus, int, int]


def _scaled_outcomes(system: PointSystem, scale: int) -> dict[GameResult, _Scaled]:
    """Per result code: first's points, second's points, status, first won, second won."""
    win = _scaled(system.win, scale)
    draw = _scaled(system.draw, scale)
    loss = _scaled(system.loss, scale)
    forfeit_win = _scaled(system.forfeit_win_points, scale)
    forfeit_loss = _scaled(system.forfeit_loss_points, scale)
    return {
        GameResult.FIRST_WINS: (win, loss, GameStatus.PLAYED, 1, 0),
        GameResult.DRAW: (draw, draw, GameStatus.PLAYED, 0, 0),
        GameResult.SECOND_WINS: (loss, win, GameStatus.PLAYED, 0, 1),
        GameResult.FIRST_WINS_BY_FORFEIT: (forfeit_win, forfeit_loss, GameStatus.FORFEIT, 1, 0),
        GameResult.SECOND_WINS_BY_FORFEIT: (forfeit_loss, forfeit_win, GameStatus.FORFEIT, 0, 1),
        GameResult.DOUBLE_FORFEIT: (forfeit_loss, forfeit_loss, GameStatus.DOUBLE_FORFEIT, 0, 0),
        GameResult.NOT_PLAYED: (0, 0, GameStatus.PENDING, 0, 0),
    }


class _Encounter:
    """Running totals of an encounter with an explicit id, while the games are read."""

    __slots__ = ("a", "a_points", "b", "b_points", "decided", "first_game", "met")

    def __init__(self, game: Game, a: int, b: int) -> None:
        self.first_game = game
        self.a = a
        self.b = b
        self.a_points = 0
        self.b_points = 0
        self.decided = 0
        self.met = False


def _build_table(results: StageResults) -> ScoreTable:
    competitors = results.competitors
    index: dict[CompetitorId, int] = {}
    for i, competitor in enumerate(competitors):
        if competitor.id in index:
            raise IllegalResult(
                f"competitor {competitor.id!r} is listed twice",
                code="duplicate_competitor",
                competitor=competitor.id,
            )
        index[competitor.id] = i
    n = len(competitors)
    system = results.points
    scale = common_denominator(system)
    outcomes = _scaled_outcomes(system, scale)

    singles = [g for g in results.games if g.encounter is None]
    rounds = len({g.round for g in singles})
    # One row per round costs rounds x competitors slots: fine for any real event, wasteful
    # only for many sparse rounds, which the slower set-based reading handles instead.
    if rounds * n <= 8 * len(singles) + 65_536:
        folded = _fold_single_games_by_round(singles, index, outcomes)
    else:
        folded = _fold_single_games(singles, index, outcomes)
    scores, wins, occupies = folded.scores, folded.wins, folded.occupies

    encounter_slots: dict[tuple[int, int], Game] = {}
    encounters: dict[int, _Encounter] = {}
    for game in results.games:
        if game.encounter is None:
            continue
        a, b = _positions(index, game)
        pa, pb, status, wa, wb = outcomes[game.result]
        scores[a] += pa
        scores[b] += pb
        wins[a] += wa
        wins[b] += wb
        for player, position in ((game.first, a), (game.second, b)):
            if occupies(game.round, position):
                raise _paired_twice(player, game.round)
            encounter_slots[game.round, position] = game
        _add_to_encounter(encounters, game, a, b, pa, pb, status)

    bye_points = [0] * n
    win = outcomes[GameResult.FIRST_WINS][0]
    bye_slots: set[tuple[int, int]] = set()
    for bye in results.byes:
        holder = index.get(bye.competitor)
        if holder is None:
            raise _unknown_competitor(bye.competitor, bye.round)
        if bye.round < 1:
            raise _bad_round(bye.competitor, bye.round)
        slot = (bye.round, holder)
        if slot in bye_slots:
            raise _bye_clash(bye, "has two byes")
        if occupies(bye.round, holder) or slot in encounter_slots:
            raise _bye_clash(bye, "has a bye and a game")
        bye_slots.add(slot)
        points = _scaled(bye.kind.points(system), scale)
        scores[holder] += points
        bye_points[holder] += points
        if points >= win > 0:
            wins[holder] += 1

    opponents, encounter_points = folded.opponents, folded.encounter_points
    encounter_games = _close_encounters(encounters, opponents, encounter_points)
    return ScoreTable(
        results=results,
        competitors=competitors,
        index=index,
        scale=scale,
        win=win,
        draw=outcomes[GameResult.DRAW][0],
        loss=outcomes[GameResult.FIRST_WINS][1],
        scores=scores,
        bye_points=bye_points,
        wins=wins,
        opponents=opponents,
        encounter_points=encounter_points,
        encounter_games=encounter_games,
    )


@dataclass(slots=True)
class _Folded:
    """The games without an encounter id, folded per competitor."""

    scores: list[int]
    wins: list[int]
    opponents: list[list[int]]
    encounter_points: list[list[int]]
    occupies: Callable[[int, int], bool]
    """Whether (round, position) already has a game without an encounter id."""


def _positions(index: dict[CompetitorId, int], game: Game) -> tuple[int, int]:
    a = index.get(game.first)
    b = index.get(game.second)
    if a is None or b is None:
        raise _unknown_competitor(game.second if a is not None else game.first, game.round)
    if game.round < 1:
        raise _bad_round(game.first, game.round)
    return a, b


def _fold_single_games_by_round(
    games: list[Game], index: dict[CompetitorId, int], outcomes: dict[GameResult, _Scaled]
) -> _Folded:
    """Fill one opponent row and one points row per round (list stores, no appends), then
    read each competitor's column. About three times faster than appending per game."""
    n = len(index)
    free, unmet = n, n + 1  # row markers: no game yet; a game that met no one
    opponent_rows: dict[int, list[int]] = {}
    point_rows: dict[int, list[int]] = {}
    wins = [0] * n
    get = index.get
    current = None
    opponent_row: list[int] = []
    point_row: list[int] = []
    for game in games:
        a = get(game.first)
        b = get(game.second)
        if a is None or b is None:
            raise _unknown_competitor(game.second if a is not None else game.first, game.round)
        rnd = game.round
        if rnd != current:
            if rnd < 1:
                raise _bad_round(game.first, rnd)
            if rnd not in opponent_rows:
                opponent_rows[rnd] = [free] * n
                point_rows[rnd] = [0] * n
            opponent_row, point_row, current = opponent_rows[rnd], point_rows[rnd], rnd
        pa, pb, status, wa, wb = outcomes[game.result]
        if opponent_row[a] != free:
            raise _paired_twice(game.first, rnd)
        if opponent_row[b] != free:
            raise _paired_twice(game.second, rnd)
        if status < GameStatus.DOUBLE_FORFEIT:  # played or forfeited by one: they were paired
            opponent_row[a] = b
            opponent_row[b] = a
        else:
            opponent_row[a] = opponent_row[b] = unmet
        point_row[a] = pa
        point_row[b] = pb
        if wa:
            wins[a] += 1
        elif wb:
            wins[b] += 1

    order = sorted(opponent_rows)
    opponent_columns = list(zip(*(opponent_rows[r] for r in order), strict=True)) or [()] * n
    point_columns = list(zip(*(point_rows[r] for r in order), strict=True)) or [()] * n

    def occupies(round_number: int, position: int) -> bool:
        row = opponent_rows.get(round_number)
        return row is not None and row[position] != free

    return _Folded(
        scores=list(map(sum, point_columns)),
        wins=wins,
        opponents=[[o for o in column if o < n] for column in opponent_columns],
        encounter_points=[
            [p for o, p in zip(os, ps, strict=True) if o < n]
            for os, ps in zip(opponent_columns, point_columns, strict=True)
        ],
        occupies=occupies,
    )


def _fold_single_games(
    games: list[Game], index: dict[CompetitorId, int], outcomes: dict[GameResult, _Scaled]
) -> _Folded:
    """The same fold for events with many sparse rounds, appending per game."""
    n = len(index)
    scores = [0] * n
    wins = [0] * n
    opponents: list[list[int]] = [[] for _ in range(n)]
    encounter_points: list[list[int]] = [[] for _ in range(n)]
    slots: set[tuple[int, int]] = set()
    for game in games:
        a, b = _positions(index, game)
        pa, pb, status, wa, wb = outcomes[game.result]
        for player, position in ((game.first, a), (game.second, b)):
            if (game.round, position) in slots:
                raise _paired_twice(player, game.round)
            slots.add((game.round, position))
        scores[a] += pa
        scores[b] += pb
        wins[a] += wa
        wins[b] += wb
        if status < GameStatus.DOUBLE_FORFEIT:
            opponents[a].append(b)
            encounter_points[a].append(pa)
            opponents[b].append(a)
            encounter_points[b].append(pb)
    return _Folded(
        scores=scores,
        wins=wins,
        opponents=opponents,
        encounter_points=encounter_points,
        occupies=lambda round_number, position: (round_number, position) in slots,
    )


def _add_to_encounter(
    encounters: dict[int, _Encounter],
    game: Game,
    a: int,
    b: int,
    pa: int,
    pb: int,
    status: GameStatus,
) -> None:
    key = cast(int, game.encounter)
    encounter = encounters.get(key)
    if encounter is None:
        encounter = encounters[key] = _Encounter(game, a, b)
    elif {encounter.a, encounter.b} != {a, b}:
        first = encounter.first_game
        raise IllegalResult(
            f"round {game.round}: encounter {key} is between {first.first} and "
            f"{first.second}, not {game.first} and {game.second}",
            code="encounter_mismatch",
            round=game.round,
            encounter=key,
            competitor=game.first,
        )
    if encounter.a != a:
        pa, pb = pb, pa
    if status is not GameStatus.PENDING:
        encounter.a_points += pa
        encounter.b_points += pb
        encounter.decided += 1
    if status is GameStatus.PLAYED or status is GameStatus.FORFEIT:
        encounter.met = True


def _close_encounters(
    encounters: dict[int, _Encounter],
    opponents: list[list[int]],
    encounter_points: list[list[int]],
) -> list[list[int]] | None:
    """Append the explicit-id encounters after the single games; return the game counts."""
    if not encounters:
        return None
    singles = [len(o) for o in opponents]
    counts: dict[int, list[int]] = {}
    for encounter in encounters.values():
        if not encounter.met:
            continue
        for me, other, points in (
            (encounter.a, encounter.b, encounter.a_points),
            (encounter.b, encounter.a, encounter.b_points),
        ):
            opponents[me].append(other)
            encounter_points[me].append(points)
            counts.setdefault(me, []).append(encounter.decided)
    if all(c == 1 for games in counts.values() for c in games):
        return None
    return [[1] * singles[i] + counts.get(i, []) for i in range(len(opponents))]


def _unknown_competitor(competitor: CompetitorId, round_number: int) -> IllegalResult:
    return IllegalResult(
        f"round {round_number}: unknown competitor {competitor!r}",
        code="unknown_competitor",
        round=round_number,
        competitor=competitor,
    )


def _bad_round(competitor: CompetitorId, round_number: int) -> IllegalResult:
    return IllegalResult(
        f"{competitor}: round numbers start at 1, got {round_number}",
        code="bad_round",
        round=round_number,
        competitor=competitor,
    )


def _paired_twice(competitor: CompetitorId, round_number: int) -> IllegalResult:
    return IllegalResult(
        f"round {round_number}: {competitor} is paired twice (several games in one round "
        "need an encounter id on every game)",
        code="paired_twice",
        round=round_number,
        competitor=competitor,
    )


def _bye_clash(bye: Bye, problem: str) -> IllegalResult:
    return IllegalResult(
        f"round {bye.round}: {bye.competitor} {problem}",
        code="bye_clash",
        round=bye.round,
        competitor=bye.competitor,
    )
