"""`mashindano simulate --preset NAME` for this preset: the engine plays the whole event with
seeded random results; the preset's CLI view renders it (`cli.preset_parts.Simulation`)."""

from __future__ import annotations

from mashindano.cli.preset_parts import SimulateOptions, Simulation
from mashindano.cli.simulate import show
from mashindano.engine.model import Competitor
from mashindano.engine.parameters import override
from mashindano.presets.tantrix_knockout import PRESET_NAME


def run(roster: list[Competitor], options: SimulateOptions, as_json: bool) -> None:
    from mashindano.engine.knockout.parameters import TANTRIX_KNOCKOUT
    from mashindano.engine.knockout.simulation import simulate_knockout
    from mashindano.presets.tantrix_knockout import cli_view
    from mashindano.presets.tantrix_knockout.simulation_documents import TantrixSimulationDocument

    parameters = override(TANTRIX_KNOCKOUT, options.changes)
    sim = simulate_knockout(roster, options.seed, parameters, options.standard_games)
    show(TantrixSimulationDocument(sim), cli_view.render_simulation, as_json)


SIMULATION = Simulation(PRESET_NAME, run, frozenset({"standard_games"}))
