"""Derived documents kept under the event's version: an event's standings (and the light header
its pages show) are computed once per change and shared by the pages that show them (the
standings page, the live view's panels), whichever is asked first. With both kept, a standings
page missing from the page cache needs one indexed query (the version) and its template.

Keyed like the page cache (`web.cache`): the event's slug and version (every write raises it)
and the language (documents carry titles, labels and notes in the language they were built
in, issue 17).

They are kept in the process, as objects, not in Django's cache: the local-memory cache
pickles what it keeps, and pickling and reading back a 1,000-player standings document cost
about 9 ms each way, a tenth of computing it. A process keeps the last `KEPT` documents;
`versions.clear()` (`web.cache`) forgets them with the versions it trusted.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from django.utils.translation import get_language

from mashindano.app.documents.event import EventSummary, event_header
from mashindano.app.documents.standings import StandingsDocument, build_standings
from mashindano.app.queries import event_version, get_event_facts
from mashindano.store.facts import EventFacts
from mashindano.web.cache import versions

KEPT = 16
"""Documents a process keeps (the newest versions of the events being looked at)."""

type _Key = tuple[str, int, int | None, str]


class _Kept:
    """The last `KEPT` (header, standings) pairs, newest last; shared by a worker's threads."""

    def __init__(self) -> None:
        self._documents: OrderedDict[_Key, tuple[EventSummary, StandingsDocument]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: _Key) -> tuple[EventSummary, StandingsDocument] | None:
        with self._lock:
            found = self._documents.get(key)
            if found is not None:
                self._documents.move_to_end(key)
            return found

    def put(self, key: _Key, kept: tuple[EventSummary, StandingsDocument]) -> None:
        with self._lock:
            self._documents[key] = kept
            self._documents.move_to_end(key)
            while len(self._documents) > KEPT:
                self._documents.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._documents.clear()


kept = _Kept()
versions.on_clear(kept.clear)


def _key(slug: str, version: int, after: int | None) -> _Key:
    return (slug, version, after, get_language() or "en")


def _compute(
    facts: EventFacts, after: int | None, header: EventSummary | None = None
) -> tuple[EventSummary, StandingsDocument]:
    pair = (
        header if header is not None else event_header(facts),
        build_standings(facts.slug, facts, after=after),
    )
    kept.put(_key(facts.slug, facts.version, after), pair)
    return pair


def standings_for(facts: EventFacts, after: int | None = None) -> StandingsDocument:
    """The event's standings (after round `after`), computed once per version of the event."""
    found = kept.get(_key(facts.slug, facts.version, after))
    if found is not None:
        return found[1]
    return _compute(facts, after)[1]


def standings_page(slug: str, after: int | None = None) -> tuple[EventSummary, StandingsDocument]:
    """The header and standings of the standings page: kept ones of the event's current
    version, else computed from its facts (NotFound for an unknown event or round)."""
    version = event_version(slug)
    if version is not None:
        found = kept.get(_key(slug, version, after))
        if found is not None:
            return found
    facts = get_event_facts(slug)
    return _compute(facts, after)
