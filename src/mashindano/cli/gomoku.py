"""`mashindano gomoku ...`: the Gomoku league organiser's decisions about a stored event."""

from __future__ import annotations

from typing import Annotated

import typer

from mashindano.cli.event_common import ActorOption, DbOption, acting_principal, event_command
from mashindano.cli.output import console
from mashindano.engine.gomoku.ladder import format_coefficient

app = typer.Typer(help="The Gomoku league organiser's decisions.", no_args_is_help=True)

SlugArgument = Annotated[str, typer.Argument(help="The league event's slug.")]
PlayerArgument = Annotated[str, typer.Argument(help="The player: name as registered, or number.")]
ReasonOption = Annotated[str, typer.Option("--reason", help="Why (kept in the log).")]


@app.command("accept-return")
def accept_return(
    slug: SlugArgument,
    player: PlayerArgument,
    reason: ReasonOption,
    db: DbOption = None,
    actor: ActorOption = None,
) -> None:
    """Accept back a player removed for a low coefficient (R9) or whose suspension has ended
    (R10), on days 1-7 of the next month to pair (R4); they keep their stored coefficient
    (A27)."""
    with event_command(db):
        from mashindano.app.gomoku import accept_return as accept

        accepted = accept(slug, player, actor=acting_principal(actor), reason=reason)
    console.print(
        f"{accepted.player} returns to {slug} in month {accepted.month_number} "
        f"({accepted.month}), placed by the stored coefficient "
        f"{format_coefficient(accepted.coefficient)}"
    )
