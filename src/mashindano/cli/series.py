"""`mashindano series ...`: the KIBA championship series (kiba-bao R36-R42).

create / add group the tournaments of a championship; standings shows the championship table
(provisional while a tournament runs); countries shows a tournament's country ranking;
master creates and starts the master tournament; countries-event lists the teams and the nine
games of the countries event, and with --create stores and starts it as a kiba-countries
event. The app layer is imported inside the commands, once the database is set up (as in
`cli/event.py`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

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
from mashindano.engine.points import format_points, points_to_json

if TYPE_CHECKING:
    from mashindano.app.series import (
        CountriesEvent,
        CountryRanking,
        MasterEvent,
        SeriesStandings,
    )

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
    name: Annotated[str | None, typer.Option("--name", help="Display name.")] = None,
    db: DbOption = None,
    actor: ActorOption = None,
    as_json: JsonOption = False,
) -> None:
    """Create an empty championship series."""
    with event_command(db):
        from mashindano.app.series import create_series

        standings = create_series(slug, name or slug, actor=acting_principal(actor))
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
        from mashindano.app.series import add_event_to_series

        standings = add_event_to_series(series, event, actor=acting_principal(actor))
    if as_json:
        print_json(standings_json(standings))
    else:
        count = len(standings.tournaments)
        limit = standings.parameters.series_tournaments
        console.print(f"Added {event} to {series}: tournament {count} of {limit}")


@app.command("standings")
def standings(series: SeriesArgument, db: DbOption = None, as_json: JsonOption = False) -> None:
    """The championship table: championship points per tournament and in total (R37, R38)."""
    with event_command(db):
        from mashindano.app.series import series_standings

        table = series_standings(series)
    if as_json:
        print_json(standings_json(table))
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
        from mashindano.app.series import country_ranking

        ranking = country_ranking(event, decision=decide or ())
    if as_json:
        print_json(ranking_json(ranking))
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
        from mashindano.app.series import create_master_event

        created = create_master_event(
            series,
            event,
            actor=acting_principal(actor),
            name=name,
            decision=decide or (),
            seed=seed,
        )
    if as_json:
        print_json(master_json(created))
        return
    shown = ", ".join(c.name for c in created.players)
    console.print(f"Created and started [bold]{created.facts.slug}[/bold]: {shown}")


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
        from mashindano.app.series import countries_event as plan_countries_event
        from mashindano.app.series import create_countries_event

        if create is None:
            plan = plan_countries_event(event, decision=decide or ())
            created = None
        else:
            stored = create_countries_event(
                event, create, actor=acting_principal(actor), decision=decide or (), name=name
            )
            plan, created = stored.plan, stored.facts.slug
    if as_json:
        print_json({**countries_event_json(plan), "created": created})
        return
    if created is not None:
        console.print(f"Created and started [bold]{created}[/bold] (kiba-countries)")
    for team in plan.teams:
        console.print(f"[bold]{team.country}[/bold]: " + ", ".join(p.name for p in team.players))
    grid = Table(title=f"Countries event after {plan.slug}", title_justify="left")
    for column in ("Game", "South", "North"):
        grid.add_column(column)
    for game in plan.games:
        grid.add_row(str(game.encounter), game.first, game.second)
    console.print(grid)


# -- views ------------------------------------------------------------------------------------


def standings_json(table: SeriesStandings) -> dict[str, Any]:
    return {
        "series": table.slug,
        "name": table.name,
        "provisional": table.provisional,
        "tournaments": [
            {
                "number": t.number,
                "slug": t.slug,
                "name": t.name,
                "state": t.state.value,
                "status": t.status.value,
            }
            for t in table.tournaments
        ],
        "rows": [
            {
                "rank": row.rank,
                "shared": sum(1 for r in table.rows if r.rank == row.rank) > 1,
                "player": row.competitor.id,
                "name": row.competitor.name,
                "country": row.competitor.country,
                "points": [points_to_json(p) for p in row.points],
                "total": points_to_json(row.total),
            }
            for row in table.rows
        ],
    }


def standings_grid(table: SeriesStandings) -> Table:
    title = f"{table.name}: championship" + (" (provisional)" if table.provisional else "")
    grid = Table(title=title, title_justify="left")
    grid.add_column("Rank", justify="right")
    grid.add_column("Player")
    grid.add_column("Country")
    for t in table.tournaments:
        mark = "" if t.status.value == "final" else "*"
        grid.add_column(f"T{t.number} {t.slug}{mark}", justify="right")
    grid.add_column("Total", justify="right")
    ranks = [row.rank for row in table.rows]
    for row in table.rows:
        grid.add_row(
            ("=" if ranks.count(row.rank) > 1 else "") + str(row.rank),
            row.competitor.name,
            row.competitor.country or "",
            *(format_points(p, 0) for p in row.points),
            format_points(row.total, 0),
        )
    return grid


def ranking_json(ranking: CountryRanking) -> dict[str, Any]:
    return {
        "event": ranking.slug,
        "status": ranking.status.value,
        "rows": [
            {
                "rank": row.rank,
                "country": row.country,
                "total": points_to_json(row.total),
                "counted": [points_to_json(p) for p in row.counted],
                "players": row.players,
            }
            for row in ranking.rows
        ],
        "unranked": [{"country": c, "players": n} for c, n in ranking.unranked],
    }


def ranking_grid(ranking: CountryRanking) -> Table:
    provisional = " (provisional)" if ranking.status.value != "final" else ""
    grid = Table(title=f"Countries after {ranking.slug}{provisional}", title_justify="left")
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


def master_json(created: MasterEvent) -> dict[str, Any]:
    return {
        "event": created.facts.slug,
        "series": created.standings.slug,
        "state": created.facts.state.value,
        "players": [c.id for c in created.players],
    }


def countries_event_json(plan: CountriesEvent) -> dict[str, Any]:
    return {
        "event": plan.slug,
        "teams": [{"country": t.country, "players": [p.id for p in t.players]} for t in plan.teams],
        "games": [{"game": g.encounter, "south": g.first, "north": g.second} for g in plan.games],
        "ranking": ranking_json(plan.ranking),
    }
