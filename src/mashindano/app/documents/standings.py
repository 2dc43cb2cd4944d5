"""Standings: ranks (shared ranks marked), points, each tie-break value with its name, a
one-line definition and the spec id, provisional or final, and notes (qualified, withdrawn,
on leave...). The adapter ranks; this document names what it ranked by."""

from __future__ import annotations

from dataclasses import dataclass

from mashindano.app.documents.tables import (
    StandingsRow,
    StandingsSection,
    TieBreakValue,
    player_flags,
    standings_section,
)
from mashindano.app.formats import adapter_for
from mashindano.app.queries import get_event_facts
from mashindano.store.facts import EventFacts, EventState, Json

__all__ = [
    "StandingsDocument",
    "StandingsRow",
    "StandingsSection",
    "TieBreakValue",
    "build_standings",
    "player_flags",
    "standings_document",
    "standings_section",
]


@dataclass(frozen=True, slots=True)
class StandingsDocument:
    event: str
    name: str
    is_final: bool
    """Final once the event is finished (or closed); provisional before."""
    sections: tuple[StandingsSection, ...]

    @property
    def status(self) -> str:
        return "final" if self.is_final else "provisional"

    def to_json(self) -> list[Json]:
        return [s.to_json() for s in self.sections]


def build_standings(slug: str, facts: EventFacts | None = None) -> StandingsDocument:
    """The event's standings; `facts`: the event's facts when already loaded."""
    return standings_document(facts if facts is not None else get_event_facts(slug))


def standings_document(facts: EventFacts) -> StandingsDocument:
    adapter = adapter_for(facts.preset)
    finished = facts.state is EventState.CLOSED or (
        facts.state is EventState.RUNNING and adapter.is_finished(facts)
    )
    flags = player_flags(facts)
    return StandingsDocument(
        event=facts.slug,
        name=facts.name,
        is_final=finished,
        sections=tuple(standings_section(t, flags) for t in adapter.compute_standings(facts)),
    )
