"""A KIBA tournament replayed stage by stage, written once for a stored event and the simulation.

Which stage the tournament is in, who advances from it and what is still due are answered
here, from plain engine values. A stored `kiba-bao` event (`presets/kiba_bao/stages.py`) turns
its facts into a stage's games, withdrawals and playoff decisions; the simulation
(`simulation.py`) draws them; both then walk the same steps:

* `start_tournament`: the plan and the stage reached first, the qualification (R9, R10);
* `play_stage`: a group stage ranked from its games (withdrawals and the director's playoff
  decisions applied, R29 (4), A14), with the ties still to decide and, once every game counts
  and no tie waits, who goes where (R14);
* `record_stage`: the tournament with that stage played; the following stage is reached with
  its players as published when it was paired, else as the advancement gives them;
* `play_final`: the best-of-3 final over its games in order, a finalist's withdrawal applied
  (R32, A14); a final nobody can play (fewer than two finalists left) is decided without it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from mashindano.engine.errors import IllegalResult
from mashindano.engine.kiba.final import FinalMatch, FinalState, compute_final, final_match
from mashindano.engine.kiba.group_play import KibaGroup, StageSchedule, schedule_stage
from mashindano.engine.kiba.parameters import KibaParameters
from mashindano.engine.kiba.ranking import GroupStandings
from mashindano.engine.kiba.seeding import InitialList, SeededPlayer
from mashindano.engine.kiba.stage_kind import StageKind
from mashindano.engine.kiba.stages import Destination, StagePlan, TournamentPlan, advance
from mashindano.engine.kiba.tournament import (
    PlayoffOrder,
    StageStep,
    first_stage,
    following_stage,
    rank_stage,
    stage_ties,
)
from mashindano.engine.kiba.withdrawal import withdraw_from_final
from mashindano.engine.model import CompetitorId, Game


@dataclass(frozen=True, slots=True)
class PlayedStage:
    """A group stage (qualification or semifinal) ranked from its games as they stand."""

    step: StageStep
    schedule: StageSchedule
    standings: tuple[GroupStandings, ...]
    stale: tuple[PlayoffOrder, ...] = ()
    """Playoff decisions that no longer match a tie (a result was corrected afterwards)."""
    complete: bool = True
    """False while a game still waits for its result or is disputed."""

    @property
    def number(self) -> int:
        return self.step.number

    @property
    def plan(self) -> StagePlan:
        return self.step.plan

    @property
    def kind(self) -> StageKind:
        return self.step.kind

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

    @property
    def ties(self) -> tuple[tuple[str, tuple[CompetitorId, ...]], ...]:
        """(group, tied players) for every tie the director must decide (R29 (4), A9)."""
        return stage_ties(self.standings, self.plan)

    @property
    def advanced(self) -> dict[Destination, tuple[SeededPlayer, ...]] | None:
        """Who goes where (R14), once every game counts and no tie waits for a playoff."""
        if not self.complete or self.ties:
            return None
        return advance(self.standings, self.plan)


def play_stage(
    step: StageStep,
    games: Sequence[Game],
    parameters: KibaParameters,
    *,
    withdrawn: Collection[CompetitorId] = (),
    playoffs: Sequence[PlayoffOrder] = (),
    complete: bool = True,
    schedule: StageSchedule | None = None,
) -> PlayedStage:
    """The group stage `step` ranked from `games` (its schedule's games, a game without a
    result NOT_PLAYED); `complete` False while some still wait for a result or a dispute."""
    if step.kind is StageKind.FINAL:
        raise IllegalResult("the final is not a group stage", stage=step.number)
    ranked = rank_stage(step.groups, games, parameters, withdrawn=withdrawn, playoffs=playoffs)
    return PlayedStage(
        step=step,
        schedule=schedule if schedule is not None else schedule_stage(step.groups, parameters),
        standings=ranked.standings,
        stale=ranked.stale,
        complete=complete,
    )


@dataclass(frozen=True, slots=True)
class KibaTournament:
    """A tournament as far as it has been played: its group stages, the stage reached after
    them and the final."""

    parameters: KibaParameters
    initial: InitialList
    plan: TournamentPlan
    stages: tuple[PlayedStage, ...] = ()
    reached: StageStep | None = None
    """The stage after the last one played, once its players are known (as published when
    it was paired, or from the advancement); None while the advancement is pending."""
    final: FinalState | None = None
    """The final as played so far (None before it is played, or when nobody can play it)."""

    @property
    def next_number(self) -> int:
        """The number of the stage after the group stages played (1: the qualification)."""
        return len(self.stages) + 1

    @property
    def next_plan(self) -> StagePlan:
        return self.plan.stages[len(self.stages)]

    @property
    def latest(self) -> PlayedStage | None:
        return self.stages[-1] if self.stages else None

    @property
    def pending(self) -> dict[Destination, tuple[SeededPlayer, ...]] | None:
        """What the latest group stage gives the next one, once it can be known."""
        latest = self.latest
        return latest.advanced if latest is not None else None

    @property
    def finalists(self) -> tuple[SeededPlayer, ...] | None:
        """The final's players once the final is reached (fewer than two after withdrawals)."""
        if self.reached is None or self.reached.kind is not StageKind.FINAL:
            return None
        return self.reached.finalists

    def lone_finalists(self) -> tuple[SeededPlayer, ...] | None:
        """The finalists when fewer than two are left (no final is played); None otherwise."""
        finalists = self.finalists
        return finalists if finalists is not None and len(finalists) < 2 else None

    def final_match(self) -> FinalMatch:
        """The final between the two finalists (A13)."""
        finalists = self.finalists
        if finalists is None or len(finalists) != 2:
            raise IllegalResult("the final needs two finalists", stage=self.next_number)
        return final_match(finalists[0], finalists[1], self.parameters)

    @property
    def is_decided(self) -> bool:
        """The final has a winner, or fewer than two finalists are left to play it."""
        if self.final is not None:
            return self.final.is_decided
        return self.lone_finalists() is not None

    @property
    def winner(self) -> SeededPlayer | None:
        if self.final is not None:
            return self.final.winner
        lone = self.lone_finalists()
        return lone[0] if lone else None


