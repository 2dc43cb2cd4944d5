"""Bao played on the site (KIBA R19-R26): moves as facts, validated by the engine.

A `kiba-bao` event with `play_on_site` (the default) has its games played move by move. Each
move is a `Move` fact (ply, canonical KIBA notation, time, actor); the position, the side to
move, the legal moves and both day clocks are derived from the moves on every read. A move is
accepted only from the player on move, only if the engine finds it legal in the position the
stored moves lead to, and only as the next ply: a second submission of the same move (a
double click, a retried request) returns the move already stored and stores nothing. When
the engine says the game is over, its result is recorded in the same transaction as a ruling
by the system, with the reason. A player may resign their own game.

Losing on time is applied by the clock when it falls due (the notifications issue); this
module reports the flag in `BaoGame.clock`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache

from django.utils.translation import gettext

from mashindano.app.error_texts import shown
from mashindano.app.errors import DuplicateReport, UnknownGame, WrongState
from mashindano.app.locking import EventContext, locked_event, now_or
from mashindano.app.principals import Principal
from mashindano.app.queries import game_words
from mashindano.app.results import GameRef, ResultChange, do_append_report, get_game_at
from mashindano.engine.bao import DEFAULT_PARAMETERS as KISWAHILI_PARAMETERS
from mashindano.engine.bao import (
    KUJIFUNZA_PARAMETERS,
    SOUTH,
    BaoParameters,
    End,
    Position,
    game_end,
    legal_moves,
    parse_move,
    replay_moves,
    standard_position,
)
from mashindano.engine.bao.render import describe_end, render_position
from mashindano.engine.errors import IllegalResult, ParseError
from mashindano.engine.kiba import ClockReading, ClockSettings, kiba_parameters, read_clock
from mashindano.engine.kiba.parameters import KibaParameters
from mashindano.engine.model import CompetitorId, GameResult, Side, Termination
from mashindano.store import models
from mashindano.store.facts import GameFact, MoveFact, ReportFact, ReportKind
from mashindano.store.mapping import game_fact_of

PRESET = "kiba-bao"


def bao_parameters(parameters: KibaParameters) -> BaoParameters:
    """The Bao rules of an event: Bao la Kiswahili, or Bao la Kujifunza (`bao_variant`)."""
    return KUJIFUNZA_PARAMETERS if parameters.bao_variant == "kujifunza" else KISWAHILI_PARAMETERS


@dataclass(frozen=True, slots=True)
class BaoGame:
    """A game as its page shows it, derived from the stored moves at `clock.now`."""

    game: GameFact
    south: CompetitorId
    north: CompetitorId
    moves: tuple[MoveFact, ...]
    position: Position
    """The position after the last stored move."""
    legal: tuple[str, ...]
    """The canonical moves of the side to move (empty once the game is over)."""
    end: End | None
    """The end on the board (None while the game runs, or when it ended otherwise)."""
    clock: ClockReading
    result: GameResult

    @property
    def is_over(self) -> bool:
        return self.result.is_decided or self.end is not None

    @property
    def to_move(self) -> CompetitorId | None:
        """The player on move, None once the game is over."""
        if self.is_over or self.position.to_move is None:
            return None
        return self.south if self.position.to_move == SOUTH else self.north

    @property
    def next_ply(self) -> int:
        return len(self.moves) + 1


def _sides(game: GameFact) -> tuple[CompetitorId, CompetitorId]:
    if game.first_side is Side.SOUTH:
        return game.first, game.second
    return game.second, game.first


def _moves_of(row: models.Game) -> tuple[MoveFact, ...]:
    return tuple(
        MoveFact(m.ply, m.notation, m.played_at, m.actor)
        for m in models.Move.objects.filter(game=row).order_by("ply")
    )


@lru_cache(maxsize=8192)
def _position_after(
    rules: BaoParameters, notations: tuple[str, ...]
) -> tuple[Position, End | None]:
    """The position after these stored moves and the end if a move ended the game. Each
    prefix is kept (a pure function of the rules and the moves), so a game read again after
    one more move replays only that move instead of the whole game."""
    if not notations:
        return standard_position(rules.variant), None
    position, end = _position_after(rules, notations[:-1])
    if end is None and position.to_move is not None:
        try:
            result = parse_move(position, notations[-1], rules)
        except (ParseError, IllegalResult):
            pass
        else:
            return result.position, result.end
    # Not playable here: the whole replay names the ply that fails.
    played = replay_moves(standard_position(rules.variant), notations, rules, strict=False)
    return played.positions[-1], played.end


@lru_cache(maxsize=4096)
def _board_after(
    rules: BaoParameters, notations: tuple[str, ...]
) -> tuple[Position, End | None, tuple[str, ...]]:
    """The position, the end (on the board, or for lack of a move, B46) and the legal moves
    after these stored moves; the same as `replay_moves` and `legal_moves` would give."""
    position, end = _position_after(rules, notations)
    if end is not None or position.to_move is None:
        return position, end, ()
    legal = tuple(legal_moves(position, rules))
    if not legal:
        return position, game_end(position, rules), ()
    return position, None, legal


def _derive(
    row: models.Game, parameters: KibaParameters, published_at: datetime, now: datetime
) -> BaoGame:
    return _derive_from(game_fact_of(row), _moves_of(row), parameters, published_at, now)


def _derive_from(
    game: GameFact,
    moves: tuple[MoveFact, ...],
    parameters: KibaParameters,
    published_at: datetime,
    now: datetime,
) -> BaoGame:
    """`_derive` from the game's facts already read (nothing is read from the database)."""
    rules = bao_parameters(parameters)
    position, end, all_legal = _board_after(rules, tuple(m.notation for m in moves))
    south, north = _sides(game)
    decided = game.result.is_decided
    legal = () if decided or end is not None else all_legal
    last = moves[-1].played_at if moves else published_at
    clock = read_clock(
        published_at,
        [m.played_at for m in moves],
        max(now, last),
        ClockSettings.from_parameters(parameters),
    )
    return BaoGame(game, south, north, moves, position, legal, end, clock, game.result)


