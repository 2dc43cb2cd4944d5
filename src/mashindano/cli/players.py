"""`mashindano players ...`: register players in a stored event."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.progress import Progress
from rich.table import Table

from mashindano.cli.actions import AtOption, parse_at
from mashindano.cli.errors import read_text
from mashindano.cli.event_common import (
    ActorOption,
    DbOption,
    JsonOption,
    acting_principal,
    event_command,
)
from mashindano.cli.output import console, print_json

app = typer.Typer(help="Register players in a stored event.", no_args_is_help=True)


@app.command("import")
def import_(
    slug: Annotated[str, typer.Argument(help="The event's slug.")],
    path: Annotated[Path, typer.Argument(help="PLAYERS.csv: name,rating,games_played,country.")],
    db: DbOption = None,
    actor: ActorOption = None,
    at: AtOption = None,
) -> None:
    """Register every player of a PLAYERS.csv file (one transaction: all or none)."""
    text = read_text(path)
    with event_command(db), Progress(console=console, transient=True) as bar:
        now = parse_at(at)
        from mashindano.app.players import import_players_csv

        task = bar.add_task("Registering players", total=None)

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        count = import_players_csv(
            slug,
            text,
            actor=acting_principal(actor),
            source=str(path),
            now=now,
            progress=progress,
        )
    console.print(f"Registered {count} players in {slug}")


@app.command("add")
def add(
    slug: Annotated[str, typer.Argument(help="The event's slug.")],
    name: Annotated[str, typer.Argument(help="The player's name (unique in the event).")],
    rating: Annotated[int | None, typer.Option("--rating", min=0)] = None,
    games_played: Annotated[
        int | None,
        typer.Option("--games-played", min=0, help="Games played before (KIBA, Gomoku)."),
    ] = None,
    country: Annotated[str | None, typer.Option("--country")] = None,
    db: DbOption = None,
    actor: ActorOption = None,
    at: AtOption = None,
) -> None:
    """Register one player."""
    with event_command(db):
        now = parse_at(at)
        from mashindano.app.players import register_player

        register_player(
            slug,
            name,
            rating=rating,
            games_played=games_played,
            country=country,
            actor=acting_principal(actor),
            now=now,
        )
    console.print(f"Registered {name} in {slug}")


@app.command("list")
def list_(
    slug: Annotated[str, typer.Argument(help="The event's slug.")],
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """The registered players with their numbers."""
    with event_command(db):
        from mashindano.app.documents.entries import build_entries

        entries = build_entries(slug)
    if as_json:
        print_json(entries.to_json())
        return
    grid = Table(title=f"Players of {slug}", title_justify="left")
    for column in ("No.", "Name", "Rating", "Country"):
        grid.add_column(column)
    for e in entries.by_number:
        grid.add_row(str(e.number or ""), e.name, str(e.rating or ""), e.country or "")
    console.print(grid)
