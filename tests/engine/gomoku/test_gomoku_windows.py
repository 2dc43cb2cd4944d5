"""Time windows at their boundaries (R4, R21, R43, R45-R47, R50)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from mashindano.engine.errors import IllegalResult, ParseError
from mashindano.engine.gomoku import (
    Month,
    ResultStatus,
    compute_may_play_from,
    compute_result_validation,
    is_challenge_window,
    is_leave_notice_on_time,
    is_registration_open,
    is_report_on_time,
    registration_closes_at,
    report_deadline,
)

MARCH = Month(2005, 3)
PLAYED = datetime(2005, 3, 10, 20, 0, tzinfo=UTC)
TICK = timedelta(microseconds=1)


def test_report_exactly_48_hours_later_is_on_time() -> None:
    assert report_deadline(PLAYED) == PLAYED + timedelta(hours=48)
    assert is_report_on_time(PLAYED, PLAYED + timedelta(hours=48))
    assert not is_report_on_time(PLAYED, PLAYED + timedelta(hours=48) + TICK)
    assert is_report_on_time(PLAYED, PLAYED)


def test_report_before_the_match_is_refused() -> None:
    with pytest.raises(IllegalResult, match="cannot precede"):
        is_report_on_time(PLAYED, PLAYED - TICK)


def test_awaiting_then_late_without_report() -> None:
    deadline = PLAYED + timedelta(hours=48)
    waiting = compute_result_validation(PLAYED, [], deadline)
    assert waiting.status is ResultStatus.AWAITING_REPORT
    assert compute_result_validation(PLAYED, [], deadline + TICK).status is ResultStatus.LATE


def test_late_report_leaves_the_match_unvalidated() -> None:
    late = PLAYED + timedelta(hours=48) + TICK
    result = compute_result_validation(PLAYED, [late], late + timedelta(days=3))
    assert result.status is ResultStatus.LATE
    assert not result.counts
    assert result.validated_at is None


def test_final_exactly_24_hours_after_validation() -> None:
    reported = PLAYED + timedelta(hours=5)
    final = reported + timedelta(hours=24)
    before = compute_result_validation(PLAYED, [reported], final - TICK)
    assert before.status is ResultStatus.VALIDATED
    assert before.validated_at == reported
    assert before.final_at == final
    assert compute_result_validation(PLAYED, [reported], final).status is ResultStatus.FINAL


def test_earliest_on_time_report_validates() -> None:
    first = PLAYED + timedelta(hours=47)
    second = PLAYED + timedelta(hours=60)
    result = compute_result_validation(PLAYED, [second, first], PLAYED + timedelta(days=5))
    assert result.validated_at == first
    assert result.status is ResultStatus.FINAL


def test_reports_after_now_are_not_yet_known() -> None:
    reported = PLAYED + timedelta(hours=2)
    now = PLAYED + timedelta(hours=1)
    result = compute_result_validation(PLAYED, [reported], now)
    assert result.status is ResultStatus.AWAITING_REPORT


def test_dispute_window_boundary() -> None:
    reported = PLAYED + timedelta(hours=1)
    final = reported + timedelta(hours=24)
    later = final + timedelta(days=2)
    in_time = compute_result_validation(PLAYED, [reported], later, disputed_at=final - TICK)
    assert in_time.status is ResultStatus.DISPUTED
    assert not in_time.counts
    too_late = compute_result_validation(PLAYED, [reported], later, disputed_at=final)
    assert too_late.status is ResultStatus.FINAL


def test_referee_ruling_settles_a_dispute() -> None:
    reported = PLAYED + timedelta(hours=1)
    disputed = reported + timedelta(hours=3)
    ruled = disputed + timedelta(days=1)
    pending = compute_result_validation(
        PLAYED, [reported], ruled - TICK, disputed_at=disputed, ruled_at=ruled
    )
    assert pending.status is ResultStatus.DISPUTED
    settled = compute_result_validation(
        PLAYED, [reported], ruled, disputed_at=disputed, ruled_at=ruled
    )
    assert settled.status is ResultStatus.RULED
    assert settled.counts
    assert settled.final_at == ruled


def test_dispute_before_validation_and_ruling_before_dispute_are_refused() -> None:
    reported = PLAYED + timedelta(hours=1)
    later = PLAYED + timedelta(days=5)
    with pytest.raises(IllegalResult, match="precedes the validation"):
        compute_result_validation(PLAYED, [reported], later, disputed_at=PLAYED)
    with pytest.raises(IllegalResult, match="precedes the dispute"):
        compute_result_validation(
            PLAYED, [reported], later, disputed_at=reported + timedelta(hours=1), ruled_at=reported
        )


def test_registration_day_7_2359_open_day_8_0000_closed() -> None:
    assert is_registration_open(MARCH, datetime(2005, 3, 7, 23, 59, tzinfo=UTC))
    assert is_registration_open(MARCH, datetime(2005, 3, 7, 23, 59, 59, 999999, tzinfo=UTC))
    assert not is_registration_open(MARCH, datetime(2005, 3, 8, 0, 0, tzinfo=UTC))
    assert registration_closes_at(MARCH) == datetime(2005, 3, 8, tzinfo=UTC)


def test_registration_opens_at_day_1_midnight() -> None:
    assert is_registration_open(MARCH, datetime(2005, 3, 1, tzinfo=UTC))
    assert not is_registration_open(MARCH, datetime(2005, 3, 1, tzinfo=UTC) - TICK)


def test_other_time_zones_are_compared_in_utc() -> None:
    plus_two = timezone(timedelta(hours=2))
    # 01:30 on day 8 in UTC+2 is 23:30 on day 7 in UTC: still open.
    assert is_registration_open(MARCH, datetime(2005, 3, 8, 1, 30, tzinfo=plus_two))
    assert not is_registration_open(MARCH, datetime(2005, 3, 8, 2, 0, tzinfo=plus_two))


def test_naive_timestamps_are_refused() -> None:
    with pytest.raises(ParseError, match="no time zone"):
        is_registration_open(MARCH, datetime(2005, 3, 2))
    with pytest.raises(ParseError, match="no time zone"):
        compute_result_validation(PLAYED, [], datetime(2005, 3, 12))


def test_leave_notice_boundary() -> None:
    assert is_leave_notice_on_time(MARCH, MARCH.starts_at - TICK)
    assert not is_leave_notice_on_time(MARCH, MARCH.starts_at)


def test_challenge_window_days_15_to_25() -> None:
    assert not is_challenge_window(MARCH, datetime(2005, 3, 15, tzinfo=UTC) - TICK)
    assert is_challenge_window(MARCH, datetime(2005, 3, 15, tzinfo=UTC))
    assert is_challenge_window(MARCH, datetime(2005, 3, 25, 23, 59, tzinfo=UTC))
    assert not is_challenge_window(MARCH, datetime(2005, 3, 26, tzinfo=UTC))


def test_may_play_from_day_1_or_after_registration() -> None:
    assert compute_may_play_from(MARCH, False) == datetime(2005, 3, 1, tzinfo=UTC)
    assert compute_may_play_from(MARCH, True) == datetime(2005, 3, 8, tzinfo=UTC)


def test_month_arithmetic() -> None:
    assert Month(2005, 12).next() == Month(2006, 1)
    assert Month(2006, 1).previous() == Month(2005, 12)
    assert Month(2005, 11).plus(3) == Month(2006, 2)
    assert Month.parse("2004-10") == Month(2004, 10)
    assert str(Month(2004, 10)) == "2004-10"
    assert Month(2005, 2).ends_at == datetime(2005, 3, 1, tzinfo=UTC)
