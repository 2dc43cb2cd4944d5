"""`mashindano simulate --preset knockout`: the engine plays a whole single- or
double-elimination event with seeded random games (`elimination_simulation`); the preset's CLI
view renders it (`cli.preset_parts.Simulation`). Parameters by `--set name=value`
(elimination, third_place, grand_final_reset, seeding, best_of)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from mashindano.cli.preset_parts import SimulateOptions, Simulation
from mashindano.cli.simulate import show
from mashindano.engine.knockout.elimination_simulation import EliminationSimulation
from mashindano.engine.model import Competitor
from mashindano.presets.knockout import PRESET_NAME

if TYPE_CHECKING:
    from mashindano.store.facts import Json


@dataclass(frozen=True, slots=True)
class KnockoutSimulationDocument:
    simulation: EliminationSimulation

    def to_json(self) -> dict[str, Json]:
        from mashindano.presets.knockout.documents import bracket_document

        sim = self.simulation
        names = {c.id: c.name for c in sim.entrants}
        document = bracket_document(sim.bracket, names).to_json()
        return {
            "preset": PRESET_NAME,
            "seed": sim.seed,
            "players": len(sim.entrants),
            "seeds": [
                {"seed": n, "player": c.id, "name": c.name, "rating": c.rating}
                for n, c in enumerate(sim.entrants, start=1)
            ],
            "matches_played": [
                {
                    "id": m.id,
                    "a": m.a,
                    "b": m.b,
                    "games": [g.value for g in m.games],
                    "winner": m.winner,
                }
                for m in sim.matches
            ],
            **document,
        }


def run(roster: list[Competitor], options: SimulateOptions, as_json: bool) -> None:
    from mashindano.engine.knockout.elimination_simulation import simulate_elimination
    from mashindano.presets.knockout import cli_view
    from mashindano.presets.knockout.parameters import knockout_parameters

    parameters = knockout_parameters(options.changes)
    sim = simulate_elimination(roster, options.seed, parameters.options)
    show(KnockoutSimulationDocument(sim), cli_view.render_simulation, as_json)


SIMULATION = Simulation(PRESET_NAME, run)
