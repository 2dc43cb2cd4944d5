"""The stage model of a KIBA tournament (R9-R15, A6, A7): qualification groups, two semifinal
groups, the final, and the advancement rules that connect them.

A stage plan says, for each place in each group, where that player goes next. The default
group count is ceil(n/6) (`group_count_rule`), and A6's degenerate cases follow from the same
plan: with one qualification group there is no semifinal and the group's top two play the
final; with two groups the semifinal groups are single pairings (two players each).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from mashindano.engine.errors import ConfigError
from mashindano.engine.kiba.group_play import KibaGroup, make_group
from mashindano.engine.kiba.parameters import KIBA_BAO, KibaParameters
from mashindano.engine.kiba.ranking import GroupStandings
from mashindano.engine.kiba.seeding import InitialList, SeededPlayer, check_player_count
from mashindano.engine.kiba.stage_kind import StageKind
from mashindano.engine.schedules import deal_groups


class Destination(StrEnum):
    """Where a place in a group leads."""

    SEMIFINAL_1 = "semifinal-1"
    SEMIFINAL_2 = "semifinal-2"
    FINAL = "final"


SEMIFINAL_GROUP_NAMES = {Destination.SEMIFINAL_1: "S1", Destination.SEMIFINAL_2: "S2"}


@dataclass(frozen=True, slots=True)
class StagePlan:
    """One stage: its groups and the destination of each place in every group."""

    kind: StageKind
    group_names: tuple[str, ...]
    advancement: tuple[Destination, ...]
    """`advancement[i]` is where place i + 1 of each group goes; lower places are out."""


@dataclass(frozen=True, slots=True)
class TournamentPlan:
    players: int
    group_count: int
    stages: tuple[StagePlan, ...]

    def stage(self, kind: StageKind) -> StagePlan | None:
        for stage in self.stages:
            if stage.kind is kind:
                return stage
        return None

    @property
    def has_semifinal(self) -> bool:
        return self.stage(StageKind.SEMIFINAL) is not None


def group_name(index: int) -> str:
    """Qualification groups are A, B, C, ... (R12: 0 is group A)."""
    return chr(ord("A") + index)


def compute_group_count(players: int, parameters: KibaParameters = KIBA_BAO) -> int:
    """R10/R11/A6: the qualification group count from the rule, checked so that every group
    has at least `min_group_size` real players (the sequential deal makes the smallest group
    floor(n / G) players)."""
    count = parameters.group_counts.group_count(players)
    if count < 1 or count > players:
        raise ConfigError(
            f"{players} players cannot be dealt into {count} groups",
            code="bad_group_count",
            players=players,
            group_count=count,
        )
    smallest = players // count
    if smallest < parameters.min_group_size:
        raise ConfigError(
            f"{players} players in {count} groups leave a group with {smallest} players; "
            f"every group needs at least {parameters.min_group_size} (R11)",
            code="group_too_small",
            players=players,
            group_count=count,
            min_group_size=parameters.min_group_size,
        )
    return count


def plan_tournament(players: int, parameters: KibaParameters = KIBA_BAO) -> TournamentPlan:
    """The stages for `players` entrants (R9, A6)."""
    check_player_count(players, parameters)
    count = compute_group_count(players, parameters)
    names = tuple(group_name(i) for i in range(count))
    final = StagePlan(StageKind.FINAL, (), ())
    if count == 1:
        qualification = StagePlan(
            StageKind.QUALIFICATION, names, (Destination.FINAL, Destination.FINAL)
        )
        return TournamentPlan(players, count, (qualification, final))
    qualification = StagePlan(
        StageKind.QUALIFICATION, names, (Destination.SEMIFINAL_1, Destination.SEMIFINAL_2)
    )
    semifinal = StagePlan(
        StageKind.SEMIFINAL, tuple(SEMIFINAL_GROUP_NAMES.values()), (Destination.FINAL,)
    )
    return TournamentPlan(players, count, (qualification, semifinal, final))


def qualification_groups(
    initial_list: InitialList, parameters: KibaParameters = KIBA_BAO
) -> tuple[KibaGroup, ...]:
    """R12/R13: seed #i goes to group (i - 1) mod G; Berger numbers follow the seeds."""
    plan = plan_tournament(len(initial_list), parameters)
    dealt = deal_groups(list(initial_list.players), plan.group_count)
    return tuple(make_group(group_name(i), members) for i, members in enumerate(dealt))


def advance(
    standings: Sequence[GroupStandings], plan: StagePlan
) -> dict[Destination, tuple[SeededPlayer, ...]]:
    """The players each destination receives from a finished stage, group by group (R14).

    Withdrawn players are passed over (A14); a group left with too few players sends nobody
    for the places it cannot fill.
    """
    received: dict[Destination, list[SeededPlayer]] = {d: [] for d in plan.advancement}
    for table in standings:
        places = table.advancing([d.value for d in plan.advancement])
        for destination, player in zip(plan.advancement, places, strict=True):
            if player is not None:
                received[destination].append(player)
    return {d: tuple(players) for d, players in received.items()}


def semifinal_groups(
    advanced: Mapping[Destination, Sequence[SeededPlayer]],
) -> tuple[KibaGroup, ...]:
    """R14/A7: group S1 holds the qualification winners, S2 the runners-up, each ordered by
    initial seed. A semifinal group nobody reached (only after withdrawals) is left out."""
    return tuple(
        make_group(name, advanced[destination])
        for destination, name in SEMIFINAL_GROUP_NAMES.items()
        if advanced.get(destination)
    )
