"""A person's own page ("my page", player self-service): the events they play in, their games
with the deadlines the rules set, and the open actions first ("2 results need your
confirmation", "your move in game X before ...", "report your result in round 3 before ...").

Built from the event's facts and the existing documents (`deadlines.round_deadlines`), the
preset's `MyPageHooks` (a league's confirmation window and leaves, the moves awaited on the
site, a knockout's result forms) and the declared actions the person may perform now
(`declarations.available_actions`). Each action names the declared
action and the values a form fixes (the game, the player); the front end renders the form
from the declaration. Nothing here writes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import datetime

from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_lazy

from mashindano.app.documents.deadlines import Deadline, round_deadlines
from mashindano.app.documents.reports import ReportLine, report_lines
from mashindano.app.documents.roll_call import MyCheckIn, my_check_in
from mashindano.app.hooks import Hooks
from mashindano.app.match_times import is_wanted, match_times_lines
from mashindano.app.on_site import play_url, plays_on_site
from mashindano.app.performing import available_actions
from mashindano.app.permissions import answered_report, refuses_answer, reporter_sides
from mashindano.app.principals import Principal
from mashindano.app.queries import game_place, game_words, get_event_facts
from mashindano.app.registrations import (
    JOIN_HOOKS,
    NO_JOIN_HOOKS,
    is_open_for_joining,
    needs_approval,
)
from mashindano.engine.agreed_times import ProposalStatus
from mashindano.engine.model import CompetitorId
from mashindano.store import models
from mashindano.store.facts import EventFacts, EventState, GameFact, ResultStatus

CONFIRM = "confirm"
REPORT = "report"
MOVE = "move"
FORM = "form"
TIEBREAK = "tiebreak"
PROPOSE = "propose"
ANSWER = "answer"
WAITING = "waiting"
AGREED = "agreed"
"""Agreed match times (`app.match_times`): propose, answer, wait for the answer, agreed."""
LATER = "later"
"""Not yet: something the person will be asked to do from `opens` on (no form before)."""


@dataclass(frozen=True, slots=True)
class OpenAction:
    """Something the person is asked to do, with the declared action that does it."""

    kind: str
    """confirm, report, move, form or tiebreak."""
    slug: str
    event: str
    text: str
    action: str
    """The declared action (the confirm kind offers result.dispute beside it)."""
    fixed: dict[str, str]
    """The values the form fixes (the game's round, board...; the player)."""
    due: datetime | None = None
    url: str = ""
    """Where the action is done instead of the declared action's form: the game page of a
    Bao game running on the site (issue 29 item 1); "" for the form."""
    opens: datetime | None = None
    """When a `later` action opens (a league match reported once it may be played, R21)."""


@dataclass(frozen=True, slots=True)
class MyGame:
    label: str
    round: int
    board: int
    number: int
    stage: int
    group: str
    opponent: str
    result: str
    status: str
    reports: tuple[ReportLine, ...]
    deadlines: tuple[Deadline, ...]
    play_url: str = ""
    """The game page while the game is running on the site (`app.play_links`), else ""."""


@dataclass(frozen=True, slots=True)
class MyEvent:
    slug: str
    name: str
    preset: str
    state: str
    player: str
    player_name: str
    withdrawn_from: int | None
    leaves: tuple[tuple[int, int], ...]
    leaves_left: int | None
    """Gomoku: leaves left in the current calendar year (R48); None for other presets."""
    actions: tuple[str, ...]
    """Declared actions the person may perform in the event now."""
    games: tuple[MyGame, ...]
    leave_label: str = ""
    """What the leave button says (a league's leave, else a requested bye)."""
    check_in: MyCheckIn | None = None
    """The roll call of the next round, where the event has one (issue 33 item 2)."""
    team: str = ""
    """The team whose roster names the player, in a team event ("" when none): the page links
    to the player's own boards (`teams.documents.build_my_boards`)."""


@dataclass(frozen=True, slots=True)
class MyRequest:
    slug: str
    event: str
    name: str
    state: str
    requested_at: datetime
    reason: str


@dataclass(frozen=True, slots=True)
class MyPage:
    name: str
    open_actions: tuple[OpenAction, ...]
    events: tuple[MyEvent, ...]
    requests: tuple[MyRequest, ...] = ()

    @property
    def confirmations(self) -> int:
        return sum(1 for a in self.open_actions if a.kind == CONFIRM)


@dataclass(frozen=True, slots=True)
class OpenEvent:
    slug: str
    name: str
    preset: str
    state: str
    needs_approval: bool
    joined: bool
    pending: bool
    join_note: str = ""
    """What the preset's join form says first (a league's newcomer rules)."""
    asks_declaration: bool = False
    games_help: str = ""
    """The help under "Games played on the site": the preset's own words only."""


@dataclass(frozen=True, slots=True)
class MyEntry:
    slug: str
    player: str
    name: str
    withdrawn_from: int | None


@dataclass(frozen=True, slots=True)
class GameAsk:
    """One game of the person's, as a preset's hook sees it."""

    facts: EventFacts
    game: GameFact
    me: CompetitorId
    fixed: dict[str, str]
    where: str
    due: datetime | None
    allowed: frozenset[str]


_REQUEST_A_BYE = gettext_lazy("Request a bye")


@dataclass(frozen=True, slots=True)
class MyPageHooks:
    """A preset's part in "my page" (registered in `MY_PAGE_HOOKS`)."""

    with_moves: bool = False
    """The event's facts are read with the games' moves."""
    every_round: bool = False
    """Actions are offered in every round, not only the latest (a league's months)."""
    game_actions: Callable[[GameAsk], Iterable[OpenAction]] | None = None
    """What the person is asked to do about one game, instead of report and confirm."""
    confirm_window: Callable[[EventFacts, GameFact], datetime | None] | None = None
    """When a reported result becomes final unless answered (shown as the answer's due time)."""
    event_actions: (
        Callable[[EventFacts, CompetitorId, datetime, frozenset[str]], Iterable[OpenAction]] | None
    ) = None
    """What else the person is asked to do in the event, given the actions they may perform
    (the moves awaited on the site)."""
    leaves_left: Callable[[EventFacts, CompetitorId, datetime], int | None] | None = None
    """How many leaves the person may still take this year (None: no limit shown)."""
    action_values: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """Values the player's form of a declared action fixes, by action (a league's leave is
    never a half-point bye, R48)."""
    leave_label: str | Promise = _REQUEST_A_BYE
    """What the button of `player.leave` says."""
    withdraw_on_every_page: bool = False
    """Every page of the event offers its player the withdraw link (KIBA)."""
    report_games: bool = True
    """A report is offered for each unreported game; False when the preset offers reports
    another way (a league's one report per match, in `event_actions`)."""


MY_PAGE_HOOKS: Hooks[MyPageHooks] = Hooks("my page")
_NO_HOOKS = MyPageHooks()


def my_page_hooks(preset: str) -> MyPageHooks:
    """The preset's hooks, or the defaults."""
    return MY_PAGE_HOOKS.get_or(preset, _NO_HOOKS)


def fixed_values(game: GameFact) -> dict[str, str]:
    return _fixed(game)


def _fixed(game: GameFact) -> dict[str, str]:
    fixed = {"round": str(game.round), "board": str(game.board), "game": str(game.number)}
    if game.stage != 1:
        fixed["stage"] = str(game.stage)
    if game.group:
        fixed["group"] = game.group
    return fixed


def build_my_page(principal: Principal, now: datetime) -> MyPage:
    user_id = principal.user_id
    if user_id is None:
        return MyPage(principal.name, (), ())
    entries = list(
        models.Entry.objects.filter(user_id=user_id)
        .select_related("event")
        .order_by("-event__created_at", "event__slug")
    )
    events: list[MyEvent] = []
    actions: list[OpenAction] = []
    for entry in entries:
        event = _my_event(entry, principal, now, actions)
        events.append(event)
    requests = tuple(
        MyRequest(r.event.slug, r.event.name, r.name, r.state, r.requested_at, r.reason)
        for r in models.RegistrationRequest.objects.filter(user_id=user_id)
        .exclude(state=models.RegistrationRequest.State.ACCEPTED)
        .select_related("event")
        .order_by("-requested_at")
    )
    actions.sort(key=lambda a: (a.due is None, a.due or now, a.slug, a.text))
    return MyPage(principal.name, tuple(actions), tuple(events), requests)


def _my_event(
    entry: models.Entry, principal: Principal, now: datetime, found: list[OpenAction]
) -> MyEvent:
    slug = entry.event.slug
    hooks = MY_PAGE_HOOKS.get_or(entry.event.preset, _NO_HOOKS)
    facts = get_event_facts(slug, with_moves=hooks.with_moves)
    me = CompetitorId(entry.key)
    names = {c.id: c.name for c in facts.competitors}
    allowed = {a.name for a in available_actions(slug, principal)}
    withdrawn = facts.withdrawn_from(me)
    games: list[MyGame] = []
    running = facts.state is EventState.RUNNING and withdrawn is None
    for round_fact in facts.rounds:
        deadlines = round_deadlines(facts, round_fact, now) if running else ()
        latest = facts.latest_round(round_fact.stage, round_fact.group)
        current = latest is not None and latest.number == round_fact.number
        for game in round_fact.games():
            if me not in (game.first, game.second):
                continue
            opponent = game.second if game.first == me else game.first
            mine = tuple(
                d
                for d in deadlines
                if d.board in (None, game.board) and d.game in (None, game.number)
            )
            games.append(
                MyGame(
                    game_words(game),
                    game.round,
                    game.board,
                    game.number,
                    game.stage,
                    game.group,
                    names.get(opponent, str(opponent)),
                    game.result.value,
                    game.status.value,
                    report_lines(game),
                    mine,
                    play_url(facts, game) if withdrawn is None else "",
                )
            )
            if running and (current or hooks.every_round):
                found.extend(_game_actions(hooks, facts, game, me, principal, mine, allowed))
    if running and hooks.event_actions is not None:
        found.extend(hooks.event_actions(facts, me, now, frozenset(allowed)))
    if running:
        found.extend(_match_time_actions(facts, me, now, frozenset(allowed), hooks.every_round))
    return MyEvent(
        slug,
        facts.name,
        facts.preset,
        facts.state.value,
        entry.key,
        entry.name,
        withdrawn,
        tuple(
            (leave.from_round, leave.to_round) for leave in facts.leaves if leave.competitor == me
        ),
        None if hooks.leaves_left is None else hooks.leaves_left(facts, me, now),
        tuple(sorted(allowed)),
        tuple(games),
        str(hooks.leave_label),
        my_check_in(facts, me, now) if withdrawn is None else None,
        models.TeamMember.objects.filter(entry=entry).values_list("team__name", flat=True).first()
        or "",
    )


def _game_actions(
    hooks: MyPageHooks,
    facts: EventFacts,
    game: GameFact,
    me: CompetitorId,
    principal: Principal,
    deadlines: tuple[Deadline, ...],
    allowed: set[str],
) -> Iterable[OpenAction]:
    fixed = _fixed(game)
    where = game_place(game.round, game.board, game.number)
    due = min((d.due for d in deadlines), default=None)
    if hooks.game_actions is not None:
        yield from hooks.game_actions(
            GameAsk(facts, game, me, fixed, where, due, frozenset(allowed))
        )
        return
    if game.status is ResultStatus.PENDING and not game.result.is_decided:
        if hooks.report_games and "result.report" in allowed and not plays_on_site(facts):
            yield OpenAction(
                REPORT,
                facts.slug,
                facts.name,
                gettext("report your result in {where}").format(where=where),
                "result.report",
                fixed,
                due,
            )
    elif game.status is ResultStatus.REPORTED and "result.confirm" in allowed:
        report = answered_report(game)
        if report is not None and not refuses_answer(
            principal,
            report.actor,
            acting_for=frozenset({me}),
            reporter_keys=reporter_sides(facts.slug, game, report.actor),
        ):
            window = None if hooks.confirm_window is None else hooks.confirm_window(facts, game)
            yield OpenAction(
                CONFIRM,
                facts.slug,
                facts.name,
                gettext("confirm or dispute {value} in {where}, reported by {actor}").format(
                    value=game.result.value, where=where, actor=report.actor
                ),
                "result.confirm",
                fixed,
                window,
            )


def _times(times: Iterable[datetime]) -> str:
    return ", ".join(t.strftime("%Y-%m-%d %H:%M") for t in times) + " UTC"


def _match_time_actions(
    facts: EventFacts,
    me: CompetitorId,
    now: datetime,
    allowed: frozenset[str],
    every_round: bool,
) -> Iterator[OpenAction]:
    """Agreed match times (where the preset has them, `AGREED_TIMES_HOOKS`): for each of the
    person's matches not yet played, the proposal waiting for their answer, their own waiting
    for the opponent's (or left unanswered: they may propose again, or challenge where the
    rules allow it), the agreed time, or a proposal to make."""
    lines = match_times_lines(facts, now)
    if not lines:
        return
    latest = {
        (r.stage, r.group): r.number
        for r in facts.rounds
        if facts.latest_round(r.stage, r.group) is r
    }
    played = {
        (r.stage, r.group, r.number, e.board)
        for r in facts.rounds
        for e in r.encounters
        if any(g.status is not ResultStatus.PENDING or g.reports for g in e.games)
    }
    for line in lines:
        where = line.where
        if me not in (line.first, line.second):
            continue
        wanted = is_wanted(facts, where, now)
        if wanted is False:
            continue
        if wanted is None and (where.stage, where.group, where.round, where.board) in played:
            continue
        if (where.stage, where.round) in facts.closed_periods:
            continue
        if not every_round and latest.get((where.stage, where.group)) != where.round:
            continue
        opponent = line.name(line.second if me == line.first else line.first)
        place = game_place(where.round, where.board)
        fixed = line.fixed()
        waiting = line.open
        if waiting is not None and waiting.to == me and "match.answer" in allowed:
            yield OpenAction(
                ANSWER,
                facts.slug,
                facts.name,
                gettext(
                    "{opponent} proposes {times} for your match ({where}): accept one, "
                    "counter-propose or decline"
                ).format(opponent=opponent, times=_times(waiting.proposal.times), where=place),
                "match.answer",
                fixed,
                waiting.answer_due,
            )
        elif waiting is not None and waiting.status is ProposalStatus.OPEN:
            yield OpenAction(
                WAITING,
                facts.slug,
                facts.name,
                gettext("your proposal of {times} waits for {opponent}'s answer ({where})").format(
                    opponent=opponent, times=_times(waiting.proposal.times), where=place
                ),
                "",
                fixed,
                waiting.answer_due,
            )
        elif waiting is not None:
            again = "match.challenge" if "match.challenge" in allowed else "match.propose"
            if again in allowed:
                yield OpenAction(
                    PROPOSE,
                    facts.slug,
                    facts.name,
                    gettext(
                        "{opponent} did not answer your proposal in time ({where}): "
                        "propose again or challenge"
                        if again == "match.challenge"
                        else "{opponent} did not answer your proposal in time ({where}): "
                        "propose again"
                    ).format(opponent=opponent, where=place),
                    again,
                    fixed,
                )
        elif line.agreed is not None:
            yield OpenAction(
                AGREED,
                facts.slug,
                facts.name,
                gettext("your match against {opponent} ({where}) is agreed for {time}").format(
                    opponent=opponent, where=place, time=_times((line.agreed,))
                ),
                "",
                fixed,
            )
        elif "match.propose" in allowed:
            yield OpenAction(
                PROPOSE,
                facts.slug,
                facts.name,
                gettext("agree a time with {opponent} for your match ({where})").format(
                    opponent=opponent, where=place
                ),
                "match.propose",
                fixed,
            )


def build_open_events(principal: Principal | None) -> tuple[OpenEvent, ...]:
    """The events that take players now (registration open; a running Gomoku league, whose
    window the form's answer states), with whether the person joined or asked already."""
    user_id = principal.user_id if principal is not None else None
    joined = set(
        models.Entry.objects.filter(user_id=user_id).values_list("event_id", flat=True)
        if user_id is not None
        else ()
    )
    pending = set(
        models.RegistrationRequest.objects.filter(
            user_id=user_id, state=models.RegistrationRequest.State.PENDING
        ).values_list("event_id", flat=True)
        if user_id is not None
        else ()
    )
    return tuple(
        OpenEvent(
            e.slug,
            e.name,
            e.preset,
            e.state,
            needs_approval(e),
            e.id in joined,
            e.id in pending,
            str(JOIN_HOOKS.get_or(e.preset, NO_JOIN_HOOKS).note),
            JOIN_HOOKS.get_or(e.preset, NO_JOIN_HOOKS).asks_declaration,
            str(JOIN_HOOKS.get_or(e.preset, NO_JOIN_HOOKS).games_help),
        )
        for e in models.Event.objects.filter(
            state__in=(EventState.REGISTRATION.value, EventState.RUNNING.value)
        ).order_by("-created_at", "slug")
        if is_open_for_joining(e)
    )


def my_entry(slug: str, principal: Principal | None) -> MyEntry | None:
    """The person's entry in the event, if they have one (None for anonymous visitors)."""
    if principal is None or principal.user_id is None:
        return None
    entry = models.Entry.objects.filter(event__slug=slug, user_id=principal.user_id).first()
    if entry is None:
        return None
    withdrawal = models.Withdrawal.objects.filter(entry=entry).first()
    return MyEntry(
        slug, entry.key, entry.name, withdrawal.from_round if withdrawal is not None else None
    )


@dataclass(frozen=True, slots=True)
class RequestLine:
    id: int
    name: str
    user: str
    rating: int | None
    games_played: int | None
    country: str
    requested_at: datetime
    state: str
    decided_by: str
    decided_at: datetime | None
    reason: str


@dataclass(frozen=True, slots=True)
class RegistrationRequests:
    slug: str
    name: str
    state: str
    needs_approval: bool
    pending: tuple[RequestLine, ...] = field(default=())
    decided: tuple[RequestLine, ...] = field(default=())


def build_registration_requests(slug: str) -> RegistrationRequests:
    from mashindano.app.queries import get_event

    event = get_event(slug)
    lines = [
        RequestLine(
            r.id,
            r.name,
            r.user.get_username(),
            r.rating,
            r.games_played,
            r.country,
            r.requested_at,
            r.state,
            r.decided_by,
            r.decided_at,
            r.reason,
        )
        for r in models.RegistrationRequest.objects.filter(event=event).select_related("user")
    ]
    return RegistrationRequests(
        event.slug,
        event.name,
        event.state,
        needs_approval(event),
        tuple(line for line in lines if line.state == models.RegistrationRequest.State.PENDING),
        tuple(line for line in lines if line.state != models.RegistrationRequest.State.PENDING),
    )


def build_my_event(
    slug: str, principal: Principal, now: datetime
) -> tuple[MyEvent, tuple[OpenAction, ...]] | None:
    """The person's part of one event (None when they have no entry in it) and its open
    actions: what an action's page shows beside its form (the game's log, its deadlines)."""
    if principal.user_id is None:
        return None
    entry = (
        models.Entry.objects.filter(event__slug=slug, user_id=principal.user_id)
        .select_related("event")
        .first()
    )
    if entry is None:
        return None
    found: list[OpenAction] = []
    event = _my_event(entry, principal, now, found)
    return event, tuple(found)
