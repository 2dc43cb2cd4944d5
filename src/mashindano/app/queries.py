"""Lookups shared by the use cases, each refusing with a specific error that names what was
asked for (`get_*`), and the read-only use cases (`list_events`, `get_event_facts`)."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Count
from django.utils.translation import gettext

from mashindano.app.errors import UnknownEvent, UnknownGame, UnknownPlayer
from mashindano.engine.model import Competitor
from mashindano.store import lookups, models
from mashindano.store.facts import EventFacts, GameFact
from mashindano.store.mapping import competitor_of, load_event_facts


def get_event(slug: str) -> models.Event:
    try:
        return models.Event.objects.get(slug=slug)
    except models.Event.DoesNotExist:
        raise UnknownEvent(gettext("no event {slug!r}").format(slug=slug), event=slug) from None


def get_event_facts(slug: str, *, with_moves: bool = False) -> EventFacts:
    return load_event_facts(get_event(slug), with_moves=with_moves)


def get_competitors(slug: str, keys: Iterable[str]) -> dict[str, Competitor]:
    """The event's competitors with these keys, by key: what a document about a few games
    needs, without loading the whole event."""
    rows = models.Entry.objects.filter(event__slug=slug, key__in=set(keys))
    return {row.key: competitor_of(row) for row in rows}


def get_entry(event: models.Event, player: str) -> models.Entry:
    """An entry by its key (the player's name as registered) or its number."""
    entries = models.Entry.objects.filter(event=event)
    found = entries.filter(key=player).first()
    if found is None and player.isdigit():
        found = entries.filter(number=int(player)).first()
    if found is not None:
        return found
    keys = list(entries.values_list("key", flat=True))
    close = difflib.get_close_matches(player, keys, n=3)
    hint = (
        gettext(" (did you mean {value}?)").format(value=", ".join(repr(k) for k in close))
        if close
        else ""
    )
    raise UnknownPlayer(
        gettext("event {slug!r} has no player {player!r}{hint}").format(
            slug=event.slug, player=player, hint=hint
        ),
        event=event.slug,
        player=player,
    )


def get_game(
    event: models.Event,
    round_number: int,
    board: int,
    *,
    game: int = 1,
    stage: int = 1,
    group: str = "",
) -> models.Game:
    found = (
        models.Game.objects.filter(
            encounter__round__stage__event=event,
            encounter__round__stage__number=stage,
            encounter__round__group=group,
            encounter__round__number=round_number,
            encounter__board=board,
            number=game,
        )
        .select_related("encounter__round__stage", "first", "second")
        .first()
    )
    if found is None:
        where = game_place(round_number, board, game)
        raise UnknownGame(
            gettext("event {slug!r} has no game at {where} (a bye, or not paired yet)").format(
                slug=event.slug, where=where
            ),
            event=event.slug,
            round=round_number,
            board=board,
        )
    return found


def game_place(round_number: int, board: int, game: int = 1) -> str:
    """Where a game is, in words of the current language: "round 1, board 11, game 2" (the
    game only where the encounter has several)."""
    if game != 1:
        return gettext("round {round}, board {board}, game {game}").format(
            round=round_number, board=board, game=game
        )
    return gettext("round {round}, board {board}").format(round=round_number, board=board)


def game_words(game: GameFact) -> str:
    """A game's label (`GameFact.label`) in words of the current language: "round 1, board
    11, game 2 (Asha - Baraka)"."""
    return gettext("{place} ({first} - {second})").format(
        place=game_place(game.round, game.board, game.number),
        first=game.first,
        second=game.second,
    )


@dataclass(frozen=True, slots=True)
class EventListing:
    slug: str
    name: str
    preset: str
    state: str
    players: int
    version: int
    created_at: datetime


def list_events() -> list[EventListing]:
    rows = models.Event.objects.annotate(players=Count("entries")).order_by("created_at", "slug")
    return [
        EventListing(e.slug, e.name, e.preset, e.state, e.players, e.version, e.created_at)
        for e in rows
    ]


@dataclass(frozen=True, slots=True)
class AuditRecord:
    version: int
    at: datetime
    actor: str
    action: str
    before: object
    after: object
    recorded_at: datetime | None = None
    """The real time of the write, when it differs from `at` by more than `BACKDATED`."""


BACKDATED = timedelta(minutes=1)
"""A write whose time (`at`) is further than this from the real time it was recorded: the
audit log shows both (a result entered later with --at)."""


def backdated(at: datetime, recorded_at: datetime | None) -> datetime | None:
    """The real time of a write when it differs from its time by more than `BACKDATED`."""
    if recorded_at is None or abs(recorded_at - at) <= BACKDATED:
        return None
    return recorded_at


def get_audit_log(slug: str) -> list[AuditRecord]:
    event = get_event(slug)
    return [
        AuditRecord(
            a.version, a.at, a.actor, a.action, a.before, a.after, backdated(a.at, a.recorded_at)
        )
        for a in models.AuditEntry.objects.filter(event=event).order_by("version")
    ]


def event_version(slug: str) -> int | None:
    """The event's version (one indexed lookup; None when there is no such event): what the
    web pages are cached under, since every write to an event raises it."""
    return lookups.event_version(slug)


def event_language(slug: str) -> str | None:
    """The event's `language` parameter (the language of its pages for a visitor whose browser
    names none of the site's), None when there is no such event or it is not set."""
    found = models.Event.objects.filter(slug=slug).values_list("parameters", flat=True).first()
    if not isinstance(found, dict):
        return None
    language = found.get("language")
    return language if isinstance(language, str) else None


def events_fingerprint() -> str:
    """Every event's slug and version in one string: changes whenever any event (or the list
    of events) does, for pages that show several events."""
    rows = models.Event.objects.order_by("slug").values_list("slug", "version")
    return ";".join(f"{slug}:{version}" for slug, version in rows)


@dataclass(frozen=True, slots=True)
class SeriesListing:
    slug: str
    name: str
    events: int


def list_series() -> list[SeriesListing]:
    rows = models.Series.objects.annotate(n=Count("events")).order_by("created_at", "slug")
    return [SeriesListing(s.slug, s.name, s.n) for s in rows]
