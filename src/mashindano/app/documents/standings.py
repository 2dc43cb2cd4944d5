"""Standings: ranks (shared ranks marked), points, each tie-break value with its name, a
one-line definition and the spec id, provisional or final, and notes (qualified, withdrawn,
on leave...). The adapter ranks; this document names what it ranked by."""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.utils.translation import gettext

from mashindano.app.documents.tables import (
    StandingsRow,
    StandingsSection,
    TieBreakValue,
    player_flags,
    standings_section,
)
from mashindano.app.errors import NotFound
from mashindano.app.formats.parts import DESCRIPTION, STANDINGS
from mashindano.app.formats.registry import part
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
    after_round: int | None = None
    """Standings as they stood after this round (None: after every round played)."""
    rounds: tuple[int, ...] = ()
    """The round numbers standings can be shown after (the round picker)."""

    @property
    def status(self) -> str:
        return "final" if self.is_final else "provisional"

    def to_json(self) -> list[Json]:
        return [s.to_json() for s in self.sections]


def build_standings(
    slug: str, facts: EventFacts | None = None, *, after: int | None = None
) -> StandingsDocument:
    """The event's standings; `facts`: the event's facts when already loaded; `after`: as
    they stood after that round (its results as they stand now, later rounds left out)."""
    loaded = facts if facts is not None else get_event_facts(slug)
    if after is None:
        return standings_document(loaded)
    return standings_after(loaded, after)


def round_numbers(facts: EventFacts) -> tuple[int, ...]:
    return tuple(sorted({r.number for r in facts.rounds}))


def standings_after(facts: EventFacts, number: int) -> StandingsDocument:
    """The standings after round `number` (of every stage): the rounds after it left out,
    with the league months closed by then; NotFound for a round not published."""
    rounds = round_numbers(facts)
    if number not in rounds:
        shown = (
            gettext("rounds {first}-{last}").format(first=rounds[0], last=rounds[-1])
            if rounds
            else gettext("no round yet")
        )
        raise NotFound(
            gettext(
                "event {slug!r} has no round {number} to show standings after ({shown})"
            ).format(slug=facts.slug, number=number, shown=shown),
            event=facts.slug,
            round=number,
        )
    if number == rounds[-1]:
        return replace(standings_document(facts), after_round=number)
    earlier = replace(
        facts,
        state=EventState.RUNNING,
        rounds=tuple(r for r in facts.rounds if r.number <= number),
        closed_periods=tuple(p for p in facts.closed_periods if p[1] <= number),
        period_closed_at={k: v for k, v in facts.period_closed_at.items() if k[1] <= number},
    )
    return replace(standings_document(earlier), after_round=number, rounds=rounds)


def standings_document(facts: EventFacts) -> StandingsDocument:
    standings = part(facts.preset, STANDINGS)
    finished = facts.state is EventState.CLOSED or (
        facts.state is EventState.RUNNING and standings.is_finished(facts)
    )
    flags = player_flags(facts)
    ratings = part(facts.preset, DESCRIPTION).shows_ratings
    return StandingsDocument(
        event=facts.slug,
        name=facts.name,
        is_final=finished,
        sections=tuple(
            standings_section(t, flags, ratings=ratings, preset=facts.preset)
            for t in standings.compute_standings(facts)
        ),
        rounds=round_numbers(facts),
    )
