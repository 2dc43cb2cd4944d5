"""Agreed match times in a Gomoku league (issue 31 item 4; shared/spec/gomoku-league.md):
R22 (the two opponents agree a day and time and tell the organiser): proposal, acceptance,
counter-proposal, decline, through the declared actions as a player performs them; R40 (a
proposal left unanswered is a sign of disinterest, shown to the organiser; A9: the flag stays
their judgement); R43 (challenges only on days 15-25, to an opponent showing disinterest).

Month 1 is March 2026, paired on day 8; the answer limit is 48 hours."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.contrib.auth.models import User

from mashindano.app import events, people, players, rounds
from mashindano.app.conduct import sanction_player
from mashindano.app.documents.console import build_queues
from mashindano.app.documents.me import build_my_page
from mashindano.app.errors import NotAllowed, WrongState
from mashindano.app.match_times import ANSWER_SUBJECT, PROPOSAL_SUBJECT, propose_times
from mashindano.app.people import principal_for_user
from mashindano.app.performing import perform
from mashindano.app.principals import Principal, local
from mashindano.engine.agreed_times import ProposalStatus
from mashindano.engine.errors import IllegalResult, MashindanoError
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.store import models

pytestmark = pytest.mark.django_db

ORGANISER = local("organiser")
LEAGUE = "lg"


def at(day: int, hour: int = 10, month: int = 3) -> datetime:
    return datetime(2026, month, day, hour, tzinfo=UTC)


def league() -> tuple[str, str]:
    """7 players, month 1 paired; accounts p1..p4 play P1..P4. Returns (round, board) of the
    match P1-P2 as text."""
    events.create_event(LEAGUE, "gomoku-league", actor=ORGANISER, seed=5, now=at(20, month=2))
    roster = [
        Competitor(CompetitorId(f"P{n}"), f"P{n}", rating=2000 - n, games_played=500)
        for n in range(1, 8)
    ]
    players.register_players(LEAGUE, roster, actor=ORGANISER, now=at(20, month=2))
    events.start_event(LEAGUE, actor=ORGANISER, now=at(20, month=2))
    rounds.pair_next_round(LEAGUE, actor=ORGANISER, now=at(8))
    for n in range(1, 5):
        User.objects.create_user(f"p{n}")  # no password: no slow hashing
        people.link_entry(LEAGUE, f"P{n}", f"p{n}", actor=ORGANISER, now=at(8))
    facts = events.get_event_facts(LEAGUE)
    for encounter in facts.rounds[0].encounters:
        if {encounter.first, encounter.second} == {"P1", "P2"}:
            return "1", str(encounter.board)
    raise AssertionError("P1 and P2 do not meet")


def player(n: int) -> Principal:
    principal = principal_for_user(User.objects.get(username=f"p{n}"))
    assert principal is not None
    return principal


def stored() -> tuple[int, int]:
    return models.ArbiterOverride.objects.count(), models.AuditEntry.objects.count()


def propose(board: str, who: int, times: str, now: datetime, action: str = "match.propose"):  # type: ignore[no-untyped-def]
    values = {"round": "1", "board": board, "player": f"P{who}", "times": times}
    return perform(LEAGUE, action, values, actor=player(who), now=now)


def answer(board: str, who: int, now: datetime, **values: str):  # type: ignore[no-untyped-def]
    given = {"round": "1", "board": board, "player": f"P{who}", **values}
    return perform(LEAGUE, "match.answer", given, actor=player(who), now=now)


def test_R22_a_proposal_of_two_times_and_its_acceptance() -> None:
    _, board = league()
    done = propose(board, 1, "2026-03-12 19:00, 2026-03-13T20:00+02:00", at(9))
    assert "P1 proposed 2026-03-12 19:00 UTC, 2026-03-13 18:00 UTC to P2" in done.message
    override = models.ArbiterOverride.objects.get(subject=PROPOSAL_SUBJECT)
    assert override.value["times"] == ["2026-03-12T19:00:00+00:00", "2026-03-13T18:00:00+00:00"]
    assert override.actor == "p1"
    agreed = answer(board, 2, at(10), answer="accept", time="2026-03-13 18:00")
    assert agreed.message == "Agreed: 2026-03-13 18:00 UTC"
    assert agreed.outcome.status is ProposalStatus.AGREED
    audit = models.AuditEntry.objects.filter(action="match.answer").get()
    assert audit.actor == "p2"
    assert audit.after["answer"] == "accept"
    # the organiser sees the agreed time
    times = build_queues(LEAGUE, ORGANISER, at(10)).times
    assert times is not None
    assert [(line.first_name, line.second_name, line.agreed) for line in times.agreed] == [
        ("P1", "P2", datetime(2026, 3, 13, 18, tzinfo=UTC))
    ]
    assert times.unanswered == ()
    assert times.waiting == ()


def test_R22_a_counter_proposal_then_acceptance_by_the_first_player() -> None:
    _, board = league()
    propose(board, 1, "2026-03-12 19:00", at(9))
    countered = answer(board, 2, at(10), answer="counter", times="2026-03-14 19:00")
    assert countered.message == "Counter-proposal sent to P1: 2026-03-14 19:00 UTC"
    # the waiting proposal is now P2's, to P1: my page asks P1 to answer it
    page = build_my_page(player(1), at(10, 12))
    (ask,) = [a for a in page.open_actions if a.action == "match.answer"]
    assert "P2 proposes 2026-03-14 19:00 UTC" in ask.text
    assert ask.due == at(12)
    # P2 cannot answer their own counter-proposal
    with pytest.raises(IllegalResult):
        answer(board, 2, at(11), answer="accept", time="2026-03-14 19:00")
    answer(board, 1, at(11), answer="accept", time="2026-03-14 19:00")
    times = build_queues(LEAGUE, ORGANISER, at(11)).times
    assert times is not None
    assert times.agreed[0].agreed == datetime(2026, 3, 14, 19, tzinfo=UTC)
    kinds = [a.kind for a in build_my_page(player(2), at(11)).open_actions if "P1" in a.text]
    assert kinds == ["report", "agreed"]


def test_R22_a_decline_leaves_the_match_to_propose_again() -> None:
    _, board = league()
    propose(board, 1, "2026-03-12 19:00", at(9))
    done = answer(board, 2, at(9, 12), answer="decline")
    assert done.message == "Proposal of P1 declined"
    propose(board, 2, "2026-03-15 19:00", at(9, 13))


def test_refusals_store_nothing() -> None:
    _, board = league()
    before = stored()
    with pytest.raises(MashindanoError):  # a time that cannot be read, named
        propose(board, 1, "next tuesday", at(9))
    with pytest.raises(IllegalResult):  # a time already past
        propose(board, 1, "2026-03-08 19:00", at(9))
    with pytest.raises(NotAllowed):  # for somebody else's match
        perform(
            LEAGUE,
            "match.propose",
            {"round": "1", "board": board, "player": "P2", "times": "2026-03-12 19:00"},
            actor=player(1),
            now=at(9),
        )
    assert stored() == before
    propose(board, 1, "2026-03-12 19:00", at(9))
    before = stored()
    with pytest.raises(IllegalResult):  # accepting a time not proposed
        answer(board, 2, at(10), answer="accept", time="2026-03-12 20:00")
    with pytest.raises(IllegalResult):  # a second proposal while the first waits
        propose(board, 1, "2026-03-13 19:00", at(10))
    assert stored() == before


def test_R40_an_unanswered_proposal_is_shown_to_the_organiser_as_disinterest_evidence() -> None:
    _, board = league()
    propose(board, 1, "2026-03-20 19:00", at(9))
    waiting = build_queues(LEAGUE, ORGANISER, at(11, 10)).times  # exactly 48 hours: on time
    assert waiting is not None
    assert len(waiting.waiting) == 1
    assert waiting.unanswered == ()
    late = build_queues(LEAGUE, ORGANISER, at(11, 11)).times
    assert late is not None
    assert late.waiting == ()
    ((unanswered),) = late.unanswered
    state = unanswered.state
    assert (unanswered.by_name, unanswered.to_name) == ("P1", "P2")
    assert (state.proposal.by, state.to, state.answer_due) == ("P1", "P2", at(11))
    assert late.evidence == "a sign of disinterest (R40)"
    # the proposer may propose again or challenge; the silent player is still asked to answer
    mine = build_my_page(player(1), at(11, 11)).open_actions
    assert [a.action for a in mine if a.kind == "propose" and "P2" in a.text] == ["match.challenge"]
    theirs = build_my_page(player(2), at(11, 11)).open_actions
    assert [a.action for a in theirs if a.kind == "answer"] == ["match.answer"]


def test_R43_a_challenge_before_day_15_is_refused() -> None:
    _, board = league()
    propose(board, 1, "2026-03-10 19:00", at(8, 12))
    before = stored()
    with pytest.raises(IllegalResult) as refused:
        propose(board, 1, "2026-03-16 19:00", at(14, 23), action="match.challenge")
    assert refused.value.code == "challenge_window"
    assert "days 15-25" in refused.value.message
    assert stored() == before


def test_R43_a_challenge_after_day_25_is_refused() -> None:
    _, board = league()
    propose(board, 1, "2026-03-10 19:00", at(8, 12))
    with pytest.raises(IllegalResult) as refused:
        propose(board, 1, "2026-03-28 19:00", at(26, 0), action="match.challenge")
    assert refused.value.code == "challenge_window"


def test_R43_a_challenge_in_the_window_after_an_unanswered_proposal_R40() -> None:
    _, board = league()
    propose(board, 1, "2026-03-10 19:00", at(8, 12))
    done = propose(board, 1, "2026-03-17 19:00", at(15, 0), action="match.challenge")
    assert "P1 challenged P2 with 2026-03-17 19:00 UTC" in done.message
    assert models.ArbiterOverride.objects.filter(subject=PROPOSAL_SUBJECT).count() == 2
    # unanswered too: a second sign (R40, "not answering challenges")
    times = build_queues(LEAGUE, ORGANISER, at(18)).times
    assert times is not None
    assert [u.state.proposal.challenge for u in times.unanswered] == [False, True]


def test_R43_a_challenge_needs_an_opponent_showing_disinterest_or_flagged() -> None:
    _, board = league()
    with pytest.raises(IllegalResult) as refused:
        propose(board, 1, "2026-03-17 19:00", at(16), action="match.challenge")
    assert refused.value.code == "challenge_no_disinterest"
    sanction_player(
        LEAGUE,
        "P2",
        "disinterest",
        reason="never answers (R40)",
        round_number=1,
        actor=ORGANISER,
        now=at(16),
    )
    propose(board, 1, "2026-03-17 19:00", at(16, 11), action="match.challenge")


def test_answering_is_recorded_with_its_subject_and_the_answer_counts_once() -> None:
    _, board = league()
    propose(board, 1, "2026-03-12 19:00", at(9))
    answer(board, 2, at(9, 11), answer="accept", time="2026-03-12 19:00")
    with pytest.raises(IllegalResult):
        answer(board, 2, at(9, 12), answer="decline")
    assert models.ArbiterOverride.objects.filter(subject=ANSWER_SUBJECT).count() == 1


def test_a_preset_without_agreed_times_has_neither_the_actions_nor_the_queue() -> None:
    events.create_event("sw", "chess-swiss", actor=ORGANISER, now=at(1))
    roster = [Competitor(CompetitorId(f"S{n}"), f"S{n}", rating=1800 - n) for n in range(1, 5)]
    players.register_players("sw", roster, actor=ORGANISER, now=at(1))
    events.start_event("sw", actor=ORGANISER, now=at(1))
    rounds.pair_next_round("sw", actor=ORGANISER, now=at(1))
    with pytest.raises(WrongState):
        perform(
            "sw",
            "match.propose",
            {"round": "1", "board": "1", "player": "S1", "times": "2026-03-12 19:00"},
            actor=ORGANISER,
            now=at(2),
        )
    from mashindano.app.bulk_results import MatchRef

    with pytest.raises(WrongState):
        propose_times("sw", MatchRef(1, 1), "S1", ["2026-03-12 19:00"], actor=ORGANISER, now=at(2))
    assert build_queues("sw", ORGANISER, at(2)).times is None
