"""A whole KIBA tournament played with seeded random results (for `mashindano simulate`).

Nothing here is a rule: the rules are the functions it calls, and the tournament is walked
stage by stage with `event.py`, the same replay a stored event follows. Results are drawn
from the two players' Elo (FIDE expected score, no draws in Bao, A23). All games of a stage
run in parallel (R19), so the simulation draws the order in which they finish; a withdrawal
happens after a given number of the stage's games have finished, which is how "at any time"
(R34) is modelled.
A tie that needs the director's playoff (R29 (4)) gets a playoff result drawn at random and
recorded like any other decision.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from mashindano.engine.errors import IllegalResult
from mashindano.engine.kiba.event import (
    PlayedStage,
    play_final,
    play_stage,
    record_stage,
    start_tournament,
)
from mashindano.engine.kiba.final import FinalMatch, FinalState, compute_final
from mashindano.engine.kiba.group_play import StageSchedule, schedule_stage
from mashindano.engine.kiba.parameters import KIBA_BAO, KibaParameters
from mashindano.engine.kiba.seeding import InitialList, SeededPlayer, compute_initial_list
from mashindano.engine.kiba.stage_kind import StageKind
from mashindano.engine.kiba.stages import TournamentPlan
from mashindano.engine.kiba.tournament import PlayoffOrder, StageStep
from mashindano.engine.kiba.withdrawal import Withdrawal
from mashindano.engine.model import Competitor, CompetitorId, Game, GameResult
from mashindano.engine.simulation import random_game_result


@dataclass(frozen=True, slots=True)
class SimulatedWithdrawal:
    """`competitor` withdraws during `stage` once `after_games` of its games have finished.

    A player no longer in the tournament at that moment is unaffected.
    """

    competitor: CompetitorId
    stage: StageKind
    after_games: int = 0


@dataclass(frozen=True, slots=True)
class Playoff:
    """A director's playoff result, as recorded: the tied players in the order placed."""

    stage: StageKind
    group: str
    order: tuple[CompetitorId, ...]


@dataclass(frozen=True, slots=True)
class KibaSimulation:
    seed: int
    parameters: KibaParameters
    initial_list: InitialList
    plan: TournamentPlan
    stages: tuple[PlayedStage, ...]
    """Qualification, then the semifinal when the plan has one."""
    finalists: tuple[SeededPlayer, ...]
    final: FinalState | None
    """None when only one finalist was left (the other withdrew before the final)."""
    winner: SeededPlayer
    withdrawals: tuple[Withdrawal, ...]
    playoffs: tuple[Playoff, ...]

    def stage(self, kind: StageKind) -> PlayedStage | None:
        for outcome in self.stages:
            if outcome.kind is kind:
                return outcome
        return None


def simulate_tournament(
    players: Sequence[Competitor],
    seed: int,
    parameters: KibaParameters = KIBA_BAO,
    *,
    withdrawals: Sequence[SimulatedWithdrawal] = (),
) -> KibaSimulation:
    """Seed the list, play every stage with random results drawn from `seed`, play the final."""
    rng = random.Random(seed)
    initial = compute_initial_list(players, parameters)
    tournament = start_tournament(initial, parameters)
    for withdrawal in withdrawals:
        initial.player(withdrawal.competitor)
    out: set[CompetitorId] = set()
    recorded: list[Withdrawal] = []
    playoffs: list[Playoff] = []
    while (step := tournament.reached) is not None and step.kind is not StageKind.FINAL:
        schedule = schedule_stage(step.groups, parameters)
        planned = [w for w in withdrawals if w.stage is step.kind]
        games = _play_stage(step.kind, schedule, rng, planned, out, recorded)
        played = _rank_stage(schedule, games, step, parameters, out, rng, playoffs)
        tournament = record_stage(tournament, played)
    finalists = tournament.finalists or ()
    if len(finalists) == 2:
        planned_final = [w for w in withdrawals if w.stage is StageKind.FINAL]
        games_played, gone = _play_final(
            tournament.final_match(), rng, planned_final, out, recorded
        )
        tournament = play_final(tournament, games_played, gone)
    winner = tournament.winner
    if winner is None:
        raise IllegalResult(
            "no player is left to play the final: every candidate withdrew",
            code="no_winner",
        )
    return KibaSimulation(
        seed=seed,
        parameters=parameters,
        initial_list=initial,
        plan=tournament.plan,
        stages=tournament.stages,
        finalists=finalists,
        final=tournament.final,
        winner=winner,
        withdrawals=tuple(recorded),
        playoffs=tuple(playoffs),
    )


