"""`mashindano standings`: standings of a set of results with configurable tie-breaks."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from mashindano.cli.errors import (
    EXIT_INVALID_INPUT,
    EXIT_USAGE,
    fail,
    print_warnings,
    read_text,
    reported_errors,
)
from mashindano.cli.output import console, display_column, json_value, print_json
from mashindano.engine.model import StageResults
from mashindano.engine.points import PointSystem, format_points, points_to_json
from mashindano.engine.standings import Standings, compute_standings
from mashindano.engine.tiebreaks import (
    FIDE_CODES,
    TieBreak,
    tiebreak_by_name,
    unrated_present,
)
from mashindano.engine.tiebreaks.registry import tiebreak_names_text
from mashindano.interchange.games_csv import GamesSection, parse_games_sections
from mashindano.interchange.players_csv import parse_players_csv


def standings(
    games: Annotated[
        Path | None,
        typer.Option(
            "--games",
            help="GAMES.csv with columns round,white,black,result and optionally encounter "
            "(a label grouping the games of one match), section (tables ranked apart) and "
            "white_tps,black_tps (Tantrix points, summed per player).",
        ),
    ] = None,
    players: Annotated[
        Path | None,
        typer.Option(
            "--players", help="PLAYERS.csv with columns name,rating,games_played,country."
        ),
    ] = None,
    trf: Annotated[
        Path | None, typer.Option("--trf", help="A TRF-16/TRF-26 tournament instead of CSV.")
    ] = None,
    tiebreaks: Annotated[
        str,
        typer.Option(
            "--tiebreaks",
            help=TIEBREAKS_HELP,
        ),
    ] = "",
    unrated_rating: Annotated[
        int | None,
        typer.Option(
            "--unrated-rating",
            min=0,
            help=UNRATED_HELP,
        ),
    ] = None,
    points: Annotated[str, typer.Option("--points", help="Points for win,draw,loss.")] = "1,0.5,0",
    after_round: Annotated[
        int | None,
        typer.Option(
            "--after-round",
            min=1,
            help="Standings as they stood after round N: the results (and byes entered in "
            "advance) of later rounds left out.",
        ),
    ] = None,
    strict: Annotated[
        bool,
        typer.Option(
            "--strict",
            help="With --trf: refuse the file's oddities (odd dates, ruler lines, unknown "
            "records, a points column that disagrees...) instead of reading past them with a "
            "warning on stderr.",
        ),
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
) -> None:
    """Rank players by points, then by each tie-break in turn; remaining ties share a rank."""
    if (games is None) == (trf is None):
        raise fail("give either --games GAMES.csv or --trf FILE", EXIT_USAGE)
    names = [n.strip() for n in tiebreaks.split(",") if n.strip()]
    sections: list[tuple[str, Standings]] = []
    with reported_errors():
        chosen = [tiebreak_by_name(n, unrated_rating=unrated_rating) for n in names]
        if trf is not None:
            results = _results_from_trf(trf, strict=strict, as_json=as_json)
            results = _after_round(results, after_round, str(trf))
            _note_dropped(chosen, results, names)
            sections.append(("", compute_standings(results, chosen)))
        else:
            assert games is not None
            system = PointSystem.from_triple(points)
            roster = (
                parse_players_csv(read_text(players), source=str(players))
                if players is not None
                else None
            )
            for section in parse_games_sections(
                read_text(games), source=str(games), competitors=roster
            ):
                results = StageResults(
                    competitors=section.competitors,
                    games=section.games,
                    byes=section.byes,
                    points=system,
                )
                results = _after_round(results, after_round, str(games))
                _note_dropped(chosen, results, names)
                table = _with_tps(compute_standings(results, chosen), section)
                sections.append((section.label, table))
    # Show the names as the user typed them; values are keyed by the canonical names.
    columns = list(zip(names, (t.name for t in chosen), strict=True))
    if any(table.tiebreaks[len(chosen) :] for _, table in sections):
        columns.append((TPS, TPS))
    if sections[0][0] == "":
        table = sections[0][1]
        if as_json:
            print_json(standings_json(table, columns))
        else:
            console.print(standings_table(table, columns))
        return
    if as_json:
        print_json(
            [{"section": label, "standings": standings_json(t, columns)} for label, t in sections]
        )
        return
    for label, table in sections:
        console.print(standings_table(table, columns, title=label))


TIEBREAKS_HELP = (
    "Comma-separated, in order. "
    + tiebreak_names_text()
    + " `mashindano tiebreaks` lists each with its definition and article."
)

UNRATED_HELP = (
    "The rating FIDE's rating-based codes ("
    + ", ".join(code for code, info in FIDE_CODES.items() if info.rating_based)
    + ") give unrated players (rating blank or 0); without it those codes are dropped (no "
    "value, with a note) when one is present (C.07 art. 10)."
)

TPS = "tps"


def _note_dropped(chosen: list[TieBreak], results: StageResults, names: list[str]) -> None:
    """C.07 art. 10: say which rating-based codes give no value because a player is unrated
    (on stderr, so that --json stays a document)."""
    if not unrated_present(results):
        return
    for shown, tiebreak in zip(names, chosen, strict=True):
        if tiebreak.needs_ratings and all(
            v is None for v in tiebreak.compute_values(results).values()
        ):
            print(
                f"mashindano: note: {shown} dropped (no value): unrated players are present; "
                "give --unrated-rating N to rate them",
                file=sys.stderr,
            )


def _with_tps(table: Standings, section: GamesSection) -> Standings:
    """The table with each player's TPs as a last (shown, not ranking) column."""
    if section.tps is None:
        return table
    tps = section.tps
    rows = tuple(
        replace(row, values={**row.values, TPS: tps.get(row.competitor.id)}) for row in table.rows
    )
    return Standings(rows=rows, tiebreaks=(*table.tiebreaks, TPS))


