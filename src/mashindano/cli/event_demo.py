"""`mashindano demo` (what `make run` runs): a fresh demo database with one event per preset
that has an adapter, each played through the use cases; prints where each stands."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from mashindano.cli.errors import reported_errors
from mashindano.cli.event_view import standings_grid
from mashindano.cli.output import console
from mashindano.cli.preset_parts import demo_views


def run_event_demo(db: str, seed: int, presets: Sequence[str] = ()) -> None:
    path = Path(db)
    with reported_errors():
        if "://" not in db and path.is_file():
            path.unlink()  # the demo always starts from an empty database
        from mashindano.config.setup import database_description, setup

        setup(db)
        from mashindano.app.demo import play_demo
        from mashindano.app.documents.standings import standings_section

        console.rule(f"Demo events in {database_description()}, seed {seed}")
        for outcome in play_demo(seed, presets):
            console.print(
                f"[bold]{outcome.slug}[/bold] ({outcome.preset}): {outcome.units} rounds paired, "
                f"{outcome.results} results reported, closed"
            )
            shown = demo_views().get(outcome.preset)
            if shown is not None:
                console.print(shown(outcome.slug))
            for table in outcome.standings:
                console.print(standings_grid(standings_section(table, preset=outcome.preset)))
            for line in outcome.highlights:
                console.print(line, highlight=False)
            leader = outcome.standings[0].lines[0] if outcome.standings else None
            if leader is not None:
                console.print(f"Winner: [bold]{leader.competitor.name}[/bold]\n")
    console.print(
        f"Explore: mashindano event list --db {db}; "
        f"mashindano event show demo-chess-swiss --db {db}"
    )
