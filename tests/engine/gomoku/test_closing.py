"""The earliest instant a league month may close (R45-R47, A21, A28), at its boundaries."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from mashindano.engine.errors import ParseError
from mashindano.engine.gomoku import GOMOKU_LEAGUE, Month
from mashindano.engine.gomoku.closing import (
    ClosingWait,
    earliest_month_close,
    reports_close_at,
)
from mashindano.engine.gomoku.windows import dispute_closes_at
from mashindano.engine.parameters import override

MARCH = Month(2026, 3)
MONTH_END = datetime(2026, 4, 1, tzinfo=UTC)
REPORTS_CLOSE = datetime(2026, 4, 3, tzinfo=UTC)
TICK = timedelta(microseconds=1)


def test_R45_A21_reports_may_arrive_until_48_hours_after_the_month_ends() -> None:
    assert MARCH.ends_at == MONTH_END
    assert reports_close_at(MARCH) == REPORTS_CLOSE


def test_R45_A28_closing_allowed_exactly_48_hours_after_the_month_ends() -> None:
    closing = earliest_month_close(MARCH, {})
    assert (closing.at, closing.wait, closing.result) == (REPORTS_CLOSE, ClosingWait.REPORTS, None)
    assert closing.allows(REPORTS_CLOSE)
    assert closing.allows(REPORTS_CLOSE + timedelta(days=30))
    assert not closing.allows(REPORTS_CLOSE - TICK)
    assert not closing.allows(MONTH_END)


def test_R47_a_validated_result_blocks_until_24_hours_after_validation() -> None:
    validated = datetime(2026, 4, 2, 20, 30, tzinfo=UTC)  # a last-minute match, reported late
    assert dispute_closes_at(validated) == validated + timedelta(hours=24)
    closing = earliest_month_close(MARCH, {"board 3": validated})
    assert closing.wait is ClosingWait.DISPUTE
    assert closing.result == "board 3"
    assert closing.at == datetime(2026, 4, 3, 20, 30, tzinfo=UTC)
    assert not closing.allows(closing.at - TICK)
    assert closing.allows(closing.at)


def test_R47_the_result_whose_dispute_window_ends_last_is_named() -> None:
    results = {
        "early": datetime(2026, 3, 20, tzinfo=UTC),
        "latest": datetime(2026, 4, 2, 12, tzinfo=UTC),
        "later": datetime(2026, 4, 2, 6, tzinfo=UTC),
    }
    closing = earliest_month_close(MARCH, results)
    assert (closing.result, closing.at) == ("latest", datetime(2026, 4, 3, 12, tzinfo=UTC))


def test_R47_dispute_windows_ending_before_the_report_deadline_do_not_move_it() -> None:
    validated = {
        "a": datetime(2026, 3, 31, 23, 59, tzinfo=UTC),
        "b": REPORTS_CLOSE - timedelta(days=1),
    }
    closing = earliest_month_close(MARCH, validated)
    assert (closing.at, closing.wait, closing.result) == (REPORTS_CLOSE, ClosingWait.REPORTS, None)


def test_windows_follow_the_parameters_and_other_time_zones() -> None:
    parameters = override(GOMOKU_LEAGUE, {"result_report_hours": "72", "dispute_window_hours": "0"})
    bucharest = timezone(timedelta(hours=3))
    validated = datetime(2026, 4, 4, 2, 0, tzinfo=bucharest)  # 2026-04-03 23:00 UTC
    closing = earliest_month_close(MARCH, {"g": validated}, parameters)
    assert closing.at == datetime(2026, 4, 4, tzinfo=UTC)
    assert closing.wait is ClosingWait.REPORTS
    longer = override(GOMOKU_LEAGUE, {"dispute_window_hours": "48"})
    closing = earliest_month_close(MARCH, {"g": validated}, longer)
    assert closing.at == datetime(2026, 4, 5, 23, tzinfo=UTC)
    assert closing.at.tzinfo is UTC
    assert closing.allows(datetime(2026, 4, 6, 2, 0, tzinfo=bucharest))


def test_december_ends_in_the_next_year() -> None:
    closing = earliest_month_close(Month(2026, 12), {})
    assert closing.at == datetime(2027, 1, 3, tzinfo=UTC)


def test_naive_times_are_refused() -> None:
    closing = earliest_month_close(MARCH, {})
    with pytest.raises(ParseError, match="no time zone"):
        closing.allows(datetime(2026, 4, 5))
    with pytest.raises(ParseError, match="no time zone"):
        earliest_month_close(MARCH, {"g": datetime(2026, 4, 2)})
