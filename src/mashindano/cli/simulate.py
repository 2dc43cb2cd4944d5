"""`mashindano simulate --preset NAME`: play a whole event of a preset with seeded random results.

Each preset's `simulation` module (`cli.preset_parts.Simulation`) has its engine play the event
and its view render it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from mashindano.cli.errors import EXIT_INVALID_INPUT, EXIT_USAGE, fail, read_text, reported_errors
from mashindano.cli.options import parse_settings
from mashindano.cli.output import console, print_json
from mashindano.cli.preset_parts import SimulateOptions, Simulation, simulations
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.interchange.players_csv import parse_players_csv

MAX_MONTHS = 240
"""Twenty league seasons; beyond, a simulation is not something to wait for."""
MAX_STANDARD_GAMES = 99


def _simulations() -> dict[str, Simulation]:
    return simulations()


def show(document: Any, render: Callable[[Any, Any], None], as_json: bool) -> None:
    """The document's JSON, or its simulation rendered for people."""
    if as_json:
        print_json(document.to_json())
    else:
        render(document.simulation, console)


def simulate(
    preset: Annotated[
        str,
        typer.Option(
            "--preset",
            help="The rule set to play: " + ", ".join(_simulations()) + ".",
        ),
    ],
    players: Annotated[
        Path,
        typer.Option(
            "--players",
            help="PLAYERS.csv: name,rating,games_played,country; or a number N of generated "
            "players (Player 1 .. Player N, ratings from 2400 down by 25).",
        ),
    ],
    seed: Annotated[int, typer.Option("--seed", help="Seed for every random draw.")] = 1,
    months: Annotated[
        int | None, typer.Option("--months", help="gomoku-league: monthly stages to play.")
    ] = None,
    standard_games: Annotated[
        int | None,
        typer.Option("--standard-games", help="tantrix-knockout: standard games per match."),
    ] = None,
    rounds: Annotated[
        int | None, typer.Option("--rounds", help="tasaselo: rounds to play (1-15).")
    ] = None,
    k: Annotated[
        int | None, typer.Option("--k", help="tasaselo: K factor of the variable selo (20-300).")
    ] = None,
    settings: Annotated[
        list[str] | None,
        typer.Option(
            "--set",
            help="Override a preset parameter: --set name=value (repeatable); `mashindano "
            "event parameters PRESET` lists them, `mashindano tiebreaks` the tie-break names.",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
) -> None:
    """Play a whole event with random results drawn from --seed and print how it went."""
    options = SimulateOptions(
        seed=seed,
        changes=parse_settings(settings or []),
        months=months,
        standard_games=standard_games,
        rounds=rounds,
        k=k,
    )
    for option, value, highest in (
        ("--months", months, MAX_MONTHS),
        ("--standard-games", standard_games, MAX_STANDARD_GAMES),
    ):
        if value is not None and value > highest:
            raise fail(f"{option} {value}: at most {highest} can be simulated", EXIT_INVALID_INPUT)
    simulation = _simulations().get(preset)
    if simulation is None:
        known = ", ".join(_simulations())
        raise fail(f"--preset {preset}: no simulation (known: {known})", EXIT_USAGE)
    runner, accepted = simulation.run, simulation.options
    optional = ("months", "standard_games", "rounds", "k")
    given = {name for name in optional if getattr(options, name) is not None}
    unused = given - accepted
    if unused:
        names = ", ".join("--" + name.replace("_", "-") for name in sorted(unused))
        raise fail(f"{names} does not apply to --preset {preset}", EXIT_USAGE)
    with reported_errors():
        roster = _generated(players) or parse_players_csv(read_text(players), source=str(players))
        runner(roster, options, as_json)


MAX_GENERATED = 1024


def _generated(players: Path) -> list[Competitor]:
    """`--players N` with no file of that name: N players, rated from 2400 down by 25."""
    text = str(players)
    if not text.isdigit() or players.exists():
        return []
    count = int(text)
    if not 2 <= count <= MAX_GENERATED:
        raise fail(f"--players {count}: between 2 and {MAX_GENERATED} players", EXIT_USAGE)
    return [
        Competitor(CompetitorId(f"Player {n}"), f"Player {n}", rating=max(2400 - 25 * (n - 1), 100))
        for n in range(1, count + 1)
    ]
