"""A simulated Tasaselo event (`mashindano simulate --preset tasaselo`) as a document: each
round's pairings, variable selos, games and byes; the prize groups with their comparison
figures; the prizes. Shaping only, no rules here.

JSON conventions (exactness stays visible):
- whole numbers that are whole by nature (ranks, player numbers, starting selos, game counts,
  board numbers) are JSON numbers;
- every other value (points, variable selos, comparison figures, performance numbers,
  expected results, result minus expected) is a string holding the exact value: an integer
  ("1650"), a terminating decimal ("1707.2", "4.5") or a fraction when no decimal ends
  ("5000/3");
- a pairing is [white, black] by player id; black is null when the player meets the ghost.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from mashindano.app.documents.values import format_exact
from mashindano.engine.model import CompetitorId
from mashindano.engine.tasaselo.comparison import ComparisonRow
from mashindano.engine.tasaselo.prizes import GroupStandings, Prize
from mashindano.engine.tasaselo.scoring import (
    GHOST_WIN,
    MISSED_ROUND,
    ROUND1_REST,
    points_for_bye,
    points_for_game,
)
from mashindano.engine.tasaselo.simulation import SimulatedRound, TasaseloSimulation


@dataclass(frozen=True, slots=True)
class TasaseloSimulationDocument:
    simulation: TasaseloSimulation

    def to_json(self) -> dict[str, Any]:
        return simulation_json(self.simulation)


def _optional(value: Fraction | None) -> str | None:
    return None if value is None else format_exact(value)


def simulation_json(sim: TasaseloSimulation) -> dict[str, Any]:
    """`{"rounds": [{"pairings": [[white, black], ...], "selo": {...}, "games": [...],
    "byes": [...]}], "prize_groups": [...], "prizes": [...]}`; "selo" holds the variable selos
    each round was paired from, "games" every game's result and "byes" every round spent
    without a game (against the ghost, the round-1 rest, an absence)."""
    return {
        "rounds": [_round_json(sim, r) for r in sim.rounds],
        "prize_groups": [_group_json(sim, g) for g in sim.standings.groups],
        "prizes": [_prize_json(sim, p) for p in sim.standings.prizes],
    }


_BYE_NAMES = {GHOST_WIN: "ghost", ROUND1_REST: "round1-rest", MISSED_ROUND: "absent"}


def _round_json(sim: TasaseloSimulation, simulated: SimulatedRound) -> dict[str, Any]:
    system = sim.parameters.scoring
    board_of = {b.white: b.number for b in simulated.pairing.boards}
    return {
        "pairings": [[b.white, b.black] for b in simulated.pairing.boards],
        "selo": {c: format_exact(s) for c, s in simulated.selo.items()},
        "games": [
            {
                "board": board_of.get(game.first),
                "white": game.first,
                "black": game.second,
                "result": game.result.value,
                "points": [
                    format_exact(points_for_game(game, game.first, system)),
                    format_exact(points_for_game(game, game.second, system)),
                ],
            }
            for game in simulated.games
        ],
        "byes": [
            {
                "id": bye.competitor,
                "kind": _BYE_NAMES.get(bye.kind, bye.kind.value),
                "board": board_of.get(bye.competitor) if bye.kind is GHOST_WIN else None,
                "points": format_exact(points_for_bye(bye, sim.parameters)),
            }
            for bye in simulated.byes
        ],
    }


def _group_json(sim: TasaseloSimulation, standings: GroupStandings) -> dict[str, Any]:
    group = standings.group
    return {
        "name": group.name,
        "highest_selo": group.highest_selo,
        "lowest_selo": group.lowest_selo,
        "standings": [
            _row_json(sim, rank, row) for rank, row in enumerate(standings.rows, start=1)
        ],
    }


def _row_json(sim: TasaseloSimulation, rank: int, row: ComparisonRow) -> dict[str, Any]:
    return {
        "rank": rank,
        "number": row.number,
        "id": row.competitor,
        "name": row.name,
        "selo": row.selo,
        "selo_estimated": row.competitor in sim.estimated,
        "variable_selo": format_exact(sim.final_selo[row.competitor]),
        "points": format_exact(row.points),
        "games": row.games,
        "result": format_exact(row.result),
        "comparison": _optional(row.comparison),
        "performance": _optional(row.performance),
        "expected": format_exact(row.expected),
        "result_minus_expected": format_exact(row.result_minus_expected),
        "prize_eligible": is_prize_eligible(sim, row.competitor),
    }


def _prize_json(sim: TasaseloSimulation, prize: Prize) -> dict[str, Any]:
    return {
        "kind": prize.kind.value,
        "group": prize.group,
        "place": prize.place,
        "id": prize.competitor,
        "name": sim.name_of(prize.competitor),
    }


def is_prize_eligible(sim: TasaseloSimulation, competitor: CompetitorId) -> bool:
    reserve = sim.event.roster.reserve
    return competitor != reserve or sim.parameters.reserve_prize_eligible
