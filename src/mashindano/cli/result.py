"""`mashindano result ...`: report, confirm, dispute, rule, correct; record a move; a whole
match from its score (`match`, Gomoku). One command per declared action of the `result` group
(see `cli.actions`), and `import` for many results from a CSV file.

Report, rule and correct take `--detail JSON`: the per-game detail a preset records with the
result (Tantrix TPs: `--detail '{"tp": ["12.4", "7.6"]}'`), exact values as strings.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from mashindano.cli.actions import AtOption, add_action_commands, parse_at
from mashindano.cli.errors import read_text
from mashindano.cli.event_common import (
    ActorOption,
    DbOption,
    JsonOption,
    acting_principal,
    event_command,
)
from mashindano.cli.output import console, print_json

app = typer.Typer(help="Results of a stored event's games.", no_args_is_help=True)
add_action_commands(app, "result")


@app.command("import")
def import_(
    slug: Annotated[str, typer.Argument(help="The event's slug.")],
    path: Annotated[
        Path,
        typer.Argument(
            help="RESULTS.csv: round,board,result and optionally game,stage,group,at "
            "(ISO 8601 with offset: when it was played)."
        ),
    ],
    db: DbOption = None,
    actor: ActorOption = None,
    at: AtOption = None,
    as_json: JsonOption = False,
) -> None:
    """Enter many results from a CSV file, all or none: the first refused line is named and
    nothing of the file is stored."""
    text = read_text(path)
    with event_command(db):
        from mashindano.app.bulk_results import import_results_csv
        from mashindano.app.declarations.outcomes import result_change_json, result_change_text

        changes = import_results_csv(
            slug, text, actor=acting_principal(actor), source=path.name, now=parse_at(at)
        )
        if as_json:
            print_json([result_change_json(slug, change) for change in changes])
            return
        for change in changes:
            console.print(result_change_text(slug, {}, change), markup=False)
    console.print(f"{len(changes)} results entered", markup=False)
