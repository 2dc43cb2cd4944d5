"""`mashindano result ...`: report, confirm, dispute, rule, correct; record a move.

Report, rule and correct take `--detail JSON`: the per-game detail a preset records with the
result (Tantrix TPs: `--detail '{"tp": ["12.4", "7.6"]}'`), exact values as strings.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer

from mashindano.cli.event_common import (
    ActorOption,
    DbOption,
    JsonOption,
    acting_principal,
    event_command,
)
from mashindano.cli.output import console, print_json
from mashindano.engine.errors import ParseError

if TYPE_CHECKING:
    from mashindano.app.records import Json
    from mashindano.app.results import GameRef, ResultChange

app = typer.Typer(help="Results of a stored event's games.", no_args_is_help=True)

Slug = Annotated[str, typer.Argument(help="The event's slug.")]
RoundOption = Annotated[int, typer.Option("--round", help="Round number.")]
BoardOption = Annotated[int, typer.Option("--board", help="Board number.")]
GameOption = Annotated[int, typer.Option("--game", help="Game of a multi-game match.")]
StageOption = Annotated[int, typer.Option("--stage", help="Stage (a knockout's plate is 2).")]
GroupOption = Annotated[str, typer.Option("--group", help="Group within the stage, if any.")]
ResultArgument = Annotated[
    str,
    typer.Argument(help="1-0, 1/2-1/2, 0-1, +-, -+ or -- (Tantrix also takes TPs: 12.4-7.6)."),
]
ReasonOption = Annotated[str, typer.Option("--reason", help="Why (kept in the log).")]
DetailOption = Annotated[
    str | None,
    typer.Option(
        "--detail",
        help='Per-game detail as a JSON object, e.g. \'{"tp": ["12.4", "7.6"]}\' (Tantrix TPs).',
    ),
]


def parse_detail(text: str | None) -> dict[str, Json] | None:
    """The `--detail` option: a JSON object, or None when not given."""
    if text is None:
        return None
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ParseError(f"--detail is not JSON: {exc.msg} at character {exc.pos}") from None
    if not isinstance(value, dict):
        raise ParseError(f"--detail must be a JSON object ({{...}}), got {text!r}")
    return value


def _show(db: str | None, slug: str, change: ResultChange, as_json: bool) -> None:
    game = change.game
    if as_json:
        with event_command(db):  # the database is set up already: this maps errors only
            from mashindano.app.documents.results import build_result_change

            shown = build_result_change(slug, change)
        print_json(shown.to_json())
    else:
        detail = f" {json.dumps(game.detail)}" if game.detail is not None else ""
        console.print(
            f"{game.label}: {game.result.value}{detail} ({game.status.value})", markup=False
        )
        for added in change.added:
            console.print(f"added {added.label}", markup=False)


def _where(round_number: int, board: int, game: int, stage: int, group: str) -> GameRef:
    # Imported here: the app's modules need Django set up, which `event_command` does.
    from mashindano.app.results import GameRef

    return GameRef(round_number, board, game, stage, group)


@app.command("report")
def report(
    slug: Slug,
    result: ResultArgument,
    round_number: RoundOption,
    board: BoardOption,
    game: GameOption = 1,
    stage: StageOption = 1,
    group: GroupOption = "",
    detail: DetailOption = None,
    db: DbOption = None,
    actor: ActorOption = None,
    as_json: JsonOption = False,
) -> None:
    """Report a game's result (once; a second report is refused)."""
    with event_command(db):
        from mashindano.app.results import report_result

        change = report_result(
            slug,
            _where(round_number, board, game, stage, group),
            result,
            actor=acting_principal(actor),
            detail=parse_detail(detail),
        )
    _show(db, slug, change, as_json)


@app.command("confirm")
def confirm(
    slug: Slug,
    round_number: RoundOption,
    board: BoardOption,
    game: GameOption = 1,
    stage: StageOption = 1,
    group: GroupOption = "",
    db: DbOption = None,
    actor: ActorOption = None,
    as_json: JsonOption = False,
) -> None:
    """Confirm the reported result."""
    with event_command(db):
        from mashindano.app.results import confirm_result

        change = confirm_result(
            slug, _where(round_number, board, game, stage, group), actor=acting_principal(actor)
        )
    _show(db, slug, change, as_json)


@app.command("dispute")
def dispute(
    slug: Slug,
    round_number: RoundOption,
    board: BoardOption,
    game: GameOption = 1,
    stage: StageOption = 1,
    group: GroupOption = "",
    reason: ReasonOption = "",
    db: DbOption = None,
    actor: ActorOption = None,
    as_json: JsonOption = False,
) -> None:
    """Dispute the reported result; an arbiter rules."""
    with event_command(db):
        from mashindano.app.results import dispute_result

        change = dispute_result(
            slug,
            _where(round_number, board, game, stage, group),
            actor=acting_principal(actor),
            reason=reason,
        )
    _show(db, slug, change, as_json)


@app.command("rule")
def rule(
    slug: Slug,
    result: ResultArgument,
    round_number: RoundOption,
    board: BoardOption,
    game: GameOption = 1,
    stage: StageOption = 1,
    group: GroupOption = "",
    reason: ReasonOption = "",
    detail: DetailOption = None,
    db: DbOption = None,
    actor: ActorOption = None,
    as_json: JsonOption = False,
) -> None:
    """Arbiter's ruling on a disputed (or unreported) game."""
    with event_command(db):
        from mashindano.app.results import rule_result

        change = rule_result(
            slug,
            _where(round_number, board, game, stage, group),
            result,
            actor=acting_principal(actor),
            reason=reason,
            detail=parse_detail(detail),
        )
    _show(db, slug, change, as_json)


@app.command("correct")
def correct(
    slug: Slug,
    result: ResultArgument,
    round_number: RoundOption,
    board: BoardOption,
    reason: Annotated[str, typer.Option("--reason", help="Why (required).")],
    game: GameOption = 1,
    stage: StageOption = 1,
    group: GroupOption = "",
    detail: DetailOption = None,
    db: DbOption = None,
    actor: ActorOption = None,
    as_json: JsonOption = False,
) -> None:
    """Correct a result at any time before the event closes; later standings follow."""
    with event_command(db):
        from mashindano.app.results import correct_result

        change = correct_result(
            slug,
            _where(round_number, board, game, stage, group),
            result,
            actor=acting_principal(actor),
            reason=reason,
            detail=parse_detail(detail),
        )
    _show(db, slug, change, as_json)


@app.command("move")
def move(
    slug: Slug,
    notation: Annotated[str, typer.Argument(help="The move, e.g. e4.")],
    round_number: RoundOption,
    board: BoardOption,
    game: GameOption = 1,
    stage: StageOption = 1,
    group: GroupOption = "",
    db: DbOption = None,
    actor: ActorOption = None,
) -> None:
    """Record a move with the current time (correspondence day clocks)."""
    with event_command(db):
        from mashindano.app.results import record_move

        ply = record_move(
            slug,
            _where(round_number, board, game, stage, group),
            notation,
            actor=acting_principal(actor),
        )
    console.print(f"move {ply}: {notation}")
