"""The seeded simulation: reproducible, unrated players estimated, errors for bad input."""

from __future__ import annotations

import random

import pytest

from mashindano.engine.errors import ConfigError, NoValidPairing
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.engine.parameters import override
from mashindano.engine.tasaselo import TASASELO, EventChanges, simulate_tasaselo


def field(count: int, top: int = 2000, step: int = 10) -> list[Competitor]:
    return [
        Competitor(CompetitorId(f"p{n}"), f"Player {n}", top - step * (n - 1))
        for n in range(1, count + 1)
    ]


def test_same_seed_same_tournament() -> None:
    first = simulate_tasaselo(field(15), 5, 3)
    assert first == simulate_tasaselo(field(15), 5, 3)
    other = simulate_tasaselo(field(15), 5, 4)
    assert [r.pairing for r in other.rounds] != [r.pairing for r in first.rounds]
    assert first.seed == 3
    assert all(r.pairing.seed >= 0 for r in first.rounds)


def test_global_random_state_is_untouched() -> None:
    random.seed(99)
    before = random.getstate()
    simulate_tasaselo(field(9), 3, 1)
    assert random.getstate() == before


def test_rounds_record_the_selos_they_were_paired_from() -> None:
    sim = simulate_tasaselo(field(10), 4, 2)
    assert sim.rounds[0].selo == {f"p{n}": 2000 - 10 * (n - 1) for n in range(1, 11)}
    for simulated in sim.rounds[1:]:
        order = [simulated.selo[c] for c in simulated.pairing.order]
        assert order == sorted(order, reverse=True)
    assert [r.round for r in sim.rounds] == [1, 2, 3, 4]


def test_unrated_players_start_at_the_lowest_selo() -> None:
    players = [*field(7), Competitor(CompetitorId("new"), "New")]
    sim = simulate_tasaselo(players, 2, 1)
    entry = sim.event.roster.entry(CompetitorId("new"))
    assert entry.selo == 1940
    assert entry.number == 8
    assert sim.estimated == {"new"}
    fixed = override(TASASELO, {"unrated_selo": 1200})
    assert (
        simulate_tasaselo(players, 2, 1, fixed).event.roster.entry(CompetitorId("new")).selo == 1200
    )
    nobody = [Competitor(CompetitorId(f"u{n}"), f"U{n}") for n in range(6)]
    assert {e.selo for e in simulate_tasaselo(nobody, 1, 1).event.roster.entries} == {1500}


def test_changes_are_played_out() -> None:
    late = Competitor(CompetitorId("late"), "Late", None)
    changes = EventChanges(
        late_entries=((late, 2),),
        absences=((CompetitorId("p2"), 2),),
        withdrawals=((CompetitorId("p3"), 3),),
        resting_in_round1=(CompetitorId("p4"),),
        reserve=CompetitorId("p9"),
    )
    sim = simulate_tasaselo(field(10), 4, 5, changes=changes)
    first, second, third = (r.pairing.players for r in sim.rounds[:3])
    assert "p4" not in first
    assert "late" in second
    assert "p2" not in second
    assert "p3" not in third
    assert "late" in sim.estimated
    assert "late" not in sim.rounds[0].selo
    assert "late" in sim.rounds[1].selo


def test_bad_input() -> None:
    with pytest.raises(ConfigError, match="got 16"):
        simulate_tasaselo(field(10), 16, 1)
    with pytest.raises(ConfigError, match="got 5"):
        simulate_tasaselo(field(5), 2, 1)
    with pytest.raises(NoValidPairing, match="without a rematch"):
        simulate_tasaselo(field(6), 6, 1)
