"""Joining an event from one's own account (player self-service), and the staff's decision on
requests when the event needs their approval.

A signed-in person asks to join an open event (`join_event`): a chess or KIBA event still
taking registrations, or a Gomoku league in its registration window (days 1-7 of the month
to pair, R4) with the newcomer's declaration of at least 300 games on the site (R6). The
entry is registered exactly as the organiser would register it (`players`: the same checks,
late entries planned by the preset) and linked to the account (the player role).

Staff may make joining need their approval (`set_registration_approval`, kept as an override
fact of the event: who, when, why; the latest one counts). A join then leaves a pending
`RegistrationRequest` that staff accept (the entry is registered then, with the same checks
at that moment) or refuse with a reason. Every step writes the event's audit log.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime

from django.utils.functional import Promise
from django.utils.translation import gettext

from mashindano.app.errors import Duplicate, NotAllowed, NotFound, WrongState
from mashindano.app.hooks import Hooks
from mashindano.app.locking import EventContext, locked_event
from mashindano.app.person_record import site_games_played
from mashindano.app.players import check_late_entries, check_register_players, do_register_players
from mashindano.app.principals import Principal
from mashindano.app.start_date import tell_joined
from mashindano.engine.errors import ParseError
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.store import models
from mashindano.store.facts import EventState

APPROVAL = "registration-approval"
"""Override subject: `{"required": true|false}`, whether joining needs the staff's approval."""

UnknownRequest = NotFound


@dataclass(frozen=True, slots=True)
class Joined:
    """What a join did: the entry registered and linked, or a request left for the staff."""

    slug: str
    player: str
    pending: bool
    request_id: int | None = None


@dataclass(frozen=True, slots=True)
class Decided:
    request_id: int
    name: str
    accepted: bool
    player: str | None
    """The entry's key when accepted."""


def needs_approval(event: models.Event) -> bool:
    latest = (
        models.ArbiterOverride.objects.filter(event=event, subject=APPROVAL).order_by("-id").first()
    )
    return bool(
        latest is not None and isinstance(latest.value, dict) and latest.value.get("required")
    )


@dataclass(frozen=True, slots=True)
class JoinHooks:
    """A preset's part in joining (registered in `JOIN_HOOKS`)."""

    while_running: bool = False
    """Players may join while the event runs (a league's newcomers)."""
    check: Callable[[models.Event, int | None, bool], None] | None = None
    """The preset's own check of a join (games played, the declaration), raising ParseError."""
    site_games_enough: Callable[[models.Event, int], bool] | None = None
    """Whether the games of the preset's kind the site counted for the person meet the rule
    by themselves (Gomoku R6: 300): then `check` (the typed-in claim) is not needed."""
    note: str | Promise = ""
    """What the join form says first."""
    asks_declaration: bool = False
    """The form shows the declaration box."""
    games_help: str | Promise = ""
    """What the form says under "Games played on the site", in this game's words."""


JOIN_HOOKS: Hooks[JoinHooks] = Hooks("joining")
NO_JOIN_HOOKS = JoinHooks()


def is_open_for_joining(event: models.Event) -> bool:
    """Whether the event takes players at all now: registration before the start; while it
    runs if its preset says so (a league: the window itself is the preset's check)."""
    if event.state == EventState.REGISTRATION.value:
        return True
    hooks = JOIN_HOOKS.get(event.preset)
    return event.state == EventState.RUNNING.value and hooks is not None and hooks.while_running


def set_registration_approval(
    slug: str, required: bool, *, actor: Principal, reason: str = "", now: datetime | None = None
) -> bool:
    with locked_event(slug, actor, "registration.approval", now=now) as context:
        before = needs_approval(context.event)
        models.ArbiterOverride.objects.create(
            event=context.event,
            subject=APPROVAL,
            value={"required": required},
            at=context.now,
            actor=context.actor,
            reason=reason,
        )
        context.record(before={"required": before}, after={"required": required, "reason": reason})
    return required


def _competitor(
    name: str, rating: int | None, games_played: int | None, country: str
) -> Competitor:
    clean = " ".join(name.split())
    if not clean:
        raise ParseError(gettext("your name in the event is required"), parameter="name")
    if country and len(country.strip()) > 10:
        raise ParseError(gettext("a country code has at most 10 characters"), parameter="country")
    return Competitor(
        CompetitorId(clean),
        clean,
        rating=rating,
        games_played=games_played,
        country=country.strip() or None,
    )


