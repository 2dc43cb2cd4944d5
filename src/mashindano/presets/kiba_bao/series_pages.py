"""The console's championship series desk (KIBA, R36): the series a person may run (create one,
add and remove tournaments, its table). Like `documents.console`, each builder refuses
(`NotAllowed`) whoever the page is not for, and shows only what its viewer may do."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet

from mashindano.app.documents.console import may_do as may
from mashindano.app.permissions import Role
from mashindano.app.principals import Principal
from mashindano.app.queries import SeriesListing, list_series
from mashindano.presets.kiba_bao import PRESET_NAME as KIBA
from mashindano.presets.kiba_bao.series import ADD_ACTION, REMOVE_ACTION, get_series
from mashindano.presets.kiba_bao.series_documents import ChampionshipTable, build_championship_table
from mashindano.store import models

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
