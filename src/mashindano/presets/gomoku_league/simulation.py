"""`mashindano simulate --preset NAME` for this preset: the engine plays the whole event with
seeded random results; the preset's CLI view renders it (`cli.preset_parts.Simulation`)."""

from __future__ import annotations

from mashindano.cli.errors import EXIT_USAGE, fail
from mashindano.cli.preset_parts import SimulateOptions, Simulation
from mashindano.cli.simulate import show
from mashindano.engine.model import Competitor
from mashindano.engine.parameters import override
from mashindano.presets.gomoku_league import PRESET_NAME


def run(roster: list[Competitor], options: SimulateOptions, as_json: bool) -> None:
    from mashindano.engine.gomoku import GOMOKU_LEAGUE, simulate_league
    from mashindano.presets.gomoku_league import cli_view
    from mashindano.presets.gomoku_league.simulation_documents import GomokuSimulationDocument

    if options.months is None:
        raise fail(f"--preset {PRESET_NAME} needs --months M", EXIT_USAGE)
    parameters = override(GOMOKU_LEAGUE, options.changes)
    sim = simulate_league(roster, options.months, options.seed, parameters)
    show(GomokuSimulationDocument(sim), cli_view.render_simulation, as_json)


SIMULATION = Simulation(PRESET_NAME, run, frozenset({"months"}))
