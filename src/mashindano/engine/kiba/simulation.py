"""A whole KIBA tournament played with seeded random results (for `mashindano simulate`).

Nothing here is a rule: the rules are the functions it calls, and the order of the stages is
`tournament.py`'s, the same a stored event follows. Results are drawn from the two
players' Elo (FIDE expected score, no draws in Bao, A23). All games of a stage run in parallel
(R19), so the simulation draws the order in which they finish; a withdrawal happens after a
given number of the stage's games have finished, which is how "at any time" (R34) is modelled.
A tie that needs the director's playoff (R29 (4)) gets a playoff result drawn at random and
recorded like any other decision.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from mashindano.engine.errors import IllegalResult
from mashindano.engine.kiba.final import FinalMatch, FinalState, compute_final, final_match
from mashindano.engine.kiba.group_play import KibaGroup, StageSchedule, schedule_stage
from mashindano.engine.kiba.parameters import KIBA_BAO, KibaParameters
from mashindano.engine.kiba.ranking import GroupStandings
from mashindano.engine.kiba.seeding import InitialList, SeededPlayer, compute_initial_list
from mashindano.engine.kiba.stage_kind import StageKind
from mashindano.engine.kiba.stages import TournamentPlan, advance
from mashindano.engine.kiba.tournament import (
    PlayoffOrder,
    StageStep,
    first_stage,
    following_stage,
    rank_stage,
    stage_ties,
)
from mashindano.engine.kiba.withdrawal import Withdrawal, withdraw_from_final
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
class StageOutcome:
    kind: StageKind
    schedule: StageSchedule
    standings: tuple[GroupStandings, ...]

    @property
    def groups(self) -> tuple[KibaGroup, ...]:
        return self.schedule.groups

    def standings_of(self, group: str) -> GroupStandings:
        for table in self.standings:
            if table.group == group:
                return table
        raise IllegalResult(f"no group {group} in the {self.kind.value} stage", group=group)

    def games(self) -> tuple[Game, ...]:
        """The stage's games as scored (withdrawals applied)."""
        return tuple(g for table in self.standings for g in table.games)


@dataclass(frozen=True, slots=True)
class KibaSimulation:
    seed: int
    parameters: KibaParameters
    initial_list: InitialList
    plan: TournamentPlan
    stages: tuple[StageOutcome, ...]
    """Qualification, then the semifinal when the plan has one."""
    finalists: tuple[SeededPlayer, ...]
    final: FinalState | None
    """None when only one finalist was left (the other withdrew before the final)."""
    winner: SeededPlayer
    withdrawals: tuple[Withdrawal, ...]
    playoffs: tuple[Playoff, ...]

    def stage(self, kind: StageKind) -> StageOutcome | None:
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
    plan, step = first_stage(initial, parameters)
    for withdrawal in withdrawals:
        initial.player(withdrawal.competitor)
    out: set[CompetitorId] = set()
    recorded: list[Withdrawal] = []
    playoffs: list[Playoff] = []
    outcomes: list[StageOutcome] = []
    while step.kind is not StageKind.FINAL:
        schedule = schedule_stage(step.groups, parameters)
        planned = [w for w in withdrawals if w.stage is step.kind]
        games = _play_stage(step.kind, schedule, rng, planned, out, recorded)
        tables = _rank_stage(schedule, games, step, parameters, out, rng, playoffs)
        outcomes.append(StageOutcome(step.kind, schedule, tables))
        step = following_stage(plan, step, advance(tables, step.plan))
    finalists = step.finalists
    planned_final = [w for w in withdrawals if w.stage is StageKind.FINAL]
    final_state: FinalState | None = None
    if len(finalists) == 2:
        match = final_match(finalists[0], finalists[1], parameters)
        final_state = _play_final(match, rng, planned_final, out, recorded)
        winner = final_state.winner
    elif len(finalists) == 1:
        winner = finalists[0]  # the other finalist's place went unfilled after withdrawals
    else:
        raise IllegalResult(
            "no player is left to play the final: every candidate withdrew",
            code="no_winner",
        )
    assert winner is not None
    return KibaSimulation(
        seed=seed,
        parameters=parameters,
        initial_list=initial,
        plan=plan,
        stages=tuple(outcomes),
        finalists=finalists,
        final=final_state,
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
) -> tuple[GroupStandings, ...]:
    played = [games[i] for i in range(len(games))]
    ranked = rank_stage(schedule.groups, played, parameters, withdrawn=out)
    ties = stage_ties(ranked.standings, step.plan)
    if not ties:
        return ranked.standings
    # The director's playoffs, simulated: each result is drawn at random and recorded.
    decisions = [PlayoffOrder(group, tuple(rng.sample(list(tie), len(tie)))) for group, tie in ties]
    playoffs.extend(Playoff(step.kind, d.group, d.order) for d in decisions)
    return rank_stage(
        schedule.groups, played, parameters, withdrawn=out, playoffs=decisions
    ).standings


def _play_final(
    match: FinalMatch,
    rng: random.Random,
    planned: Sequence[SimulatedWithdrawal],
    out: set[CompetitorId],
    recorded: list[Withdrawal],
) -> FinalState:
    """Games one after another (A13) until the best-of rule has a winner (R32)."""
    games: list[Game] = []
    state = compute_final(match, games)
    while not state.is_decided:
        for w in planned:
            if w.after_games <= len(games) and match.has(w.competitor) and w.competitor not in out:
                out.add(w.competitor)
                recorded.append(Withdrawal(w.competitor, StageKind.FINAL))
                return compute_final(match, withdraw_from_final(match, games, w.competitor))
        number = len(games) + 1
        south = match.south_of_game(number)
        north = match.opponent_of(south.id)
        result = random_game_result(rng, south.elo, north.elo, draw_rate=_NO_DRAWS)
        winner = south if result is GameResult.FIRST_WINS else north
        games.append(match.game(number, winner.id))
        state = compute_final(match, games)
    return state
