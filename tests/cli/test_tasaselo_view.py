"""The CLI view of a Tasaselo simulation: JSON shape and exactness, and the Rich rendering.

(Kept beside the engine tests of issue 7; tests/cli/ may adopt it.)
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from rich.console import Console

from mashindano.app.documents.values import format_exact
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.engine.tasaselo import EventChanges, TasaseloSimulation, simulate_tasaselo
from mashindano.engine.tasaselo.entries import Status
from mashindano.presets.tasaselo.cli_view import render_simulation
from mashindano.presets.tasaselo.simulation_documents import simulation_json


@pytest.fixture(scope="module")
def sim() -> TasaseloSimulation:
    players = [
        Competitor(CompetitorId(f"p{n}"), f"Player {n}", 2000 - 17 * n) for n in range(1, 14)
    ]
    players.append(Competitor(CompetitorId("unrated"), "Unrated"))
    changes = EventChanges(reserve=CompetitorId("p12"))
    return simulate_tasaselo(players, 5, 8, k=20, changes=changes)


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (Fraction(1650), "1650"),
        (Fraction(17072, 10), "1707.2"),
        (Fraction(9, 2), "4.5"),
        (Fraction(5000, 3), "5000/3"),
        (Fraction(-3, 4), "-0.75"),
        (Fraction(0), "0"),
    ],
)
def test_format_exact(value: Fraction, text: str) -> None:
    assert format_exact(value) == text
    assert Fraction(text) == value


def test_json_shape(sim: TasaseloSimulation) -> None:
    document = simulation_json(sim)
    assert set(document) == {"rounds", "prize_groups", "prizes"}
    assert len(document["rounds"]) == 5
    for round_json, simulated in zip(document["rounds"], sim.rounds, strict=True):
        assert set(round_json) == {"pairings", "selo", "games", "byes"}
        assert round_json["pairings"] == [[b.white, b.black] for b in simulated.pairing.boards]
        assert {c: Fraction(v) for c, v in round_json["selo"].items()} == simulated.selo
    assert json.loads(json.dumps(document)) == document


def test_json_values_are_exact(sim: TasaseloSimulation) -> None:
    document = simulation_json(sim)
    rows = {row["id"]: row for g in document["prize_groups"] for row in g["standings"]}
    assert len(rows) == 14
    for comparison in sim.standings.comparison:
        row = rows[comparison.competitor]
        assert Fraction(row["points"]) == comparison.points
        assert Fraction(row["variable_selo"]) == sim.final_selo[comparison.competitor]
        assert Fraction(row["result_minus_expected"]) == comparison.result_minus_expected
        if comparison.comparison is not None:
            assert Fraction(row["comparison"]) == comparison.comparison
    assert rows["unrated"]["selo_estimated"] is True
    assert rows["p12"]["prize_eligible"] is False
    for prize in document["prizes"]:
        assert set(prize) == {"kind", "group", "place", "id", "name"}
        assert prize["id"] != "p12"


def test_ghost_pairings_have_null_black() -> None:
    players = [Competitor(CompetitorId(f"p{n}"), f"P{n}", 1800 - n) for n in range(1, 8)]
    document = simulation_json(simulate_tasaselo(players, 2, 1))
    for round_json in document["rounds"]:
        assert round_json["pairings"][-1][1] is None


@pytest.fixture(scope="module")
def eventful() -> TasaseloSimulation:
    """13 players and a late entry: a ghost, a round-1 rest (R6), an absence (R5) and a
    withdrawal (R5)."""
    players = [
        Competitor(CompetitorId(f"p{n}"), f"Player {n}", 2000 - 17 * n) for n in range(1, 14)
    ]
    changes = EventChanges(
        late_entries=((Competitor(CompetitorId("late"), "Late", 1700), 2),),
        absences=((CompetitorId("p5"), 3),),
        withdrawals=((CompetitorId("p7"), 4),),
        resting_in_round1=(CompetitorId("p13"),),
    )
    return simulate_tasaselo(players, 5, 8, changes=changes)


def test_json_has_every_game_result_and_bye(eventful: TasaseloSimulation) -> None:
    document = simulation_json(eventful)
    kinds: set[str] = set()
    for round_json, simulated in zip(document["rounds"], eventful.rounds, strict=True):
        games = [(g["white"], g["black"], g["result"]) for g in round_json["games"]]
        assert games == [(g.first, g.second, g.result.value) for g in simulated.games]
        boards = {b.number: b for b in simulated.pairing.boards}
        for game in round_json["games"]:
            board = boards[game["board"]]
            assert (board.white, board.black) == (game["white"], game["black"])
        for bye in round_json["byes"]:
            kinds.add(bye["kind"])
            if bye["kind"] == "ghost":
                assert boards[bye["board"]].black is None
                assert boards[bye["board"]].white == bye["id"]
            else:
                assert bye["board"] is None
        # Every player in the event that round appears once: in a game or in a bye; players
        # who withdrew or have not entered yet do not appear.
        seen = [p for g in round_json["games"] for p in (g["white"], g["black"])]
        seen += [b["id"] for b in round_json["byes"]]
        assert len(seen) == len(set(seen))
        roster = eventful.event.roster
        present = (Status.PLAYING, Status.RESTING, Status.ABSENT)
        assert set(seen) == {
            e.id for e in roster.entries if roster.status(e.id, simulated.round) in present
        }
    assert kinds == {"ghost", "round1-rest", "absent"}


def test_json_games_and_byes_add_up_to_the_standings_points(
    eventful: TasaseloSimulation,
) -> None:
    document = simulation_json(eventful)
    totals: dict[str, Fraction] = {}
    for round_json in document["rounds"]:
        for game in round_json["games"]:
            for player, points in zip((game["white"], game["black"]), game["points"], strict=True):
                totals[player] = totals.get(player, Fraction(0)) + Fraction(points)
        for bye in round_json["byes"]:
            totals[bye["id"]] = totals.get(bye["id"], Fraction(0)) + Fraction(bye["points"])
    rows = {row["id"]: row for g in document["prize_groups"] for row in g["standings"]}
    assert {c: Fraction(row["points"]) for c, row in rows.items()} == {
        c: totals.get(c, Fraction(0)) for c in rows
    }


def test_render(sim: TasaseloSimulation) -> None:
    console = Console(record=True, width=160)
    render_simulation(sim, console)
    text = console.export_text()
    assert "Round 5" in text
    assert "Group A" in text
    assert "performance #1" in text
    assert "Estimated selo (no rating given): Unrated" in text
    assert "(reserve)" in text