def start_tournament(initial: InitialList, parameters: KibaParameters) -> KibaTournament:
    """The plan for the initial list, the qualification reached (R9-R13)."""
    plan, step = first_stage(initial, parameters)
    return KibaTournament(parameters, initial, plan, reached=step)


def record_stage(
    tournament: KibaTournament, played: PlayedStage, *, published: StageStep | None = None
) -> KibaTournament:
    """The tournament with `played` (the stage reached) added. The stage after it is reached
    with its players as `published` when it was paired (a correction made afterwards must not
    move players already paired), else as the advancement gives them once it is known."""
    reached = tournament.reached
    if reached is None or played.number != reached.number:
        raise IllegalResult(
            f"stage {played.number} is not the stage the tournament has reached",
            stage=played.number,
        )
    following = published
    if following is None and played.advanced is not None:
        following = following_stage(tournament.plan, played.step, played.advanced)
    return dataclasses.replace(tournament, stages=(*tournament.stages, played), reached=following)


def settle_final(
    match: FinalMatch, games: Sequence[Game], withdrawn: CompetitorId | None = None
) -> FinalState:
    """The best-of rule over the final's decided games in order; a finalist who withdrew
    before it was decided loses the games still to play (A14)."""
    state = compute_final(match, games)
    if withdrawn is None or state.is_decided:
        return state
    return compute_final(match, withdraw_from_final(match, games, withdrawn))


def play_final(
    tournament: KibaTournament, games: Sequence[Game], withdrawn: CompetitorId | None = None
) -> KibaTournament:
    """The tournament with its final played over `games` (see `settle_final`)."""
    state = settle_final(tournament.final_match(), games, withdrawn)
    return dataclasses.replace(tournament, final=state)
