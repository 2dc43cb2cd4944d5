"""The seeded simulation: reproducible, refuses bad fields, and records its decisions."""

from __future__ import annotations

import pytest

from mashindano.engine.errors import ConfigError
from mashindano.engine.kiba.simulation import SimulatedWithdrawal, simulate_tournament
from mashindano.engine.kiba.stage_kind import StageKind
from mashindano.engine.model import Competitor, CompetitorId


def field(count: int, *, equal: bool = False) -> list[Competitor]:
    if equal:
        return [Competitor(CompetitorId(f"N{i}"), f"N{i}") for i in range(count)]
    return [
        Competitor(CompetitorId(f"P{i}"), f"P{i}", 1500 + 53 * i % 700, 40 + 7 * i)
        for i in range(count)
    ]


def test_kiba_simulation_is_reproducible_from_its_seed() -> None:
    assert simulate_tournament(field(20), 42) == simulate_tournament(field(20), 42)
    runs = {simulate_tournament(field(20), seed).stages[0].games() for seed in range(5)}
    assert len(runs) > 1


@pytest.mark.parametrize("count", [5, 35])
def test_kiba_R2_simulation_refuses_the_player_count(count: int) -> None:
    with pytest.raises(ConfigError, match=f"got {count}"):
        simulate_tournament(field(count), 1)


def test_kiba_simulated_playoffs_are_recorded() -> None:
    # Newcomers only: equal KIBA scores, so remaining ties happen and need a playoff.
    found = False
    for seed in range(40):
        sim = simulate_tournament(field(12, equal=True), seed)
        for playoff in sim.playoffs:
            found = True
            outcome = sim.stage(playoff.stage)
            assert outcome is not None
            table = outcome.standings_of(playoff.group)
            assert playoff.order in table.playoffs
            ranks = [table.row(c).rank for c in playoff.order]
            assert ranks == sorted(ranks)
            assert len(set(ranks)) == len(ranks)
    assert found


def test_kiba_withdrawal_of_an_unknown_player_is_refused() -> None:
    from mashindano.engine.errors import IllegalResult

    with pytest.raises(IllegalResult, match="Ghost"):
        simulate_tournament(
            field(8), 1, withdrawals=[SimulatedWithdrawal(CompetitorId("Ghost"), StageKind.FINAL)]
        )


def test_kiba_finalist_withdrawing_before_the_final_loses_it() -> None:
    base = simulate_tournament(field(12), 8)
    leaving = base.finalists[0]
    sim = simulate_tournament(
        field(12), 8, withdrawals=[SimulatedWithdrawal(leaving.id, StageKind.FINAL, 0)]
    )
    assert sim.final is not None
    assert sim.winner == base.finalists[1]
    assert sim.final.wins_of(leaving.id) == 0
    assert [w.competitor for w in sim.withdrawals] == [leaving.id]
