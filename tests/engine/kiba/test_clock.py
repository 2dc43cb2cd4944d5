"""The Fischer day clock (R23-R26, A24) at its boundaries."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mashindano.engine.errors import ConfigError, IllegalResult, ParseError
from mashindano.engine.kiba.clock import (
    KIBA_CLOCK,
    ClockSettings,
    days_to_timedelta,
    first_move_deadline,
    read_clock,
    replay_moves,
    timedelta_to_days,
)
from mashindano.engine.kiba.parameters import kiba_parameters
from mashindano.engine.model import Side

START = datetime(2026, 5, 4, 9, 30, tzinfo=UTC)
DAY = timedelta(days=1)
TICK = timedelta(microseconds=1)


def test_kiba_R21_first_move_deadline_is_three_days_after_the_start() -> None:
    assert first_move_deadline(START) == START + 3 * DAY
    reading = read_clock(START, [], START)
    assert reading.to_move is Side.SOUTH
    assert reading.deadline == START + 3 * DAY
    assert (reading.south, reading.north) == (3 * DAY, 3 * DAY)


def test_kiba_A24_increment_applies_to_the_first_move() -> None:
    reading = read_clock(START, [START + DAY], START + DAY)
    assert reading.south == 3 * DAY
    assert reading.moves[0].remaining_after == 3 * DAY


def test_kiba_north_clock_starts_with_south_first_move() -> None:
    first = START + 2 * DAY
    reading = read_clock(START, [first], first + DAY)
    assert reading.to_move is Side.NORTH
    assert reading.deadline == first + 3 * DAY
    assert reading.north == 2 * DAY
    assert reading.south == 2 * DAY


def test_kiba_R25_moving_exactly_at_the_deadline_is_in_time() -> None:
    deadline = START + 3 * DAY
    reading = read_clock(START, [deadline], deadline)
    assert reading.moves[0].remaining_after == DAY
    assert not reading.is_flagged


def test_kiba_R25_moving_after_the_deadline_is_refused() -> None:
    with pytest.raises(IllegalResult, match="after the deadline") as caught:
        replay_moves(START, [START + 3 * DAY + TICK])
    assert caught.value.code == "move_after_deadline"


def test_kiba_R25_flag_falls_only_after_the_deadline() -> None:
    deadline = START + 3 * DAY
    at_deadline = read_clock(START, [], deadline)
    assert at_deadline.flagged is None
    assert at_deadline.south == timedelta(0)
    past = read_clock(START, [], deadline + TICK)
    assert past.flagged is Side.SOUTH
    assert past.south == timedelta(0)
    assert past.north == 3 * DAY


def test_kiba_R25_north_can_run_out_too() -> None:
    moves = [START, START + DAY]
    reading = read_clock(START, moves, START + DAY + 10 * DAY)
    assert reading.flagged is Side.SOUTH
    reading = read_clock(START, [START], START + 4 * DAY)
    assert reading.flagged is Side.NORTH


def test_kiba_R24_cap_reached_exactly() -> None:
    # South at 6 days moves at once: 6 + 1 = 7, exactly the cap.
    moves = [START] * 5  # South: 4, 5, 6 after moves 1, 3, 5
    assert replay_moves(START, moves)[-1].remaining_after == 6 * DAY
    moves += [START, START]
    assert replay_moves(START, moves)[-1].remaining_after == 7 * DAY
    moves += [START, START]
    assert replay_moves(START, moves)[-1].remaining_after == 7 * DAY


def test_kiba_R26_deadlines_in_utc_whatever_zone_the_input_uses() -> None:
    nairobi = timezone(timedelta(hours=3))
    local_start = START.astimezone(nairobi)
    reading = read_clock(local_start, [], local_start)
    assert reading.deadline.utcoffset() == timedelta(0)
    assert reading.deadline == START + 3 * DAY


def test_kiba_clock_refuses_naive_times_and_time_travel() -> None:
    with pytest.raises(ParseError, match="no time zone"):
        read_clock(datetime(2026, 1, 1), [], START)
    with pytest.raises(IllegalResult, match="comes before"):
        replay_moves(START, [START + DAY, START])
    with pytest.raises(IllegalResult, match="before the last"):
        read_clock(START, [START + DAY], START)


def test_kiba_clock_parameters_accept_fractions_of_days() -> None:
    settings_ = ClockSettings.from_parameters(
        kiba_parameters({"clock_initial_days": "1.5", "clock_increment_days": "0.25"})
    )
    assert settings_.initial == timedelta(hours=36)
    records = replay_moves(START, [START + DAY], settings_)
    assert timedelta_to_days(records[0].remaining_after) == Fraction(3, 4)


def test_kiba_clock_settings_validate() -> None:
    with pytest.raises(ConfigError):
        ClockSettings(initial=DAY, increment=DAY, cap=timedelta(hours=12))
    assert days_to_timedelta(Fraction(1, 3)) == timedelta(hours=8)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 3 * 86_400), max_size=30), st.integers(0, 10 * 86_400))
def test_kiba_clock_invariants(think_seconds: list[int], wait: int) -> None:
    """Clocks stay within [0, cap]; the deadline is the last event plus the mover's time."""
    moves = []
    moment = START
    clocks = {Side.SOUTH: KIBA_CLOCK.initial, Side.NORTH: KIBA_CLOCK.initial}
    for index, seconds in enumerate(think_seconds):
        side = Side.SOUTH if index % 2 == 0 else Side.NORTH
        used = min(timedelta(seconds=seconds), clocks[side])
        moment += used
        clocks[side] = min(clocks[side] - used + KIBA_CLOCK.increment, KIBA_CLOCK.cap)
        moves.append(moment)
    now = moment + timedelta(seconds=wait)
    reading = read_clock(START, moves, now)
    assert reading.deadline == moment + clocks[reading.to_move]
    for side in (Side.SOUTH, Side.NORTH):
        assert timedelta(0) <= reading.remaining(side) <= KIBA_CLOCK.cap
    assert reading.is_flagged == (now > reading.deadline)
