"""`mashindano result ...`: report, confirm, dispute, rule, correct; record a move."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from mashindano.cli.event_common import ActorOption, DbOption, JsonOption, actor_name, event_command
from mashindano.cli.output import console, print_json

if TYPE_CHECKING:
    from mashindano.app.results import GameRef, ResultChange

app = typer.Typer(help="Results of a stored event's games.", no_args_is_help=True)

Slug = Annotated[str, typer.Argument(help="The event's slug.")]
RoundOption = Annotated[int, typer.Option("--round", help="Round number.")]
BoardOption = Annotated[int, typer.Option("--board", help="Board number.")]
GameOption = Annotated[int, typer.Option("--game", help="Game of a multi-game match.")]
ResultArgument = Annotated[str, typer.Argument(help="1-0, 1/2-1/2, 0-1, +-, -+ or --.")]
ReasonOption = Annotated[str, typer.Option("--reason", help="Why (kept in the log).")]


def _show(change: ResultChange, as_json: bool) -> None:
    game = change.game
    if as_json:
        print_json(
            {
                "round": game.round,
                "board": game.board,
                "game": game.number,
                "first": game.first,
                "second": game.second,
                "result": game.result.value,
                "status": game.status.value,
                "before": {"result": change.before[0].value, "status": change.before[1].value},
            }
        )
    else:
        console.print(f"{game.label}: {game.result.value} ({game.status.value})")


def _where(round_number: int, board: int, game: int) -> GameRef:
    # Imported here: the app's modules need Django set up, which `event_command` does.
    from mashindano.app.results import GameRef

    return GameRef(round_number, board, game)


@app.command("report")
def report(
    slug: Slug,
    result: ResultArgument,
    round_number: RoundOption,
    board: BoardOption,
    game: GameOption = 1,
    db: DbOption = None,
    actor: ActorOption = None,
    as_json: JsonOption = False,
) -> None:
    """Report a game's result (once; a second report is refused)."""
    with event_command(db):
        from mashindano.app.results import report_result

        change = report_result(
            slug, _where(round_number, board, game), result, actor=actor_name(actor)
        )
    _show(change, as_json)


@app.command("confirm")
def confirm(
    slug: Slug,
    round_number: RoundOption,
    board: BoardOption,
    game: GameOption = 1,
    db: DbOption = None,
    actor: ActorOption = None,
    as_json: JsonOption = False,
) -> None:
    """Confirm the reported result."""
    with event_command(db):
        from mashindano.app.results import confirm_result

        change = confirm_result(slug, _where(round_number, board, game), actor=actor_name(actor))
    _show(change, as_json)


@app.command("dispute")
def dispute(
    slug: Slug,
    round_number: RoundOption,
    board: BoardOption,
    game: GameOption = 1,
    reason: ReasonOption = "",
    db: DbOption = None,
    actor: ActorOption = None,
    as_json: JsonOption = False,
) -> None:
    """Dispute the reported result; an arbiter rules."""
    with event_command(db):
        from mashindano.app.results import dispute_result

        change = dispute_result(
            slug, _where(round_number, board, game), actor=actor_name(actor), reason=reason
        )
    _show(change, as_json)


@app.command("rule")
def rule(
    slug: Slug,
    result: ResultArgument,
    round_number: RoundOption,
    board: BoardOption,
    game: GameOption = 1,
    reason: ReasonOption = "",
    db: DbOption = None,
    actor: ActorOption = None,
    as_json: JsonOption = False,
) -> None:
    """Arbiter's ruling on a disputed (or unreported) game."""
    with event_command(db):
        from mashindano.app.results import rule_result

        change = rule_result(
            slug, _where(round_number, board, game), result, actor=actor_name(actor), reason=reason
        )
    _show(change, as_json)


@app.command("correct")
def correct(
    slug: Slug,
    result: ResultArgument,
    round_number: RoundOption,
    board: BoardOption,
    reason: Annotated[str, typer.Option("--reason", help="Why (required).")],
    game: GameOption = 1,
    db: DbOption = None,
    actor: ActorOption = None,
    as_json: JsonOption = False,
) -> None:
    """Correct a result at any time before the event closes; later standings follow."""
    with event_command(db):
        from mashindano.app.results import correct_result

        change = correct_result(
            slug, _where(round_number, board, game), result, actor=actor_name(actor), reason=reason
        )
    _show(change, as_json)


@app.command("move")
def move(
    slug: Slug,
    notation: Annotated[str, typer.Argument(help="The move, e.g. e4.")],
    round_number: RoundOption,
    board: BoardOption,
    game: GameOption = 1,
    db: DbOption = None,
    actor: ActorOption = None,
) -> None:
    """Record a move with the current time (correspondence day clocks)."""
    with event_command(db):
        from mashindano.app.results import record_move

        ply = record_move(
            slug, _where(round_number, board, game), notation, actor=actor_name(actor)
        )
    console.print(f"move {ply}: {notation}")
