"""The KIBA seed and simulation documents (presets.kiba_bao.simulation_documents) and
cli/kiba_view.py's Rich rendering for `seed` and `simulate`."""

from __future__ import annotations

import json

from rich.console import Console

from mashindano.engine.kiba.seeding import compute_initial_list
from mashindano.engine.kiba.simulation import SimulatedWithdrawal, simulate_tournament
from mashindano.engine.kiba.stage_kind import StageKind
from mashindano.engine.kiba.stages import qualification_groups
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.presets.kiba_bao.cli_view import render_seed, render_simulation
from mashindano.presets.kiba_bao.simulation_documents import seed_json, simulation_json


def field(count: int) -> list[Competitor]:
    return [
        Competitor(CompetitorId(f"P{i:02d}"), f"P{i:02d}", 1500 + 29 * i % 600, i * 3, "TZ")
        for i in range(count)
    ]


def test_kiba_seed_json_lists_seeds_and_berger_numbers() -> None:
    initial = compute_initial_list(field(16))
    document = seed_json(initial, qualification_groups(initial))
    json.dumps(document)
    assert document["preset"] == "kiba-bao"
    assert document["group_count"] == 3
    assert [row["seed"] for row in document["initial_list"]] == list(range(1, 17))
    assert {"category", "kiba_score", "elo", "games_played"} <= set(document["initial_list"][0])
    group_b = document["groups"][1]
    assert [p["berger"] for p in group_b["players"]] == [1, 2, 3, 4, 5, 6]
    assert group_b["players"][-1] == {"berger": 6, "seed": None, "name": "−1", "dummy": True}
    assert group_b["rounds"][0] == [[1, -1], [2, 5], [3, 4]]


def test_kiba_render_seed_shows_groups() -> None:
    initial = compute_initial_list(field(7))
    console = Console(record=True, width=120)
    render_seed(initial, qualification_groups(initial), console)
    text = console.export_text()
    assert "Initial list" in text
    assert "Group A" in text
    assert "Group B" in text


def test_kiba_simulation_json_is_one_document() -> None:
    players = field(16)
    sim = simulate_tournament(
        players, 3, withdrawals=[SimulatedWithdrawal(players[5].id, StageKind.QUALIFICATION, 9)]
    )
    document = simulation_json(sim)
    json.dumps(document)
    assert [s["stage"] for s in document["stages"]] == ["qualification", "semifinal"]
    group = document["stages"][0]["groups"][0]
    pairing = group["pairings"][0]
    assert {"south", "north", "result", "games", "berger_round"} <= set(pairing)
    assert len(pairing["result"]) == 2
    assert [g["south"] for g in pairing["games"]] == [pairing["south"], pairing["north"]]
    row = group["standings"][0]
    assert set(row["tiebreaks"]) == {"neustadtl", "kiba-score", "playoff"}
    assert document["winner"] == sim.winner.name
    assert document["final"]["winner"] == sim.winner.name
    assert len(document["final"]["games"]) in (2, 3)
    assert document["withdrawals"] == [{"player": players[5].id, "stage": "qualification"}]


def test_kiba_render_simulation_prints_every_stage_and_the_winner() -> None:
    sim = simulate_tournament(field(10), 5)
    console = Console(record=True, width=140)
    render_simulation(sim, console)
    text = console.export_text()
    for heading in ("Qualification stage", "Semifinal stage", "neustadtl", "kiba-score", "Final"):
        assert heading in text
    assert f"Winner: {sim.winner.name}" in text
