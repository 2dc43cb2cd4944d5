"""The reporting and follow-up limits of a Tantrix knockout match and what missing each one
costs (R16, R20-R22, A5, A9). Every function is given the times it needs, "now" included;
the engine never reads a clock. Deadlines are never extended for tiebreak games (R25).

A limit is met by acting at or before the deadline: an offer sent exactly 24 hours after the
match ended is in time, one sent a moment later is not.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

from mashindano.engine.errors import IllegalResult
from mashindano.engine.knockout.parameters import TANTRIX_KNOCKOUT, TantrixKnockoutParameters
from mashindano.engine.matches import MatchSide
from mashindano.engine.timestamps import require_aware

REPORT_LIMIT = timedelta(hours=1)
OFFER_LIMIT = timedelta(hours=24)
REPLY_LIMIT = timedelta(hours=48)


@dataclass(frozen=True, slots=True)
class DeadlineLimits:
    report: timedelta = REPORT_LIMIT
    offer: timedelta = OFFER_LIMIT
    reply: timedelta = REPLY_LIMIT

    @classmethod
    def from_parameters(cls, parameters: TantrixKnockoutParameters) -> DeadlineLimits:
        return cls(
            report=timedelta(hours=parameters.report_limit_hours),
            offer=timedelta(hours=parameters.offer_limit_hours),
            reply=timedelta(hours=parameters.reply_limit_hours),
        )


DEFAULT_LIMITS = DeadlineLimits.from_parameters(TANTRIX_KNOCKOUT)


def is_past(deadline: datetime, now: datetime) -> bool:
    """True once `now` is later than `deadline`; at the deadline itself there is still time."""
    return require_aware(now, "now") > require_aware(deadline, "the deadline")


# --- R16: result forms -------------------------------------------------------------------


def report_deadline(
    sitting_end: datetime,
    next_game_start: datetime | None = None,
    *,
    limit: timedelta = REPORT_LIMIT,
) -> datetime:
    """R16: a form is due before the next game starts; after the last game of a sitting,
    within `limit` (1 hour) of the end of the sitting."""
    require_aware(sitting_end, "the end of the sitting")
    if next_game_start is not None:
        return require_aware(next_game_start, "the start of the next game")
    return sitting_end + limit


class ReportStatus(StrEnum):
    """Where a result form stands against its limit. The spec names no penalty for a late form,
    so a late or missing one goes to a controller; the result itself is not forfeited."""

    ON_TIME = "on-time"
    PENDING = "pending"
    LATE = "late"
    MISSING = "missing"

    @property
    def needs_controller(self) -> bool:
        return self in (ReportStatus.LATE, ReportStatus.MISSING)


def evaluate_report(
    deadline: datetime, submitted_at: datetime | None, now: datetime
) -> ReportStatus:
    if submitted_at is not None:
        require_aware(submitted_at, "the form's submission time")
        return ReportStatus.LATE if submitted_at > deadline else ReportStatus.ON_TIME
    return ReportStatus.MISSING if is_past(deadline, now) else ReportStatus.PENDING


# --- R20-R22: arranging tiebreak games -----------------------------------------------------


def offer_deadline(started_at: datetime, *, limit: timedelta = OFFER_LIMIT) -> datetime:
    """R20, R21: offer tiebreak dates within 24 hours of the match end (option 4) or of a
    controller's reply (options 5 and 6)."""
    return require_aware(started_at, "the start of the offer limit") + limit


def reply_deadline(offer_sent_at: datetime, *, limit: timedelta = REPLY_LIMIT) -> datetime:
    """R22: the opponent answers an offer of dates within 48 hours."""
    return require_aware(offer_sent_at, "the time the offer was sent") + limit


class FollowUpTrigger(StrEnum):
    """What starts the 24-hour offer clock."""

    NOTHING_AGREED = "nothing-agreed"
    """Option 4 (NONAGR): from the end of the match (R20)."""
    CONTROLLER_REPLY = "controller-reply"
    """Options 5 and 6: from the controller's reply that a tiebreak is due (R21, A4)."""


