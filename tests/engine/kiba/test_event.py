"""The KIBA replay written once (engine/kiba/event.py): which stage is reached, who advances
and when, the stage as published, the final with a withdrawal (kiba-bao R9-R15, R29, R32, A14)."""

from __future__ import annotations

import pytest

from mashindano.engine.errors import IllegalResult
from mashindano.engine.kiba.event import (
    KibaTournament,
    play_final,
    play_stage,
    record_stage,
    start_tournament,
)
from mashindano.engine.kiba.group_play import make_group, schedule_stage
from mashindano.engine.kiba.parameters import KIBA_BAO
from mashindano.engine.kiba.seeding import compute_initial_list
from mashindano.engine.kiba.stage_kind import StageKind
from mashindano.engine.kiba.stages import Destination
from mashindano.engine.kiba.tournament import StageStep
from mashindano.engine.model import Competitor, CompetitorId, Game, GameResult


def tournament(count: int) -> KibaTournament:
    players = [Competitor(CompetitorId(f"P{i}"), f"P{i}", 2000 - 10 * i, 100) for i in range(count)]
    return start_tournament(compute_initial_list(players, KIBA_BAO), KIBA_BAO)


def first_wins(step: StageStep) -> list[Game]:
    """Every game of the stage won by its first-named player (South)."""
    schedule = schedule_stage(step.groups, KIBA_BAO)
    return [
        Game(g.round, g.first, g.second, GameResult.FIRST_WINS, encounter=g.encounter)
        for g in schedule.games()
    ]


def test_kiba_R9_start_reaches_the_qualification_with_its_groups() -> None:
    t = tournament(12)
    assert t.reached is not None
    assert t.reached.kind is StageKind.QUALIFICATION
    assert [g.name for g in t.reached.groups] == ["A", "B"]
    assert t.next_number == 1
    assert t.finalists is None
    assert not t.is_decided


def test_kiba_R14_advancement_waits_for_every_game() -> None:
    t = tournament(12)
    assert t.reached is not None
    games = first_wins(t.reached)
    last = games[-1]
    unplayed = Game(
        last.round, last.first, last.second, GameResult.NOT_PLAYED, encounter=last.encounter
    )
    open_games = [*games[:-1], unplayed]
    played = play_stage(t.reached, open_games, KIBA_BAO, complete=False)
    assert played.advanced is None
    after = record_stage(t, played)
    assert after.reached is None
    assert after.pending is None
    assert after.next_number == 2
    assert after.next_plan.kind is StageKind.SEMIFINAL


def test_kiba_R14_a_finished_qualification_reaches_the_semifinal_groups() -> None:
    t = tournament(12)
    assert t.reached is not None
    played = play_stage(t.reached, first_wins(t.reached), KIBA_BAO)
    assert not played.ties
    advanced = played.advanced
    assert advanced is not None
    after = record_stage(t, played)
    assert after.reached is not None
    assert after.reached.kind is StageKind.SEMIFINAL
    assert [g.name for g in after.reached.groups] == ["S1", "S2"]
    # S1 holds the group winners, S2 the runners-up (R14, A7)
    winners = {p.id for p in after.reached.groups[0].players}
    assert winners == {p.id for p in advanced[Destination.SEMIFINAL_1]}


def test_kiba_a_published_stage_keeps_its_players_whatever_the_advancement() -> None:
    t = tournament(12)
    assert t.reached is not None
    played = play_stage(t.reached, first_wins(t.reached), KIBA_BAO)
    initial = t.initial.players
    published = StageStep(
        2,
        t.plan.stages[1],
        groups=(make_group("S1", initial[:2]), make_group("S2", initial[2:4])),
    )
    after = record_stage(t, played, published=published)
    assert after.reached is published


def test_kiba_a_stage_not_reached_is_refused() -> None:
    t = tournament(12)
    assert t.reached is not None
    played = play_stage(t.reached, first_wins(t.reached), KIBA_BAO)
    after = record_stage(t, played)
    with pytest.raises(IllegalResult, match="not the stage"):
        record_stage(after, played)


def test_kiba_R32_A14_the_final_after_one_group_and_a_finalist_withdrawing() -> None:
    t = tournament(6)  # one qualification group: its top two play the final (A6)
    assert t.reached is not None
    after = record_stage(t, play_stage(t.reached, first_wins(t.reached), KIBA_BAO))
    finalists = after.finalists
    assert finalists is not None
    assert len(finalists) == 2
    match = after.final_match()
    game1 = match.game(1, match.first.id)
    decided = play_final(after, [game1, match.game(2, match.first.id)])
    assert decided.is_decided
    assert decided.winner == match.first
    # the first mover withdraws after winning game 1: the other finalist wins the final
    withdrawn = play_final(after, [game1], match.first.id)
    assert withdrawn.is_decided
    assert withdrawn.winner == match.second


def test_kiba_A14_a_lone_finalist_wins_without_a_final() -> None:
    t = tournament(6)
    assert t.reached is not None
    top = t.reached.groups[0].players[0].id
    others = [p.id for p in t.reached.groups[0].players if p.id != top]
    played = play_stage(t.reached, first_wins(t.reached), KIBA_BAO, withdrawn=others)
    after = record_stage(t, played)
    assert after.lone_finalists() is not None
    assert after.is_decided
    assert after.winner is not None
    assert after.winner.id == top
    with pytest.raises(IllegalResult, match="two finalists"):
        after.final_match()
