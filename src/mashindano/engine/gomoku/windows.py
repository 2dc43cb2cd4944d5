"""Time windows (R4, R21, R43, R45-R47, R50; A14, A20, A21, A28), as pure functions of the
timestamps the caller records and of "now". All instants are timezone-aware and compared in UTC.

Boundaries, chosen once here: "within 48 hours" includes the 48th hour exactly; a validated
result is final exactly 24 hours after validation, so a dispute must arrive before that instant;
registration is open from day 1 00:00 to day 7 23:59:59.999999; a leave notice must arrive
before day 1 00:00.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from mashindano.engine.errors import IllegalResult
from mashindano.engine.gomoku.months import Month, hours
from mashindano.engine.gomoku.parameters import GOMOKU_LEAGUE, GomokuParameters
from mashindano.engine.timestamps import as_utc


def registration_opens_at(month: Month, parameters: GomokuParameters = GOMOKU_LEAGUE) -> datetime:
    return month.day_starts_at(parameters.registration_window_days.first)


def registration_closes_at(month: Month, parameters: GomokuParameters = GOMOKU_LEAGUE) -> datetime:
    """The first instant after the registration window (day 8 00:00 UTC by default)."""
    last_day = parameters.registration_window_days.last
    return month.day_starts_at(last_day) + hours(24)


def is_registration_open(
    month: Month, at: datetime, parameters: GomokuParameters = GOMOKU_LEAGUE
) -> bool:
    """R4, A15: days 1-7 of the stage's own month."""
    instant = as_utc(at, "registration time")
    return (
        registration_opens_at(month, parameters)
        <= instant
        < registration_closes_at(month, parameters)
    )


def is_challenge_window(
    month: Month, at: datetime, parameters: GomokuParameters = GOMOKU_LEAGUE
) -> bool:
    """R43: challenges to disinterested opponents may be posted on days 15-25."""
    window = parameters.challenge_window_days
    instant = as_utc(at, "challenge time")
    return (
        month.day_starts_at(window.first) <= instant < month.day_starts_at(window.last) + hours(24)
    )


def is_leave_notice_on_time(month: Month, notified_at: datetime) -> bool:
    """R50, A20: the organiser must hear of a leave before 00:00 UTC on day 1."""
    return as_utc(notified_at, "leave notice time") < month.starts_at


def compute_may_play_from(
    month: Month,
    waits_for_registration: bool,
    parameters: GomokuParameters = GOMOKU_LEAGUE,
) -> datetime:
    """R21, A14: day 1, or the end of registration when a player of the match must wait."""
    if waits_for_registration:
        return registration_closes_at(month, parameters)
    return month.starts_at


def report_deadline(played_at: datetime, parameters: GomokuParameters = GOMOKU_LEAGUE) -> datetime:
    """R45: the last instant a report is on time (48 hours after the match)."""
    return as_utc(played_at, "match time") + hours(parameters.result_report_hours)


def dispute_closes_at(
    validated_at: datetime, parameters: GomokuParameters = GOMOKU_LEAGUE
) -> datetime:
    """R47: the instant a validated result becomes final; a dispute must arrive before it."""
    return as_utc(validated_at, "validation time") + hours(parameters.dispute_window_hours)


def is_report_on_time(
    played_at: datetime, reported_at: datetime, parameters: GomokuParameters = GOMOKU_LEAGUE
) -> bool:
    """R45, A21: a report from either player within 48 hours, the 48th hour included."""
    played = as_utc(played_at, "match time")
    reported = as_utc(reported_at, "report time")
    if reported < played:
        raise IllegalResult(
            f"a result reported at {reported.isoformat()} cannot precede the match "
            f"played at {played.isoformat()}",
            played_at=played.isoformat(),
            reported_at=reported.isoformat(),
        )
    return reported <= report_deadline(played, parameters)


class ResultStatus(StrEnum):
    AWAITING_REPORT = "awaiting-report"
    LATE = "late"
    """No report within 48 hours: the match counts as unplayed for both (A28)."""
    VALIDATED = "validated"
    """Validated, inside the 24-hour dispute window (R46)."""
    FINAL = "final"
    """Undisputed for 24 hours after validation (R47)."""
    DISPUTED = "disputed"
    """Disputed in time; waiting for the referee (R47)."""
    RULED = "ruled"
    """The referee decided the dispute; the ruling is final."""


@dataclass(frozen=True, slots=True)
class ResultValidation:
    status: ResultStatus
    report_deadline: datetime
    validated_at: datetime | None = None
    final_at: datetime | None = None
    """When the result became (or will become) final without a dispute."""

    @property
    def counts(self) -> bool:
        """Whether the reported games count now: validated, final, or as the referee ruled."""
        return self.status in (ResultStatus.VALIDATED, ResultStatus.FINAL, ResultStatus.RULED)


def compute_result_validation(
    played_at: datetime,
    reports: Sequence[datetime],
    now: datetime,
    parameters: GomokuParameters = GOMOKU_LEAGUE,
    *,
    disputed_at: datetime | None = None,
    ruled_at: datetime | None = None,
) -> ResultValidation:
    """The state of a match result at `now` (R45-R47, A21, A28).

    Only messages that arrived by `now` are considered. A dispute filed at or after the
    final instant is too late and ignored; a ruling must follow a dispute.
    """
    current = as_utc(now, "now")
    deadline = report_deadline(played_at, parameters)
    arrived = sorted(r for r in (as_utc(t, "report time") for t in reports) if r <= current)
    on_time = [r for r in arrived if is_report_on_time(played_at, r, parameters)]
    if not on_time:
        status = ResultStatus.LATE if current > deadline else ResultStatus.AWAITING_REPORT
        return ResultValidation(status=status, report_deadline=deadline)
    validated = on_time[0]
    final = dispute_closes_at(validated, parameters)
    dispute = _arrived(disputed_at, current, "dispute time")
    if dispute is not None and dispute < validated:
        raise IllegalResult(
            f"a dispute at {dispute.isoformat()} precedes the validation at "
            f"{validated.isoformat()}",
            disputed_at=dispute.isoformat(),
        )
    if dispute is not None and dispute < final:
        ruling = _arrived(ruled_at, current, "ruling time")
        if ruling is not None and ruling < dispute:
            raise IllegalResult(
                f"a ruling at {ruling.isoformat()} precedes the dispute at {dispute.isoformat()}",
                ruled_at=ruling.isoformat(),
            )
        status = ResultStatus.RULED if ruling is not None else ResultStatus.DISPUTED
        return ResultValidation(status, deadline, validated, ruling)
    status = ResultStatus.FINAL if current >= final else ResultStatus.VALIDATED
    return ResultValidation(status, deadline, validated, final)


def _arrived(at: datetime | None, now: datetime, what: str) -> datetime | None:
    if at is None:
        return None
    instant = as_utc(at, what)
    return instant if instant <= now else None
