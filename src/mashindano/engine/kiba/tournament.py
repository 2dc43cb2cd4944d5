"""The order of a KIBA tournament's stages, written once: qualification groups, the semifinal
groups when the plan has them, then the best-of-3 final (R9-R14, R29, R32, A7).

A stored `kiba-bao` event (`presets/kiba_bao/stages.py`) and the simulation
(`simulation.py`) both walk a tournament with these functions: `first_stage` gives the
qualification with its groups, `rank_stage` ranks a group stage's games (withdrawals and the
director's playoff decisions applied, decisions that no longer fit a tie set aside),
`stage_ties` names the ties the director must decide, and `following_stage` turns a finished
stage's advancement into the next stage: semifinal groups, or the finalists.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from mashindano.engine.errors import IllegalResult
from mashindano.engine.kiba.group_play import KibaGroup
from mashindano.engine.kiba.parameters import KibaParameters
from mashindano.engine.kiba.ranking import GroupStandings, rank_group
from mashindano.engine.kiba.seeding import InitialList, SeededPlayer
from mashindano.engine.kiba.stage_kind import StageKind
from mashindano.engine.kiba.stages import (
    Destination,
    StagePlan,
    TournamentPlan,
    plan_tournament,
    qualification_groups,
    semifinal_groups,
)
from mashindano.engine.model import CompetitorId, Game

Advanced = Mapping[Destination, Sequence[SeededPlayer]]
"""Who goes where from a finished stage (`stages.advance`)."""


@dataclass(frozen=True, slots=True)
class StageStep:
    """One stage of the tournament as it is reached: its number in the plan (1 for the
    qualification; a stored event publishes stage n as round n), and who plays it."""

    number: int
    plan: StagePlan
    groups: tuple[KibaGroup, ...] = ()
    """The groups of a group stage (empty for the final)."""
    finalists: tuple[SeededPlayer, ...] = ()
    """The final's players (fewer than two only after withdrawals; empty for group stages)."""

    @property
    def kind(self) -> StageKind:
        return self.plan.kind


@dataclass(frozen=True, slots=True)
class PlayoffOrder:
    """A director's playoff decision for one group: the tied players in the order placed."""

    group: str
    order: tuple[CompetitorId, ...]


@dataclass(frozen=True, slots=True)
class RankedStage:
    standings: tuple[GroupStandings, ...]
    stale: tuple[PlayoffOrder, ...]
    """Decisions that no longer match a tie (a result was corrected after the playoff)."""


def first_stage(
    initial: InitialList, parameters: KibaParameters
) -> tuple[TournamentPlan, StageStep]:
    """The plan for this many players and its first stage, the qualification (R9, R10)."""
    plan = plan_tournament(len(initial), parameters)
    return plan, StageStep(1, plan.stages[0], groups=qualification_groups(initial, parameters))


def following_stage(plan: TournamentPlan, step: StageStep, advanced: Advanced) -> StageStep:
    """The stage after `step`, played by those `advanced` from it (R14, A7)."""
    if step.number >= len(plan.stages):
        raise IllegalResult(f"the {step.kind.value} stage is the last one", stage=step.number)
    following = plan.stages[step.number]
    if following.kind is StageKind.FINAL:
        finalists = tuple(advanced.get(Destination.FINAL, ()))
        return StageStep(step.number + 1, following, finalists=finalists)
    return StageStep(step.number + 1, following, groups=semifinal_groups(advanced))


def rank_stage(
    groups: Sequence[KibaGroup],
    games: Sequence[Game],
    parameters: KibaParameters,
    *,
    withdrawn: Collection[CompetitorId] = (),
    playoffs: Sequence[PlayoffOrder] = (),
) -> RankedStage:
    """Each group's table from the stage's games; the playoff decisions recorded for a group
    are applied in order, and one that no longer fits its tie is set aside as stale."""
    tables = []
    stale: list[PlayoffOrder] = []
    for group in groups:
        group_games = [g for g in games if group.has(g.first)]
        out = [c for c in withdrawn if group.has(c)]
        accepted: list[tuple[CompetitorId, ...]] = []
        table = rank_group(group, group_games, parameters, withdrawn=out)
        for decision in playoffs:
            if decision.group != group.name:
                continue
            try:
                table = rank_group(
                    group,
                    group_games,
                    parameters,
                    withdrawn=out,
                    playoffs=[*accepted, decision.order],
                )
            except IllegalResult:
                stale.append(decision)
                continue
            accepted.append(decision.order)
        tables.append(table)
    return RankedStage(tuple(tables), tuple(stale))


def stage_ties(
    standings: Sequence[GroupStandings], plan: StagePlan
) -> tuple[tuple[str, tuple[CompetitorId, ...]], ...]:
    """(group, tied players) for every tie that decides where players go (R29 (4), A9)."""
    destinations = [d.value for d in plan.advancement]
    return tuple(
        (table.group, tie)
        for table in standings
        for tie in table.ties_needing_playoff(destinations)
    )
