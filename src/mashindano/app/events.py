"""Events: create from a preset, start, show, standings, close."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from datetime import datetime

from django.db import IntegrityError, transaction
from django.utils.text import slugify
from django.utils.translation import gettext

from mashindano.app.errors import Duplicate, SettingsProblems, UnknownEvent, WrongState
from mashindano.app.formats.base import StandingsTable, StartPlan
from mashindano.app.formats.parts import DESCRIPTION, PAIRING, STANDINGS
from mashindano.app.formats.registry import part
from mashindano.app.locking import EventContext, locked_event, now_or, write_audit, write_lots
from mashindano.app.permissions import Grant, Role, authorise, require_site_permission
from mashindano.app.principals import Principal
from mashindano.app.queries import get_event_facts as get_event_facts  # re-exported for callers
from mashindano.engine.errors import ConfigError, MashindanoError
from mashindano.engine.model import CompetitorId
from mashindano.store import models
from mashindano.store.facts import EventFacts, EventState, Json

_SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")

SEED_LIMIT = 2**62
"""Seeds fit a signed 64-bit column with room to spare."""


# -- create -----------------------------------------------------------------------------------


def check_create_event(slug: str, preset: str, parameters: Mapping[str, Json]) -> None:
    """Every problem of a new event's slug and settings at once (SettingsProblems when there
    are several: a form shows each at its field); then whether the slug is taken."""
    problems: list[MashindanoError] = []
    if not _SLUG.fullmatch(slug):
        problems.append(
            ConfigError(
                gettext(
                    "event slug {slug!r} must be lower-case letters, digits and "
                    "hyphens (e.g. {value!r})"
                ).format(slug=slug, value=slugify(slug) or "club-open-2026"),
                slug=slug,
            )
        )
    schema = part(preset, DESCRIPTION).parameter_schema
    try:
        schema.build(parameters)
    except MashindanoError as whole:
        # Each value is tried beside the given values that are fine alone (not beside the
        # defaults: `swiss_acceleration=baku` is wrong alone but right with
        # `swiss_pairing=dutch`), so each problem is named at its own field; values fine
        # alone but not together give the one problem of the whole.
        wrong_alone: dict[str, Json] = {}
        for name, value in parameters.items():
            try:
                schema.build({name: value})
            except MashindanoError:
                wrong_alone[name] = value
        fine = {n: v for n, v in parameters.items() if n not in wrong_alone}
        in_context: list[MashindanoError] = []
        for name, value in wrong_alone.items():
            try:
                schema.build({**fine, name: value})
            except MashindanoError as refused:
                in_context.append(refused)
        problems.extend(in_context or [whole])
    if len(problems) > 1:
        raise SettingsProblems(problems)
    if problems:
        raise problems[0]
    if models.Event.objects.filter(slug=slug).exists():
        raise Duplicate(gettext("an event {slug!r} exists already").format(slug=slug), event=slug)


def grant_creator(event: models.Event, actor: Principal, when: datetime) -> None:
    """The account that created (or took over) an event becomes its organiser."""
    if actor.user_id is not None:
        models.EventRole.objects.create(
            event=event,
            user_id=actor.user_id,
            role=Role.ORGANISER.value,
            granted_at=when,
            granted_by=actor.name,
        )


def new_event_row(
    slug: str,
    *,
    name: str,
    preset: str,
    parameters: Mapping[str, Json],
    seed: int,
    actor: Principal,
    when: datetime,
) -> models.Event:
    """A new event's row (in registration, version 1) and its creator as organiser, inside
    the caller's transaction; the caller has checked the slug, preset and settings."""
    event = models.Event.objects.create(
        slug=slug,
        name=name,
        preset=preset,
        parameters=dict(parameters),
        seed=seed,
        state=EventState.REGISTRATION.value,
        version=1,
        created_at=when,
    )
    grant_creator(event, actor, when)
    return event


def create_event(
    slug: str,
    preset: str,
    *,
    actor: Principal,
    name: str | None = None,
    parameters: Mapping[str, Json] | None = None,
    seed: int | None = None,
    now: datetime | None = None,
) -> EventFacts:
    """A new event from a preset, in registration. The seed of every later draw is recorded
    now (drawn from the system's entropy when not given)."""
    require_site_permission(actor, "create events")
    overrides = dict(parameters or {})
    check_create_event(slug, preset, overrides)
    if seed is None:
        seed = random.SystemRandom().randrange(SEED_LIMIT)
    elif not 0 <= seed < SEED_LIMIT:
        raise ConfigError(
            gettext("seed {seed} is outside 0 to 2**62 - 1").format(seed=seed), seed=seed
        )
    when = now_or(now)
    try:
        with transaction.atomic():
            event = new_event_row(
                slug,
                name=name or slug,
                preset=preset,
                parameters=overrides,
                seed=seed,
                actor=actor,
                when=when,
            )
            context = EventContext(
                event=event,
                principal=actor,
                grant=Grant(actor, "event.create", full=True),
                action="event.create",
                now=when,
            )
            context.record(
                after={"slug": slug, "preset": preset, "parameters": overrides, "seed": seed}
            )
            write_audit(event, context)
    except IntegrityError:
        raise Duplicate(
            gettext("an event {slug!r} exists already").format(slug=slug), event=slug
        ) from None
    return get_event_facts(slug)


# -- edit and delete before the start ---------------------------------------------------------


