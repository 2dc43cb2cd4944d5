"""The announced start of an event (issue 31 item 2): "For each tournament the Mwamuzi settles a
start date, which is communicated to all participants."

The start is a fact of the event, its event-wide parameters `start_at` (a date and time where
it is played) and `time_zone` (`declarations.event_times`), set when it is created or edited
(form, API, `--set`) with the audit log's before and after. It is shown on the event's page and
said in the mail a player gets on joining (`tell_joined`); `apply_start_dates(now)`, run by the
worker's tick with the time passed in, sends each registered player one reminder
`start_reminder_hours` before it (a notification keyed by event, start and player: sent once,
however many ticks pass, and again only for a new start), and starts the event at that time
when `start_automatically` is set, through the same use case as the console's start button
(`events.start_event`, by the system, with the reason in the audit log). Without it, the
organiser or arbiter starts the event by hand as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from mashindano.app.declarations.event_times import StartDate, start_date_of
from mashindano.app.declarations.parameters import event_wide_values
from mashindano.app.events import edit_event, start_event
from mashindano.app.locking import EventContext
from mashindano.app.notify import (
    Kind,
    News,
    event_link,
    player_users,
    store_news,
    tell_waiting,
)
from mashindano.app.principals import SYSTEM, Principal
from mashindano.engine.errors import MashindanoError
from mashindano.store import models
from mashindano.store.facts import EventState, Json


def announced_start(event: models.Event) -> StartDate | None:
    """The event's announced start, or None (none set, or a stored value no longer read)."""
    try:
        return start_date_of(event_wide_values(event.parameters or {}))
    except MashindanoError:
        return None


def tell_joined(context: EventContext, entry: models.Entry) -> None:
    """The mail of a player who joined (inside the join's transaction): registered as whom,
    and when the event starts (or that it is not announced yet)."""
    if entry.user_id is None:
        return
    start = announced_start(context.event)
    store_news(
        [
            News(
                f"joined:{entry.id}",
                Kind.JOINED,
                context.event.id,
                entry.user_id,
                {
                    "event": context.event.name,
                    "slug": context.event.slug,
                    "link": event_link(context.event.slug),
                    "name": entry.name,
                    "start": start.text if start is not None else "",
                    "automatic": start is not None and start.automatic,
                },
            )
        ],
        context.now,
    )


@dataclass(frozen=True, slots=True)
class StartWork:
    """What `apply_start_dates` did: reminders stored, events started by themselves."""

    reminders: int
    started: tuple[str, ...]


def apply_start_dates(now: datetime) -> StartWork:
    """Reminders due before announced starts, and the events that start by themselves at
    `now`. Idempotent: a reminder is keyed once per player and start; an event starts once
    (a second try finds it running). An automatic start the preset refuses (too few players)
    is left for the organiser: the event stays in registration, and its officials are told
    once why."""
    reminders = 0
    started: list[str] = []
    rows = models.Event.objects.filter(
        state__in=[EventState.REGISTRATION.value, EventState.RUNNING.value]
    ).only("id", "slug", "name", "parameters", "state")
    for event in rows.iterator():
        start = announced_start(event)
        if start is None:
            continue
        if start.reminder is not None and start.at - start.reminder <= now < start.at:
            reminders += _remind(event, start, now)
        if start.automatic and event.state == EventState.REGISTRATION.value and now >= start.at:
            try:
                start_event(
                    event.slug,
                    actor=SYSTEM,
                    now=now,
                    reason=f"announced start {start.text}",
                )
            except MashindanoError as error:  # the organiser starts it; told once why
                tell_waiting(
                    event,
                    task="start",
                    due_at=start.at,
                    due=start.text,
                    why=error.message,
                    now=now,
                )
                continue
            started.append(event.slug)
    return StartWork(reminders, tuple(started))


def _remind(event: models.Event, start: StartDate, now: datetime) -> int:
    users = player_users(event.id)
    if not users:
        return 0
    names = dict(
        models.Entry.objects.filter(event_id=event.id, key__in=list(users)).values_list(
            "key", "name"
        )
    )
    context: dict[str, Json] = {
        "event": event.name,
        "slug": event.slug,
        "link": event_link(event.slug),
        "start": start.text,
    }
    return store_news(
        (
            News(
                f"start-reminder:{event.id}:{start.at.isoformat()}",
                Kind.START_REMINDER,
                event.id,
                user,
                {**context, "name": names.get(key, key)},
            )
            for key, user in sorted(users.items())
        ),
        now,
    )


def set_start_date(
    slug: str,
    *,
    start_at: str,
    time_zone: str = "",
    automatically: bool = False,
    reminder_hours: int | None = None,
    actor: Principal,
    now: datetime | None = None,
) -> StartDate | None:
    """Announce (or move, or clear with an empty `start_at`) the event's start before it
    starts: its event-wide parameters changed as `events.edit_event` changes any, each checked
    and audited with the values before and after. Returns the start now announced."""
    changes: dict[str, Json] = {
        "start_at": start_at.strip(),
        "start_automatically": automatically,
    }
    if time_zone.strip():
        changes["time_zone"] = time_zone.strip()
    if reminder_hours is not None:
        changes["start_reminder_hours"] = reminder_hours
    edit_event(slug, actor=actor, parameters=changes, now=now)
    return announced_start(models.Event.objects.get(slug=slug))
