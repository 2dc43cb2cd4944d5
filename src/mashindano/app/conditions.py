"""Conditional writes for front ends that wrap a use case with their own bookkeeping (the API's
If-Match and Idempotency-Key): one transaction around the use case, with the event's row
locked first so that requests about one event are answered one after the other.

The use case's own `locked_event` then runs inside this transaction (a savepoint) and locks
the same row again, which the database allows.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import transaction
from django.utils.translation import gettext

from mashindano.app.errors import StaleVersion, UnknownEvent
from mashindano.store import lookups, models


def event_version(slug: str) -> int:
    """The event's version now (UnknownEvent if there is none): one indexed query."""
    found = lookups.event_version(slug)
    if found is None:
        raise UnknownEvent(gettext("no event {slug!r}").format(slug=slug), event=slug)
    return found


def versions_fingerprint() -> tuple[int, int, int]:
    """Changes whenever any event is created, deleted or written: (count, sum of versions,
    highest id). The event list's ETag."""
    from django.db.models import Count, Max, Sum

    found = models.Event.objects.aggregate(n=Count("id"), v=Sum("version"), m=Max("id"))
    return int(found["n"] or 0), int(found["v"] or 0), int(found["m"] or 0)


@contextmanager
def serialised(slug: str | None, *, expected_version: int | None = None) -> Iterator[None]:
    """One transaction; with a slug, the event's row locked and (if given) its version checked
    (StaleVersion when it moved on)."""
    with transaction.atomic():
        if slug is not None:
            found = (
                models.Event.objects.select_for_update()
                .filter(slug=slug)
                .values_list("version", flat=True)
                .first()
            )
            if found is None:
                raise UnknownEvent(gettext("no event {slug!r}").format(slug=slug), event=slug)
            if expected_version is not None and found != expected_version:
                raise StaleVersion(
                    gettext(
                        "event {slug!r} changed since version {expected_version} "
                        "(now version {found}); reload and try again"
                    ).format(slug=slug, expected_version=expected_version, found=found),
                    event=slug,
                    expected=expected_version,
                    version=found,
                )
        yield
