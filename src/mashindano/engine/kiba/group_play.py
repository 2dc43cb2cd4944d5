"""Play inside a group: Berger numbers, the KIBA schedule, two-game pairings, parallel games.

Every pairing is two games, the first-named player South in the first and North in the second
(R20). All games of a stage start together (R19), so a Berger round is only a label: a game's
`round` is the Berger round it belongs to, and both games of a pairing share an `encounter` id
that is unique within the stage.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mashindano.engine.errors import ConfigError, IllegalResult
from mashindano.engine.kiba.parameters import KIBA_BAO, KibaParameters
from mashindano.engine.kiba.seeding import SeededPlayer
from mashindano.engine.model import Bye, ByeKind, CompetitorId, Game, GameResult
from mashindano.engine.schedules import RoundRobinSchedule, ScheduleTable, round_robin_schedule

DUMMY_LABEL = "−1"
"""How the source shows the dummy player (R13)."""


@dataclass(frozen=True, slots=True)
class KibaGroup:
    """A round-robin group: `players[i]` has Berger number i + 1 (best seed first, R13/A7).

    A group of one player (left after withdrawals) has no schedule.
    """

    name: str
    players: tuple[SeededPlayer, ...]
    schedule: RoundRobinSchedule | None

    @property
    def dummy(self) -> int | None:
        """The dummy's Berger number when the group has an odd number of real players."""
        return None if self.schedule is None else self.schedule.dummy

    @property
    def numbers(self) -> int:
        """Berger numbers in use, the dummy included."""
        return len(self.players) if self.schedule is None else self.schedule.numbers

    def player(self, number: int) -> SeededPlayer | None:
        """The player with Berger number `number`; None for the dummy."""
        if number == self.dummy:
            return None
        if not 1 <= number <= len(self.players):
            raise ConfigError(
                f"group {self.name} has no Berger number {number}",
                group=self.name,
                number=number,
            )
        return self.players[number - 1]

    def berger_number(self, competitor: CompetitorId) -> int:
        for number, p in enumerate(self.players, start=1):
            if p.id == competitor:
                return number
        raise IllegalResult(
            f"{competitor!r} is not in group {self.name}", competitor=competitor, group=self.name
        )

    def has(self, competitor: CompetitorId) -> bool:
        return any(p.id == competitor for p in self.players)


def make_group(name: str, players: Sequence[SeededPlayer]) -> KibaGroup:
    """A group over `players`, ordered by seed (the best seed gets Berger number 1)."""
    if not players:
        raise ConfigError(f"group {name} has no players", group=name)
    ids = [p.id for p in players]
    if len(set(ids)) != len(ids):
        raise ConfigError(f"group {name} lists a player twice", group=name)
    ordered = tuple(sorted(players, key=lambda p: p.seed))
    schedule = (
        round_robin_schedule(len(ordered), table=ScheduleTable.KIBA) if len(ordered) >= 2 else None
    )
    return KibaGroup(name=name, players=ordered, schedule=schedule)


@dataclass(frozen=True, slots=True)
class KibaPairing:
    """Two players who meet in a group: `south` is South in the first game (R17 order)."""

    group: str
    berger_round: int
    board: int
    south: SeededPlayer
    north: SeededPlayer
    encounter: int

    def games(self, games_per_pairing: int = 2) -> tuple[Game, ...]:
        """The pairing's games, not yet played: South-North, then sides swapped (R20)."""
        first = Game(
            self.berger_round,
            self.south.id,
            self.north.id,
            GameResult.NOT_PLAYED,
            encounter=self.encounter,
        )
        if games_per_pairing == 1:
            return (first,)
        second = Game(
            self.berger_round,
            self.north.id,
            self.south.id,
            GameResult.NOT_PLAYED,
            encounter=self.encounter,
        )
        return (first, second)


@dataclass(frozen=True, slots=True)
class SitOut:
    """A player drawn against the dummy in a Berger round: a bye, neither played nor scored."""

    group: str
    berger_round: int
    player: SeededPlayer

    def as_bye(self) -> Bye:
        return Bye(self.berger_round, self.player.id, ByeKind.SIT_OUT)


def group_pairings(group: KibaGroup, *, first_encounter: int = 1) -> tuple[KibaPairing, ...]:
    """Every played pairing of the group in Berger round and board order (R17)."""
    if group.schedule is None:
        return ()
    pairings: list[KibaPairing] = []
    encounter = first_encounter
    for round_number, round_pairs in enumerate(group.schedule.rounds, start=1):
        for board, (a, b) in enumerate(round_pairs, start=1):
            south, north = group.player(a), group.player(b)
            if south is None or north is None:
                continue
            pairings.append(KibaPairing(group.name, round_number, board, south, north, encounter))
            encounter += 1
    return tuple(pairings)


def group_sit_outs(group: KibaGroup) -> tuple[SitOut, ...]:
    """Who is drawn against the dummy in each Berger round (R13, R18)."""
    if group.schedule is None or group.dummy is None:
        return ()
    result = []
    for round_number in range(1, group.schedule.round_count + 1):
        number = group.schedule.sitting_out(round_number)
        assert number is not None
        player = group.player(number)
        assert player is not None
        result.append(SitOut(group.name, round_number, player))
    return tuple(result)


@dataclass(frozen=True, slots=True)
class StageSchedule:
    """Every pairing of every group of a stage; all of them start at the same time (R19)."""

    groups: tuple[KibaGroup, ...]
    pairings: tuple[KibaPairing, ...]
    sit_outs: tuple[SitOut, ...]
    games_per_pairing: int

    def games(self) -> tuple[Game, ...]:
        """All games of the stage, unplayed, in group, round and board order."""
        return tuple(g for p in self.pairings for g in p.games(self.games_per_pairing))

    def group_games(self, group: str) -> tuple[Game, ...]:
        return tuple(
            g for p in self.pairings if p.group == group for g in p.games(self.games_per_pairing)
        )

    def group_pairings(self, group: str) -> tuple[KibaPairing, ...]:
        return tuple(p for p in self.pairings if p.group == group)

    def group_byes(self, group: str) -> tuple[Bye, ...]:
        return tuple(s.as_bye() for s in self.sit_outs if s.group == group)

    def games_of(self, competitor: CompetitorId) -> tuple[Game, ...]:
        """E4: the games a player has running at once (2 per pairing, none for a bye)."""
        return tuple(g for g in self.games() if competitor in (g.first, g.second))


def schedule_stage(
    groups: Sequence[KibaGroup], parameters: KibaParameters = KIBA_BAO
) -> StageSchedule:
    """The stage's pairings, encounter ids numbered across the groups from 1."""
    pairings: list[KibaPairing] = []
    sit_outs: list[SitOut] = []
    for group in groups:
        pairings.extend(group_pairings(group, first_encounter=len(pairings) + 1))
        sit_outs.extend(group_sit_outs(group))
    return StageSchedule(
        groups=tuple(groups),
        pairings=tuple(pairings),
        sit_outs=tuple(sit_outs),
        games_per_pairing=parameters.games_per_pairing,
    )
