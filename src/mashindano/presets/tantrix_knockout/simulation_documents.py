"""A simulated Tantrix knockout (`mashindano simulate --preset tantrix-knockout`) as a
document. Shaping only; every decision was made by the engine (`engine.knockout.simulation`).

JSON shape: {"rounds": [{"matches": [{"a", "b", "games": [[tp_a, tp_b], ...], "winner",
"ended_by"}]}], "champion", "plate"}. TPs are numbers with one decimal. A bye is a match with
"b" null, no games and "ended_by": "bye". With a third-place match, it follows the final in the
last round. "plate" is the plate competition of the first-round losers in the same shape,
{"rounds": [...], "champion"}, or null when no plate was played.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mashindano.app.documents.values import tp_to_json
from mashindano.engine.knockout.simulation import (
    KnockoutSimulation,
    SimulatedBracket,
    SimulatedMatch,
)


@dataclass(frozen=True, slots=True)
class TantrixSimulationDocument:
    simulation: KnockoutSimulation

    def to_json(self) -> dict[str, Any]:
        return simulation_json(self.simulation)


def match_json(match: SimulatedMatch) -> dict[str, Any]:
    return {
        "a": match.a,
        "b": match.b,
        "games": [[tp_to_json(a), tp_to_json(b)] for a, b in match.tps],
        "winner": match.winner,
        "ended_by": match.ended_by,
    }


def simulation_json(sim: KnockoutSimulation) -> dict[str, Any]:
    return {
        **_bracket_json(sim.main),
        "plate": None if sim.plate is None else _bracket_json(sim.plate),
    }


def _bracket_json(played: SimulatedBracket) -> dict[str, Any]:
    return {
        "rounds": [{"matches": [match_json(m) for m in matches]} for matches in played.rounds],
        "champion": played.champion,
    }
