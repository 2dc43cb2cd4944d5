"""Agreed match times, preset-neutral (engine.agreed_times): proposals of one or more times,
accept, counter-propose, decline, and a proposal left unanswered past the limit (the evidence
Gomoku's R40 reads; its own tests are in tests/engine/gomoku/test_gomoku_challenges.py)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from mashindano.engine.agreed_times import (
    Answer,
    AnswerKind,
    MatchTimes,
    Proposal,
    ProposalStatus,
    check_answer,
    check_proposal,
    match_times,
)
from mashindano.engine.errors import IllegalResult, ParseError
from mashindano.engine.model import CompetitorId

A, B = CompetitorId("A"), CompetitorId("B")
PLAYERS = (A, B)
LIMIT = timedelta(hours=48)


def t(day: int, hour: int = 10) -> datetime:
    return datetime(2026, 3, day, hour, tzinfo=UTC)


def state(*facts: Proposal | Answer, now: datetime) -> MatchTimes:
    return match_times(facts, PLAYERS, now, LIMIT)


def test_a_proposal_waits_for_the_opponent_until_the_limit() -> None:
    proposal = check_proposal(state(now=t(2)), PLAYERS, Proposal(A, t(2), (t(6), t(5))))
    assert proposal.times == (t(5), t(6))  # sorted
    times = state(proposal, now=t(4, 10))  # exactly 48 hours: still on time
    assert times.open is not None
    assert (times.open.to, times.open.status) == (B, ProposalStatus.OPEN)
    assert times.open.answer_due == t(4, 10)
    assert times.evidence() == ()
    late = state(proposal, now=t(4, 11))
    assert late.open is not None
    assert late.open.status is ProposalStatus.UNANSWERED
    assert [s.to for s in late.evidence()] == [B]


def test_acceptance_agrees_one_of_the_proposed_times() -> None:
    proposal = Proposal(A, t(2), (t(5), t(6)))
    before = state(proposal, now=t(3))
    answer = check_answer(before, Answer(B, t(3), AnswerKind.ACCEPT, t(6)))
    after = state(proposal, answer, now=t(3))
    assert after.agreed == t(6)
    assert after.open is None
    assert after.proposals[0].status is ProposalStatus.AGREED


def test_acceptance_of_a_time_not_proposed_is_refused() -> None:
    before = state(Proposal(A, t(2), (t(5),)), now=t(3))
    with pytest.raises(IllegalResult) as refused:
        check_answer(before, Answer(B, t(3), AnswerKind.ACCEPT, t(7)))
    assert refused.value.code == "time_not_proposed"
    with pytest.raises(ParseError):
        check_answer(before, Answer(B, t(3), AnswerKind.ACCEPT))


def test_a_counter_proposal_answers_and_waits_for_the_first_player() -> None:
    proposal = Proposal(A, t(2), (t(5),))
    counter = check_answer(
        state(proposal, now=t(3)), Answer(B, t(3), AnswerKind.COUNTER, None, (t(7),))
    )
    times = state(proposal, counter, now=t(3))
    assert [s.status for s in times.proposals] == [ProposalStatus.COUNTERED, ProposalStatus.OPEN]
    assert times.open is not None
    assert times.open.to == A
    accepted = check_answer(times, Answer(A, t(4), AnswerKind.ACCEPT, t(7)))
    assert state(proposal, counter, accepted, now=t(4)).agreed == t(7)


def test_only_the_opponent_answers_and_only_a_waiting_proposal() -> None:
    with pytest.raises(IllegalResult) as nothing:
        check_answer(state(now=t(2)), Answer(B, t(2), AnswerKind.DECLINE))
    assert nothing.value.code == "nothing_to_answer"
    before = state(Proposal(A, t(2), (t(5),)), now=t(3))
    with pytest.raises(IllegalResult) as own:
        check_answer(before, Answer(A, t(3), AnswerKind.DECLINE))
    assert own.value.code == "not_yours_to_answer"


def test_a_second_proposal_waits_for_the_answer_to_the_first() -> None:
    first = Proposal(A, t(2), (t(5),))
    with pytest.raises(IllegalResult) as waiting:
        check_proposal(state(first, now=t(3)), PLAYERS, Proposal(A, t(3), (t(8),)))
    assert waiting.value.code == "proposal_waiting"
    with pytest.raises(IllegalResult) as answer_first:
        check_proposal(state(first, now=t(3)), PLAYERS, Proposal(B, t(3), (t(8),)))
    assert answer_first.value.code == "answer_first"
    # past the limit the proposer may propose again; the unanswered one stays on record
    again = check_proposal(state(first, now=t(5)), PLAYERS, Proposal(A, t(5), (t(8),)))
    times = state(first, again, now=t(5))
    assert [s.status for s in times.proposals] == [
        ProposalStatus.UNANSWERED,
        ProposalStatus.OPEN,
    ]
    assert len(times.evidence()) == 1


def test_a_late_answer_still_agrees_but_stays_evidence() -> None:
    proposal = Proposal(A, t(2), (t(9),))
    answer = check_answer(state(proposal, now=t(6)), Answer(B, t(6), AnswerKind.ACCEPT, t(9)))
    times = state(proposal, answer, now=t(6))
    assert times.agreed == t(9)
    assert times.proposals[0].answered_late
    assert [s.to for s in times.evidence()] == [B]


def test_refusals_of_past_times_and_outsiders() -> None:
    with pytest.raises(IllegalResult) as past:
        check_proposal(state(now=t(5)), PLAYERS, Proposal(A, t(5), (t(4),)))
    assert past.value.code == "time_past"
    with pytest.raises(IllegalResult) as outsider:
        check_proposal(state(now=t(5)), PLAYERS, Proposal(CompetitorId("C"), t(5), (t(8),)))
    assert outsider.value.code == "not_in_match"
    with pytest.raises(ParseError):
        check_proposal(state(now=t(5)), PLAYERS, Proposal(A, t(5), ()))


def test_facts_after_now_are_not_yet_known() -> None:
    proposal = Proposal(A, t(2), (t(9),))
    answer = Answer(B, t(3), AnswerKind.DECLINE)
    assert state(proposal, answer, now=t(2, 12)).open is not None
    declined = state(proposal, answer, now=t(3))
    assert declined.proposals[0].status is ProposalStatus.DECLINED
    assert declined.open is None
