"""Derived documents kept under the event's version: an event's standings (and the light header
its pages show) are computed once per change and shared by the pages that show them (the
standings page, the live view's panels), whichever is asked first. With both kept, a standings
page missing from the page cache needs one indexed query (the version) and its template.

Keyed like the page cache (`web.cache`): the event's slug and version (every write raises it),
the language and the web code's fingerprint, so a new release never reads a document of an
older shape; a document that cannot be read back is computed again.
"""

from __future__ import annotations

from typing import Any

from django.core.cache import cache
from django.utils.translation import get_language

from mashindano.app.documents.event import EventSummary, event_header
from mashindano.app.documents.standings import StandingsDocument, build_standings
from mashindano.app.queries import event_version, get_event_facts
from mashindano.store.facts import EventFacts
from mashindano.web.cache import CODE_FINGERPRINT

TIMEOUT = 24 * 3600


def _key(slug: str, version: int, after: int | None) -> str:
    """Also keyed by the active language: documents carry titles, labels and notes in the
    language they were built in (issue 17)."""
    language = get_language() or "en"
    return f"derived:standings:{slug}:{version}:{after or ''}:{language}:{CODE_FINGERPRINT}"


def _read(key: str) -> Any:
    try:
        return cache.get(key)
    except Exception:  # an unreadable entry (a document of an older shape): computed again
        return None


def standings_for(facts: EventFacts, after: int | None = None) -> StandingsDocument:
    """The event's standings (after round `after`), computed once per version of the event."""
    key = _key(facts.slug, facts.version, after)
    found = _read(key)
    if isinstance(found, tuple) and isinstance(found[1], StandingsDocument):
        return found[1]
    document = build_standings(facts.slug, facts, after=after)
    cache.set(key, (event_header(facts), document), timeout=TIMEOUT)
    return document


def standings_page(slug: str, after: int | None = None) -> tuple[EventSummary, StandingsDocument]:
    """The header and standings of the standings page: kept ones of the event's current
    version, else computed from its facts (NotFound for an unknown event or round)."""
    version = event_version(slug)
    if version is not None:
        found = _read(_key(slug, version, after))
        if isinstance(found, tuple) and isinstance(found[1], StandingsDocument):
            header, document = found
            return header, document
    facts = get_event_facts(slug)
    return event_header(facts), standings_for(facts, after)
