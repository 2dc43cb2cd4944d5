"""`mashindano round ...`: pair the next round of a stored event (the declared action
`round.pair`, see `cli.actions`), show a round."""

from __future__ import annotations

from typing import Annotated

import typer

from mashindano.cli.actions import add_action_commands
from mashindano.cli.event_common import (
    DbOption,
    JsonOption,
    event_command,
)
from mashindano.cli.event_view import round_tables
from mashindano.cli.output import console, print_json

app = typer.Typer(help="Pair and show rounds of a stored event.", no_args_is_help=True)
add_action_commands(app, "round")


@app.command("show")
def show(
    slug: Annotated[str, typer.Argument(help="The event's slug.")],
    number: Annotated[int | None, typer.Option("--round", help="Default: the latest.")] = None,
    stage: Annotated[int, typer.Option("--stage", help="Stage (a knockout's plate is 2).")] = 1,
    group: Annotated[
        str, typer.Option("--group", help="Only this group (KIBA: A, B..., S1, S2, final).")
    ] = "",
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """A published round with its results: group by group where the round has several (KIBA,
    South and North named), with each game's TPs, the totals, the gap and how each match was
    decided where matches are scored in TPs (Tantrix)."""
    with event_command(db):
        from mashindano.app.documents.rounds import build_round_pairings

        shown = build_round_pairings(slug, number, stage=stage, group=group)
    if as_json:
        print_json(shown.to_json())
    else:
        for table in round_tables(shown):
            console.print(table)
