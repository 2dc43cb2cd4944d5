"""Agreed match times: who proposed which times for a match, who answered and how, and what
follows at a given moment. Preset-neutral; a preset says how long an answer may take and which
of its rules reads the evidence (a league's disinterest, a knockout's reply limit).

Facts in, state out. A `Proposal` is one player's offer of one or more times; an `Answer` is
the opponent's: accept one of the times, decline, or counter-propose (new times, which make a
new proposal waiting for the first player). At most one proposal is open at a time: a new
proposal from the same player while theirs waits is refused, one from the opponent is a
counter-proposal; once a player's proposal is past the answer limit they may propose again
(the unanswered one stays on record). A proposal left unanswered past `answer_limit` is
`unanswered`: evidence against the player who owed the answer. An answer after the limit
still answers it (the
times may yet be agreed), but the proposal stays on record as answered late.

Boundaries: an answer at exactly `made_at + answer_limit` is on time.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

from mashindano.engine.errors import IllegalResult, ParseError
from mashindano.engine.model import CompetitorId
from mashindano.engine.timestamps import as_utc


class AnswerKind(StrEnum):
    ACCEPT = "accept"
    COUNTER = "counter"
    DECLINE = "decline"


@dataclass(frozen=True, slots=True)
class Proposal:
    by: CompetitorId
    made_at: datetime
    times: tuple[datetime, ...]
    challenge: bool = False
    """Posted as a challenge (a league's challenge to an opponent showing disinterest)."""


@dataclass(frozen=True, slots=True)
class Answer:
    by: CompetitorId
    made_at: datetime
    kind: AnswerKind
    time: datetime | None = None
    """The accepted time (ACCEPT)."""
    times: tuple[datetime, ...] = ()
    """The times proposed instead (COUNTER)."""


class ProposalStatus(StrEnum):
    OPEN = "open"
    """Waiting for the opponent, inside the answer limit."""
    UNANSWERED = "unanswered"
    """Waiting for the opponent past the answer limit: evidence against them."""
    AGREED = "agreed"
    COUNTERED = "countered"
    DECLINED = "declined"


@dataclass(frozen=True, slots=True)
class ProposalState:
    proposal: Proposal
    to: CompetitorId
    """Who owes the answer."""
    status: ProposalStatus
    answer_due: datetime
    answer: Answer | None = None

    @property
    def answered_late(self) -> bool:
        return self.answer is not None and self.answer.made_at > self.answer_due

    @property
    def is_evidence(self) -> bool:
        """Not answered within the limit (now, or by the time the answer came)."""
        return self.status is ProposalStatus.UNANSWERED or self.answered_late


@dataclass(frozen=True, slots=True)
class MatchTimes:
    proposals: tuple[ProposalState, ...]

    @property
    def open(self) -> ProposalState | None:
        """The proposal waiting for an answer (open or past its limit), if any."""
        last = self.proposals[-1] if self.proposals else None
        if last is not None and last.answer is None:
            return last
        return None

    @property
    def agreed(self) -> datetime | None:
        """The latest agreed time (a later proposal may reschedule; until agreed, this stands)."""
        for state in reversed(self.proposals):
            if state.status is ProposalStatus.AGREED and state.answer is not None:
                return state.answer.time
        return None

    def evidence(self) -> tuple[ProposalState, ...]:
        return tuple(s for s in self.proposals if s.is_evidence)


Fact = Proposal | Answer


def _times(times: Iterable[datetime], what: str) -> tuple[datetime, ...]:
    found = tuple(sorted({as_utc(t, what) for t in times}))
    if not found:
        raise ParseError(f"{what}: give at least one time", code="no_times")
    return found


def check_proposal(
    current: MatchTimes,
    players: tuple[CompetitorId, CompetitorId],
    proposal: Proposal,
) -> Proposal:
    """The proposal with its times in UTC and sorted, or a refusal: not a player of the match,
    a time already past, or the player's own proposal still waiting for an answer (the
    opponent's waiting proposal is answered with a counter-proposal instead)."""
    if proposal.by not in players:
        raise IllegalResult(
            f"{proposal.by} does not play this match", code="not_in_match", player=proposal.by
        )
    made = as_utc(proposal.made_at, "proposal time")
    times = _times(proposal.times, "proposed times")
    if times[0] <= made:
        raise IllegalResult(
            f"a proposed time ({times[0].isoformat()}) must be later than the proposal "
            f"({made.isoformat()})",
            code="time_past",
            time=times[0].isoformat(),
        )
    waiting = current.open
    if waiting is not None and waiting.proposal.by == proposal.by:
        if waiting.status is not ProposalStatus.UNANSWERED:
            raise IllegalResult(
                f"{proposal.by}'s proposal of {waiting.proposal.made_at.isoformat()} still "
                "waits for an answer",
                code="proposal_waiting",
                player=proposal.by,
            )
    elif waiting is not None:
        raise IllegalResult(
            f"{waiting.proposal.by}'s proposal waits for {proposal.by}'s answer: accept one "
            "of its times, decline it or counter-propose",
            code="answer_first",
            player=proposal.by,
        )
    return Proposal(proposal.by, made, times, proposal.challenge)


def check_answer(current: MatchTimes, answer: Answer) -> Answer:
    """The answer with its times in UTC, or a refusal: nothing to answer, an answer from the
    proposer, an accepted time that was not proposed, a counter-proposal without times."""
    waiting = current.open
    if waiting is None:
        raise IllegalResult("no proposal of times waits for an answer", code="nothing_to_answer")
    if answer.by != waiting.to:
        raise IllegalResult(
            f"the proposal waits for {waiting.to}'s answer, not {answer.by}'s",
            code="not_yours_to_answer",
            player=answer.by,
        )
    made = as_utc(answer.made_at, "answer time")
    if made < waiting.proposal.made_at:
        raise IllegalResult("an answer cannot precede the proposal", code="answer_early")
    match answer.kind:
        case AnswerKind.ACCEPT:
            if answer.time is None:
                raise ParseError("say which of the proposed times you accept", code="no_time")
            time = as_utc(answer.time, "accepted time")
            if time not in waiting.proposal.times:
                raise IllegalResult(
                    f"{time.isoformat()} is not one of the proposed times",
                    code="time_not_proposed",
                    time=time.isoformat(),
                )
            if time <= made:
                raise IllegalResult(
                    f"the time {time.isoformat()} has passed; counter-propose another",
                    code="time_past",
                    time=time.isoformat(),
                )
            return Answer(answer.by, made, answer.kind, time)
        case AnswerKind.COUNTER:
            times = _times(answer.times, "counter-proposed times")
            if times[0] <= made:
                raise IllegalResult(
                    f"a proposed time ({times[0].isoformat()}) must be later than now",
                    code="time_past",
                    time=times[0].isoformat(),
                )
            return Answer(answer.by, made, answer.kind, None, times)
    return Answer(answer.by, made, answer.kind)


def match_times(
    facts: Sequence[Fact],
    players: tuple[CompetitorId, CompetitorId],
    now: datetime,
    answer_limit: timedelta,
) -> MatchTimes:
    """The match's proposals at `now`, oldest first, from its facts in the order they were made
    (facts made after `now` are not yet known). A counter-proposal is the answer to one
    proposal and a new proposal by the answerer."""
    current = as_utc(now, "now")
    first, second = players
    states: list[ProposalState] = []

    def other(player: CompetitorId) -> CompetitorId:
        return second if player == first else first

    def add(proposal: Proposal) -> None:
        due = as_utc(proposal.made_at, "proposal time") + answer_limit
        status = ProposalStatus.UNANSWERED if current > due else ProposalStatus.OPEN
        states.append(ProposalState(proposal, other(proposal.by), status, due))

    for fact in facts:
        if as_utc(fact.made_at, "fact time") > current:
            continue
        if isinstance(fact, Proposal):
            add(fact)
            continue
        if not states or states[-1].answer is not None:
            continue  # an answer with nothing to answer (kept, but it answers nothing)
        last = states[-1]
        status = {
            AnswerKind.ACCEPT: ProposalStatus.AGREED,
            AnswerKind.COUNTER: ProposalStatus.COUNTERED,
            AnswerKind.DECLINE: ProposalStatus.DECLINED,
        }[fact.kind]
        states[-1] = ProposalState(last.proposal, last.to, status, last.answer_due, fact)
        if fact.kind is AnswerKind.COUNTER:
            add(Proposal(fact.by, fact.made_at, fact.times))
    return MatchTimes(tuple(states))
