"""Game records (B64-B66): reading, writing, replaying and verifying them.

A record is replayed from its `initial` position with its own `parameters` (B66). `replay`
stops at the first ply that fails and says why (B65).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from mashindano.engine.bao.moves import End, MoveResult, game_end, legal_results
from mashindano.engine.bao.notation import parse_move
from mashindano.engine.bao.parameters import (
    DEFAULT_PARAMETERS,
    RULES_EDITION,
    BaoParameters,
    parameters_from_mapping,
    parameters_to_mapping,
)
from mashindano.engine.bao.position import (
    SIDE_LETTERS,
    Position,
    from_json,
    standard_position,
    to_json,
)
from mashindano.engine.errors import IllegalResult, MashindanoError, ParseError

RECORD_FORMAT: Final = "mashindano-bao-record"
RECORD_VERSION: Final = 1
BOARD_REASONS: Final = ("front_row_empty", "no_legal_move")
OTHER_REASONS: Final = ("resignation", "time", "withdrawal", "adjudication")


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A B64 record. `initial` is None for the standard set-up (B6 or B51); `result` and
    `final` are kept as the JSON objects the record holds."""

    id: str
    parameters: BaoParameters
    moves: tuple[str, ...]
    initial: Position | None = None
    players: Mapping[str, str] | None = None
    result: Mapping[str, object] | None = None
    final: Mapping[str, object] | None = None

    @property
    def variant(self) -> str:
        return self.parameters.variant

    def start(self) -> Position:
        return self.initial if self.initial is not None else standard_position(self.variant)


@dataclass(frozen=True, slots=True)
class Replay:
    """The positions of a replayed game: `positions[n]` is the position after ply n
    (`positions[0]` the start), `results[n - 1]` the move result of ply n, `end` the board
    result if the game has ended."""

    positions: tuple[Position, ...]
    results: tuple[MoveResult, ...] = field(default=())
    end: End | None = None


def _record_error(message: str, **params: object) -> ParseError:
    return ParseError(f"invalid game record: {message}", code="bao_record", **params)


def record_from_json(document: object) -> GameRecord:
    """A record from its decoded JSON object; ParseError or ConfigError naming the problem."""
    if not isinstance(document, Mapping):
        raise _record_error("a record must be a JSON object")
    if document.get("format") != RECORD_FORMAT:
        raise _record_error(f"'format' must be {RECORD_FORMAT!r}")
    if document.get("version") != RECORD_VERSION:
        raise _record_error(f"version {document.get('version')!r} is not supported (only 1)")
    if document.get("rules") != RULES_EDITION:
        raise _record_error(
            f"rules edition {document.get('rules')!r} is not known (only {RULES_EDITION!r})"
        )
    variant = document.get("variant", "kiswahili")
    if variant not in ("kiswahili", "kujifunza"):
        raise _record_error(f"'variant' must be kiswahili or kujifunza, not {variant!r}")
    raw_parameters = document.get("parameters", {})
    if not isinstance(raw_parameters, Mapping):
        raise _record_error("'parameters' must be a JSON object")
    parameters = parameters_from_mapping({**raw_parameters, "variant": variant})
    moves = document.get("moves")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise _record_error("'moves' must be a list of moves as text")
    initial_value = document.get("initial", "standard")
    initial: Position | None = None
    if initial_value != "standard":
        try:
            initial = from_json(initial_value, variant=str(variant))
        except ParseError as exc:
            raise _record_error(f"'initial': {exc.message}") from None
    players = document.get("players")
    if players is not None and (
        not isinstance(players, Mapping) or not all(isinstance(v, str) for v in players.values())
    ):
        raise _record_error("'players' must map S and N to names")
    result = document.get("result")
    if result is not None:
        if not isinstance(result, Mapping):
            raise _record_error("'result' must be a JSON object")
        reason = result.get("reason")
        if reason not in BOARD_REASONS + OTHER_REASONS:
            raise _record_error(f"result reason {reason!r} is not known")
        if result.get("winner") not in SIDE_LETTERS:
            raise _record_error("the result's 'winner' must be S or N")
    final = document.get("final")
    if final is not None and not isinstance(final, Mapping):
        raise _record_error("'final' must be a position object")
    record_id = document.get("id", "")
    return GameRecord(
        id=str(record_id),
        parameters=parameters,
        moves=tuple(moves),
        initial=initial,
        players=players,
        result=result,
        final=final,
    )


