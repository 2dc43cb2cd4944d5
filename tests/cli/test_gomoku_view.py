"""The CLI view of a simulation: JSON shape and exactness, and the Rich rendering.

(Kept beside the engine tests of the Gomoku issue; tests/cli/ may adopt it.)
"""

from __future__ import annotations

import json
import math
from datetime import UTC, datetime
from fractions import Fraction

import pytest
from rich.console import Console

from mashindano.app.documents.values import format_exact
from mashindano.engine.gomoku import LeagueSimulation, simulate_league
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.presets.gomoku_league.cli_view import render_simulation
from mashindano.presets.gomoku_league.simulation_documents import simulation_json


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
        assert list(month) == [
            "list",
            "matches",
            "points",
            "coefficients",
            "removed",
            "prizes",
            "newcomers",
            "returning",
            "registrations",
            "on_leave",
            "leave_requests",
            "flagged",
            "sanctioned",
        ]
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


@pytest.fixture(scope="module")
def long_run() -> LeagueSimulation:
    roster = [Competitor(CompetitorId(f"p{k}"), f"Player {k}") for k in range(1, 15)]
    return simulate_league(roster, months=24, seed=11)


def _instant(text: str) -> datetime:
    at = datetime.fromisoformat(text)
    offset = at.utcoffset()
    assert offset is not None, text
    assert offset.total_seconds() == 0, text
    return at.astimezone(UTC)


def test_json_names_newcomers_with_their_application_times(long_run: LeagueSimulation) -> None:
    document = simulation_json(long_run)
    seen_newcomer = seen_late = False
    for simulated, month in zip(long_run.months, document["months"], strict=True):
        stage = simulated.stage
        listed = {row["id"]: row["entry"] for row in month["list"]}
        assert [n["id"] for n in month["newcomers"]] == list(stage.newcomers)
        assert {n["id"] for n in month["newcomers"]} == {
            c for c, entry in listed.items() if entry == "newcomer"
        }
        assert [r["id"] for r in month["returning"]] == list(stage.returning)
        received = {r.competitor.id: r.received_at for r in simulated.registrations}
        for newcomer in month["newcomers"]:
            applied = _instant(newcomer["applied_at"])
            assert applied == received[newcomer["id"]]
            # R4: registrations are received on days 1-7 of the stage's month.
            assert (applied.year, applied.month) == (simulated.month.year, simulated.month.month)
            assert applied.day <= 7
            assert newcomer["name"] == long_run.name_of(newcomer["id"])
            seen_newcomer = True
        entered = [r for r in month["registrations"] if r["entered_as"] is not None]
        assert {r["id"] for r in entered} == set(stage.newcomers) | set(stage.returning)
        refused = [r for r in month["registrations"] if r["refusal"] is not None]
        assert len(entered) + len(refused) == len(simulated.registrations)
        assert sorted(r["refusal"]["code"] for r in refused) == sorted(
            r.code for r in stage.rejected if r.competitor in received
        )
        for registration in refused:
            if registration["refusal"]["code"] == "registration_closed":
                assert _instant(registration["applied_at"]).day >= 8
                seen_late = True
    assert seen_newcomer
    assert seen_late


def test_json_names_the_players_on_leave(long_run: LeagueSimulation) -> None:
    document = simulation_json(long_run)
    seen = False
    for simulated, month in zip(long_run.months, document["months"], strict=True):
        listed = {row["id"] for row in month["list"]}
        on_leave = [row["id"] for row in month["on_leave"]]
        assert on_leave == list(simulated.stage.on_leave)
        assert not listed & set(on_leave)
        requests = {r["id"]: r for r in month["leave_requests"]}
        assert len(requests) == len(simulated.leave_requests)
        for row in month["on_leave"]:
            assert requests[row["id"]]["refusal"] is None
            assert requests[row["id"]]["notified_at"] == row["notified_at"]
            # R50, A20: the leave is notified before 00:00 on day 1 of the month it covers.
            assert _instant(row["notified_at"]) < simulated.month.starts_at
            seen = True
        refused = [r for r in month["leave_requests"] if r["refusal"] is not None]
        assert len(refused) + len(on_leave) == len(simulated.leave_requests)
    assert seen


def test_json_names_the_sanctioned_players(long_run: LeagueSimulation) -> None:
    document = simulation_json(long_run)
    months = document["months"]
    seen = False
    for index, (simulated, month) in enumerate(zip(long_run.months, months, strict=True)):
        flagged = {row["id"] for row in month["flagged"]}
        assert flagged == set(simulated.flagged)
        sanctioned = {row["id"] for row in month["sanctioned"]}
        assert sanctioned == set(simulated.outcome.sanctioned)
        assert sanctioned <= flagged
        for row in month["sanctioned"]:
            if row["suspended_from"] is None:
                continue
            seen = True
            assert row["suspended_from"] == str(simulated.month.next())
            assert row["stages"] >= 1
            # R40: a suspended player sits out the next stage, so is not on its list.
            if index + 1 < len(months):
                assert row["id"] not in {r["id"] for r in months[index + 1]["list"]}
    assert seen
