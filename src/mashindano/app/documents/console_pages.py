"""More of the console (web/console): an event's announcements (posted and withdrawn), and
what the viewer may do on the roles page (a KIBA championship series' desk is its preset's,
`presets.kiba_bao.series_pages`). Like `documents.console`, each builder refuses
(`NotAllowed`) whoever the page is not for, and shows only what its viewer may do."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from mashindano.app.documents.console import ConsoleEvent, build_console_event
from mashindano.app.documents.console import may_do as may
from mashindano.app.permissions import authorise
from mashindano.app.principals import Principal
from mashindano.app.queries import get_event_facts

# -- announcements ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AnnouncementLine:
    id: int
    text: str
    at: datetime
    actor: str
    withdrawn_at: datetime | None
    withdrawn_by: str
    withdrawn_reason: str

    @property
    def shown(self) -> bool:
        return self.withdrawn_at is None


@dataclass(frozen=True, slots=True)
class AnnouncementsView:
    event: ConsoleEvent
    lines: tuple[AnnouncementLine, ...]
    """Newest first; withdrawn ones too (with who withdrew them, when and why)."""
    may_withdraw: bool


def build_announcements_view(slug: str, principal: Principal | None) -> AnnouncementsView:
    """The event's announcements for its organisers and arbiters (`event.announce`)."""
    event = build_console_event(slug, principal)
    assert principal is not None
    authorise(principal, "event.announce", slug)
    facts = get_event_facts(slug)
    return AnnouncementsView(
        event,
        tuple(
            AnnouncementLine(
                a.id, a.text, a.at, a.actor, a.withdrawn_at, a.withdrawn_by, a.withdrawn_reason
            )
            for a in sorted(facts.announcements, key=lambda a: a.id, reverse=True)
        ),
        may(principal, "announcement.withdraw", slug),
    )
