"""More of the console (web/console): an event's announcements (posted and withdrawn), the
championship series a person may run (create one, add and remove tournaments, its table), and
what the viewer may do on the roles page. Like `documents.console`, each builder refuses
(`NotAllowed`) whoever the page is not for, and shows only what its viewer may do."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import QuerySet

from mashindano.app.documents.console import ConsoleEvent, build_console_event
from mashindano.app.documents.console import may_do as may
from mashindano.app.documents.series import ChampionshipTable, build_championship_table
from mashindano.app.permissions import Role, authorise
from mashindano.app.principals import Principal
from mashindano.app.queries import SeriesListing, get_event_facts, list_series
from mashindano.app.series import ADD_ACTION, REMOVE_ACTION, get_series
from mashindano.engine.kiba import PRESET_NAME as KIBA
from mashindano.store import models

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


# -- series -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeriesList:
    series: tuple[SeriesListing, ...]
    can_create: bool


def build_series_list(principal: Principal) -> SeriesList:
    return SeriesList(tuple(list_series()), principal.can_create_events)


@dataclass(frozen=True, slots=True)
class SeriesMember:
    slug: str
    name: str
    state: str
    may_remove: bool


@dataclass(frozen=True, slots=True)
class SeriesDesk:
    slug: str
    name: str
    table: ChampionshipTable
    members: tuple[SeriesMember, ...]
    candidates: tuple[tuple[str, str], ...]
    """(slug, name) of the KIBA tournaments in no series the viewer may add."""

    @property
    def may_change(self) -> bool:
        return bool(self.candidates) or any(m.may_remove for m in self.members)


def _kiba_events(principal: Principal) -> QuerySet[models.Event]:
    """The kiba-bao events the principal might add or remove: all for a superuser, else those
    they organise."""
    rows = models.Event.objects.filter(preset=KIBA).order_by("created_at", "slug")
    if principal.is_superuser:
        return rows
    if principal.user_id is None:
        return rows.none()
    return rows.filter(
        roles__user_id=principal.user_id, roles__role=Role.ORGANISER.value
    ).distinct()


def build_series_desk(series_slug: str, principal: Principal) -> SeriesDesk:
    """A series' championship table, its tournaments and what the viewer may change: add a
    KIBA tournament of theirs that is in no series (`series.add`), remove one of its
    tournaments they organise (`series.remove`)."""
    series = get_series(series_slug)
    table = build_championship_table(series_slug)
    members = tuple(
        SeriesMember(e.slug, e.name, e.state, may(principal, REMOVE_ACTION, e.slug))
        for e in series.events.order_by("created_at", "slug")
    )
    candidates = tuple(
        (e.slug, e.name)
        for e in _kiba_events(principal).filter(series__isnull=True)
        if may(principal, ADD_ACTION, e.slug)
    )
    return SeriesDesk(series.slug, series.name, table, members, candidates)


def may_change_series(principal: Principal) -> bool:
    """Is there any series change the principal may ask for (a superuser, or the organiser of
    a KIBA tournament)? Others are refused before their form is read."""
    return principal.is_superuser or _kiba_events(principal).exists()