def _play_stage(
    kind: StageKind,
    schedule: StageSchedule,
    rng: random.Random,
    planned: Sequence[SimulatedWithdrawal],
    out: set[CompetitorId],
    recorded: list[Withdrawal],
) -> dict[int, Game]:
    """Every game of the stage, finishing in a random order; withdrawals strike in between.

    Returns the games by their index in `schedule.games()`; a game involving a withdrawn
    player stays unfinished (`NOT_PLAYED`) and is scored later by the withdrawal rule.
    """
    scheduled = schedule.games()
    elo = {p.id: p.elo for g in schedule.groups for p in g.players}
    in_stage = set(elo)
    order = list(range(len(scheduled)))
    rng.shuffle(order)
    results: dict[int, Game] = dict(enumerate(scheduled))
    for finished, index in enumerate(order):
        _withdraw_at(kind, finished, planned, in_stage, out, recorded)
        game = scheduled[index]
        if game.first in out or game.second in out:
            continue
        result = random_game_result(rng, elo[game.first], elo[game.second], draw_rate=_NO_DRAWS)
        results[index] = Game(game.round, game.first, game.second, result, encounter=game.encounter)
    _withdraw_at(kind, None, planned, in_stage, out, recorded)
    return results


_NO_DRAWS = Fraction(0)


def _withdraw_at(
    kind: StageKind,
    finished: int | None,
    planned: Sequence[SimulatedWithdrawal],
    in_stage: set[CompetitorId],
    out: set[CompetitorId],
    recorded: list[Withdrawal],
) -> None:
    """Apply the withdrawals due once `finished` games are done (None: the stage is over)."""
    for w in planned:
        due = w.after_games <= finished if finished is not None else True
        if due and w.competitor in in_stage and w.competitor not in out:
            out.add(w.competitor)
            recorded.append(Withdrawal(w.competitor, kind))


def _rank_stage(
    schedule: StageSchedule,
    games: dict[int, Game],
    step: StageStep,
    parameters: KibaParameters,
    out: set[CompetitorId],
    rng: random.Random,
    playoffs: list[Playoff],
) -> PlayedStage:
    played = [games[i] for i in range(len(games))]
    ranked = play_stage(step, played, parameters, withdrawn=out, schedule=schedule)
    if not ranked.ties:
        return ranked
    # The director's playoffs, simulated: each result is drawn at random and recorded.
    decisions = [
        PlayoffOrder(group, tuple(rng.sample(list(tie), len(tie)))) for group, tie in ranked.ties
    ]
    playoffs.extend(Playoff(step.kind, d.group, d.order) for d in decisions)
    return play_stage(
        step, played, parameters, withdrawn=out, playoffs=decisions, schedule=schedule
    )


def _play_final(
    match: FinalMatch,
    rng: random.Random,
    planned: Sequence[SimulatedWithdrawal],
    out: set[CompetitorId],
    recorded: list[Withdrawal],
) -> tuple[list[Game], CompetitorId | None]:
    """Games one after another (A13) until the best-of rule has a winner (R32), or until a
    finalist withdraws: the games played, and who withdrew."""
    games: list[Game] = []
    state = compute_final(match, games)
    while not state.is_decided:
        for w in planned:
            if w.after_games <= len(games) and match.has(w.competitor) and w.competitor not in out:
                out.add(w.competitor)
                recorded.append(Withdrawal(w.competitor, StageKind.FINAL))
                return games, w.competitor
        number = len(games) + 1
        south = match.south_of_game(number)
        north = match.opponent_of(south.id)
        result = random_game_result(rng, south.elo, north.elo, draw_rate=_NO_DRAWS)
        winner = south if result is GameResult.FIRST_WINS else north
        games.append(match.game(number, winner.id))
        state = compute_final(match, games)
    return games, None