def _results_from_trf(path: Path, *, strict: bool, as_json: bool) -> StageResults:
    from mashindano.interchange.trf import parse_trf, trf_to_stage_results

    text = read_text(path)
    tournament = parse_trf(text, source=str(path), require_players=True, strict=strict)
    print_warnings(str(path), tournament.warnings, as_json=as_json)
    return trf_to_stage_results(tournament)


def _after_round(results: StageResults, number: int | None, source: str) -> StageResults:
    """The results as they stood after round `number` (all of them when None)."""
    if number is None:
        return results
    last = results.last_round
    if number > last:
        shown = f"rounds 1-{last}" if last else "no round"
        raise fail(f"{source} has {shown}: no standings after round {number}", EXIT_INVALID_INPUT)
    return results.after_round(number)


def standings_json(table: Standings, columns: list[tuple[str, str]]) -> list[dict[str, Any]]:
    return [
        {
            "rank": row.rank,
            "name": row.competitor.name,
            "points": points_to_json(row.points),
            "tiebreaks": {shown: json_value(row.values[key]) for shown, key in columns},
        }
        for row in table.rows
    ]


def standings_table(
    table: Standings,
    columns: list[tuple[str, str]],
    *,
    title: str = "Standings",
    show_rating: bool = False,
) -> Table:
    """Rank, player, points and one column per tie-break (`(shown name, key)` pairs)."""
    grid = Table(title=title)
    grid.add_column("Rank", justify="right")
    grid.add_column("Player")
    if show_rating:
        grid.add_column("Rating", justify="right")
    grid.add_column("Points", justify="right")
    for shown, _ in columns:
        grid.add_column(shown, justify="right")
    cells = [display_column([row.values[key] for row in table.rows]) for _, key in columns]
    for index, row in enumerate(table.rows):
        rating = [str(row.competitor.rating or "")] if show_rating else []
        grid.add_row(
            ("=" if row.is_shared else "") + str(row.rank),
            row.competitor.name,
            *rating,
            format_points(row.points),
            *(column[index] for column in cells),
        )
    return grid
