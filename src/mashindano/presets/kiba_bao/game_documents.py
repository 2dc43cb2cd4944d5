"""Bao played on the site as people see it (issue 19): the game page (board, clocks, moves, and
for the player on move the legal choices), the replay of a game ply by ply, the game record
(B64 JSON and KIBA notation text) and "my games" (a player's running games by deadline).

Everything is derived by `app.bao_games` from the stored moves through the Bao engine: the
legal choices are the engine's legal moves of the side to move, grouped here as a player
chooses them (a pit, then a direction, then the nyumba decision when B31 offers it), so the
front ends only draw what this module lists. A game is named by its stored id inside its
event (`/play/<slug>/<id>/`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields, replace
from datetime import datetime, timedelta
from typing import Any

from django.utils.translation import gettext

from mashindano.app.error_texts import end_shown
from mashindano.app.errors import UnknownEvent, UnknownGame
from mashindano.app.locking import now_or
from mashindano.app.principals import Principal
from mashindano.app.queries import game_words
from mashindano.app.results import GameRef
from mashindano.engine.bao import (
    NORTH,
    SOUTH,
    End,
    GameRecord,
    Position,
    parse_move_text,
    pit_name,
    record_to_json,
    render_position,
    replay_moves,
    standard_position,
    to_json,
)
from mashindano.engine.bao.position import NYUMBA, ROWS
from mashindano.engine.kiba import kiba_parameters
from mashindano.engine.model import CompetitorId, GameResult, Termination
from mashindano.presets.kiba_bao.games import (
    BaoGame,
    MovePlayed,
    bao_parameters,
    derive_bao_game,
    is_played_on_site,
)
from mashindano.store import models
from mashindano.store.facts import EventState

SIDE_LETTERS = ("S", "N")
ROW_LABELS = ("b", "a", "A", "B")


@dataclass(frozen=True, slots=True)
class PlayerLine:
    key: str
    name: str
    side: str
    """`S` (South, moves first) or `N`."""


@dataclass(frozen=True, slots=True)
class PitView:
    """One pit as drawn: its name (B2), seeds, place on the drawing (row 0..3 top to bottom
    as South sees the board, B5; column 0..7), and what the page marks on it."""

    name: str
    seeds: int
    row: int
    column: int
    nyumba: bool
    owned: bool
    takasia: bool
    choosable: bool = False
    selected: bool = False


@dataclass(frozen=True, slots=True)
class BoardView:
    pits: tuple[PitView, ...]
    hand_south: int
    hand_north: int
    stage: str
    to_move: str | None
    text: str
    """The board as text (render_position), for screen readers and the e-mail."""
    position: dict[str, object]
    """The B62 object of the position."""

    @property
    def rows(self) -> tuple[tuple[PitView, ...], ...]:
        return tuple(self.pits[8 * r : 8 * r + 8] for r in range(4))

    def turned(self) -> BoardView:
        """The board as North sees it from their side (issue 29 item 15): turned half a turn,
        North's rows at the bottom (b1…b8 under a1…a8), South's on top (B8…B1 over A8…A1).
        Only the drawing moves: each pit keeps its name, so a tap sends the same notation."""
        pits = (replace(pit, row=3 - pit.row, column=7 - pit.column) for pit in self.pits)
        return replace(self, pits=tuple(sorted(pits, key=lambda pit: (pit.row, pit.column))))


@dataclass(frozen=True, slots=True)
class HouseChoice:
    """The nyumba decision of B31 for one pit and direction: stop, or play the house."""

    play: bool
    notation: str


@dataclass(frozen=True, slots=True)
class DirectionChoice:
    sign: str
    """`<` (towards the mover's left) or `>` (right), as KIBA writes it (B55)."""
    notation: str | None
    """The move, when this direction needs no further decision."""
    house: tuple[HouseChoice, ...] = ()
    """Both nyumba decisions when B31 offers the choice (then `notation` is None)."""


@dataclass(frozen=True, slots=True)
class PitChoice:
    pit: str
    directions: tuple[DirectionChoice, ...]


@dataclass(frozen=True, slots=True)
class ClockView:
    player: PlayerLine
    left: timedelta
    on_move: bool


@dataclass(frozen=True, slots=True)
class MoveLine:
    ply: int
    number: int
    """The move number as KIBA counts them: a South move and the North reply share one."""
    side: str
    notation: str
    player: str
    played_at: datetime


@dataclass(frozen=True, slots=True)
class GameHeading:
    """What the game page and its replay both show above the board."""

    slug: str
    event_name: str
    game_id: int
    label: str
    south: PlayerLine
    north: PlayerLine


@dataclass(frozen=True, slots=True)
class GamePage(GameHeading):
    board: BoardView
    moves: tuple[MoveLine, ...]
    next_ply: int
    to_move: PlayerLine | None
    clocks: tuple[ClockView, ClockView]
    deadline: datetime | None
    """The last instant the player on move may move (UTC); None once the game is over."""
    flagged: PlayerLine | None
    """The player whose clock ran out (the ruling follows from the clock, R25)."""
    is_over: bool
    outcome: str
    viewer: PlayerLine | None
    """The side the viewer plays in this game, if any."""
    choices: tuple[PitChoice, ...]
    """The legal choices, listed only for the viewer on move."""
    legal: tuple[str, ...]
    """The legal moves in canonical notation (only for the viewer on move)."""
    selected: PitChoice | None
    selected_direction: DirectionChoice | None
    can_resign: bool
    token: str
    """Changes whenever the game changes (a move, a result): what live polling compares."""
    now: datetime

    @property
    def viewer_on_move(self) -> bool:
        return bool(self.choices)


@dataclass(frozen=True, slots=True)
class ReplayPage(GameHeading):
    ply: int
    last_ply: int
    board: BoardView
    moves: tuple[MoveLine, ...]
    played: MoveLine | None
    """The move that led to the position shown (None at the start)."""
    outcome: str
    viewer: PlayerLine | None = None
    """The side the viewer plays in this game, if any (North sees the board turned)."""

    @property
    def previous(self) -> int | None:
        return self.ply - 1 if self.ply > 0 else None

    @property
    def next(self) -> int | None:
        return self.ply + 1 if self.ply < self.last_ply else None


@dataclass(frozen=True, slots=True)
class MyGameLine:
    slug: str
    event_name: str
    game_id: int
    label: str
    me: PlayerLine
    opponent: PlayerLine
    my_move: bool
    deadline: datetime
    time_left: timedelta
    """The clock of the player on move."""
    plies: int


@dataclass(frozen=True, slots=True)
class MyGames:
    games: tuple[MyGameLine, ...]
    now: datetime


@dataclass(frozen=True, slots=True)
class _Loaded:
    row: models.Game
    ref: GameRef
    game: BaoGame
    names: dict[str, str]
    event_name: str


def _slug_of(row: models.Game) -> str:
    return str(row.encounter.round.stage.event.slug)


def _loaded_after(played: MovePlayed) -> _Loaded:
    """What `_load` reads, from the move just played (its row and the game after it)."""
    row = played.row
    names = {row.first.key: row.first.name, row.second.key: row.second.name}
    event = row.encounter.round.stage.event
    return _Loaded(row, _ref_of(row), played.game, names, event.name)


def _load(slug: str, game_id: int, now: datetime) -> _Loaded:
    row = (
        models.Game.objects.select_related("encounter__round__stage__event", "first", "second")
        .filter(id=game_id, encounter__round__stage__event__slug=slug)
        .first()
    )
    if row is None:
        if not models.Event.objects.filter(slug=slug).exists():
            raise UnknownEvent(gettext("no event {slug!r}").format(slug=slug), event=slug)
        raise UnknownGame(
            gettext("event {slug!r} has no game {game_id}").format(slug=slug, game_id=game_id),
            event=slug,
            game=game_id,
        )
    ref = _ref_of(row)
    game = derive_bao_game(row, now=now)
    names = {row.first.key: row.first.name, row.second.key: row.second.name}
    return _Loaded(row, ref, game, names, row.encounter.round.stage.event.name)


def game_ref(slug: str, game_id: int) -> GameRef:
    """Where the game with this id is (round, board, game, stage, group): what the use cases
    take. UnknownEvent or UnknownGame when there is none."""
    row = (
        models.Game.objects.select_related("encounter__round__stage")
        .filter(id=game_id, encounter__round__stage__event__slug=slug)
        .first()
    )
    if row is None:
        if not models.Event.objects.filter(slug=slug).exists():
            raise UnknownEvent(gettext("no event {slug!r}").format(slug=slug), event=slug)
        raise UnknownGame(
            gettext("event {slug!r} has no game {game_id}").format(slug=slug, game_id=game_id),
            event=slug,
            game=game_id,
        )
    return _ref_of(row)


def _ref_of(row: models.Game) -> GameRef:
    r = row.encounter.round
    return GameRef(r.number, row.encounter.board, row.number, r.stage.number, r.group)


def _players(loaded: _Loaded) -> tuple[PlayerLine, PlayerLine]:
    game = loaded.game
    south = PlayerLine(game.south, loaded.names[game.south], "S")
    north = PlayerLine(game.north, loaded.names[game.north], "N")
    return south, north


def board_view(
    position: Position,
    end: End | None = None,
    *,
    choosable: frozenset[str] = frozenset(),
    selected: str | None = None,
) -> BoardView:
    pits = []
    for row_number, row in enumerate(ROWS):
        for column, index in enumerate(row):
            side, track = divmod(index, 16)
            name = pit_name(index)
            is_nyumba = track == NYUMBA and position.variant != "kujifunza"
            pits.append(
                PitView(
                    name,
                    position.board[index],
                    row_number,
                    column,
                    is_nyumba,
                    is_nyumba and position.house[side],
                    position.takasia == index,
                    name in choosable,
                    name == selected,
                )
            )
    return BoardView(
        tuple(pits),
        position.hand[SOUTH],
        position.hand[NORTH],
        position.stage,
        None if position.to_move is None else SIDE_LETTERS[position.to_move],
        render_position(position, end),
        to_json(position),
    )


def group_choices(legal: tuple[str, ...]) -> tuple[PitChoice, ...]:
    """The legal moves as a player picks them: pit, direction, then stop or play the nyumba
    where both forms are legal (B31, B60)."""
    by_pit: dict[str, dict[str, list[tuple[bool, str]]]] = {}
    for notation in legal:
        text = parse_move_text(notation)
        pit = f"{text.row}{text.number}"
        sign = text.sign or ""
        by_pit.setdefault(pit, {}).setdefault(sign, []).append((text.safari, notation))
    choices = []
    for pit, directions in by_pit.items():
        listed = []
        for sign, forms in directions.items():
            if len(forms) == 1:
                listed.append(DirectionChoice(sign, forms[0][1]))
            else:
                houses = tuple(HouseChoice(play, notation) for play, notation in sorted(forms))
                listed.append(DirectionChoice(sign, None, houses))
        choices.append(PitChoice(pit, tuple(listed)))
    return tuple(choices)


def _move_lines(loaded: _Loaded) -> tuple[MoveLine, ...]:
    game = loaded.game
    lines = []
    for move in game.moves:
        south_moves = move.ply % 2 == 1
        key = game.south if south_moves else game.north
        lines.append(
            MoveLine(
                move.ply,
                (move.ply + 1) // 2,
                "S" if south_moves else "N",
                move.notation,
                loaded.names[key],
                move.played_at,
            )
        )
    return tuple(lines)


_FIRST_WINS = (GameResult.FIRST_WINS, GameResult.FIRST_WINS_BY_FORFEIT)
_SECOND_WINS = (GameResult.SECOND_WINS, GameResult.SECOND_WINS_BY_FORFEIT)


def _winner_key(game: BaoGame) -> str | None:
    if game.result in _FIRST_WINS:
        return game.game.first
    if game.result in _SECOND_WINS:
        return game.game.second
    return None


def _outcome(loaded: _Loaded) -> str:
    """The end in words: the winner and why (the board, or the ruling's reason)."""
    game = loaded.game
    if game.end is not None:
        return end_shown(game.end, (loaded.names[game.south], loaded.names[game.north]))
    if not game.result.is_decided:
        return ""
    key = _winner_key(game)
    if key is None:
        return gettext("result {value}").format(value=game.result.value)
    reason = next((r.reason for r in reversed(game.game.reports) if r.result is not None), "")
    return gettext("{name} wins").format(name=loaded.names[key]) + (
        gettext(": {reason}").format(reason=reason) if reason else ""
    )


def _viewer(loaded: _Loaded, principal: Principal | None) -> PlayerLine | None:
    if principal is None or principal.user_id is None:
        return None
    row = loaded.row
    south, north = _players(loaded)
    for entry in (row.first, row.second):
        if entry.user_id == principal.user_id:
            return south if entry.key == south.key else north
    return None


def _heading(loaded: _Loaded, slug: str, game_id: int) -> dict[str, Any]:
    """The `GameHeading` part of a page of this game (keyword arguments of the page)."""
    south, north = _players(loaded)
    heading = GameHeading(
        slug, loaded.event_name, game_id, game_words(loaded.game.game), south, north
    )
    return {f.name: getattr(heading, f.name) for f in fields(GameHeading)}


def _token(game: BaoGame) -> str:
    return f"{len(game.moves)}-{game.result.value}-{game.game.status.value}"


def build_game_page(
    slug: str,
    game_id: int,
    principal: Principal | None,
    *,
    now: datetime | None = None,
    pit: str = "",
    sign: str = "",
    played: MovePlayed | None = None,
) -> GamePage:
    """The game page for `principal` (None: a visitor). `pit` and `sign` are what the viewer
    has tapped so far; they select among the legal choices and are ignored otherwise.
    `played`: the move of this game `play_move` just answered; the page shows the game as
    it left it (at the move's time) instead of reading it again."""
    if played is not None and played.row.id == game_id and _slug_of(played.row) == slug:
        moment = played.game.clock.now
        loaded = _loaded_after(played)
    else:
        moment = now_or(now)
        loaded = _load(slug, game_id, moment)
    game = loaded.game
    south, north = _players(loaded)
    viewer = _viewer(loaded, principal)
    running = loaded.row.encounter.round.stage.event.state == EventState.RUNNING.value
    to_move = None
    if game.to_move is not None:
        to_move = south if game.to_move == game.south else north
    flagged = None
    if game.clock.flagged is not None and not game.is_over:
        flagged = south if game.clock.flagged.value == "south" else north
    on_move = (
        viewer is not None
        and to_move is not None
        and viewer.key == to_move.key
        and running
        and flagged is None
    )
    choices = group_choices(game.legal) if on_move else ()
    selected = next((c for c in choices if c.pit == pit), None)
    direction = None
    if selected is not None:
        direction = next((d for d in selected.directions if d.sign == sign), None)
    board = board_view(
        game.position,
        game.end,
        choosable=frozenset(c.pit for c in choices),
        selected=None if selected is None else selected.pit,
    )
    clock = game.clock
    clocks = (
        ClockView(south, clock.south, to_move is not None and to_move.side == "S"),
        ClockView(north, clock.north, to_move is not None and to_move.side == "N"),
    )
    return GamePage(
        **_heading(loaded, slug, game_id),
        board=board,
        moves=_move_lines(loaded),
        next_ply=game.next_ply,
        to_move=to_move,
        clocks=clocks,
        deadline=None if game.is_over else clock.deadline,
        flagged=flagged,
        is_over=game.is_over,
        outcome=_outcome(loaded),
        viewer=viewer,
        choices=choices,
        legal=game.legal if on_move else (),
        selected=selected,
        selected_direction=direction,
        can_resign=viewer is not None and not game.is_over and running,
        token=_token(game),
        now=moment,
    )


def game_token(slug: str, game_id: int, *, now: datetime | None = None) -> str:
    """What `GamePage.token` would be now (live polling answers 204 while it is unchanged)."""
    return _token(_load(slug, game_id, now_or(now)).game)


def build_replay(
    slug: str, game_id: int, ply: int | None = None, principal: Principal | None = None
) -> ReplayPage:
    """The position after `ply` moves (default: the last), with the move that led to it;
    `principal` the viewer (None: a visitor)."""
    loaded = _load(slug, game_id, now_or(None))
    moves = _move_lines(loaded)
    last = len(moves)
    shown = last if ply is None else max(0, min(ply, last))
    parameters = bao_parameters(kiba_parameters(loaded.row.encounter.round.stage.event.parameters))
    played = replay_moves(
        standard_position(parameters.variant),
        [m.notation for m in moves[:shown]],
        parameters,
        strict=False,
    )
    return ReplayPage(
        **_heading(loaded, slug, game_id),
        ply=shown,
        last_ply=last,
        board=board_view(played.positions[-1], played.end),
        moves=moves,
        played=moves[shown - 1] if shown else None,
        outcome=_outcome(loaded),
        viewer=_viewer(loaded, principal),
    )


_REASONS = {
    Termination.TIMEOUT: "time",
    Termination.ADJUDICATION: "adjudication",
    Termination.ABANDONMENT: "withdrawal",
}


def game_record(slug: str, game_id: int) -> dict[str, object]:
    """The game as a B64 record (the format of the fixtures): rules edition, the full
    parameter set, the players, the canonical moves, and for a finished game its result and
    final position. A game ended off the board (resignation, time) records that reason."""
    loaded = _load(slug, game_id, now_or(None))
    game = loaded.game
    south, north = _players(loaded)
    parameters = bao_parameters(kiba_parameters(loaded.row.encounter.round.stage.event.parameters))
    record = GameRecord(
        id=f"{slug}-{game_id}",
        parameters=parameters,
        moves=tuple(m.notation for m in game.moves),
        players={"S": south.name, "N": north.name},
    )
    result: dict[str, object] | None = None
    winner_key = _winner_key(game)
    if game.end is None and winner_key is not None:
        resigned = any(
            r.detail is not None and r.detail.get("end") == "resigned" for r in game.game.reports
        )
        termination = game.game.current[1]
        result = {
            "winner": "S" if CompetitorId(winner_key) == game.south else "N",
            "reason": "resignation" if resigned else _REASONS.get(termination, "adjudication"),
            "plies": len(game.moves),
        }
    if result is not None:
        record = GameRecord(
            record.id, record.parameters, record.moves, players=record.players, result=result
        )
    final = game.position if game.is_over else None
    return record_to_json(record, final=final, end=game.end)


def game_record_json(slug: str, game_id: int) -> str:
    """The B64 record as JSON text (one line, as in the fixtures)."""
    return json.dumps(game_record(slug, game_id), ensure_ascii=False)


def game_record_text(slug: str, game_id: int) -> str:
    """The game in KIBA notation: a header, then the moves numbered as KIBA counts them."""
    page = build_replay(slug, game_id)
    lines = [
        f'[Event "{page.event_name}"]',
        f'[Game "{page.label}"]',
        f'[South "{page.south.name}"]',
        f'[North "{page.north.name}"]',
        f'[Result "{page.outcome or "in play"}"]',
        "",
    ]
    pairs: dict[int, list[str]] = {}
    for move in page.moves:
        pairs.setdefault(move.number, []).append(move.notation)
    body = [f"{number}. {' '.join(moves)}" for number, moves in pairs.items()]
    lines.extend(body)
    return "\n".join(lines) + "\n"


def build_my_games(principal: Principal, *, now: datetime | None = None) -> MyGames:
    """The running games of `principal`'s entries in events played on the site, the soonest
    deadline first, with whose move it is."""
    moment = now_or(now)
    lines = []
    if principal.user_id is None:
        return MyGames((), moment)
    entries = models.Entry.objects.filter(
        user_id=principal.user_id, event__state=EventState.RUNNING.value
    ).select_related("event")
    slugs = {e.event.slug for e in entries if is_played_on_site(e.event.slug)}
    keys = {(e.event.slug, e.key) for e in entries}
    rows = (
        models.Game.objects.filter(encounter__round__stage__event__slug__in=slugs)
        .select_related("encounter__round__stage__event", "first", "second")
        .order_by("id")
    )
    for row in rows:
        slug = row.encounter.round.stage.event.slug
        mine = [e for e in (row.first, row.second) if (slug, e.key) in keys]
        if not mine:
            continue
        round_row = row.encounter.round
        game = derive_bao_game(row, now=moment)
        if game.is_over or game.to_move is None or game.clock.flagged is not None:
            continue
        names = {row.first.key: row.first.name, row.second.key: row.second.name}
        side = {game.south: "S", game.north: "N"}
        me_key = mine[0].key
        other = row.second.key if me_key == row.first.key else row.first.key
        reading = game.clock
        lines.append(
            MyGameLine(
                slug=slug,
                event_name=round_row.stage.event.name,
                game_id=row.id,
                label=game_words(game.game),
                me=PlayerLine(me_key, names[me_key], side[CompetitorId(me_key)]),
                opponent=PlayerLine(other, names[other], side[CompetitorId(other)]),
                my_move=game.to_move == me_key,
                deadline=reading.deadline,
                time_left=reading.remaining(reading.to_move),
                plies=len(game.moves),
            )
        )
    lines.sort(key=lambda line: (line.deadline, line.slug, line.game_id))
    return MyGames(tuple(lines), moment)