def _check_on_site(event: models.Event) -> KibaParameters:
    if event.preset != PRESET:
        raise WrongState(
            gettext(
                "event {slug!r} is a {preset} event; only kiba-bao games are played on the site"
            ).format(slug=event.slug, preset=event.preset),
            event=event.slug,
        )
    parameters = kiba_parameters(event.parameters)
    if not parameters.play_on_site:
        raise WrongState(
            gettext(
                "event {slug!r} reports results instead of playing on the "
                "site (play_on_site is off)"
            ).format(slug=event.slug),
            event=event.slug,
        )
    return parameters


def is_played_on_site(slug: str) -> bool:
    """Whether the event's games are Bao games played on the site (validated moves)."""
    event = models.Event.objects.filter(slug=slug).only("preset", "parameters").first()
    if event is None or event.preset != PRESET:
        return False
    return takes_moves(event)


def takes_moves(event: models.Event) -> bool:
    """The stored event's moves are played through the Bao engine (the `on_site` hook)."""
    return kiba_parameters(event.parameters).play_on_site


def play_move_ply(
    slug: str, where: GameRef, text: str, actor: Principal, now: datetime | None
) -> int:
    """The `on_site` hook's `play`: the move's ply number."""
    return play_move(slug, where, text, actor=actor, now=now).ply


def _game_row(event: models.Event, where: GameRef | int) -> models.Game:
    """The game `where` names: its place in the event, or its stored id (the game page's)."""
    if not isinstance(where, int):
        return get_game_at(event, where)
    row = (
        models.Game.objects.select_related("encounter__round__stage", "first", "second")
        .filter(id=where, encounter__round__stage__event=event)
        .first()
    )
    if row is None:
        raise UnknownGame(f"event {event.slug!r} has no game {where}", event=event.slug, game=where)
    return row


