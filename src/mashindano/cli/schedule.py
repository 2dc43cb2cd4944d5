"""`mashindano schedule round-robin`: print a round-robin schedule."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer
from rich.table import Table

from mashindano.cli.errors import EXIT_INVALID_INPUT, fail, reported_errors
from mashindano.cli.output import console, print_json
from mashindano.engine.schedules import ScheduleTable, round_robin_schedule

app = typer.Typer(help="Round-robin schedules.", no_args_is_help=True)

MAX_PLAYERS = 1000
"""Beyond this a schedule is not something to print (1,000 players: 999 rounds of 500 boards)."""


class TableChoice(StrEnum):
    fide = "fide"
    kiba = "kiba"


@app.command("round-robin")
def round_robin(
    players: Annotated[int, typer.Option("--players", "-n", help="Number of players (2+).")],
    table: Annotated[
        TableChoice, typer.Option(help="fide: FIDE Berger tables; kiba: KIBA Bao rotation.")
    ] = TableChoice.fide,
    double: Annotated[
        bool, typer.Option("--double", help="Two cycles, colours reversed in the second.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
) -> None:
    """Pairings of every round; the first-listed player has White (South).

    With an odd number of players the opponent 0 (JSON) or "bye" means the player sits out.
    """
    if players > MAX_PLAYERS:
        raise fail(
            f"--players {players}: a round-robin schedule has at most {MAX_PLAYERS} players",
            EXIT_INVALID_INPUT,
        )
    with reported_errors():
        schedule = round_robin_schedule(
            players, table=ScheduleTable(table.value), cycles=2 if double else 1
        )
    rounds = [
        [(0 if a == schedule.dummy else a, 0 if b == schedule.dummy else b) for a, b in round_pairs]
        for round_pairs in schedule.rounds
    ]
    if as_json:
        print_json({"rounds": [[list(pair) for pair in r] for r in rounds]})
        return
    title = f"{table.value.upper()} round-robin, {players} players"
    title += ", double" if double else ""
    grid = Table(title=title)
    grid.add_column("Round", justify="right")
    for board in range(1, len(rounds[0]) + 1):
        grid.add_column(f"Board {board}", justify="center")
    for number, pairs in enumerate(rounds, start=1):
        grid.add_row(str(number), *(_pair_text(a, b) for a, b in pairs))
    console.print(grid)


def _pair_text(a: int, b: int) -> str:
    if b == 0:
        return f"{a} bye"
    if a == 0:
        return f"{b} bye"
    return f"{a}-{b}"
