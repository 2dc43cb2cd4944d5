"""Entries (R1-R6, A1, A19, A20): numbering by selo, late entries, the reserve, round-1 rests,
temporary absences and withdrawals, and each player's status in a round.

The roster holds facts only; scores and pairings are derived from it and the results.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from mashindano.engine.errors import ConfigError, IllegalResult
from mashindano.engine.model import ByeKind, Competitor, CompetitorId
from mashindano.engine.tasaselo.parameters import TASASELO, TasaseloParameters


class Status(StrEnum):
    """What a player does in a round."""

    PLAYING = "playing"
    RESTING = "resting"
    """R6, A1: the round-1 half-point rest (huilaava)."""
    ABSENT = "absent"
    """R5: a temporary interruption; the round scores 0 (A1)."""
    WITHDRAWN = "withdrawn"
    """R5: interrupted for good."""
    NOT_ENTERED = "not-entered"
    """A late entrant before their first round; such rounds score 0 (A1)."""


@dataclass(frozen=True, slots=True)
class Entry:
    """A numbered player. `selo` is the selo brought to the tournament (R2)."""

    number: int
    competitor: Competitor
    selo: int
    first_round: int = 1
    """1 for players entered at the start; a late entrant's first round otherwise (R4)."""
    missed: ByeKind | None = None
    """What each round before a late entrant's first is worth: None, nothing (A1: 0 unless
    the organiser decides otherwise), or the bye the organiser gives (a half-point bye)."""

    @property
    def id(self) -> CompetitorId:
        return self.competitor.id

    @property
    def is_late(self) -> bool:
        return self.first_round > 1


@dataclass(frozen=True, slots=True)
class Roster:
    """Who takes part and when. `entries` are in number order."""

    entries: tuple[Entry, ...]
    rounds: int
    reserve: CompetitorId | None = None
    resting_in_round1: frozenset[CompetitorId] = frozenset()
    absences: frozenset[tuple[CompetitorId, int]] = frozenset()
    half_point_absences: frozenset[tuple[CompetitorId, int]] = frozenset()
    """Absences the organiser scores as a half-point bye (A1: 0 unless the organiser decides
    otherwise); the others score 0."""
    withdrawals: tuple[tuple[CompetitorId, int], ...] = ()
    """(player, first round missed) for players who left for good."""
    _index: dict[CompetitorId, Entry] = field(init=False, repr=False, compare=False, hash=False)
    _left: dict[CompetitorId, int] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        # Lookups by id are frequent; the index is derived from the facts, never stored.
        object.__setattr__(self, "_index", {e.id: e for e in self.entries})
        object.__setattr__(self, "_left", dict(self.withdrawals))

    def entry(self, competitor: CompetitorId) -> Entry:
        entry = self._index.get(competitor)
        if entry is None:
            raise IllegalResult(f"unknown player {competitor!r}", competitor=competitor)
        return entry

    def is_entered(self, competitor: CompetitorId) -> bool:
        return competitor in self._index

    def withdrawal_round(self, competitor: CompetitorId) -> int | None:
        return self._left.get(competitor)

    def status(self, competitor: CompetitorId, round_number: int) -> Status:
        entry = self.entry(competitor)
        if round_number < entry.first_round:
            return Status.NOT_ENTERED
        left = self.withdrawal_round(competitor)
        if left is not None and round_number >= left:
            return Status.WITHDRAWN
        if (competitor, round_number) in self.absences:
            return Status.ABSENT
        if round_number == 1 and competitor in self.resting_in_round1:
            return Status.RESTING
        return Status.PLAYING

    def absence_bye(self, competitor: CompetitorId, round_number: int) -> ByeKind:
        """The bye an absence in `round_number` is recorded as (R5, A1)."""
        if (competitor, round_number) in self.half_point_absences:
            return ByeKind.HALF_POINT
        return ByeKind.ZERO_POINT

    def available(self, round_number: int) -> tuple[Entry, ...]:
        """Players who can play in the round, the reserve included, in number order."""
        return tuple(e for e in self.entries if self.status(e.id, round_number) is Status.PLAYING)

    @property
    def late_entries(self) -> tuple[Entry, ...]:
        return tuple(e for e in self.entries if e.is_late)


def number_players(
    players: Sequence[Competitor], parameters: TasaseloParameters = TASASELO
) -> tuple[Entry, ...]:
    """R1-R3: order by selo, highest first, and number 1, 2, 3, ...

    Equal selos keep the order they were given in (the organiser's list).
    """
    count = len(players)
    if not parameters.min_players <= count <= parameters.max_players:
        raise ConfigError(
            f"a Tasaselo tournament has {parameters.min_players} to {parameters.max_players} "
            f"players (R3), got {count}",
            code="player_count",
            players=count,
        )
    _check_unique([p.id for p in players])
    for player in players:
        _check_selo(player)
    ordered = sorted(players, key=lambda p: -_selo(p))
    return tuple(
        Entry(number=number, competitor=player, selo=_selo(player))
        for number, player in enumerate(ordered, start=1)
    )


