"""Leaves (*concedii*, R48-R50, A19, A20): one stage away, coefficient kept, at most 3 a year.

A player on leave is left out of that stage's list (not paired, not ranked) and comes back the
next month without registering, placed by the coefficient they kept (A27).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from mashindano.engine.errors import IllegalResult
from mashindano.engine.gomoku.months import Month
from mashindano.engine.gomoku.parameters import GOMOKU_LEAGUE, GomokuParameters
from mashindano.engine.gomoku.windows import is_leave_notice_on_time
from mashindano.engine.model import CompetitorId
from mashindano.engine.timestamps import as_utc


@dataclass(frozen=True, slots=True)
class LeaveRequest:
    competitor: CompetitorId
    month: Month
    notified_at: datetime


@dataclass(frozen=True, slots=True)
class Rejection:
    """A request the rules refused, with the error that says why."""

    competitor: CompetitorId
    code: str
    message: str
    at: datetime | None = None
    """When the refused request was notified or received."""


def count_leaves_in_year(taken: Iterable[Month], year: int) -> int:
    """A19: leaves are counted per calendar year."""
    return sum(1 for month in taken if month.year == year)


def check_leave(
    request: LeaveRequest,
    taken: Sequence[Month],
    parameters: GomokuParameters = GOMOKU_LEAGUE,
) -> None:
    """Accept a leave or raise IllegalResult: notice before day 1, at most 3 per year."""
    who = request.competitor
    if not is_leave_notice_on_time(request.month, request.notified_at):
        raise IllegalResult(
            f"leave of {who} for {request.month} notified "
            f"{as_utc(request.notified_at, 'leave notice time').isoformat()}, after the stage "
            f"began at {request.month.starts_at.isoformat()} (R50)",
            code="leave_notice_late",
            competitor=who,
            month=str(request.month),
        )
    if request.month in taken:
        raise IllegalResult(
            f"{who} is already on leave in {request.month}",
            code="leave_duplicate",
            competitor=who,
            month=str(request.month),
        )
    used = count_leaves_in_year(taken, request.month.year)
    if used >= parameters.max_leaves_per_year:
        raise IllegalResult(
            f"{who} has already taken {used} leaves in {request.month.year}; at most "
            f"{parameters.max_leaves_per_year} per calendar year (R48)",
            code="leave_limit",
            competitor=who,
            year=request.month.year,
        )


@dataclass(frozen=True, slots=True)
class LeaveDecisions:
    accepted: tuple[LeaveRequest, ...]
    rejected: tuple[Rejection, ...]


def decide_leaves(
    requests: Sequence[LeaveRequest],
    history: Mapping[CompetitorId, Sequence[Month]],
    parameters: GomokuParameters = GOMOKU_LEAGUE,
    *,
    members: frozenset[CompetitorId] | None = None,
) -> LeaveDecisions:
    """Decide requests in the order they were notified; each accepted one counts for the next.

    `members`, when given, are the players who may take a leave (those who would otherwise be
    on the list); anyone else is refused.
    """
    taken = {who: list(months) for who, months in history.items()}
    accepted: list[LeaveRequest] = []
    rejected: list[Rejection] = []
    ordered = sorted(requests, key=lambda r: as_utc(r.notified_at, "leave notice time"))
    for request in ordered:
        try:
            if members is not None and request.competitor not in members:
                raise IllegalResult(
                    f"{request.competitor} is not on the league's list and cannot take a leave",
                    code="leave_not_member",
                    competitor=request.competitor,
                )
            check_leave(request, taken.get(request.competitor, []), parameters)
        except IllegalResult as refusal:
            rejected.append(
                Rejection(request.competitor, refusal.code, refusal.message, request.notified_at)
            )
            continue
        taken.setdefault(request.competitor, []).append(request.month)
        accepted.append(request)
    return LeaveDecisions(tuple(accepted), tuple(rejected))
