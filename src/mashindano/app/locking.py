"""Per-event serialisation and the audit trail.

Every write use case runs inside `locked_event(slug, principal, action)`: the principal's
permission checked first (`permissions.authorise`, without the lock), then one transaction
(`transaction.atomic`), the Event row locked with SELECT ... FOR UPDATE (PostgreSQL; on SQLite
the IMMEDIATE transaction mode takes the database write lock at BEGIN instead), the event's
version raised by one, and an audit row written in the same transaction. Two processes asking
for the same thing at once therefore run one after the other, and the second sees the first's
work.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from mashindano.app.errors import StaleVersion, UnknownEvent
from mashindano.app.permissions import Grant, authorise
from mashindano.app.principals import SYSTEM_NAME, Principal
from mashindano.store import models
from mashindano.store.facts import EventFacts, Json
from mashindano.store.mapping import load_event_facts

if TYPE_CHECKING:
    from mashindano.app.formats.base import PlannedLot

SYSTEM_ACTOR = SYSTEM_NAME
"""The actor of facts the program writes by itself (forfeits against withdrawn players)."""

PAUSE_VARIABLE = "MASHINDANO_TEST_PAUSE"
"""Test-only hook: `pair:SECONDS` or `report:SECONDS` makes that use case stop half-way
through its writes (printing `paused` on stderr) so a test can kill the process there."""


@dataclass(slots=True)
class EventContext:
    """What a use case gets inside the lock: the locked row, who (the principal, its name for
    the facts and audit log, and what it was granted), when, and the audit record."""

    event: models.Event
    principal: Principal
    grant: Grant
    action: str
    now: datetime
    before: Json = None
    after: Json = None
    _facts: EventFacts | None = field(default=None, repr=False)

    @property
    def actor(self) -> str:
        """The name recorded as the actor of the facts this use case writes."""
        return self.principal.name

    def facts(self) -> EventFacts:
        """The event's facts as they stand at the start of the use case (loaded once)."""
        if self._facts is None:
            self._facts = load_event_facts(self.event)
        return self._facts

    def record(self, *, before: Json = None, after: Json = None) -> None:
        self.before = before
        self.after = after


def now_or(value: datetime | None) -> datetime:
    return value if value is not None else timezone.now()


@contextmanager
def locked_event(
    slug: str,
    actor: Principal,
    action: str,
    *,
    now: datetime | None = None,
    expected_version: int | None = None,
) -> Iterator[EventContext]:
    grant = authorise(actor, action, slug)
    with transaction.atomic():
        try:
            event = models.Event.objects.select_for_update().get(slug=slug)
        except models.Event.DoesNotExist:
            raise UnknownEvent(gettext("no event {slug!r}").format(slug=slug), event=slug) from None
        if expected_version is not None and event.version != expected_version:
            raise StaleVersion(
                gettext(
                    "event {slug!r} changed since version {expected_version} "
                    "(now version {version}); reload and try again"
                ).format(slug=slug, expected_version=expected_version, version=event.version),
                event=slug,
                expected=expected_version,
                version=event.version,
            )
        context = EventContext(
            event=event, principal=actor, grant=grant, action=action, now=now_or(now)
        )
        yield context
        event.version += 1
        event.save()
        write_audit(event, context)


def write_audit(event: models.Event, context: EventContext) -> None:
    models.AuditEntry.objects.create(
        event=event,
        version=event.version,
        at=context.now,
        actor=context.actor,
        user_id=context.principal.user_id,
        action=context.action,
        before=context.before,
        after=context.after,
        recorded_at=timezone.now(),
    )


def write_lots(context: EventContext, lots: Iterable[PlannedLot]) -> None:
    """Store the lots a use case drew (or decided), with their seeds, as facts of the event."""
    for lot in lots:
        models.LotDraw.objects.create(
            event=context.event,
            purpose=lot.purpose,
            seed=lot.seed,
            outcome=lot.outcome,
            drawn_at=context.now,
        )


def pause_for_tests(point: str) -> None:
    """Stop here for a while when the test hook asks for it (see `PAUSE_VARIABLE`)."""
    wanted = os.environ.get(PAUSE_VARIABLE, "")
    name, _, seconds = wanted.partition(":")
    if name != point:
        return
    print("paused", file=sys.stderr, flush=True)
    time.sleep(float(seconds or "60"))
