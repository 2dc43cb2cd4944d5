"""Agreed match times, for every preset whose matches are played at a time the two players
agree (issue 31 item 4): proposals of one or more times, answers (accept one, counter-propose,
decline), the organiser's view of agreed and unanswered proposals, and the evidence an
unanswered proposal gives to the preset's rule.

Shared code names no preset. A preset takes part by registering an `AgreedTimesPart` in
`AGREED_TIMES_HOOKS` (how long an answer may take, which of its rules reads the evidence, and
its challenge rule if it has one) and by listing `MATCH_TIME_ACTIONS` in its actions.

How the facts are kept: a proposal and an answer are each an `ArbiterOverride` row (subjects
`match-time-proposal`, `match-time-answer`) whose value names the match (stage, group, round,
board), the player, the times and, for an answer, its kind. They are appended, never changed,
loaded with the event's facts, and written with an audit entry. The state at a moment (open,
agreed, unanswered past the limit) is derived by `engine.agreed_times`; nothing derived is
stored.

Mail (issue 31 item 4): a proposal (or challenge) and a counter-proposal are mailed to the
other player, an acceptance to both, a refusal to the proposer, each within the recipient's
preference for the kind `match-time` (players whose entry is linked to an account), with a
link to answer on their page and one to the event.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import gettext

from mashindano.app.bulk_results import MatchRef
from mashindano.app.errors import UnknownGame, UnknownPlayer, WrongState
from mashindano.app.hooks import Hooks
from mashindano.app.locking import EventContext, locked_event, now_or
from mashindano.app.notify import Kind, News, event_link, player_link, player_users, store_news
from mashindano.app.principals import Principal
from mashindano.engine.agreed_times import (
    Answer,
    AnswerKind,
    Fact,
    MatchTimes,
    Proposal,
    ProposalState,
    ProposalStatus,
    check_answer,
    check_proposal,
    match_times,
)
from mashindano.engine.errors import ParseError
from mashindano.engine.model import CompetitorId
from mashindano.store import models
from mashindano.store.facts import EncounterFact, EventFacts, EventState, Json, OverrideFact

PROPOSAL_SUBJECT = "match-time-proposal"
ANSWER_SUBJECT = "match-time-answer"


@dataclass(frozen=True, slots=True)
class ChallengeAsk:
    """What a preset's challenge rule is asked: may `by` challenge `opponent` at `at`?"""

    facts: EventFacts
    where: MatchRef
    by: CompetitorId
    opponent: CompetitorId
    at: datetime
    times: MatchTimes
    """The match's proposals so far (the evidence the challenge rests on)."""


@dataclass(frozen=True, slots=True)
class AgreedTimesPart:
    """A preset's agreed times (registered in `AGREED_TIMES_HOOKS`)."""

    answer_limit: Callable[[EventFacts], timedelta]
    """How long the opponent has to answer a proposal (from the event's parameters); later,
    it is evidence."""
    evidence: str | Promise
    """What an unanswered proposal is evidence of, with the rule that reads it (shown to the
    organiser), e.g. "a sign of disinterest (R40)"."""
    challenge: Callable[[ChallengeAsk], None] | None = None
    """Refuses a challenge the rules do not allow (raises); None: no challenges."""
    wanted: Callable[[EventFacts, MatchRef, datetime], bool] | None = None
    """Whether the match's players are to agree a time now (a knockout's tiebreak waiting to
    be arranged); None: every paired match not yet played."""


AGREED_TIMES_HOOKS: Hooks[AgreedTimesPart] = Hooks("agreed times")


def agreed_times_part(facts: EventFacts) -> AgreedTimesPart:
    part = AGREED_TIMES_HOOKS.get(facts.preset)
    if part is None:
        raise WrongState(
            gettext("event {slug!r}: its matches have no agreed times").format(slug=facts.slug),
            event=facts.slug,
        )
    return part


# -- reading the facts ----------------------------------------------------------------------------


def _key(value: Json) -> tuple[int, str, int, int] | None:
    if not isinstance(value, dict):
        return None
    stage, group, number, board = (
        value.get("stage"),
        value.get("group", ""),
        value.get("round"),
        value.get("board"),
    )
    if not (isinstance(stage, int) and isinstance(number, int) and isinstance(board, int)):
        return None
    return stage, str(group), number, board


def _when(text: Json) -> datetime:
    assert isinstance(text, str)
    return datetime.fromisoformat(text)


