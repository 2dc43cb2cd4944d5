"""Derived documents kept under the event's version: the standings of an event are computed
once per change and shared by the pages that show them (the standings page, the same standings
"after" the latest round, the live view's panels), whichever is asked first.

Keyed like the page cache (`web.cache`): the event's slug and version (every write raises it)
and the web code's fingerprint, so a new release never reads a document of an older shape; a
document that cannot be read back is computed again.
"""

from __future__ import annotations

from django.core.cache import cache

from mashindano.app.documents.standings import StandingsDocument, build_standings
from mashindano.store.facts import EventFacts
from mashindano.web.cache import CODE_FINGERPRINT

TIMEOUT = 24 * 3600


def standings_for(facts: EventFacts, after: int | None = None) -> StandingsDocument:
    """The event's standings (after round `after`), computed once per version of the event."""
    key = f"derived:standings:{facts.slug}:{facts.version}:{after or ''}:{CODE_FINGERPRINT}"
    try:
        found = cache.get(key)
    except Exception:  # an unreadable entry (a document of an older shape): computed again
        found = None
    if isinstance(found, StandingsDocument):
        return found
    document = build_standings(facts.slug, facts, after=after)
    cache.set(key, document, timeout=TIMEOUT)
    return document
