"""Players' conduct and absences: withdraw, take leave, sanction; closing a league period."""

from __future__ import annotations

from datetime import datetime

from django.db.models import Max
from django.utils.translation import gettext

from mashindano.app.errors import Duplicate, WrongState
from mashindano.app.formats.parts import LEAVES, PERIODS
from mashindano.app.formats.registry import part
from mashindano.app.locking import EventContext, locked_event
from mashindano.app.principals import Principal
from mashindano.app.queries import get_entry
from mashindano.engine.errors import ConfigError, ParseError
from mashindano.engine.model import ByeKind, CompetitorId
from mashindano.engine.points import parse_points
from mashindano.store import models
from mashindano.store.facts import SANCTION_KINDS, EventState, LeaveFact


def _latest_round(event: models.Event) -> int:
    latest = models.Round.objects.filter(stage__event=event).aggregate(m=Max("number"))["m"]
    return int(latest or 0)


def _refuse_unless(context: EventContext, *states: EventState) -> None:
    if context.event.state not in {s.value for s in states}:
        raise WrongState(
            gettext("event {slug!r} is {state}; this is possible only while it is {value}").format(
                slug=context.event.slug,
                state=context.event.state,
                value=" or ".join(s.value for s in states),
            ),
            event=context.event.slug,
            state=context.event.state,
        )


def withdraw_player(
    slug: str,
    player: str,
    *,
    actor: Principal,
    from_round: int | None = None,
    reason: str = "",
    now: datetime | None = None,
) -> int:
    """The player takes no part from `from_round` on (default: the next round to pair).
    Returns that round.

    Before the start (registration) withdrawing cancels the entry: a player who joined by
    mistake leaves, the entry is removed (nothing refers to it before the draw), the audit
    log keeps who left and why, and 0 is returned (no round)."""
    with locked_event(slug, actor, "player.withdraw", now=now) as context:
        _refuse_unless(context, EventState.REGISTRATION, EventState.RUNNING)
        entry = get_entry(context.event, player)
        context.grant.require_own((entry.key,), what=f"{entry.name}'s entry")
        if context.event.state == EventState.REGISTRATION.value:
            _cancel_entry(context, entry, reason)
            return 0
        latest = _latest_round(context.event)
        start = latest + 1 if from_round is None else from_round
        if start <= latest:
            raise WrongState(
                gettext(
                    "round {start} of event {slug!r} is already paired; withdraw "
                    "{key!r} from round {value} and have the arbiter rule the "
                    "game(s) already paired"
                ).format(start=start, slug=slug, key=entry.key, value=latest + 1),
                event=slug,
                player=entry.key,
                round=start,
            )
        if models.Withdrawal.objects.filter(entry=entry).exists():
            raise Duplicate(
                gettext("{key!r} has already withdrawn from event {slug!r}").format(
                    key=entry.key, slug=slug
                )
            )
        models.Withdrawal.objects.create(
            entry=entry, from_round=start, at=context.now, actor=actor.name, reason=reason
        )
        context.record(after={"player": entry.key, "from_round": start, "reason": reason})
    return start


def _cancel_entry(context: EventContext, entry: models.Entry, reason: str) -> None:
    """Withdrawing before the start: the entry goes (with its leaves), an accepted request
    to join that made it is marked withdrawn, the audit entry keeps the player."""
    models.RegistrationRequest.objects.filter(
        event=context.event, entry=entry, state=models.RegistrationRequest.State.ACCEPTED
    ).update(state=models.RegistrationRequest.State.WITHDRAWN)
    key, name, user = entry.key, entry.name, entry.user_id
    entry.delete()
    context.record(
        before={"player": key, "name": name, "user": user},
        after={"player": key, "cancelled": "before the start", "reason": reason},
    )