def _fact_of(override: OverrideFact) -> Fact | None:
    value = override.value
    assert isinstance(value, dict)
    player = CompetitorId(str(value["player"]))
    made = _when(value["made_at"])
    times_value = value.get("times") or []
    assert isinstance(times_value, list)
    times = tuple(_when(t) for t in times_value)
    if override.subject == PROPOSAL_SUBJECT:
        return Proposal(player, made, times, bool(value.get("challenge")))
    time = value.get("time")
    kind = AnswerKind(str(value["answer"]))
    return Answer(player, made, kind, _when(time) if time else None, times)


def facts_by_match(facts: EventFacts) -> dict[tuple[int, str, int, int], list[Fact]]:
    found: dict[tuple[int, str, int, int], list[Fact]] = {}
    for override in facts.overrides:
        if override.subject not in (PROPOSAL_SUBJECT, ANSWER_SUBJECT):
            continue
        key = _key(override.value)
        fact = _fact_of(override)
        if key is not None and fact is not None:
            found.setdefault(key, []).append(fact)
    return found


def _encounters(facts: EventFacts) -> Iterator[tuple[MatchRef, EncounterFact]]:
    for round_fact in facts.rounds:
        for encounter in round_fact.encounters:
            if encounter.second is not None:
                where = MatchRef(
                    round_fact.number, encounter.board, round_fact.stage, round_fact.group
                )
                yield where, encounter


def _encounter(facts: EventFacts, where: MatchRef) -> EncounterFact:
    for ref, encounter in _encounters(facts):
        if ref == where:
            return encounter
    raise UnknownGame(
        gettext("event {slug!r} has no match at round {round}, board {board}").format(
            slug=facts.slug, round=where.round, board=where.board
        ),
        event=facts.slug,
        round=where.round,
        board=where.board,
    )


def _players(encounter: EncounterFact) -> tuple[CompetitorId, CompetitorId]:
    assert encounter.second is not None
    return encounter.first, encounter.second


def _key_of(where: MatchRef) -> tuple[int, str, int, int]:
    return where.stage, where.group, where.round, where.board


def times_of_match(facts: EventFacts, where: MatchRef, now: datetime) -> MatchTimes:
    part = agreed_times_part(facts)
    encounter = _encounter(facts, where)
    found = facts_by_match(facts).get(_key_of(where), [])
    return match_times(found, _players(encounter), now, part.answer_limit(facts))


# -- use cases -------------------------------------------------------------------------------------


def _resolve(facts: EventFacts, player: str) -> CompetitorId:
    for c in facts.competitors:
        if c.id == player or c.name == player or (player.isdigit() and c.number == int(player)):
            return c.id
    raise UnknownPlayer(
        gettext("event {slug!r} has no player {player!r}").format(slug=facts.slug, player=player),
        event=facts.slug,
        player=player,
    )


def parse_times(texts: Sequence[str], parameter: str) -> tuple[datetime, ...]:
    """Times as ISO 8601 ("2026-12-10 19:00", "2026-12-10T19:00+02:00"); without an offset,
    UTC. ParseError naming the parameter for a time that cannot be read."""
    found: list[datetime] = []
    for text in texts:
        try:
            moment = datetime.fromisoformat(text.strip())
        except ValueError:
            raise ParseError(
                gettext("{value!r} is not a time such as 2026-12-10 19:00 (UTC)").format(
                    value=text
                ),
                code="bad_time",
                parameter=parameter,
            ) from None
        found.append(moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC))
    if not found:
        raise ParseError(gettext("give at least one time"), code="no_times", parameter=parameter)
    return tuple(found)


def _refuse_not_running(facts: EventFacts) -> None:
    if facts.state is not EventState.RUNNING:
        raise WrongState(
            gettext("event {slug!r} is {value}; this is recorded only while it runs").format(
                slug=facts.slug, value=facts.state.value
            ),
            event=facts.slug,
            state=facts.state.value,
        )


def _value(where: MatchRef, player: CompetitorId, made: datetime) -> dict[str, Json]:
    return {
        "stage": where.stage,
        "group": where.group,
        "round": where.round,
        "board": where.board,
        "player": player,
        "made_at": made.isoformat(),
    }


