"""The 1-hour, 24-hour and 48-hour limits at their boundaries, and their default outcomes
(R16, R20-R22, A5, A9). At the deadline itself there is still time; a moment later there
is not."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from mashindano.engine.errors import ParseError
from mashindano.engine.knockout.deadlines import (
    DeadlineLimits,
    DefaultReason,
    FollowUp,
    FollowUpTrigger,
    Message,
    ReportStatus,
    evaluate_follow_up,
    evaluate_report,
    is_past,
    offer_deadline,
    reply_deadline,
    report_deadline,
)
from mashindano.engine.knockout.parameters import TANTRIX_KNOCKOUT
from mashindano.engine.matches import MatchSide
from mashindano.engine.parameters import override

T0 = datetime(2026, 3, 1, 20, 0, tzinfo=UTC)
TICK = timedelta(microseconds=1)
HOUR = timedelta(hours=1)


def test_tantrix_R16_report_within_one_hour_of_the_sitting() -> None:
    deadline = report_deadline(T0)
    assert deadline == T0 + HOUR
    assert evaluate_report(deadline, T0 + HOUR, T0 + 2 * HOUR) is ReportStatus.ON_TIME
    assert evaluate_report(deadline, T0 + HOUR + TICK, T0 + 2 * HOUR) is ReportStatus.LATE
    assert evaluate_report(deadline, None, T0 + HOUR) is ReportStatus.PENDING
    assert evaluate_report(deadline, None, T0 + HOUR + TICK) is ReportStatus.MISSING
    assert ReportStatus.MISSING.needs_controller
    assert not ReportStatus.PENDING.needs_controller


def test_tantrix_R16_report_before_the_next_game_of_the_sitting() -> None:
    next_game = T0 + timedelta(minutes=5)
    assert report_deadline(T0, next_game) == next_game


def test_limits_from_the_preset() -> None:
    limits = DeadlineLimits.from_parameters(override(TANTRIX_KNOCKOUT, {"reply_limit_hours": "72"}))
    assert (limits.report, limits.offer, limits.reply) == (HOUR, 24 * HOUR, 72 * HOUR)
    assert offer_deadline(T0) == T0 + 24 * HOUR
    assert reply_deadline(T0) == T0 + 48 * HOUR


def test_is_past_at_the_boundary() -> None:
    assert not is_past(T0, T0)
    assert is_past(T0, T0 + TICK)


def test_naive_times_are_refused() -> None:
    with pytest.raises(ParseError, match=r"now \(.*\) has no time zone"):
        is_past(T0, datetime(2026, 3, 1))


def nothing_agreed(
    submitter: MatchSide = "b",
    trailing: MatchSide | None = "b",
    offers: tuple[Message, ...] = (),
    replies: tuple[Message, ...] = (),
) -> FollowUp:
    return FollowUp(
        FollowUpTrigger.NOTHING_AGREED,
        T0,
        submitter,
        trailing,
        offers,
        replies,
    )


def test_tantrix_R20_A5_trailing_submitter_has_24_hours_to_offer() -> None:
    at_limit = evaluate_follow_up(nothing_agreed(), T0 + 24 * HOUR)
    assert at_limit.default is None
    assert at_limit.waiting_for == "b"
    late = evaluate_follow_up(nothing_agreed(), T0 + 24 * HOUR + TICK)
    assert late.default is not None
    assert (late.default.loser, late.default.reason) == ("b", DefaultReason.NO_OFFER)
    assert late.default.deadline == T0 + 24 * HOUR


def test_tantrix_A5_an_offer_exactly_at_24_hours_is_in_time() -> None:
    offer = Message("b", T0 + 24 * HOUR)
    state = evaluate_follow_up(nothing_agreed(offers=(offer,)), T0 + 25 * HOUR)
    assert state.default is None
    assert state.waiting_for == "a"
    assert state.reply_deadline == T0 + 72 * HOUR
    too_late = Message("b", T0 + 24 * HOUR + TICK)
    late = evaluate_follow_up(nothing_agreed(offers=(too_late,)), T0 + 25 * HOUR)
    assert late.default is not None
    assert late.default.loser == "b"


def test_tantrix_A5_a_leading_submitter_loses_nothing_automatically() -> None:
    state = evaluate_follow_up(nothing_agreed(submitter="a", trailing="b"), T0 + 30 * HOUR)
    assert state.default is None
    assert state.needs_controller
    # Once the trailing player sends an offer, the leader is bound by the 48-hour reply.
    offer = Message("b", T0 + 30 * HOUR)
    bound = evaluate_follow_up(
        nothing_agreed(submitter="a", trailing="b", offers=(offer,)), T0 + 78 * HOUR + TICK
    )
    assert bound.default is not None
    assert (bound.default.loser, bound.default.reason) == ("a", DefaultReason.NO_REPLY)


def test_tantrix_R22_A9_reply_within_48_hours_or_lose() -> None:
    offer = Message("b", T0 + 2 * HOUR)
    due = T0 + 50 * HOUR
    reply_on_the_dot = Message("a", due)
    arranged = evaluate_follow_up(
        nothing_agreed(offers=(offer,), replies=(reply_on_the_dot,)), due + HOUR
    )
    assert arranged.is_arranged
    assert arranged.default is None
    waiting = evaluate_follow_up(nothing_agreed(offers=(offer,)), due)
    assert waiting.default is None
    assert waiting.waiting_for == "a"
    missed = evaluate_follow_up(nothing_agreed(offers=(offer,)), due + TICK)
    assert missed.default is not None
    assert (missed.default.loser, missed.default.reason) == ("a", DefaultReason.NO_REPLY)
    late_reply = Message("a", due + TICK)
    still_missed = evaluate_follow_up(
        nothing_agreed(offers=(offer,), replies=(late_reply,)), due + HOUR
    )
    assert still_missed.default is not None


def test_tantrix_R21_A4_controller_reply_starts_the_offer_clock() -> None:
    replied_at = T0 + 5 * HOUR
    follow_up = FollowUp(FollowUpTrigger.CONTROLLER_REPLY, replied_at, "b", "b")
    assert evaluate_follow_up(follow_up, replied_at + 24 * HOUR).default is None
    late = evaluate_follow_up(follow_up, replied_at + 24 * HOUR + TICK)
    assert late.default is not None
    assert late.default.loser == "b"


def test_messages_after_now_are_not_yet_facts() -> None:
    offer = Message("b", T0 + 10 * HOUR)
    state = evaluate_follow_up(nothing_agreed(offers=(offer,)), T0 + 5 * HOUR)
    assert state.offer is None
    assert state.waiting_for == "b"


def test_dead_level_nobody_defaults_on_the_offer() -> None:
    state = evaluate_follow_up(nothing_agreed(trailing=None), T0 + 48 * HOUR)
    assert state.default is None
    assert state.needs_controller
