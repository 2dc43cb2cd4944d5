"""`mashindano simulate --preset NAME` for this preset: the engine plays the whole event with
seeded random results; the preset's CLI view renders it (`cli.preset_parts.Simulation`)."""

from __future__ import annotations

from mashindano.cli.preset_parts import SimulateOptions, Simulation
from mashindano.cli.simulate import show
from mashindano.engine.model import Competitor
from mashindano.engine.parameters import override
from mashindano.presets.kiba_bao import PRESET_NAME


def run(roster: list[Competitor], options: SimulateOptions, as_json: bool) -> None:
    from mashindano.engine.kiba import KIBA_BAO, simulate_tournament
    from mashindano.presets.kiba_bao import cli_view
    from mashindano.presets.kiba_bao.simulation_documents import KibaSimulationDocument

    parameters = override(KIBA_BAO, options.changes)
    sim = simulate_tournament(roster, options.seed, parameters)
    show(KibaSimulationDocument(sim), cli_view.render_simulation, as_json)


SIMULATION = Simulation(PRESET_NAME, run)
