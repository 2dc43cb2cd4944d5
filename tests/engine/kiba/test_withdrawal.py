"""Withdrawal at any time (R34, A14): finished games stand, the rest are lost by abandonment,
and standings and advancement follow."""

from __future__ import annotations

from collections.abc import Collection

from hypothesis import given, settings
from hypothesis import strategies as st

from mashindano.engine.kiba.final import compute_final, final_match
from mashindano.engine.kiba.ranking import rank_group
from mashindano.engine.kiba.seeding import SeededPlayer
from mashindano.engine.kiba.simulation import (
    KibaSimulation,
    SimulatedWithdrawal,
    simulate_tournament,
)
from mashindano.engine.kiba.stage_kind import StageKind
from mashindano.engine.kiba.withdrawal import score_withdrawals, withdraw_from_final
from mashindano.engine.model import (
    Competitor,
    CompetitorId,
    Game,
    GameResult,
    Outcome,
    Termination,
)

A, B, C = CompetitorId("A"), CompetitorId("B"), CompetitorId("C")


def seeded(name: str, seed: int, kiba: int) -> SeededPlayer:
    competitor = Competitor(CompetitorId(name), name, rating=1900, games_played=100)
    return SeededPlayer(seed, competitor, 1, 1900, 100, kiba, seed)


def test_kiba_A14_finished_games_stand_unfinished_are_lost() -> None:
    games = [
        Game(1, A, B, GameResult.FIRST_WINS, encounter=1),
        Game(1, B, A, GameResult.NOT_PLAYED, encounter=1),
        Game(2, C, A, GameResult.NOT_PLAYED, encounter=2),
        Game(3, B, C, GameResult.NOT_PLAYED, encounter=3),
    ]
    scored = score_withdrawals(games, {A})
    assert scored[0] == games[0]
    assert scored[1].result is GameResult.FIRST_WINS
    assert scored[1].termination is Termination.ABANDONMENT
    assert scored[2].result is GameResult.FIRST_WINS
    assert scored[3] == games[3]


def test_kiba_A14_both_players_withdrawn_both_lose() -> None:
    game = Game(1, A, B, GameResult.NOT_PLAYED, encounter=1)
    (scored,) = score_withdrawals([game], {A, B})
    assert scored.outcome_for(A) is Outcome.LOSS
    assert scored.outcome_for(B) is Outcome.LOSS


def test_kiba_A14_withdrawal_from_the_final() -> None:
    high, low = seeded("High", 1, 600), seeded("Low", 2, 400)
    match = final_match(high, low)
    before = compute_final(match, withdraw_from_final(match, [], high.id))
    assert before.winner == low
    assert (before.wins_first, before.wins_second) == (0, 2)
    after_one = withdraw_from_final(match, [match.game(1, high.id)], high.id)
    state = compute_final(match, after_one)
    assert state.winner == low
    assert (state.wins_first, state.wins_second) == (1, 2)
    assert all(g.termination is Termination.ABANDONMENT for g in after_one[1:])
    decided = [match.game(1, high.id), match.game(2, high.id)]
    assert withdraw_from_final(match, decided, high.id) == tuple(decided)


def field(count: int) -> list[Competitor]:
    return [
        Competitor(CompetitorId(f"P{i:02d}"), f"P{i:02d}", 1500 + 37 * i % 600, 30 + i)
        for i in range(count)
    ]


def check_withdrawal(sim: KibaSimulation, gone: CompetitorId) -> None:
    recorded = {w.competitor: w.stage for w in sim.withdrawals}
    withdrawn_in = recorded.get(gone)
    for stage in sim.stages:
        out: Collection[CompetitorId] = {
            c for c, s in recorded.items() if s.order <= stage.kind.order
        }
        for table in stage.standings:
            group = next(g for g in stage.groups if g.name == table.group)
            # Standings are what the rules make of the scored games: recomputing agrees.
            again = rank_group(group, table.games, sim.parameters, withdrawn=out)
            assert again.rows == table.rows
            assert table.complete
            assert sum(r.score for r in table.rows) == sum(
                1
                for g in table.games
                for p in (g.first, g.second)
                if g.outcome_for(p) is Outcome.WIN
            )
            for game in table.games:
                if game.termination is Termination.ABANDONMENT:
                    loser_ids = {p for p in (game.first, game.second) if p in out}
                    assert loser_ids
                    assert all(game.outcome_for(p) is Outcome.LOSS for p in loser_ids)
            if gone in {p.id for p in group.players}:
                assert table.row(gone).withdrawn == (
                    withdrawn_in is not None and withdrawn_in.order <= stage.kind.order
                )
        if withdrawn_in is not None and withdrawn_in.order < stage.kind.order:
            assert all(gone not in {p.id for p in g.players} for g in stage.groups)
    check_advancement(sim)
    if withdrawn_in is not None and withdrawn_in is not StageKind.FINAL:
        assert gone not in {p.id for p in sim.finalists}
    if withdrawn_in is not None:
        assert sim.winner.id != gone
    assert sim.winner.id not in recorded


def check_advancement(sim: KibaSimulation) -> None:
    """Each next stage holds exactly the best players still in the previous one (R14, A14)."""
    qualification = sim.stages[0]
    eligible = [table.eligible() for table in qualification.standings]
    if len(sim.stages) == 1:
        assert set(sim.finalists) == {row.player for row in eligible[0][:2]}
        return
    semifinal = sim.stages[1]
    by_name = {g.name: set(g.players) for g in semifinal.groups}
    firsts = {rows[0].player for rows in eligible if rows}
    seconds = {rows[1].player for rows in eligible if len(rows) > 1}
    assert by_name.get("S1", set()) == firsts
    assert by_name.get("S2", set()) == seconds
    winners = {t.eligible()[0].player for t in semifinal.standings if t.eligible()}
    assert set(sim.finalists) == winners


@settings(max_examples=60, deadline=None)
@given(
    count=st.integers(6, 34),
    seed=st.integers(0, 1000),
    who=st.integers(0, 33),
    stage=st.sampled_from(list(StageKind)),
    after=st.integers(0, 250),
)
def test_kiba_property_withdrawal_at_any_time_keeps_everything_consistent(
    count: int, seed: int, who: int, stage: StageKind, after: int
) -> None:
    players = field(count)
    gone = players[who % count].id
    sim = simulate_tournament(
        players, seed, withdrawals=[SimulatedWithdrawal(gone, stage, after_games=after % 120)]
    )
    check_withdrawal(sim, gone)


def test_kiba_A14_withdrawal_before_the_stage_loses_every_game() -> None:
    players = field(16)
    gone = players[0].id
    sim = simulate_tournament(
        players, 4, withdrawals=[SimulatedWithdrawal(gone, StageKind.QUALIFICATION, 0)]
    )
    table = next(t for t in sim.stages[0].standings if gone in {r.player.id for r in t.rows})
    row = table.row(gone)
    assert row.withdrawn
    assert row.score == 0
    assert all(
        g.termination is Termination.ABANDONMENT for g in table.games if gone in (g.first, g.second)
    )
    check_withdrawal(sim, gone)