def propose_times(
    slug: str,
    where: MatchRef,
    player: str,
    times: Sequence[str],
    *,
    actor: Principal,
    challenge: bool = False,
    now: datetime | None = None,
) -> ProposalState:
    """`player` proposes one or more times for their match at `where` (a challenge when the
    preset has challenges and `challenge` is set: its rule may refuse it)."""
    action = "match.challenge" if challenge else "match.propose"
    with locked_event(slug, actor, action, now=now) as context:
        facts = context.facts()
        _refuse_not_running(facts)
        part = agreed_times_part(facts)
        encounter = _encounter(facts, where)
        by = _resolve(facts, player)
        players = _players(encounter)
        context.grant.require_own((by,), what=gettext("{player}'s proposals").format(player=by))
        if part.wanted is not None and not part.wanted(facts, where, context.now):
            raise WrongState(
                gettext(
                    "round {round}, board {board}: no time is to be agreed for this match now"
                ).format(round=where.round, board=where.board),
                round=where.round,
                board=where.board,
            )
        current = times_of_match(facts, where, context.now)
        wanted = parse_times(times, "times")
        proposal = check_proposal(
            current, players, Proposal(by, context.now, wanted, challenge=challenge)
        )
        if challenge:
            if part.challenge is None:
                raise WrongState(
                    gettext("event {slug!r}: its rules have no challenges").format(slug=slug),
                    event=slug,
                )
            opponent = players[1] if by == players[0] else players[0]
            part.challenge(ChallengeAsk(facts, where, by, opponent, context.now, current))
        value = _value(where, by, context.now)
        value["times"] = [t.isoformat() for t in proposal.times]
        value["challenge"] = challenge
        models.ArbiterOverride.objects.create(
            event=context.event,
            subject=PROPOSAL_SUBJECT,
            value=value,
            at=context.now,
            actor=actor.name,
        )
        context.record(after={"subject": PROPOSAL_SUBJECT, **value})
        _mail(
            context,
            facts,
            where,
            by,
            players,
            "challenge" if challenge else "proposed",
            times=proposal.times,
            to_both=False,
        )
        after = match_times(
            [*facts_by_match(facts).get(_key_of(where), []), proposal],
            players,
            context.now,
            part.answer_limit(facts),
        )
    assert after.open is not None
    return after.open


def answer_times(
    slug: str,
    where: MatchRef,
    player: str,
    answer: str,
    *,
    actor: Principal,
    time: str | None = None,
    times: Sequence[str] | None = None,
    now: datetime | None = None,
) -> ProposalState:
    """`player` answers the proposal waiting for them at `where`: accept one of its times
    (`time`), counter-propose (`times`) or decline. Returns the answered proposal."""
    with locked_event(slug, actor, "match.answer", now=now) as context:
        facts = context.facts()
        _refuse_not_running(facts)
        part = agreed_times_part(facts)
        encounter = _encounter(facts, where)
        by = _resolve(facts, player)
        players = _players(encounter)
        context.grant.require_own((by,), what=gettext("{player}'s answers").format(player=by))
        kind = AnswerKind(answer)
        accepted = parse_times((time,), "time")[0] if time else None
        counter = parse_times(times or (), "times") if kind is AnswerKind.COUNTER else ()
        current = times_of_match(facts, where, context.now)
        checked = check_answer(current, Answer(by, context.now, kind, accepted, counter))
        value = _value(where, by, context.now)
        value["answer"] = kind.value
        value["time"] = checked.time.isoformat() if checked.time is not None else None
        value["times"] = [t.isoformat() for t in checked.times]
        models.ArbiterOverride.objects.create(
            event=context.event,
            subject=ANSWER_SUBJECT,
            value=value,
            at=context.now,
            actor=actor.name,
        )
        context.record(after={"subject": ANSWER_SUBJECT, **value})
        _mail(
            context,
            facts,
            where,
            by,
            players,
            {AnswerKind.ACCEPT: "accepted", AnswerKind.COUNTER: "counter"}.get(kind, "declined"),
            times=(checked.time,) if checked.time is not None else checked.times,
            to_both=kind is AnswerKind.ACCEPT,
        )
        before = current.open
        assert before is not None
        after = match_times(
            [*facts_by_match(facts).get(_key_of(where), []), checked],
            players,
            context.now,
            part.answer_limit(facts),
        )
    return next(s for s in after.proposals if s.proposal == before.proposal)


def _utc(moment: datetime) -> str:
    return f"{moment.astimezone(UTC):%Y-%m-%d %H:%M} UTC"


def _mail(
    context: EventContext,
    facts: EventFacts,
    where: MatchRef,
    by: CompetitorId,
    players: tuple[CompetitorId, CompetitorId],
    what: str,
    *,
    times: Sequence[datetime],
    to_both: bool,
) -> None:
    """The mail of a proposal or an answer (`what`: proposed, challenge, counter, accepted,
    declined) to the other player, or to both players (an acceptance)."""
    users = player_users(context.event.id)
    names = {c.id: c.name for c in facts.competitors}
    other = players[1] if by == players[0] else players[0]
    fixed = {"round": str(where.round), "board": str(where.board)}
    if where.stage != 1:
        fixed["stage"] = str(where.stage)
    if where.group:
        fixed["group"] = where.group
    answer = reverse("player:action", kwargs={"slug": facts.slug, "name": "match.answer"})
    query = "&".join(f"{k}={v}" for k, v in fixed.items())
    base: dict[str, Json] = {
        "event": facts.name,
        "slug": facts.slug,
        "link": event_link(facts.slug),
        "me": player_link(),
        "answer": f"{settings.BASE_URL}{answer}?{query}",
        "round": where.round,
        "board": where.board,
        "what": what,
        "by": names.get(by, str(by)),
        "times": [_utc(t) for t in times],
    }
    key = f"match-time:{context.event.version + 1}"
    news = []
    for player in (by, other) if to_both else (other,):
        user = users.get(str(player))
        if user is None:
            continue
        mine = {
            **base,
            "mine": player == by,
            "opponent": names.get(other if player == by else by, ""),
        }
        news.append(News(key, Kind.MATCH_TIME, context.event.id, user, mine))
    store_news(news, context.now)