def load_bao_game(slug: str, where: GameRef, *, now: datetime | None = None) -> BaoGame:
    """The game's position, legal moves and clocks as they stand at `now`."""
    event = models.Event.objects.filter(slug=slug).first()
    if event is None:
        from mashindano.app.errors import UnknownEvent

        raise UnknownEvent(gettext("no event {slug!r}").format(slug=slug), event=slug)
    parameters = _check_on_site(event)
    row = get_game_at(event, where)
    return _derive(row, parameters, row.encounter.round.published_at, now_or(now))


def derive_bao_game(row: models.Game, *, now: datetime | None = None) -> BaoGame:
    """`load_bao_game` for a game row already read with its encounter, round, stage and
    event (`select_related`): the same answer without reading them again."""
    event = row.encounter.round.stage.event
    parameters = _check_on_site(event)
    return _derive(row, parameters, row.encounter.round.published_at, now_or(now))


def position_text(row: models.Game, plies: int, parameters: KibaParameters) -> str:
    """The board as text after the first `plies` stored moves (for e-mails and the CLI)."""
    rules = bao_parameters(parameters)
    notations = [m.notation for m in _moves_of(row)[:plies]]
    played = replay_moves(standard_position(rules.variant), notations, rules, strict=False)
    return render_position(played.positions[-1], played.end)


@dataclass(frozen=True, slots=True)
class MovePlayed:
    game: BaoGame
    """The game after the move."""
    row: models.Game
    """The game's row, with its encounter, round, stage, event and both entries (what the
    game page shows around the game, without reading them again)."""
    ply: int
    notation: str
    """The move in canonical KIBA notation."""
    repeated: bool = False
    """True when the same move had been stored already (nothing new was written)."""
    ended: ResultChange | None = None
    """The result the system recorded when the move ended the game."""


def play_move(
    slug: str,
    where: GameRef | int,
    text: str,
    *,
    actor: Principal,
    ply: int | None = None,
    now: datetime | None = None,
) -> MovePlayed:
    """Play `text` (KIBA notation, lenient) as the next move of the game.

    `where` is the game's place in the event or its stored id. `ply` is the ply the player
    saw on their page: a submission for a ply already stored is answered with that move when
    it is the same move by the same side (nothing is written), and refused otherwise, so a
    double submission stores one move.
    """
    with locked_event(slug, actor, "game.move", now=now) as context:
        parameters = _check_on_site(context.event)
        row = _game_row(context.event, where)
        row.encounter.round.stage.event = context.event
        published_at = row.encounter.round.published_at
        before = _derive(row, parameters, published_at, context.now)
        context.grant.require_own((before.game.first, before.game.second), what=before.game.label)
        if ply is not None and ply < before.next_ply:
            return _repeated(before, row, ply, text, parameters)
        if ply is not None and ply > before.next_ply:
            raise WrongState(
                gettext("{label}: ply {ply} is not the next move (ply {next_ply})").format(
                    label=game_words(before.game), ply=ply, next_ply=before.next_ply
                ),
                round=before.game.round,
                board=before.game.board,
            )
        mover = _check_can_move(context, before)
        rules = bao_parameters(parameters)
        try:
            chosen = parse_move(before.position, text, rules)
        except (ParseError, IllegalResult) as exc:
            message = gettext("{where}: {error}").format(
                where=game_words(before.game), error=shown(exc)
            )
            raise type(exc)(message, **exc.params) from None
        stored = models.Move.objects.create(
            game=row,
            ply=before.next_ply,
            notation=chosen.notation,
            played_at=context.now,
            actor=context.actor,
        )
        moves = (
            *before.moves,
            MoveFact(stored.ply, stored.notation, stored.played_at, stored.actor),
        )
        after = _derive_from(before.game, moves, parameters, published_at, context.now)
        ended = None
        if after.end is not None:
            ended = _record_end(context, row, after, after.end)
            after = _derive_from(ended.game, moves, parameters, published_at, context.now)
        context.record(
            after={
                "game": before.game.label,
                "ply": before.next_ply,
                "move": chosen.notation,
                "player": str(mover),
                **({"end": after.end.reason} if after.end is not None else {}),
            }
        )
    return MovePlayed(after, row, before.next_ply, chosen.notation, ended=ended)