def parse_record(text: str) -> GameRecord:
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _record_error(
            f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from None
    return record_from_json(document)


def _comparable(position: Mapping[str, object]) -> dict[str, object]:
    return {k: v for k, v in position.items() if k not in ("variant", "partial")}


def _ply_error(ply: int, message: str, **params: object) -> IllegalResult:
    return IllegalResult(f"ply {ply}: {message}", code="bao_record_ply", ply=ply, **params)


def replay_moves(
    start: Position,
    moves: Sequence[str],
    parameters: BaoParameters = DEFAULT_PARAMETERS,
    *,
    strict: bool = True,
) -> Replay:
    """Play `moves` from `start`; IllegalResult naming the first ply that fails."""
    positions = [start]
    results: list[MoveResult] = []
    position = start
    end: End | None = None
    for ply, text in enumerate(moves, start=1):
        if end is not None or position.to_move is None:
            raise _ply_error(ply, f"{text}: the game was already over after ply {ply - 1}")
        legal = legal_results(position, parameters)
        if not legal:
            raise _ply_error(ply, f"{text}: the side to move has no legal move; the game is over")
        try:
            result = parse_move(position, text, parameters, strict=strict, results=legal)
        except MashindanoError as exc:
            raise _ply_error(ply, exc.message, move=text) from None
        results.append(result)
        position = result.position
        positions.append(position)
        end = result.end
    if end is None:
        end = game_end(position, parameters)
    return Replay(tuple(positions), tuple(results), end)


def replay(record: GameRecord) -> Replay:
    """Replay and verify a record (B65): every move legal in strict mode, the game not over
    before the last move, and for a board result the final position and the end as recorded.
    IllegalResult with the failing ply (`params["ply"]`; 0 for the record as a whole)."""
    game = replay_moves(record.start(), record.moves, record.parameters)
    plies = len(record.moves)
    last = game.positions[-1]
    if record.result is not None:
        reason = record.result.get("reason")
        recorded_plies = record.result.get("plies", plies)
        if recorded_plies != plies:
            raise _ply_error(
                plies, f"the result says {recorded_plies} plies but the record has {plies} moves"
            )
        if reason in BOARD_REASONS:
            if game.end is None:
                raise _ply_error(plies, f"the result says {reason} but the game has not ended")
            recorded = {
                "winner": record.result.get("winner"),
                "reason": reason,
                "unsown": record.result.get("unsown", 0),
            }
            actual = game.end.to_json()
            actual.setdefault("unsown", 0)
            if recorded != actual:
                raise _ply_error(
                    plies,
                    f"the game ends with {_describe(game.end)}, not as the result says"
                    f" ({_describe_json(recorded)})",
                )
        elif game.end is not None:
            raise _ply_error(
                plies,
                f"the result says {reason} but the game ended on the board ({_describe(game.end)})",
            )
    if record.final is not None and _comparable(to_json(last)) != _comparable(record.final):
        raise _ply_error(plies, "the position after the last move differs from 'final'")
    return game


def _describe(end: End) -> str:
    return _describe_json(end.to_json())


def _describe_json(end: Mapping[str, object]) -> str:
    text = f"{end.get('winner')} wins by {end.get('reason')}"
    if end.get("unsown"):
        text += f", {end.get('unsown')} unsown"
    return text


def record_to_json(
    record: GameRecord, *, final: Position | None = None, end: End | None = None
) -> dict[str, object]:
    """The B64 object of a record. Given `final` and `end` (from `replay`), they replace
    the record's own `final` and `result`."""
    document: dict[str, object] = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "id": record.id,
        "rules": RULES_EDITION,
        "variant": record.variant,
        "parameters": parameters_to_mapping(record.parameters),
        "initial": "standard" if record.initial is None else to_json(record.initial),
    }
    if record.players is not None:
        document["players"] = dict(record.players)
    document["moves"] = list(record.moves)
    result: Mapping[str, object] | None = record.result
    if end is not None and end.winner is not None:
        result = {**end.to_json(), "plies": len(record.moves)}
        if "unsown" in result:
            result = {k: result[k] for k in ("winner", "reason", "plies", "unsown")}
    if result is not None:
        document["result"] = dict(result)
    final_document: Mapping[str, object] | None = record.final
    if final is not None:
        final_document = to_json(final)
    if final_document is not None:
        document["final"] = dict(final_document)
    return document


def format_record(
    record: GameRecord, *, final: Position | None = None, end: End | None = None
) -> str:
    return json.dumps(record_to_json(record, final=final, end=end), ensure_ascii=False)