def challenge(
    slug: str,
    where: MatchRef,
    player: str,
    times: Sequence[str],
    *,
    actor: Principal,
    now: datetime | None = None,
) -> ProposalState:
    """`player` challenges the opponent with new times: a proposal the preset's challenge rule
    may refuse (outside its window, or to an opponent who shows no sign of disinterest)."""
    return propose_times(slug, where, player, times, actor=actor, challenge=True, now=now)


# -- what pages show -------------------------------------------------------------------------------


def is_wanted(facts: EventFacts, where: MatchRef, now: datetime) -> bool | None:
    """Whether the preset asks the match's players to agree a time now (None: the preset
    does not say: every match not yet played)."""
    part = AGREED_TIMES_HOOKS.get(facts.preset)
    if part is None or part.wanted is None:
        return None
    return part.wanted(facts, where, now)


@dataclass(frozen=True, slots=True)
class MatchTimesLine:
    """One match's agreed times, as the organiser and the players see them."""

    where: MatchRef
    first: CompetitorId
    second: CompetitorId
    first_name: str
    second_name: str
    times: MatchTimes

    @property
    def agreed(self) -> datetime | None:
        return self.times.agreed

    @property
    def open(self) -> ProposalState | None:
        return self.times.open

    @property
    def unanswered(self) -> tuple[ProposalState, ...]:
        return self.times.evidence()

    def name(self, player: CompetitorId) -> str:
        return self.first_name if player == self.first else self.second_name

    def fixed(self) -> dict[str, str]:
        fixed = {"round": str(self.where.round), "board": str(self.where.board)}
        if self.where.stage != 1:
            fixed["stage"] = str(self.where.stage)
        if self.where.group:
            fixed["group"] = self.where.group
        return fixed


def match_times_lines(facts: EventFacts, now: datetime) -> tuple[MatchTimesLine, ...]:
    """Every paired match of an event with agreed times, with its proposals at `now` (empty
    when the preset has none)."""
    part = AGREED_TIMES_HOOKS.get(facts.preset)
    if part is None:
        return ()
    names = {c.id: c.name for c in facts.competitors}
    by_match = facts_by_match(facts)
    lines = []
    for where, encounter in _encounters(facts):
        players = _players(encounter)
        found = by_match.get(_key_of(where), [])
        lines.append(
            MatchTimesLine(
                where,
                players[0],
                players[1],
                names.get(players[0], str(players[0])),
                names.get(players[1], str(players[1])),
                match_times(found, players, now, part.answer_limit(facts)),
            )
        )
    return tuple(lines)


@dataclass(frozen=True, slots=True)
class UnansweredProposal:
    line: MatchTimesLine
    state: ProposalState

    @property
    def by_name(self) -> str:
        return self.line.name(self.state.proposal.by)

    @property
    def to_name(self) -> str:
        return self.line.name(self.state.to)


@dataclass(frozen=True, slots=True)
class MatchTimesView:
    """The organiser's queue: matches with a time agreed, proposals waiting for an answer, and
    the unanswered ones with what they are evidence of."""

    evidence: str
    agreed: tuple[MatchTimesLine, ...]
    waiting: tuple[MatchTimesLine, ...]
    unanswered: tuple[UnansweredProposal, ...]


def build_match_times_view(facts: EventFacts, now: datetime | None = None) -> MatchTimesView | None:
    """None when the event's preset has no agreed times."""
    part = AGREED_TIMES_HOOKS.get(facts.preset)
    if part is None:
        return None
    lines = match_times_lines(facts, now_or(now))
    return MatchTimesView(
        str(part.evidence),
        tuple(line for line in lines if line.agreed is not None),
        tuple(
            line
            for line in lines
            if line.open is not None and line.open.status is ProposalStatus.OPEN
        ),
        tuple(UnansweredProposal(line, state) for line in lines for state in line.unanswered),
    )