def start_roster(
    players: Sequence[Competitor],
    rounds: int,
    parameters: TasaseloParameters = TASASELO,
    *,
    reserve: CompetitorId | None = None,
    resting_in_round1: Iterable[CompetitorId] = (),
) -> Roster:
    """Number the players (R1) and record the reserve (R26) and the round-1 rests (R6).

    `reserve` defaults to `parameters.reserve_player`. The reserve must come from the lower
    half of the field by selo (R26, A10).
    """
    check_rounds(rounds, parameters)
    entries = number_players(players, parameters)
    roster = Roster(entries=entries, rounds=rounds)
    chosen = reserve if reserve is not None else parameters.reserve_player
    if chosen is not None:
        roster = _with_reserve(roster, chosen)
    resting = frozenset(resting_in_round1)
    for competitor in sorted(resting):
        if not roster.is_entered(competitor):
            raise IllegalResult(
                f"round 1: {competitor!r} cannot rest: not entered", competitor=competitor
            )
    return dataclasses.replace(roster, resting_in_round1=resting)


def check_rounds(rounds: int, parameters: TasaseloParameters = TASASELO) -> int:
    if not 1 <= rounds <= parameters.max_rounds:
        raise ConfigError(
            f"a Tasaselo tournament has 1 to {parameters.max_rounds} rounds (R3), got {rounds}",
            code="round_count",
            rounds=rounds,
        )
    return rounds


def add_late_entry(
    roster: Roster,
    competitor: Competitor,
    first_round: int,
    parameters: TasaseloParameters = TASASELO,
    *,
    missed: ByeKind | None = None,
) -> Roster:
    """R4, A19: a new player takes the next free number and plays from `first_round` (2 or
    later: a player there from round 1 is an ordinary entry). Earlier rounds score 0 (A1)
    unless the organiser gives them a bye (`missed`)."""
    if len(roster.late_entries) >= parameters.max_late_entries:
        raise ConfigError(
            f"at most {parameters.max_late_entries} players may join after the start (R4); "
            f"{competitor.id!r} would be one more",
            code="late_entries",
            competitor=competitor.id,
        )
    if len(roster.entries) >= parameters.max_players:
        raise ConfigError(
            f"a Tasaselo tournament has at most {parameters.max_players} players (R3); "
            f"{competitor.id!r} would be one more",
            code="player_count",
            competitor=competitor.id,
        )
    if not 2 <= first_round <= roster.rounds:
        raise ConfigError(
            f"{competitor.id!r} can join from round 2 to {roster.rounds}, not round {first_round}",
            competitor=competitor.id,
            round=first_round,
        )
    _check_unique([*(e.id for e in roster.entries), competitor.id])
    _check_selo(competitor)
    number = max(e.number for e in roster.entries) + 1
    entry = Entry(number, competitor, _selo(competitor), first_round=first_round, missed=missed)
    return dataclasses.replace(roster, entries=(*roster.entries, entry))


def add_absence(
    roster: Roster, competitor: CompetitorId, round_number: int, *, half_point: bool = False
) -> Roster:
    """R5: `competitor` misses `round_number` and comes back afterwards; the round scores 0,
    or a half-point bye where the organiser decides so (A1)."""
    _check_round(roster, competitor, round_number)
    key = (competitor, round_number)
    half = roster.half_point_absences | {key} if half_point else roster.half_point_absences - {key}
    return dataclasses.replace(roster, absences=roster.absences | {key}, half_point_absences=half)


def add_withdrawal(roster: Roster, competitor: CompetitorId, first_missed: int) -> Roster:
    """R5: `competitor` leaves for good and misses `first_missed` and every later round."""
    _check_round(roster, competitor, first_missed)
    if roster.withdrawal_round(competitor) is not None:
        raise IllegalResult(
            f"{competitor!r} has already withdrawn", competitor=competitor, round=first_missed
        )
    return dataclasses.replace(
        roster, withdrawals=(*roster.withdrawals, (competitor, first_missed))
    )


def _with_reserve(roster: Roster, reserve: CompetitorId) -> Roster:
    entry = roster.entry(reserve)
    count = len(roster.entries)
    if entry.number <= count // 2:
        raise ConfigError(
            f"the reserve player must come from the lower half by selo (R26): {reserve!r} is "
            f"no. {entry.number} of {count}",
            code="reserve_not_lower_half",
            competitor=reserve,
            number=entry.number,
        )
    return dataclasses.replace(roster, reserve=reserve)


def _check_round(roster: Roster, competitor: CompetitorId, round_number: int) -> None:
    roster.entry(competitor)
    if not 1 <= round_number <= roster.rounds:
        raise IllegalResult(
            f"{competitor!r}: round {round_number} lies outside rounds 1-{roster.rounds}",
            competitor=competitor,
            round=round_number,
        )


def _check_unique(ids: Sequence[CompetitorId]) -> None:
    seen: set[CompetitorId] = set()
    for competitor in ids:
        if competitor in seen:
            raise ConfigError(f"player {competitor!r} is entered twice", competitor=competitor)
        seen.add(competitor)


def _check_selo(player: Competitor) -> None:
    if player.rating is None:
        raise ConfigError(
            f"player {player.id!r} has no selo; every player needs an actual or estimated "
            "selo (R2)",
            code="missing_selo",
            competitor=player.id,
        )
    if player.rating <= 0:
        raise ConfigError(
            f"player {player.id!r}: a selo must be positive, got {player.rating}",
            competitor=player.id,
            selo=player.rating,
        )


def _selo(player: Competitor) -> int:
    assert player.rating is not None  # checked by _check_selo
    return player.rating
