"""Gomoku league agreed times (shared/spec/gomoku-league.md): R22 (opponents agree a day and
time), R40 (not answering an opponent or a challenge is a sign of disinterest; A9: the flag
stays a judgement, so the engine only gives the evidence), R43 (challenges on days 15-25)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from mashindano.engine.agreed_times import Answer, AnswerKind, Proposal, match_times
from mashindano.engine.errors import IllegalResult
from mashindano.engine.gomoku.challenges import (
    PROPOSAL_ANSWER_LIMIT,
    check_challenge,
    disinterest_signs,
    shows_disinterest,
)
from mashindano.engine.gomoku.months import Month
from mashindano.engine.gomoku.parameters import GOMOKU_LEAGUE, DayRange
from mashindano.engine.model import CompetitorId

A, B = CompetitorId("A"), CompetitorId("B")
MARCH = Month(2026, 3)


def t(day: int, hour: int = 10, minute: int = 0) -> datetime:
    return datetime(2026, 3, day, hour, minute, tzinfo=UTC)


def test_r40_an_unanswered_proposal_is_a_sign_of_disinterest() -> None:
    proposal = Proposal(A, t(2), (t(5),))
    on_time = match_times([proposal], (A, B), t(4, 10), PROPOSAL_ANSWER_LIMIT)
    assert disinterest_signs(on_time) == ()
    late = match_times([proposal], (A, B), t(4, 11), PROPOSAL_ANSWER_LIMIT)
    (sign,) = disinterest_signs(late)
    assert (sign.player, sign.by, sign.due, sign.challenge) == (B, A, t(4, 10), False)
    assert shows_disinterest(late, B)
    assert not shows_disinterest(late, A)


def test_r40_an_answered_proposal_is_no_sign() -> None:
    facts = [Proposal(A, t(2), (t(5),)), Answer(B, t(3), AnswerKind.ACCEPT, t(5))]
    assert disinterest_signs(match_times(facts, (A, B), t(20), PROPOSAL_ANSWER_LIMIT)) == ()


def test_r40_an_unanswered_challenge_is_a_sign() -> None:
    facts = [Proposal(A, t(15), (t(20),), challenge=True)]
    (sign,) = disinterest_signs(match_times(facts, (A, B), t(18), PROPOSAL_ANSWER_LIMIT))
    assert sign.challenge
    assert sign.player == B


@pytest.mark.parametrize("when", [t(15, 0), t(20), t(25, 23, 59)])
def test_r43_challenges_inside_days_15_to_25(when: datetime) -> None:
    check_challenge(MARCH, when, B, shows_disinterest=True)


@pytest.mark.parametrize("when", [t(14, 23, 59), t(26, 0), t(3), datetime(2026, 4, 20, tzinfo=UTC)])
def test_r43_challenges_outside_days_15_to_25_are_refused(when: datetime) -> None:
    with pytest.raises(IllegalResult) as refused:
        check_challenge(MARCH, when, B, shows_disinterest=True)
    assert refused.value.code == "challenge_window"
    assert "R43" in str(refused.value)


def test_r43_a_challenge_needs_an_opponent_who_shows_disinterest() -> None:
    with pytest.raises(IllegalResult) as refused:
        check_challenge(MARCH, t(20), B, shows_disinterest=False)
    assert refused.value.code == "challenge_no_disinterest"


def test_r43_the_window_is_the_parameter() -> None:
    from dataclasses import replace

    wider = replace(GOMOKU_LEAGUE, challenge_window_days=DayRange(10, 25))
    check_challenge(MARCH, t(12), B, shows_disinterest=True, parameters=wider)