def join_event(
    slug: str,
    *,
    actor: Principal,
    name: str,
    rating: int | None = None,
    games_played: int | None = None,
    country: str = "",
    declaration: bool = False,
    now: datetime | None = None,
) -> Joined:
    """The signed-in person joins the event as `name` (or asks to, when the event needs the
    staff's approval). Refused: not an account, an event not open for joining, a second
    entry or request of the same account, a name already taken, and whatever the preset
    refuses for a late entry (the Gomoku window and the 300 games, R4, R6)."""
    if actor.user_id is None:
        raise NotAllowed(
            gettext("{name} has no account to join with").format(name=actor.name),
            action="registration.join",
        )
    competitor = _competitor(name, rating, games_played, country)
    with locked_event(slug, actor, "registration.join", now=now) as context:
        event = context.event
        if not is_open_for_joining(event):
            raise WrongState(
                gettext("event {slug!r} is {state}; it does not take new players").format(
                    slug=slug, state=event.state
                ),
                event=slug,
                state=event.state,
            )
        _check_not_joined(context, actor.user_id)
        hooks = JOIN_HOOKS.get(event.preset)
        source = "declared" if games_played is not None else ""
        if hooks is not None and hooks.check is not None:
            site = site_games_played(actor.user_id, event.preset, context.now)
            if hooks.site_games_enough is not None and hooks.site_games_enough(event, site):
                # The site's own count meets the rule: it is what the registration rests on
                # (issue 31 item 5), whatever was typed.
                games_played, source = site, "site"
                competitor = replace(competitor, games_played=site)
            else:
                hooks.check(event, games_played, declaration)
        _check_name_free(event, competitor)
        check_register_players(event, [competitor])
        if needs_approval(event):
            request = models.RegistrationRequest.objects.create(
                event=event,
                user_id=actor.user_id,
                name=competitor.name,
                rating=rating,
                games_played=games_played,
                country=competitor.country or "",
                requested_at=context.now,
            )
            context.record(
                after={"request": request.id, "name": competitor.name, "state": "pending"}
            )
            return Joined(slug, str(competitor.id), pending=True, request_id=request.id)
        _register(context, competitor, actor.user_id)
        context.record(
            after={
                "player": str(competitor.id),
                "user": actor.name,
                "rating": rating,
                "games_played": games_played,
                "games_played_source": source,
            }
        )
    return Joined(slug, str(competitor.id), pending=False)


def _check_not_joined(context: EventContext, user_id: int) -> None:
    slug = context.event.slug
    entry = models.Entry.objects.filter(event=context.event, user_id=user_id).first()
    if entry is not None:
        raise Duplicate(
            gettext("you already play in {slug!r} as {name!r}").format(slug=slug, name=entry.name),
            event=slug,
        )
    if models.RegistrationRequest.objects.filter(
        event=context.event, user_id=user_id, state=models.RegistrationRequest.State.PENDING
    ).exists():
        raise Duplicate(
            gettext("your request to join {slug!r} is already waiting for the organisers").format(
                slug=slug
            ),
            event=slug,
        )


def _check_name_free(event: models.Event, competitor: Competitor) -> None:
    if models.Entry.objects.filter(event=event, key=str(competitor.id)).exists():
        raise Duplicate(
            gettext("the name {name!r} is already taken in {slug!r}; choose another").format(
                name=competitor.name, slug=event.slug
            ),
            parameter="name",
            event=event.slug,
        )


def _register(context: EventContext, competitor: Competitor, user_id: int) -> models.Entry:
    numbers = check_late_entries(context, [competitor])
    do_register_players(context, [competitor], None, numbers)
    entry = models.Entry.objects.get(event=context.event, key=str(competitor.id))
    entry.user_id = user_id
    entry.save(update_fields=["user"])
    tell_joined(context, entry)
    return entry


def _pending(context: EventContext, request_id: int) -> models.RegistrationRequest:
    request = models.RegistrationRequest.objects.filter(event=context.event, id=request_id).first()
    if request is None:
        raise UnknownRequest(
            gettext("no registration request {request_id} in {slug!r}").format(
                request_id=request_id, slug=context.event.slug
            ),
            event=context.event.slug,
        )
    if request.state != models.RegistrationRequest.State.PENDING:
        raise WrongState(
            gettext(
                "the request of {name!r} was already {state} by {decided_by} "
                "at {decided_at:%Y-%m-%d %H:%M}"
            ).format(
                name=request.name,
                state=request.state,
                decided_by=request.decided_by,
                decided_at=request.decided_at,
            ),
            event=context.event.slug,
        )
    return request


def accept_registration(
    slug: str, request_id: int, *, actor: Principal, now: datetime | None = None
) -> Decided:
    """Register the request's entry for its account, with the checks that hold now (a name
    taken meanwhile, the preset's window for late entries)."""
    with locked_event(slug, actor, "registration.decide", now=now) as context:
        request = _pending(context, request_id)
        if not is_open_for_joining(context.event):
            raise WrongState(
                gettext("event {slug!r} is {state}; it does not take new players").format(
                    slug=slug, state=context.event.state
                ),
                event=slug,
            )
        competitor = _competitor(
            request.name, request.rating, request.games_played, request.country
        )
        _check_name_free(context.event, competitor)
        check_register_players(context.event, [competitor])
        entry = _register(context, competitor, request.user_id)
        request.state = models.RegistrationRequest.State.ACCEPTED
        request.decided_at = context.now
        request.decided_by = context.actor
        request.entry = entry
        request.save()
        context.record(
            before={"request": request.id, "state": "pending"},
            after={"request": request.id, "state": "accepted", "player": entry.key},
        )
    return Decided(request_id, request.name, True, entry.key)


def refuse_registration(
    slug: str, request_id: int, *, actor: Principal, reason: str, now: datetime | None = None
) -> Decided:
    if not reason.strip():
        raise ParseError(
            gettext("refusing a registration needs a reason (kept in the log)"), parameter="reason"
        )
    with locked_event(slug, actor, "registration.decide", now=now) as context:
        request = _pending(context, request_id)
        request.state = models.RegistrationRequest.State.REFUSED
        request.decided_at = context.now
        request.decided_by = context.actor
        request.reason = reason.strip()
        request.save()
        context.record(
            before={"request": request.id, "state": "pending"},
            after={"request": request.id, "state": "refused", "reason": reason.strip()},
        )
    return Decided(request_id, request.name, False, None)
