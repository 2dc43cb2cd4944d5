"""`mashindano bao ...`: Bao la Kiswahili (KIBA rules) and Bao la Kujifunza for people and
scripts: the legal moves of a position, applying a move, replaying and verifying a game record,
and showing a record's board at any ply (shared/spec/bao.md, B57-B67).

Imports only the engine, Typer, Rich and JSON, so the commands start fast (no Django).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from mashindano.cli.errors import EXIT_INVALID_INPUT, fail, read_text, reported_errors
from mashindano.engine.bao import (
    BaoParameters,
    End,
    GameRecord,
    Position,
    describe_end,
    from_json,
    game_end,
    legal_results,
    parameters_from_mapping,
    parse_move,
    parse_record,
    render_position,
    replay,
    replay_moves,
    to_json,
)
from mashindano.engine.errors import ParseError

app = typer.Typer(
    help="Bao (KIBA rules): legal moves, apply a move, replay and show game records.",
    no_args_is_help=True,
)
console = Console(highlight=False, soft_wrap=True)

PositionArgument = Annotated[
    str, typer.Argument(help="A position (B62 JSON object), given inline or as a file.")
]
RecordArgument = Annotated[Path, typer.Argument(help="A game record (B64 JSON file).")]
JsonOption = Annotated[bool, typer.Option("--json", help="Machine-readable output.")]
VariantOption = Annotated[
    str | None,
    typer.Option(
        "--variant", help="kiswahili or kujifunza (default: the position's own, else kiswahili)."
    ),
]
SetOption = Annotated[
    list[str] | None,
    typer.Option("--set", help="A rule parameter, name=value (repeatable), e.g. takasia=false."),
]


def _print_json(document: object) -> None:
    json.dump(document, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def _settings(settings: list[str] | None) -> dict[str, str]:
    changes: dict[str, str] = {}
    for item in settings or []:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise fail(f"--set needs name=value, got {item!r}", EXIT_INVALID_INPUT)
        changes[name.strip()] = value.strip()
    return changes


def _position(text: str, variant: str | None) -> Position:
    """The POSITION argument: inline JSON if it starts with `{`, otherwise a file name."""
    source = text if text.lstrip().startswith("{") else read_text(Path(text))
    try:
        document = json.loads(source)
    except json.JSONDecodeError as exc:
        where = "POSITION" if source is text else text
        raise ParseError(
            f"{where}: not a JSON position ({exc.msg} at line {exc.lineno} column {exc.colno})"
        ) from None
    if variant is not None and isinstance(document, dict) and "variant" not in document:
        document = {**document, "variant": variant}
    return from_json(document)


def _parameters(position: Position, settings: list[str] | None) -> BaoParameters:
    return parameters_from_mapping({"variant": position.variant, **_settings(settings)})


def _end_json(end: End | None) -> dict[str, object] | None:
    return None if end is None else end.to_json()


def _record(path: Path) -> GameRecord:
    return parse_record(read_text(path))


@app.command("legal")
def legal(
    position_text: PositionArgument,
    as_json: JsonOption = False,
    variant: VariantOption = None,
    settings: SetOption = None,
) -> None:
    """The legal moves of the side to move, in canonical KIBA notation (B57, B61)."""
    with reported_errors():
        position = _position(position_text, variant)
        parameters = _parameters(position, settings)
        results = legal_results(position, parameters)
        end = game_end(position, parameters)
    moves = [r.notation for r in results]
    if as_json:
        _print_json(moves)
        return
    console.print(render_position(position, end), markup=False)
    if position.to_move is None:
        console.print("The game is over: no legal moves.")
    elif moves:
        console.print(f"{len(moves)} legal: " + " ".join(moves), markup=False)
    else:
        console.print("No legal move.")


@app.command("apply")
def apply(
    position_text: PositionArgument,
    move: Annotated[str, typer.Argument(help="The move as a player types it, e.g. A6< or 6L.")],
    as_json: JsonOption = False,
    variant: VariantOption = None,
    settings: SetOption = None,
) -> None:
    """Apply a move (lenient parsing, B59) and print the new position and the end (B67)."""
    with reported_errors():
        position = _position(position_text, variant)
        parameters = _parameters(position, settings)
        result = parse_move(position, move, parameters)
    if as_json:
        _print_json({"position": to_json(result.position), "end": _end_json(result.end)})
        return
    console.print(f"Played {result.notation}", markup=False)
    console.print(render_position(result.position, result.end), markup=False)


@app.command("play")
def play(record_path: RecordArgument, as_json: JsonOption = False) -> None:
    """Replay and verify a game record (B65): exit 0 if it is valid, 3 with the failing ply."""
    with reported_errors():
        record = _record(record_path)
        game = replay(record)
    plies = len(record.moves)
    if as_json:
        _print_json({"valid": True, "id": record.id, "plies": plies, "end": _end_json(game.end)})
        return
    summary = f"{record.id or record_path.name}: valid, {plies} plies"
    if game.end is not None:
        summary += f"; {describe_end(game.end)}"
    elif record.result is not None:
        summary += f"; result: {record.result.get('winner')} wins ({record.result.get('reason')})"
    console.print(summary, markup=False)


@app.command("show")
def show(
    record_path: RecordArgument,
    ply: Annotated[
        int | None, typer.Option("--ply", help="Show the board after this ply (0 = the start).")
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """The board of a game record after a ply, as text (default: after the last move)."""
    with reported_errors():
        record = _record(record_path)
        last = len(record.moves)
        shown = last if ply is None else ply
        if not 0 <= shown <= last:
            raise ParseError(f"--ply must be between 0 and {last} for this record, not {shown}")
        game = replay_moves(record.start(), record.moves[:shown], record.parameters)
    position = game.positions[-1]
    end = game.end if shown == last or game.end is not None else None
    if as_json:
        _print_json({"ply": shown, "position": to_json(position), "end": _end_json(end)})
        return
    header = f"{record.id or record_path.name}, after ply {shown}"
    if shown:
        header += f" ({record.moves[shown - 1]})"
    console.print(header, markup=False)
    console.print(render_position(position, end), markup=False)
