"""When a month may close: not while a result of it may still arrive or be disputed
(R45-R47, A21, A28).

A match may be played up to the month's last instant (R1) and one report from either player
within 48 hours validates it (R45, A21), so reports for a month may arrive until 48 hours
after it ends; a match not reported by then is unplayed (A28) and waits for nothing. A
validated result may be disputed until it becomes final, 24 hours after validation (R47).
The month may close at the latest of these instants, the instant itself included: a close
and a report at that same instant are serialised, and whatever comes after the close is
refused because the month is final.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from mashindano.engine.gomoku.months import Month
from mashindano.engine.gomoku.parameters import GOMOKU_LEAGUE, GomokuParameters
from mashindano.engine.gomoku.windows import dispute_closes_at, report_deadline
from mashindano.engine.timestamps import as_utc


class ClosingWait(StrEnum):
    """What the month's earliest closing instant waits for."""

    REPORTS = "reports"
    """A match of the month may still be reported (R45, A21)."""
    DISPUTE = "dispute"
    """A validated result of the month may still be disputed (R47)."""


@dataclass(frozen=True, slots=True)
class MonthClosing[K: Hashable]:
    """The earliest instant a month may close, and why not earlier."""

    month: Month
    at: datetime
    wait: ClosingWait
    result: K | None = None
    """The validated result whose dispute window ends last (when `wait` is DISPUTE)."""

    def allows(self, now: datetime) -> bool:
        return as_utc(now, "closing time") >= self.at


def reports_close_at(month: Month, parameters: GomokuParameters = GOMOKU_LEAGUE) -> datetime:
    """The last instant a report of the month's matches is on time: 48 hours after its end,
    since a match may be played at the month's last instant (R45, A21)."""
    return report_deadline(month.ends_at, parameters)


def earliest_month_close[K: Hashable](
    month: Month,
    validated_at: Mapping[K, datetime],
    parameters: GomokuParameters = GOMOKU_LEAGUE,
) -> MonthClosing[K]:
    """The earliest instant `month` may close (R45-R47, A21, A28).

    `validated_at` holds the results of the month still open to dispute (validated, not yet
    confirmed, disputed or ruled), each with the instant it was validated. On equal instants
    the reports' deadline is named, then the first result given.
    """
    closing: MonthClosing[K] = MonthClosing(
        month, reports_close_at(month, parameters), ClosingWait.REPORTS
    )
    for result, validated in validated_at.items():
        final = dispute_closes_at(validated, parameters)
        if final > closing.at:
            closing = MonthClosing(month, final, ClosingWait.DISPUTE, result)
    return closing
