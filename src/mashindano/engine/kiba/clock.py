"""The correspondence clock: Fischer, counted in days, kept in UTC (R23-R26, A24).

Each side starts with the initial time. Only the side to move loses time; after a move the
mover's clock becomes min(remaining + increment, cap), the first move included (A24). South
moves first (R21), and South's clock runs from the start of the game.

The engine never reads the clock: the caller passes the start, the moments of the moves and
"now". A move made exactly at the deadline is in time (it leaves 0 days, then gains the
increment); a side has run out once "now" is past its deadline.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, tzinfo
from fractions import Fraction

from mashindano.engine.errors import ConfigError, IllegalResult
from mashindano.engine.kiba.parameters import KIBA_BAO, KibaParameters
from mashindano.engine.model import Side
from mashindano.engine.timestamps import require_aware

_MICROSECONDS_PER_DAY = 86_400 * 1_000_000


def days_to_timedelta(days: Fraction | int) -> timedelta:
    """Exact days as a timedelta (to the microsecond, halves to even)."""
    return timedelta(microseconds=round(Fraction(days) * _MICROSECONDS_PER_DAY))


def timedelta_to_days(span: timedelta) -> Fraction:
    """A timedelta as an exact number of days (1.5 days -> 3/2)."""
    return Fraction(span // timedelta(microseconds=1), _MICROSECONDS_PER_DAY)


@dataclass(frozen=True, slots=True)
class ClockSettings:
    """Fischer clock in days: `T=(initial+increment)<=cap`."""

    initial: timedelta
    increment: timedelta
    cap: timedelta

    def __post_init__(self) -> None:
        if self.initial <= timedelta(0) or self.increment < timedelta(0):
            raise ConfigError(
                "the clock needs a positive initial time and a non-negative increment",
                initial=self.initial,
                increment=self.increment,
            )
        if self.cap < self.initial:
            raise ConfigError(
                "the clock cap cannot be below the initial time",
                initial=self.initial,
                cap=self.cap,
            )

    @classmethod
    def from_parameters(cls, parameters: KibaParameters = KIBA_BAO) -> ClockSettings:
        return cls(
            initial=days_to_timedelta(parameters.clock_initial_days),
            increment=days_to_timedelta(parameters.clock_increment_days),
            cap=days_to_timedelta(parameters.clock_cap_days),
        )

    def after_move(self, remaining: timedelta) -> timedelta:
        """R24: the mover's clock after a move made with `remaining` left."""
        return min(remaining + self.increment, self.cap)


KIBA_CLOCK = ClockSettings.from_parameters(KIBA_BAO)
"""`T=(3+1)<=7`."""


def side_to_make_move(index: int) -> Side:
    """The side that makes move `index` (0-based): South first, then alternately."""
    return Side.SOUTH if index % 2 == 0 else Side.NORTH


@dataclass(frozen=True, slots=True)
class MoveRecord:
    """One move: who made it, when, the time it took and the mover's clock afterwards."""

    number: int
    """1-based, counting both sides' moves."""
    side: Side
    at: datetime
    used: timedelta
    remaining_after: timedelta


@dataclass(frozen=True, slots=True)
class ClockReading:
    """Both clocks at `now`, the next deadline, and whether a side has run out (R25)."""

    now: datetime
    moves: tuple[MoveRecord, ...]
    south: timedelta
    north: timedelta
    to_move: Side
    deadline: datetime
    """The last instant at which `to_move` may still move, in UTC."""
    flagged: Side | None
    """The side whose clock reached zero before moving; it has lost the game."""

    def remaining(self, side: Side) -> timedelta:
        if side is Side.SOUTH:
            return self.south
        if side is Side.NORTH:
            return self.north
        raise ConfigError(f"a Bao clock has South and North sides, not {side.value}", side=side)

    @property
    def is_flagged(self) -> bool:
        return self.flagged is not None


def replay_moves(
    start: datetime, moves: Sequence[datetime], settings: ClockSettings = KIBA_CLOCK
) -> tuple[MoveRecord, ...]:
    """Each move's time used and the mover's clock after it.

    Raises IllegalResult for a move before the previous one (or before the start) and for a
    move after the mover's deadline: the game was already lost on time then.
    """
    require_aware(start, "the game start")
    clocks = {Side.SOUTH: settings.initial, Side.NORTH: settings.initial}
    last = start
    records: list[MoveRecord] = []
    for index, moment in enumerate(moves):
        number = index + 1
        require_aware(moment, f"move {number}")
        side = side_to_make_move(index)
        if moment < last:
            raise IllegalResult(
                f"move {number} ({side.value}) at {_utc_text(moment)} comes before the previous "
                f"event at {_utc_text(last)}",
                move=number,
                side=side.value,
            )
        used = moment - last
        if used > clocks[side]:
            raise IllegalResult(
                f"move {number} ({side.value}) at {_utc_text(moment)} is after the deadline "
                f"{_utc_text(last + clocks[side])}: {side.value} had run out of time",
                code="move_after_deadline",
                move=number,
                side=side.value,
            )
        clocks[side] = settings.after_move(clocks[side] - used)
        records.append(MoveRecord(number, side, moment.astimezone(UTC), used, clocks[side]))
        last = moment
    return tuple(records)


def read_clock(
    start: datetime,
    moves: Sequence[datetime],
    now: datetime,
    settings: ClockSettings = KIBA_CLOCK,
) -> ClockReading:
    """Both sides' remaining time at `now`, the deadline for the next move, and the flag."""
    records = replay_moves(start, moves, settings)
    require_aware(now, "now")
    last = records[-1].at if records else start
    if now < last:
        raise IllegalResult(
            f"now ({_utc_text(now)}) is before the last recorded event ({_utc_text(last)})",
            now=now,
        )
    clocks = {Side.SOUTH: settings.initial, Side.NORTH: settings.initial}
    for record in records:
        clocks[record.side] = record.remaining_after
    to_move = side_to_make_move(len(records))
    deadline = (last + clocks[to_move]).astimezone(UTC)
    flagged = to_move if now > deadline else None
    clocks[to_move] = max(clocks[to_move] - (now - last), timedelta(0))
    return ClockReading(
        now=now.astimezone(UTC),
        moves=records,
        south=clocks[Side.SOUTH],
        north=clocks[Side.NORTH],
        to_move=to_move,
        deadline=deadline,
        flagged=flagged,
    )


def first_move_deadline(start: datetime, parameters: KibaParameters = KIBA_BAO) -> datetime:
    """R21: the date by which South must make the first move of a game starting at `start`."""
    require_aware(start, "the game start")
    settings = ClockSettings.from_parameters(parameters)
    return (start + settings.initial).astimezone(UTC)


def in_display_zone(moment: datetime, parameters: KibaParameters = KIBA_BAO) -> datetime:
    """A moment in the zone deadlines are shown in (`clock_timezone`, UTC by default)."""
    require_aware(moment, "the moment")
    zone: tzinfo = parameters.timezone
    return moment.astimezone(zone)


def _utc_text(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
