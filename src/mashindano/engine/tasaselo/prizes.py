"""Prize groups and prizes (R7-R10, R29-R32, A10, A13, A17, A18): groups by selo, standings
inside each group, group prizes first, then performance prizes by result minus expected."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from mashindano.engine.errors import ConfigError
from mashindano.engine.model import CompetitorId
from mashindano.engine.tasaselo.comparison import ComparisonRow, rank_rows
from mashindano.engine.tasaselo.entries import Entry
from mashindano.engine.tasaselo.parameters import TASASELO, TasaseloParameters


@dataclass(frozen=True, slots=True)
class PrizeGroup:
    """A prize group (seloryhmä): its players from the highest selo down."""

    name: str
    members: tuple[CompetitorId, ...]
    highest_selo: int
    lowest_selo: int


@dataclass(frozen=True, slots=True)
class GroupStandings:
    group: PrizeGroup
    rows: tuple[ComparisonRow, ...]
    """Ranked: R29, R30, A16."""


class PrizeKind(StrEnum):
    GROUP = "group"
    PERFORMANCE = "performance"


@dataclass(frozen=True, slots=True)
class Prize:
    kind: PrizeKind
    place: int
    competitor: CompetitorId
    group: str | None = None
    """The prize group of a group prize."""


def compute_prize_group_sizes(
    count: int, rounds: int, parameters: TasaseloParameters = TASASELO
) -> tuple[int, ...]:
    """R8, A18, E5: sizes from the top. `prize_group_sizes` sets the first groups one by one;
    the rest have the chosen size (2 × rounds by default). A last group smaller than half its
    size is merged into the group above."""
    if count < 0:
        raise ConfigError(f"a player count cannot be negative, got {count}", count=count)
    default = parameters.prize_group_size_for(rounds)
    sizes: list[int] = []
    nominal: list[int] = []
    left = count
    index = 0
    while left > 0:
        size = (
            parameters.prize_group_sizes[index]
            if index < len(parameters.prize_group_sizes)
            else default
        )
        sizes.append(min(size, left))
        nominal.append(size)
        left -= sizes[-1]
        index += 1
    if len(sizes) >= 2 and 2 * sizes[-1] < nominal[-1]:
        last = sizes.pop()
        sizes[-1] += last
    return tuple(sizes)


def group_name(index: int) -> str:
    """A, B, ..., Z, AA, AB, ... for the groups from the top."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


def compute_prize_groups(
    entries: Sequence[Entry], rounds: int, parameters: TasaseloParameters = TASASELO
) -> tuple[PrizeGroup, ...]:
    """R7-R10: the players entered before round `prize_groups_fixed_before_round` are divided
    by selo order; each later entrant joins the group matching their selo (R10)."""
    fixed_before = parameters.prize_groups_fixed_before_round
    base = sorted((e for e in entries if e.first_round < fixed_before), key=_selo_order)
    later = sorted((e for e in entries if e.first_round >= fixed_before), key=lambda e: e.number)
    members: list[list[Entry]] = []
    start = 0
    for size in compute_prize_group_sizes(len(base), rounds, parameters):
        members.append(base[start : start + size])
        start += size
    if not members:
        members.append([])
    lowest = [min(e.selo for e in group) for group in members if group]
    for entry in later:
        members[place_in_group(lowest, entry.selo)].append(entry)
    groups = []
    for index, group in enumerate(members):
        ordered = sorted(group, key=_selo_order)
        groups.append(
            PrizeGroup(
                name=group_name(index),
                members=tuple(e.id for e in ordered),
                highest_selo=max((e.selo for e in ordered), default=0),
                lowest_selo=min((e.selo for e in ordered), default=0),
            )
        )
    return tuple(groups)


def place_in_group(lowest_selos: Sequence[int], selo: int) -> int:
    """R10: the first group from the top whose lowest selo is not above `selo`; the last group
    for a selo below them all."""
    for index, lowest in enumerate(lowest_selos):
        if selo >= lowest:
            return index
    return max(len(lowest_selos) - 1, 0)


def compute_group_standings(
    groups: Sequence[PrizeGroup],
    rows: Sequence[ComparisonRow],
    lots: Mapping[CompetitorId, int],
) -> tuple[GroupStandings, ...]:
    by_id = {r.competitor: r for r in rows}
    return tuple(
        GroupStandings(group, rank_rows((by_id[c] for c in group.members), lots))
        for group in groups
    )


def compute_prizes(
    standings: Sequence[GroupStandings],
    lots: Mapping[CompetitorId, int],
    parameters: TasaseloParameters = TASASELO,
    ineligible: frozenset[CompetitorId] = frozenset(),
) -> tuple[Prize, ...]:
    """A17: group prizes first (`prizes_per_group` per group, in standings order), then
    `performance_prizes` by column 6, highest first (A13), to players with at least one played
    game who have no prize yet (R32, unless `one_prize_per_player` is off). Ties in column 6
    go to the higher performance number, then lots."""
    prizes: list[Prize] = []
    for group in standings:
        winners = [r for r in group.rows if r.competitor not in ineligible]
        prizes.extend(
            Prize(PrizeKind.GROUP, place, row.competitor, group.group.name)
            for place, row in enumerate(winners[: parameters.prizes_per_group], start=1)
        )
    awarded = {p.competitor for p in prizes}
    everyone = [row for group in standings for row in group.rows]
    candidates = [
        r
        for r in performance_order(everyone, lots)
        if r.competitor not in ineligible
        and not (parameters.one_prize_per_player and r.competitor in awarded)
    ]
    prizes.extend(
        Prize(PrizeKind.PERFORMANCE, place, row.competitor)
        for place, row in enumerate(candidates[: parameters.performance_prizes], start=1)
    )
    return tuple(prizes)


def performance_order(
    rows: Iterable[ComparisonRow], lots: Mapping[CompetitorId, int]
) -> tuple[ComparisonRow, ...]:
    """The performance list (A13): players with at least one played game by column 6
    (result minus expected), highest first; then the higher performance number, then lots."""
    return tuple(
        sorted(
            (r for r in rows if r.games > 0),
            key=lambda r: (
                -r.result_minus_expected,
                -(r.performance if r.performance is not None else 0),
                lots[r.competitor],
            ),
        )
    )


def _selo_order(entry: Entry) -> tuple[int, int]:
    return (-entry.selo, entry.number)