def _refuse_unless_registration(facts: EventFacts, doing: str) -> None:
    if facts.state is not EventState.REGISTRATION:
        raise WrongState(
            gettext(
                "event {slug!r} is {value}; {doing} only before it starts (while in registration)"
            ).format(slug=facts.slug, value=facts.state.value, doing=doing),
            event=facts.slug,
            state=facts.state.value,
        )


def edit_event(
    slug: str,
    *,
    actor: Principal,
    name: str | None = None,
    parameters: Mapping[str, Json] | None = None,
    reset: tuple[str, ...] = (),
    now: datetime | None = None,
) -> EventFacts:
    """Change an event's name or parameters before it starts: `parameters` are set (checked
    against the preset's schema, with every other parameter as it stands), `reset` parameters
    go back to the preset's default. The audit log keeps the values before and after."""
    with locked_event(slug, actor, "event.edit", now=now) as context:
        facts = context.facts()
        _refuse_unless_registration(facts, "its parameters can be changed")
        schema = part(facts.preset, DESCRIPTION).parameter_schema
        reset = tuple(schema.field(parameter).name for parameter in reset)
        before = dict(context.event.parameters or {})
        after = {k: v for k, v in before.items() if k not in reset}
        after.update(parameters or {})
        schema.build(after)
        old_name = context.event.name
        if name is not None:
            if not name.strip():
                raise ConfigError(gettext("the event's name must not be empty"), field="name")
            context.event.name = name.strip()
        context.event.parameters = after
        context.record(
            before={"name": old_name, "parameters": before},
            after={"name": context.event.name, "parameters": after},
        )
    return get_event_facts(slug)


def delete_event(slug: str, *, actor: Principal, now: datetime | None = None) -> str:
    """Delete an event that never started (a mistake, a test): its entries, roles and audit
    log go with it. A started event is never deleted; close it instead."""
    authorise(actor, "event.delete", slug)
    with transaction.atomic():
        try:
            event = models.Event.objects.select_for_update().get(slug=slug)
        except models.Event.DoesNotExist:
            raise UnknownEvent(gettext("no event {slug!r}").format(slug=slug), event=slug) from None
        _refuse_unless_registration(get_event_facts(slug), "it can be deleted")
        event.delete()
    return slug


# -- start ------------------------------------------------------------------------------------


def check_start_event(facts: EventFacts) -> StartPlan:
    if facts.state is not EventState.REGISTRATION:
        raise WrongState(
            gettext("event {slug!r} is {value}; only an event in registration can start").format(
                slug=facts.slug, value=facts.state.value
            ),
            event=facts.slug,
            state=facts.state.value,
        )
    return part(facts.preset, PAIRING).plan_start(facts)


def start_event(
    slug: str, *, actor: Principal, now: datetime | None = None, reason: str = ""
) -> EventFacts:
    """Fix the entries, their numbers (drawn by lot where the preset says so) and the stages.
    `reason`: why, kept in the audit log (the worker's start at the announced time)."""
    with locked_event(slug, actor, "event.start", now=now) as context:
        plan = check_start_event(context.facts())
        do_start_event(context, plan)
        if reason and isinstance(context.after, dict):
            context.after["reason"] = reason
    return get_event_facts(slug)


def do_start_event(context: EventContext, plan: StartPlan) -> None:
    event = context.event
    entries = list(models.Entry.objects.filter(event=event))
    # Two steps, so the unique (event, number) constraint never sees a transient duplicate.
    models.Entry.objects.filter(event=event).update(number=None)
    for entry in entries:
        entry.number = plan.numbers[CompetitorId(entry.key)]
    models.Entry.objects.bulk_update(entries, ["number"], batch_size=500)
    for stage in plan.stages:
        models.Stage.objects.create(
            event=event, number=stage.number, name=stage.name, format=stage.format
        )
    write_lots(context, plan.lots)
    event.state = EventState.RUNNING.value
    event.started_at = context.now
    context.record(
        before={"state": EventState.REGISTRATION.value},
        after={
            "state": EventState.RUNNING.value,
            "numbers": {str(k): v for k, v in sorted(plan.numbers.items(), key=lambda kv: kv[1])},
        },
    )


# -- close ------------------------------------------------------------------------------------


def check_close_event(facts: EventFacts) -> None:
    if facts.state is not EventState.RUNNING:
        raise WrongState(
            gettext("event {slug!r} is {value}; only a running event can be closed").format(
                slug=facts.slug, value=facts.state.value
            ),
            event=facts.slug,
            state=facts.state.value,
        )
    if not part(facts.preset, STANDINGS).is_finished(facts):
        unit = part(facts.preset, PAIRING).next_unit(facts)
        missing = [g.label for g in facts.games() if not g.result.is_decided]
        detail = f"{unit.label} is still to pair" if unit is not None else ""
        if missing:
            detail = (
                "no result yet for "
                + ", ".join(missing[:5])
                + (f" and {len(missing) - 5} more" if len(missing) > 5 else "")
            )
        raise WrongState(
            gettext("event {slug!r} is not finished: {detail}").format(
                slug=facts.slug, detail=detail
            ),
            event=facts.slug,
        )


def close_event(slug: str, *, actor: Principal, now: datetime | None = None) -> EventFacts:
    with locked_event(slug, actor, "event.close", now=now) as context:
        check_close_event(context.facts())
        context.event.state = EventState.CLOSED.value
        context.event.closed_at = context.now
        context.record(before={"state": "running"}, after={"state": "closed"})
    return get_event_facts(slug)


# -- read -------------------------------------------------------------------------------------


def event_standings(slug: str) -> tuple[StandingsTable, ...]:
    facts = get_event_facts(slug)
    return part(facts.preset, STANDINGS).compute_standings(facts)
