"""`mashindano team ...`: an event played in teams (issue 32): team mode, teams and rosters,
pairing a team round, line-ups and board results, one command per declared action (see
`cli.actions`), plus `team standings` and `team round` to read where it stands."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from mashindano.cli.actions import SLUG, add_action_commands
from mashindano.cli.errors import write_text
from mashindano.cli.event_common import DbOption, JsonOption, event_command
from mashindano.engine.points import format_points

app = typer.Typer(help="Team events: teams, line-ups, board results.", no_args_is_help=True)
add_action_commands(app, "team")


@app.command("standings")
def standings(slug: SLUG, db: DbOption = None, as_json: JsonOption = False) -> None:
    """Team standings: match points, then game points, then the event's tie-breaks; then the
    board prizes (best percentage on each board with the team mode's minimum of games)."""
    with event_command(db):
        from mashindano.app.teams.documents import build_team_standings

        table = build_team_standings(slug)
    if as_json:
        typer.echo(json.dumps(table.to_json(), indent=2))
        return
    for line in table.lines:
        extra = "".join(
            f"  {name} {format_points(value, 0)}"
            for name, value in zip(table.tiebreak_names, line.tiebreaks, strict=True)
        )
        typer.echo(
            f"{line.rank:>3}  {line.team.name:<24} {line.played:>2}  "
            f"MP {format_points(line.match_points, 0)}  GP {format_points(line.game_points, 0)}"
            f"{extra}"
        )
    if not table.lines:
        return
    typer.echo(f"\nBoard prizes (minimum games on the board: {table.prize_minimum}):")
    if not table.board_prizes:
        typer.echo("  none yet")
    for prize in table.board_prizes:
        typer.echo(
            f"  board {prize.board:>2}  {prize.name:<24} {prize.team.name:<24} "
            f"{format_points(prize.points, 0)}/{prize.games}  {prize.percentage}%"
        )


@app.command("export-trf")
def export_trf(
    slug: SLUG,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="File (default stdout).")
    ] = None,
    db: DbOption = None,
) -> None:
    """Write the team event as a TRF-26 team file (teams, boards, match and game points)."""
    with event_command(db):
        from mashindano.app.teams.exchange import export_team_trf

        text = export_team_trf(slug)
    if output is None:
        typer.echo(text, nl=False)
    else:
        write_text(output, text)


@app.command("round")
def show_round(
    slug: SLUG,
    number: Annotated[int, typer.Argument(help="Round number.")],
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """A round's match sheets (line-ups once both are in, boards, results)."""
    with event_command(db):
        from mashindano.app.teams.documents import build_team_round

        found = build_team_round(slug, number)
    if as_json:
        typer.echo(json.dumps([m.to_json() for m in found.matches], indent=2))
        return
    for m in found.matches:
        second = m.second.name if m.second else "bye"
        score = (
            f"  {format_points(m.score.first_gp, 0)}-{format_points(m.score.second_gp, 0)}"
            if m.score
            else ""
        )
        typer.echo(f"Match {m.number}: {m.first.name} - {second}{score}")
        for b in m.boards:
            typer.echo(f"  {b.board}. {b.first} ({b.first_colour}) - {b.second}  {b.result}")