def _repeated(
    game: BaoGame, row: models.Game, ply: int, text: str, parameters: KibaParameters
) -> MovePlayed:
    stored = game.moves[ply - 1]
    rules = bao_parameters(parameters)
    start = standard_position(rules.variant)
    earlier = replay_moves(start, [m.notation for m in game.moves[: ply - 1]], rules, strict=False)
    try:
        same = parse_move(earlier.positions[-1], text, rules).notation == stored.notation
    except (ParseError, IllegalResult):
        same = False
    if not same:
        raise DuplicateReport(
            gettext(
                "{label}: ply {ply} was already played ({notation} by {actor} at {isoformat})"
            ).format(
                label=game_words(game.game),
                ply=ply,
                notation=stored.notation,
                actor=stored.actor,
                isoformat=stored.played_at.isoformat(),
            ),
            round=game.game.round,
            board=game.game.board,
        )
    return MovePlayed(game, row, ply, stored.notation, repeated=True)


def _check_can_move(context: EventContext, game: BaoGame) -> CompetitorId:
    label = game_words(game.game)
    if game.is_over:
        raise WrongState(
            gettext("{label} is over").format(label=label),
            round=game.game.round,
            board=game.game.board,
        )
    if context.event.state != "running":
        raise WrongState(
            gettext("event {slug!r} is {state}; moves are played while it runs").format(
                slug=context.event.slug, state=context.event.state
            ),
            event=context.event.slug,
        )
    if game.clock.flagged is not None:
        raise WrongState(
            gettext("{label}: the clock of the side to move ran out at {isoformat}").format(
                label=label, isoformat=game.clock.deadline.isoformat()
            ),
            round=game.game.round,
            board=game.game.board,
        )
    mover = game.to_move
    assert mover is not None
    if not context.grant.full and mover not in context.grant.own_keys:
        raise WrongState(
            gettext("{label}: it is {mover}'s move, not yours").format(label=label, mover=mover),
            round=game.game.round,
            board=game.game.board,
        )
    return mover


def _record_end(context: EventContext, row: models.Game, game: BaoGame, end: End) -> ResultChange:
    """The board's result, recorded by the system in the move's transaction."""
    if end.winner is None:
        result = GameResult.DRAW
    else:
        winner = game.south if end.winner == SOUTH else game.north
        result = GameResult.FIRST_WINS if winner == game.game.first else GameResult.SECOND_WINS
    report = ReportFact(
        ReportKind.RULING,
        result,
        Termination.NORMAL,
        context.actor,
        context.now,
        f"game over on the board: {describe_end(end)}",
        {"end": end.reason},
    )
    return do_append_report(context, row, game.game, report)


def resign_game(
    slug: str, where: GameRef, player: str, *, actor: Principal, now: datetime | None = None
) -> ResultChange:
    """`player` resigns the game: the opponent wins (recorded as the player's own report)."""
    with locked_event(slug, actor, "game.resign", now=now) as context:
        parameters = _check_on_site(context.event)
        row = get_game_at(context.event, where)
        game = _derive(row, parameters, row.encounter.round.published_at, context.now)
        if player not in (game.game.first, game.game.second):
            raise WrongState(
                gettext("{player} does not play {label}").format(
                    player=player, label=game_words(game.game)
                ),
                round=game.game.round,
                board=game.game.board,
            )
        context.grant.require_own((CompetitorId(player),), what=game.game.label)
        if game.is_over:
            raise WrongState(
                gettext("{label} is over").format(label=game_words(game.game)),
                round=game.game.round,
                board=game.game.board,
            )
        result = GameResult.SECOND_WINS if player == game.game.first else GameResult.FIRST_WINS
        report = ReportFact(
            ReportKind.RULING,
            result,
            Termination.NORMAL,
            context.actor,
            context.now,
            f"{player} resigned",
            {"end": "resigned"},
        )
        change = do_append_report(context, row, game.game, report)
    return change
