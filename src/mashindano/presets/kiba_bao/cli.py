"""`mashindano series ...`: the KIBA championship series (kiba-bao R36-R42).

create / add group the tournaments of a championship; standings shows the championship table
(provisional while a tournament runs); countries shows a tournament's country ranking;
master creates and starts the master tournament; countries-event lists the teams and the nine
games of the countries event, and with --create stores and starts it as a kiba-countries
event. The app layer is imported inside the commands, once the database is set up (as in
`cli/event.py`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from mashindano.cli.event_common import (
    ActorOption,
    DbOption,
    JsonOption,
    acting_principal,
    event_command,
)
from mashindano.cli.output import console, print_json
from mashindano.engine.points import format_points

if TYPE_CHECKING:
    from mashindano.presets.kiba_bao.series_documents import ChampionshipTable, CountryTable

app = typer.Typer(
    help="KIBA championship series: tournaments, championship and country rankings, the "
    "master tournament and the countries event.",
    no_args_is_help=True,
)

SeriesArgument = Annotated[str, typer.Argument(help="The series' slug, e.g. kiba-2026.")]
EventArgument = Annotated[str, typer.Argument(help="A kiba-bao event's slug.")]


@app.command("create")
def create(
    slug: SeriesArgument,
    title: Annotated[
        str | None, typer.Argument(help="Display name (default: the slug).", show_default=False)
    ] = None,
    name: Annotated[
        str | None, typer.Option("--name", help="Display name (as the second argument).")
    ] = None,
    db: DbOption = None,
    actor: ActorOption = None,
    as_json: JsonOption = False,
) -> None:
    """Create an empty championship series: `series create SLUG "NAME"`."""
    if title is not None and name is not None and title != name:
        from mashindano.cli.errors import EXIT_USAGE, fail

        raise fail(f"two names given: {title!r} and --name {name!r}", EXIT_USAGE)
    with event_command(db, create=True):
        from mashindano.presets.kiba_bao.series import create_series

        standings = create_series(slug, title or name or slug, actor=acting_principal(actor))
    if as_json:
        print_json({"slug": standings.slug, "name": standings.name})
    else:
        console.print(f"Created series [bold]{standings.slug}[/bold] ({standings.name})")


@app.command("add")
def add(
    series: SeriesArgument,
    event: EventArgument,
    db: DbOption = None,
    actor: ActorOption = None,
    as_json: JsonOption = False,
) -> None:
    """Make a kiba-bao event one of the series' tournaments (four at most, R36)."""
    with event_command(db):
        from mashindano.presets.kiba_bao.series import add_event_to_series
        from mashindano.presets.kiba_bao.series_documents import championship_document

        table = championship_document(
            add_event_to_series(series, event, actor=acting_principal(actor))
        )
    if as_json:
        print_json(table.to_json())
    else:
        count = len(table.tournaments)
        limit = table.tournament_limit
        console.print(f"Added {event} to {series}: tournament {count} of {limit}")


@app.command("standings")
def standings(series: SeriesArgument, db: DbOption = None, as_json: JsonOption = False) -> None:
    """The championship table: championship points per tournament and in total (R37, R38)."""
    with event_command(db):
        from mashindano.presets.kiba_bao.series_documents import build_championship_table

        table = build_championship_table(series)
    if as_json:
        print_json(table.to_json())
        return
    console.print(standings_grid(table))