@dataclass(frozen=True, slots=True)
class Message:
    """An e-mail between the players (copied to the AC): an offer of dates, or a reply."""

    by: MatchSide
    sent_at: datetime

    def __post_init__(self) -> None:
        if self.by not in ("a", "b"):
            raise IllegalResult(f"a message comes from side 'a' or 'b', got {self.by!r}")
        require_aware(self.sent_at, f"the message from {self.by}")


@dataclass(frozen=True, slots=True)
class FollowUp:
    """The facts after a form left the match unfinished without a time to continue.

    `submitter` picked option 4 (or 5/6 and got the controller's reply at `started_at`);
    `trailing` is who was behind on TPs then (None when dead level).
    """

    trigger: FollowUpTrigger
    started_at: datetime
    submitter: MatchSide
    trailing: MatchSide | None
    offers: tuple[Message, ...] = ()
    replies: tuple[Message, ...] = ()

    def __post_init__(self) -> None:
        require_aware(self.started_at, "the start of the follow-up")


class DefaultReason(StrEnum):
    NO_OFFER = "no-offer"
    """A5, R20, R21: the trailing submitter sent no offer of dates within 24 hours."""
    NO_REPLY = "no-reply"
    """A9, R22: the opponent did not answer an offer within 48 hours."""


@dataclass(frozen=True, slots=True)
class DefaultLoss:
    loser: MatchSide
    reason: DefaultReason
    deadline: datetime


@dataclass(frozen=True, slots=True)
class FollowUpState:
    """Where the arrangement of tiebreak games stands at `now`.

    `waiting_for` is who must act next; `default` is set once a missed limit has lost someone
    the match; `is_arranged` once an offer was answered in time (the tiebreak gets played).
    `needs_controller` marks a stall the rules attach no automatic outcome to (A5: a leader
    who sends no offer loses nothing).
    """

    offer_deadline: datetime
    offer: Message | None = None
    reply_deadline: datetime | None = None
    waiting_for: MatchSide | None = None
    default: DefaultLoss | None = None
    is_arranged: bool = False
    needs_controller: bool = False


def evaluate_follow_up(
    follow_up: FollowUp, now: datetime, *, limits: DeadlineLimits = DEFAULT_LIMITS
) -> FollowUpState:
    """Apply the 24-hour offer and 48-hour reply limits to the facts known at `now`.

    Either player may send the offer (A5); the first one sent counts. Messages dated after
    `now` are not yet facts and are ignored.
    """
    require_aware(now, "now")
    offer_due = offer_deadline(follow_up.started_at, limit=limits.offer)
    offer = _first(follow_up.offers, now)
    offer_missed = offer is None or offer.sent_at > offer_due
    if offer_missed and is_past(offer_due, now) and follow_up.trailing == follow_up.submitter:
        loss = DefaultLoss(follow_up.submitter, DefaultReason.NO_OFFER, offer_due)
        return FollowUpState(offer_deadline=offer_due, offer=offer, default=loss)
    if offer is None:
        return FollowUpState(
            offer_deadline=offer_due,
            waiting_for=follow_up.submitter,
            needs_controller=is_past(offer_due, now),
        )
    # A late offer from a leader (who loses nothing for it) still binds the opponent to reply.
    recipient: MatchSide = "b" if offer.by == "a" else "a"
    reply_due = reply_deadline(offer.sent_at, limit=limits.reply)
    reply = _first([r for r in follow_up.replies if r.by == recipient], now, after=offer.sent_at)
    if reply is not None and reply.sent_at <= reply_due:
        return FollowUpState(
            offer_deadline=offer_due, offer=offer, reply_deadline=reply_due, is_arranged=True
        )
    if is_past(reply_due, now):
        loss = DefaultLoss(recipient, DefaultReason.NO_REPLY, reply_due)
        return FollowUpState(
            offer_deadline=offer_due, offer=offer, reply_deadline=reply_due, default=loss
        )
    return FollowUpState(
        offer_deadline=offer_due, offer=offer, reply_deadline=reply_due, waiting_for=recipient
    )


def _first(
    messages: Sequence[Message], now: datetime, *, after: datetime | None = None
) -> Message | None:
    known = [m for m in messages if m.sent_at <= now and (after is None or m.sent_at >= after)]
    return min(known, key=lambda m: m.sent_at, default=None)
