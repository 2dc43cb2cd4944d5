"""The CLI view of a simulation: JSON shape and exactness, and the Rich rendering.

(Kept beside the engine tests of the Gomoku issue; tests/cli/ may adopt it.)
"""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest
from rich.console import Console

from mashindano.cli.gomoku_view import format_exact, render_simulation, simulation_json
from mashindano.engine.gomoku import LeagueSimulation, simulate_league
from mashindano.engine.model import Competitor, CompetitorId


@pytest.fixture(scope="module")
def sim() -> LeagueSimulation:
    roster = [Competitor(CompetitorId(f"p{k}"), f"Player {k}") for k in range(1, 10)]
    return simulate_league(roster, months=3, seed=8)


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (Fraction(22), "22"),
        (Fraction(25, 2), "12.5"),
        (Fraction(9, 5), "1.8"),
        (Fraction(50, 3), "50/3"),
        (Fraction(1, 40), "0.025"),
        (Fraction(-3, 4), "-0.75"),
        (Fraction(0), "0"),
    ],
)
def test_format_exact(value: Fraction, text: str) -> None:
    assert format_exact(value) == text
    back = Fraction(text)
    assert back == value


def test_json_shape(sim: LeagueSimulation) -> None:
    document = simulation_json(sim)
    assert list(document) == ["months"]
    assert len(document["months"]) == 3
    for month in document["months"]:
        assert list(month) == ["list", "matches", "points", "coefficients", "removed", "prizes"]
    json.dumps(document)


def test_json_values_are_exact(sim: LeagueSimulation) -> None:
    document = simulation_json(sim)
    for simulated, month in zip(sim.months, document["months"], strict=True):
        ladder = simulated.stage.ladder
        assert [row["id"] for row in month["list"]] == list(ladder.ids)
        assert [row["position"] for row in month["list"]] == list(range(1, len(ladder) + 1))
        for competitor, row in month["coefficients"].items():
            update = simulated.outcome.ranking.updates[competitor]
            assert Fraction(row["new"]) == update.new
            assert Fraction(row["old"]) == update.old
            thousandths = math.floor(update.new * 1000 + Fraction(1, 2))
            assert row["display"] == f"{thousandths // 1000}.{thousandths % 1000:03d}"
        for competitor, row in month["points"].items():
            assert Fraction(row["total"]) == simulated.outcome.points[competitor].total
        assert len(month["matches"]) == len(simulated.matches)
        assert month["prizes"][0]["kind"] == "league-star"


def test_render_prints_a_block_per_month(sim: LeagueSimulation) -> None:
    console = Console(record=True, width=140)
    render_simulation(sim, console)
    text = console.export_text()
    for month in sim.months:
        assert f"Stage {month.month}" in text
        assert f"{month.month}: matches" in text
    assert "Player 1" in text
