"""KIBA day clocks of stored games, derived at a given time (R19, R21, R23-R26).

A game's clock starts when its stage is published (R19: every game of a stage starts at the
same time); a game added while an encounter runs (the final's game 3) starts when the games
before it were all decided, which is when it was added. The clock is read by the engine
(`engine.kiba.clock`) from the recorded moves' timestamps and "now"; nothing is stored.

A move recorded after its mover's deadline does not make the game unreadable: the mover had
already lost on time at that deadline (R25), so the clock is read up to that move.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from mashindano.app.documents.rounds import ClockLine
from mashindano.engine.errors import IllegalResult
from mashindano.engine.kiba import kiba_parameters
from mashindano.engine.kiba.clock import ClockReading, ClockSettings, read_clock
from mashindano.engine.kiba.parameters import parse_final_format
from mashindano.engine.model import CompetitorId, Side
from mashindano.presets.kiba_bao.stages import stage_withdrawals
from mashindano.store import models
from mashindano.store.facts import (
    EncounterFact,
    EventFacts,
    EventState,
    GameFact,
    ResultStatus,
    RoundFact,
)


@dataclass(frozen=True, slots=True)
class GameClock:
    """One open KIBA game's clock at `reading.now`."""

    game: GameFact
    start: datetime
    reading: ClockReading

    @property
    def to_move(self) -> CompetitorId:
        return self.player(self.reading.flagged or self.reading.to_move)

    @property
    def opponent(self) -> CompetitorId:
        mover = self.to_move
        return self.game.second if mover == self.game.first else self.game.first

    @property
    def deadline(self) -> datetime:
        return self.reading.deadline

    @property
    def time_left(self) -> timedelta:
        return self.reading.remaining(self.reading.to_move)

    def player(self, side: Side) -> CompetitorId:
        """The player on `side` (the game's first player is South, R20)."""
        return self.game.first if side is Side.SOUTH else self.game.second


def game_start(round_fact: RoundFact, encounter: EncounterFact, game: GameFact) -> datetime:
    """When `game`'s clock started: its stage's publication, or for a game added later (beyond
    the games a best-of-N final publishes) the moment the games before it were all decided."""
    published = len(encounter.games)
    if encounter.match_rule.startswith("best-of"):
        published = parse_final_format(encounter.match_rule).wins_needed
    if game.number <= published:
        return round_fact.published_at
    decided = [
        min(r.at for r in g.reports if r.result is not None)
        for g in encounter.games
        if g.number < game.number and any(r.result is not None for r in g.reports)
    ]
    return max([round_fact.published_at, *decided])


def read_game_clock(
    start: datetime, moves: tuple[datetime, ...], now: datetime, settings: ClockSettings
) -> ClockReading:
    """The engine's reading; a move after its mover's deadline ends the reading there."""
    try:
        return read_clock(start, moves, now, settings)
    except IllegalResult as late:
        if late.code != "move_after_deadline":
            raise
        number = int(str(late.params["move"]))
        return read_clock(start, moves[: number - 1], moves[number - 1], settings)


def open_game_clocks(facts: EventFacts, now: datetime) -> Iterator[GameClock]:
    """The clocks of a running KIBA event's open games (no result, no report, not lost by a
    withdrawal), read at `now`. `facts` must be loaded with moves."""
    if facts.state is not EventState.RUNNING:
        return
    settings = ClockSettings.from_parameters(kiba_parameters(facts.parameters))
    for round_fact in facts.rounds:
        yield from _round_clocks(facts, round_fact, now, settings, None)


def round_clocks(facts: EventFacts, shown: RoundFact, now: datetime) -> dict[int, GameClock]:
    """The clocks of one round's open games at `now`, by game id ({} unless the event
    runs). The moves are read from the store, whether or not `facts` carry them."""
    if facts.state is not EventState.RUNNING:
        return {}
    ids = [g.id for e in shown.encounters for g in e.games if g.status is ResultStatus.PENDING]
    moves: dict[int, list[datetime]] = {game_id: [] for game_id in ids}
    rows = models.Move.objects.filter(game_id__in=ids).order_by("game_id", "ply")
    for game_id, played_at in rows.values_list("game_id", "played_at"):
        moves[game_id].append(played_at)
    settings = ClockSettings.from_parameters(kiba_parameters(facts.parameters))
    return {c.game.id: c for c in _round_clocks(facts, shown, now, settings, moves)}


def _round_clocks(
    facts: EventFacts,
    round_fact: RoundFact,
    now: datetime,
    settings: ClockSettings,
    moves_by_game: dict[int, list[datetime]] | None,
) -> Iterator[GameClock]:
    withdrawn = stage_withdrawals(facts, round_fact.number, round_fact.published_at)
    on_site = kiba_parameters(facts.parameters).play_on_site
    for encounter in round_fact.encounters:
        if encounter.second is None:
            continue
        for game in encounter.games:
            if game.status is not ResultStatus.PENDING:
                continue
            w = [withdrawn.get(game.first), withdrawn.get(game.second)]
            if any(x is not None and x.abandons for x in w):
                continue
            start = game_start(round_fact, encounter, game)
            if now < start:
                continue
            if moves_by_game is None:
                moves = tuple(m.played_at for m in game.moves)
            else:
                moves = tuple(moves_by_game.get(game.id, ()))
            if moves and now < moves[-1]:
                continue
            if not moves and not on_site:
                # Played elsewhere with results reported: the day clock runs on that site; only
                # a game whose moves are recorded here (with their times) has a clock here.
                continue
            yield GameClock(game, start, read_game_clock(start, moves, now, settings))


def kiba_loss_on_time_mode(facts: EventFacts) -> str:
    return kiba_parameters(facts.parameters).loss_on_time


def clock_line(clock: GameClock) -> ClockLine:
    """A game's clock as the pairings show it."""
    reading = clock.reading
    first_side = Side.SOUTH if clock.player(Side.SOUTH) == clock.game.first else Side.NORTH
    second_side = Side.NORTH if first_side is Side.SOUTH else Side.SOUTH
    side = reading.flagged or reading.to_move
    return ClockLine(
        side_to_move=side.value,
        to_move=clock.to_move,
        first_left=reading.remaining(first_side),
        second_left=reading.remaining(second_side),
        deadline=reading.deadline.astimezone(UTC),
        flagged=reading.flagged is not None,
        at=reading.now.astimezone(UTC),
    )


def round_clock_lines(facts: EventFacts, shown: RoundFact, now: datetime) -> dict[int, ClockLine]:
    """The hook of the pairings (`documents.rounds.CLOCK_HOOKS`)."""
    return {game_id: clock_line(c) for game_id, c in round_clocks(facts, shown, now).items()}
