"""Announcements: notices the organiser or arbiter posts on the event's public pages and its
live view (a changed start time, the venue, a ruling people should know about).

Each is a fact (`models.Announcement`: text, when, who), never edited; withdrawing one appends
an `AnnouncementWithdrawal` (who, when, why) and the pages stop showing it. Both writes go
through the event's lock, so they raise the event's version (the page cache shows them at
once) and write the audit log.
"""

from __future__ import annotations

from datetime import datetime

from django.utils.translation import gettext

from mashindano.app.errors import Duplicate, NotFound
from mashindano.app.locking import locked_event
from mashindano.app.principals import Principal
from mashindano.engine.errors import ParseError
from mashindano.store import models
from mashindano.store.facts import AnnouncementFact

MAX_LENGTH = 2000
"""Longer notices belong on a page of their own, not in every page's header."""


class UnknownAnnouncement(NotFound):
    code = "unknown_announcement"


def announce(
    slug: str, text: str, *, actor: Principal, now: datetime | None = None
) -> AnnouncementFact:
    """Post `text` on the event's pages. Refused: empty text, text over 2,000 characters."""
    cleaned = " ".join(text.split())
    if not cleaned:
        raise ParseError(gettext("an announcement needs some text"), code="empty_text", event=slug)
    if len(cleaned) > MAX_LENGTH:
        raise ParseError(
            gettext(
                "an announcement has at most {MAX_LENGTH} characters (this one has {count})"
            ).format(MAX_LENGTH=MAX_LENGTH, count=len(cleaned)),
            code="text_too_long",
            event=slug,
        )
    with locked_event(slug, actor, "event.announce", now=now) as context:
        row = models.Announcement.objects.create(
            event=context.event, text=cleaned, at=context.now, actor=context.actor
        )
        context.record(after={"announcement": row.id, "text": cleaned})
    return AnnouncementFact(row.id, row.text, row.at, row.actor)


def withdraw_announcement(
    slug: str,
    announcement: int,
    *,
    actor: Principal,
    reason: str = "",
    now: datetime | None = None,
) -> AnnouncementFact:
    """Stop showing announcement number `announcement` of the event (the notice and its
    withdrawal stay in the record). Refused: an announcement of another event or none, one
    withdrawn already."""
    with locked_event(slug, actor, "announcement.withdraw", now=now) as context:
        try:
            row = models.Announcement.objects.get(event=context.event, id=announcement)
        except models.Announcement.DoesNotExist:
            raise UnknownAnnouncement(
                gettext("event {slug!r} has no announcement {announcement}").format(
                    slug=slug, announcement=announcement
                ),
                event=slug,
                announcement=announcement,
            ) from None
        if models.AnnouncementWithdrawal.objects.filter(announcement=row).exists():
            raise Duplicate(
                gettext(
                    "announcement {announcement} of event {slug!r} was withdrawn already"
                ).format(announcement=announcement, slug=slug),
                event=slug,
                announcement=announcement,
            )
        withdrawal = models.AnnouncementWithdrawal.objects.create(
            announcement=row, at=context.now, actor=context.actor, reason=reason.strip()
        )
        context.record(
            before={"announcement": row.id, "text": row.text},
            after={"announcement": row.id, "withdrawn": True, "reason": withdrawal.reason},
        )
    return AnnouncementFact(
        row.id, row.text, row.at, row.actor, withdrawal.at, withdrawal.actor, withdrawal.reason
    )