def take_leave(
    slug: str,
    player: str,
    from_round: int,
    *,
    actor: Principal,
    to_round: int | None = None,
    bye_kind: ByeKind = ByeKind.ZERO_POINT,
    reason: str = "",
    now: datetime | None = None,
) -> LeaveFact:
    """Absent for rounds `from_round`..`to_round`: the preset decides what the bye is worth."""
    last = from_round if to_round is None else to_round
    with locked_event(slug, actor, "player.leave", now=now) as context:
        _refuse_unless(context, EventState.REGISTRATION, EventState.RUNNING)
        entry = get_entry(context.event, player)
        context.grant.require_own((entry.key,), what=f"{entry.name}'s entry")
        latest = _latest_round(context.event)
        if from_round <= latest or last < from_round:
            raise WrongState(
                gettext(
                    "a leave must cover rounds not yet paired (after round "
                    "{latest}), first round first; got {from_round} to {last}"
                ).format(latest=latest, from_round=from_round, last=last),
                event=slug,
                player=entry.key,
            )
        overlapping = models.Leave.objects.filter(
            entry=entry, from_round__lte=last, to_round__gte=from_round
        ).first()
        if overlapping is not None:
            raise Duplicate(
                gettext("{key!r} already has leave for rounds {from_round} to {to_round}").format(
                    key=entry.key, from_round=overlapping.from_round, to_round=overlapping.to_round
                ),
                player=entry.key,
            )
        leave = LeaveFact(
            CompetitorId(entry.key), from_round, last, bye_kind, context.now, actor.name, reason
        )
        part(context.event.preset, LEAVES).check_leave(context.facts(), leave)
        models.Leave.objects.create(
            entry=entry,
            from_round=from_round,
            to_round=last,
            bye_kind=bye_kind.value,
            at=context.now,
            actor=actor.name,
            reason=reason,
        )
        context.record(
            after={"player": entry.key, "rounds": [from_round, last], "bye": bye_kind.value}
        )
    return leave


def sanction_player(
    slug: str,
    player: str,
    kind: str,
    *,
    actor: Principal,
    reason: str,
    points: str = "",
    round_number: int | None = None,
    now: datetime | None = None,
) -> None:
    """Record a sanction (warning, point deduction, forfeit, expulsion) with its reason.

    The chess presets record sanctions as facts and show them; they do not change the points
    (a forfeit is applied by ruling the game, an expulsion by withdrawing the player)."""
    if kind not in SANCTION_KINDS:
        raise ConfigError(
            gettext("unknown sanction {kind!r} (known: {value})").format(
                kind=kind, value=", ".join(SANCTION_KINDS)
            ),
            kind=kind,
        )
    if not reason.strip():
        raise ParseError(gettext("a sanction needs a reason"), kind=kind)
    if points:
        parse_points(points)
    with locked_event(slug, actor, "player.sanction", now=now) as context:
        _refuse_unless(context, EventState.RUNNING)
        entry = get_entry(context.event, player)
        models.Sanction.objects.create(
            entry=entry,
            round=round_number,
            kind=kind,
            points=points,
            at=context.now,
            actor=actor.name,
            reason=reason,
        )
        context.record(
            after={"player": entry.key, "kind": kind, "points": points, "reason": reason}
        )


def close_period(
    slug: str, period: int, *, actor: Principal, stage: int = 1, now: datetime | None = None
) -> None:
    """Close a league period (month): the preset checks it can be closed."""
    with locked_event(slug, actor, "period.close", now=now) as context:
        _refuse_unless(context, EventState.RUNNING)
        facts = context.facts()
        if (stage, period) in facts.closed_periods:
            raise Duplicate(
                gettext("period {period} of event {slug!r} is already closed").format(
                    period=period, slug=slug
                )
            )
        part(facts.preset, PERIODS).check_close_period(facts, stage, period, context.now)
        models.PeriodClosure.objects.create(
            stage=models.Stage.objects.get(event=context.event, number=stage),
            period=period,
            closed_at=context.now,
            actor=actor.name,
        )
        context.record(after={"stage": stage, "period": period})