@app.command("countries")
def countries(
    event: EventArgument,
    decide: Annotated[
        list[str] | None,
        typer.Option("--decide", help="Tied countries in the director's order (repeat)."),
    ] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """A tournament's country ranking: the four best championship scores of each country with
    at least two players (R41, A18)."""
    with event_command(db):
        from mashindano.presets.kiba_bao.series_documents import build_country_table

        ranking = build_country_table(event, decide or ())
    if as_json:
        print_json(ranking.to_json())
        return
    console.print(ranking_grid(ranking))


@app.command("master")
def master(
    series: SeriesArgument,
    event: Annotated[str, typer.Argument(help="Slug of the master tournament to create.")],
    name: Annotated[str | None, typer.Option("--name", help="Display name.")] = None,
    decide: Annotated[
        list[str] | None,
        typer.Option("--decide", help="Players tied for the last place, director's order."),
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed of every draw.")] = None,
    db: DbOption = None,
    actor: ActorOption = None,
    as_json: JsonOption = False,
) -> None:
    """Create and start the master tournament of a finished series: the six best of the
    championship in one all-play-all group, then the best-of-3 final (R39, R40)."""
    with event_command(db):
        from mashindano.presets.kiba_bao.series import create_master_event
        from mashindano.presets.kiba_bao.series_documents import master_event_document

        created = master_event_document(
            create_master_event(
                series,
                event,
                actor=acting_principal(actor),
                name=name,
                decision=decide or (),
                seed=seed,
            )
        )
    if as_json:
        print_json(created.to_json())
        return
    shown = ", ".join(p.name for p in created.players)
    console.print(f"Created and started [bold]{created.event}[/bold]: {shown}")


@app.command("countries-event")
def countries_event(
    event: EventArgument,
    decide: Annotated[
        list[str] | None,
        typer.Option("--decide", help="Tied countries in the director's order (repeat)."),
    ] = None,
    create: Annotated[
        str | None,
        typer.Option(
            "--create",
            help="Also create and start the countries event as a kiba-countries event "
            "with this slug.",
        ),
    ] = None,
    name: Annotated[str | None, typer.Option("--name", help="Display name (--create).")] = None,
    db: DbOption = None,
    actor: ActorOption = None,
    as_json: JsonOption = False,
) -> None:
    """The countries event after a closed tournament: the two teams of three and the nine
    games to play (R42, A19); with --create, stored and started as a new event."""
    with event_command(db):
        from mashindano.presets.kiba_bao.series import countries_event as plan_countries_event
        from mashindano.presets.kiba_bao.series import create_countries_event
        from mashindano.presets.kiba_bao.series_documents import countries_event_document

        if create is None:
            plan = countries_event_document(plan_countries_event(event, decision=decide or ()))
        else:
            stored = create_countries_event(
                event, create, actor=acting_principal(actor), decision=decide or (), name=name
            )
            plan = countries_event_document(stored.plan, stored.facts.slug)
    if as_json:
        print_json(plan.to_json())
        return
    if plan.created is not None:
        console.print(f"Created and started [bold]{plan.created}[/bold] (kiba-countries)")
    for team in plan.teams:
        console.print(f"[bold]{team.country}[/bold]: " + ", ".join(p.name for p in team.players))
    grid = Table(title=f"Countries event after {plan.event}", title_justify="left")
    for column in ("Game", "South", "North"):
        grid.add_column(column)
    for game in plan.games:
        grid.add_row(str(game.game), game.south, game.north)
    console.print(grid)


# -- views ------------------------------------------------------------------------------------


def standings_grid(table: ChampionshipTable) -> Table:
    grid = Table(title=table.title, title_justify="left")
    grid.add_column("Rank", justify="right")
    grid.add_column("Player")
    grid.add_column("Country")
    for t in table.tournaments:
        grid.add_column(t.heading, justify="right")
    grid.add_column("Total", justify="right")
    for row in table.rows:
        grid.add_row(
            row.rank_label,
            row.player.name,
            row.player.country or "",
            *(format_points(p, 0) for p in row.points),
            format_points(row.total, 0),
        )
    return grid


def ranking_grid(ranking: CountryTable) -> Table:
    grid = Table(title=ranking.title, title_justify="left")
    for column in ("Rank", "Country", "Players", "Best scores", "Total"):
        grid.add_column(column, justify="left" if column in ("Country", "Best scores") else "right")
    for row in ranking.rows:
        grid.add_row(
            str(row.rank),
            row.country,
            str(row.players),
            " + ".join(format_points(p, 0) for p in row.counted),
            format_points(row.total, 0),
        )
    for country, players in ranking.unranked:
        grid.add_row("", country, str(players), "not ranked: too few players", "")
    return grid
