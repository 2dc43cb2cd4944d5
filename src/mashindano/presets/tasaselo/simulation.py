"""`mashindano simulate --preset NAME` for this preset: the engine plays the whole event with
seeded random results; the preset's CLI view renders it (`cli.preset_parts.Simulation`)."""

from __future__ import annotations

from mashindano.cli.errors import EXIT_USAGE, fail
from mashindano.cli.preset_parts import SimulateOptions, Simulation
from mashindano.cli.simulate import show
from mashindano.engine.model import Competitor
from mashindano.engine.parameters import override
from mashindano.presets.tasaselo import PRESET_NAME


def run(roster: list[Competitor], options: SimulateOptions, as_json: bool) -> None:
    from mashindano.engine.tasaselo import TASASELO, simulate_tasaselo
    from mashindano.presets.tasaselo import cli_view
    from mashindano.presets.tasaselo.simulation_documents import TasaseloSimulationDocument

    if options.rounds is None:
        raise fail(f"--preset {PRESET_NAME} needs --rounds R", EXIT_USAGE)
    parameters = override(TASASELO, options.changes)
    sim = simulate_tasaselo(roster, options.rounds, options.seed, parameters, options.k)
    show(TasaseloSimulationDocument(sim), cli_view.render_simulation, as_json)


SIMULATION = Simulation(PRESET_NAME, run, frozenset({"rounds", "k"}))
