"""The entries: the start list by number and alphabetically, with each player's state."""

from __future__ import annotations

from dataclasses import dataclass

from mashindano.app.documents.standings import player_flags
from mashindano.app.queries import get_event_facts
from mashindano.store.facts import EventFacts, Json


@dataclass(frozen=True, slots=True)
class EntryLine:
    id: str
    number: int | None
    name: str
    rating: int | None
    games_played: int | None
    country: str | None
    flags: tuple[str, ...] = ()
    """Withdrawn, on leave."""

    def to_json(self) -> dict[str, Json]:
        return {
            "number": self.number,
            "name": self.name,
            "rating": self.rating,
            "games_played": self.games_played,
            "country": self.country,
        }


@dataclass(frozen=True, slots=True)
class Entries:
    event: str
    entries: tuple[EntryLine, ...]
    """As registered (the order the JSON has always had)."""

    @property
    def by_number(self) -> tuple[EntryLine, ...]:
        """The start list: by number, players without one (not started) last, by name."""
        return tuple(sorted(self.entries, key=lambda e: (e.number or 0, e.name)))

    @property
    def alphabetical(self) -> tuple[EntryLine, ...]:
        return tuple(sorted(self.entries, key=lambda e: (e.name.casefold(), e.name)))

    def to_json(self) -> list[Json]:
        return [e.to_json() for e in self.entries]


def build_entries(slug: str) -> Entries:
    return entries_document(get_event_facts(slug))


def entries_document(facts: EventFacts) -> Entries:
    flags = player_flags(facts)
    return Entries(
        facts.slug,
        tuple(
            EntryLine(
                c.id, c.number, c.name, c.rating, c.games_played, c.country, flags.get(c.id, ())
            )
            for c in facts.competitors
        ),
    )
