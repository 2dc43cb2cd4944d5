"""`mashindano simulate --preset NAME`: play a whole event of a preset with seeded random results.

Each preset's engine module does the playing; its view module (cli/*_view.py) renders it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

from mashindano.cli.errors import EXIT_INVALID_INPUT, EXIT_USAGE, fail, read_text, reported_errors
from mashindano.cli.options import parse_settings
from mashindano.cli.output import console, print_json
from mashindano.engine.model import Competitor
from mashindano.engine.parameters import override
from mashindano.interchange.players_csv import parse_players_csv

MAX_MONTHS = 240
"""Twenty league seasons; beyond, a simulation is not something to wait for."""
MAX_STANDARD_GAMES = 99


class SimulatedPreset(StrEnum):
    kiba_bao = "kiba-bao"
    gomoku_league = "gomoku-league"
    tantrix_knockout = "tantrix-knockout"
    tasaselo = "tasaselo"


@dataclass(frozen=True)
class SimulateOptions:
    seed: int
    changes: dict[str, str]
    months: int | None = None
    standard_games: int | None = None
    rounds: int | None = None
    k: int | None = None


Runner = Callable[[list[Competitor], SimulateOptions, bool], None]


def _kiba(roster: list[Competitor], options: SimulateOptions, as_json: bool) -> None:
    from mashindano.app.documents.simulations.kiba import KibaSimulationDocument
    from mashindano.cli import kiba_view
    from mashindano.engine.kiba import KIBA_BAO, simulate_tournament

    parameters = override(KIBA_BAO, options.changes)
    sim = simulate_tournament(roster, options.seed, parameters)
    _show(KibaSimulationDocument(sim), kiba_view.render_simulation, as_json)


def _gomoku(roster: list[Competitor], options: SimulateOptions, as_json: bool) -> None:
    from mashindano.app.documents.simulations.gomoku import GomokuSimulationDocument
    from mashindano.cli import gomoku_view
    from mashindano.engine.gomoku import GOMOKU_LEAGUE, simulate_league

    if options.months is None:
        raise fail("--preset gomoku-league needs --months M", EXIT_USAGE)
    parameters = override(GOMOKU_LEAGUE, options.changes)
    sim = simulate_league(roster, options.months, options.seed, parameters)
    _show(GomokuSimulationDocument(sim), gomoku_view.render_simulation, as_json)


def _tantrix(roster: list[Competitor], options: SimulateOptions, as_json: bool) -> None:
    from mashindano.app.documents.simulations.tantrix import TantrixSimulationDocument
    from mashindano.cli import tantrix_view
    from mashindano.engine.knockout.parameters import TANTRIX_KNOCKOUT
    from mashindano.engine.knockout.simulation import simulate_knockout

    parameters = override(TANTRIX_KNOCKOUT, options.changes)
    sim = simulate_knockout(roster, options.seed, parameters, options.standard_games)
    _show(TantrixSimulationDocument(sim), tantrix_view.render_simulation, as_json)


def _tasaselo(roster: list[Competitor], options: SimulateOptions, as_json: bool) -> None:
    from mashindano.app.documents.simulations.tasaselo import TasaseloSimulationDocument
    from mashindano.cli import tasaselo_view
    from mashindano.engine.tasaselo import TASASELO, simulate_tasaselo

    if options.rounds is None:
        raise fail("--preset tasaselo needs --rounds R", EXIT_USAGE)
    parameters = override(TASASELO, options.changes)
    sim = simulate_tasaselo(roster, options.rounds, options.seed, parameters, options.k)
    _show(TasaseloSimulationDocument(sim), tasaselo_view.render_simulation, as_json)


def _show(document: Any, render: Callable[[Any, Any], None], as_json: bool) -> None:
    """The document's JSON, or its simulation rendered for people."""
    if as_json:
        print_json(document.to_json())
    else:
        render(document.simulation, console)


RUNNERS: dict[SimulatedPreset, tuple[Runner, frozenset[str]]] = {
    SimulatedPreset.kiba_bao: (_kiba, frozenset()),
    SimulatedPreset.gomoku_league: (_gomoku, frozenset({"months"})),
    SimulatedPreset.tantrix_knockout: (_tantrix, frozenset({"standard_games"})),
    SimulatedPreset.tasaselo: (_tasaselo, frozenset({"rounds", "k"})),
}


def simulate(
    preset: Annotated[SimulatedPreset, typer.Option("--preset", help="The rule set to play.")],
    players: Annotated[
        Path, typer.Option("--players", help="PLAYERS.csv: name,rating,games_played,country.")
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
        typer.Option("--set", help="Override a preset parameter: --set name=value (repeatable)."),
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
    runner, accepted = RUNNERS[preset]
    optional = ("months", "standard_games", "rounds", "k")
    given = {name for name in optional if getattr(options, name) is not None}
    unused = given - accepted
    if unused:
        names = ", ".join("--" + name.replace("_", "-") for name in sorted(unused))
        raise fail(f"{names} does not apply to --preset {preset.value}", EXIT_USAGE)
    with reported_errors():
        roster = parse_players_csv(read_text(players), source=str(players))
        runner(roster, options, as_json)
