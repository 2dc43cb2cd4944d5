"""The event list and the event summary: preset, parameters in words, state, and the stages,
groups and rounds to navigate to."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from django.utils.translation import gettext

from mashindano.app.declarations.event_times import start_date_of
from mashindano.app.declarations.parameters import event_wide_values, parameters_to_json
from mashindano.app.documents.place import Place
from mashindano.app.documents.presets import event_summary
from mashindano.app.formats.parts import DESCRIPTION, PAIRING
from mashindano.app.formats.registry import part
from mashindano.app.queries import get_event_facts, list_events
from mashindano.app.schedules import schedule_of
from mashindano.engine.errors import MashindanoError
from mashindano.store import models
from mashindano.store.facts import EventFacts, Json


@dataclass(frozen=True, slots=True)
class EventListLine:
    slug: str
    name: str
    preset: str
    state: str
    players: int
    version: int
    created_at: datetime

    def to_json(self) -> dict[str, Json]:
        return {
            "slug": self.slug,
            "name": self.name,
            "preset": self.preset,
            "state": self.state,
            "players": self.players,
            "version": self.version,
        }


@dataclass(frozen=True, slots=True)
class EventList:
    events: tuple[EventListLine, ...]

    def to_json(self) -> list[Json]:
        return [e.to_json() for e in self.events]


def build_event_list() -> EventList:
    return EventList(
        tuple(
            EventListLine(e.slug, e.name, e.preset, e.state, e.players, e.version, e.created_at)
            for e in list_events()
        )
    )


@dataclass(frozen=True, slots=True)
class Parameter:
    """One of the event's parameters in words: its value, what it means (the preset's
    parameter schema: help line and rule id) and whether it differs from the preset's default."""

    name: str
    value: Json
    help: str = ""
    spec: str = ""
    """The rule it comes from (e.g. "R13"), "" when none is named."""
    default: Json = None

    @property
    def label(self) -> str:
        """ "Swiss rounds"."""
        text = self.name.replace("_", " ")
        return gettext(text[:1].upper() + text[1:])

    @property
    def value_text(self) -> str:
        return _value_words(self.value)

    @property
    def is_default(self) -> bool:
        return self.value == self.default

    @property
    def words(self) -> str:
        """ "Swiss rounds: 5 (default). Rounds to play. [R3]": the line a page shows."""
        line = f"{self.label}: {self.value_text}"
        if self.is_default:
            line += " " + gettext("(default)")
        elif self.default is not None:
            line += " " + gettext("(default {value})").format(value=_value_words(self.default))
        if self.help:
            line += f". {gettext(self.help).rstrip('.')}."
        if self.spec:
            line += f" [{self.spec}]"
        return line


def _value_words(value: Json) -> str:
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    if value is None:
        return gettext("none")
    if isinstance(value, list):
        return ", ".join(_value_words(v) for v in value) if value else "none"
    return str(value)


def event_parameters(preset: str, values: Mapping[str, Json]) -> tuple[Parameter, ...]:
    """The effective parameters, each with the help and rule id its preset's schema gives."""
    schema = part(preset, DESCRIPTION).parameter_schema
    specs = {spec.name: spec for spec in schema.fields}
    found = []
    for name, value in values.items():
        spec = specs.get(name)
        if spec is None:
            found.append(Parameter(name, value))
        else:
            found.append(Parameter(name, value, spec.help, spec.spec, spec.default))
    return tuple(found)


@dataclass(frozen=True, slots=True)
class RoundLink:
    place: Place
    published_at: datetime
    is_complete: bool


@dataclass(frozen=True, slots=True)
class Notice:
    """An announcement as pages show it (`app.announcements`): withdrawn ones are left out."""

    id: int
    text: str
    at: datetime
    actor: str

    def to_json(self) -> dict[str, Json]:
        return {"id": self.id, "text": self.text, "at": self.at.isoformat(), "by": self.actor}


def notices(facts: EventFacts) -> tuple[Notice, ...]:
    """The announcements still shown, newest first."""
    return tuple(
        Notice(a.id, a.text, a.at, a.actor)
        for a in sorted(facts.announcements, key=lambda a: a.id, reverse=True)
        if a.is_shown
    )


@dataclass(frozen=True, slots=True)
class EventSummary:
    slug: str
    name: str
    preset: str
    description: str
    seed: int
    version: int
    state: str
    players: int
    parameters: tuple[Parameter, ...]
    rounds: tuple[RoundLink, ...]
    """Every published round, by stage, group and number: the navigation of the event."""
    next_unit: str | None
    finished: bool
    summary: dict[str, Json]
    """The event's summary (`presets.event_summary`), as the JSON has always shown it."""
    announcements: tuple[Notice, ...] = ()
    """Announcements shown on every page of the event, newest first."""
    start: str = ""
    """The announced start where the event is played ("2026-12-12 10:00 Africa/... (UTC+03:00)"),
    or empty."""
    next_pairing: str = ""
    """When the next round is paired by itself (the round schedule), or empty."""

    @property
    def stages(self) -> tuple[int, ...]:
        return tuple(sorted({r.place.stage for r in self.rounds}))

    def groups(self, stage: int) -> tuple[str, ...]:
        return tuple(sorted({r.place.group for r in self.rounds if r.place.stage == stage}))

    def to_json(self) -> dict[str, Json]:
        return {
            "slug": self.slug,
            "name": self.name,
            "preset": self.preset,
            "seed": self.seed,
            "version": self.version,
            "parameters": {p.name: p.value for p in self.parameters},
            "summary": self.summary,
        }


def event_header(facts: EventFacts) -> EventSummary:
    """What every page of an event shows above its own content (name, state, the rounds to
    navigate), from facts already loaded: the summary without the preset's own document and
    parameters, which only the event's home page shows (a page of a large event would
    otherwise compute its standings twice)."""
    return EventSummary(
        slug=facts.slug,
        name=facts.name,
        preset=facts.preset,
        description=part(facts.preset, DESCRIPTION).description,
        seed=facts.seed,
        version=facts.version,
        state=facts.state.value,
        players=len(facts.competitors),
        parameters=(),
        rounds=_round_links(facts),
        next_unit=None,
        finished=False,
        summary={},
        announcements=notices(facts),
    )


def _round_links(facts: EventFacts) -> tuple[RoundLink, ...]:
    return tuple(
        RoundLink(
            Place(r.stage, r.group, r.number, facts.stage_name(r.stage)),
            r.published_at,
            r.is_complete(),
        )
        for r in sorted(facts.rounds, key=lambda r: (r.stage, r.group, r.number))
    )


@dataclass(frozen=True, slots=True)
class EventView:
    """An event's facts, its parameters as JSON and its summary (`presets.event_summary`)."""

    facts: EventFacts
    parameters: dict[str, Json]
    summary: dict[str, Json]


def show_event(slug: str) -> EventView:
    facts = get_event_facts(slug)
    parameters = parameters_to_json(
        part(facts.preset, DESCRIPTION).parameter_schema, facts.parameters
    )
    return EventView(facts, parameters, event_summary(facts))


def build_event_summary(slug: str) -> EventSummary:
    view = show_event(slug)
    facts = view.facts
    summary = view.summary
    rounds = _round_links(facts)
    next_unit = summary.get("next")
    if isinstance(next_unit, str):
        # The summary's label is the JSON's (English); the page says it in its language.
        unit = part(facts.preset, PAIRING).next_unit(facts)
        next_unit = unit.words if unit is not None else next_unit
    return EventSummary(
        slug=facts.slug,
        name=facts.name,
        preset=facts.preset,
        description=part(facts.preset, DESCRIPTION).description,
        seed=facts.seed,
        version=facts.version,
        state=facts.state.value,
        players=len(facts.competitors),
        parameters=event_parameters(facts.preset, view.parameters),
        rounds=rounds,
        next_unit=next_unit if isinstance(next_unit, str) else None,
        finished=summary.get("finished") is True,
        summary=summary,
        announcements=notices(facts),
        **_times(facts),
    )


def _times(facts: EventFacts) -> dict[str, str]:
    """The announced start and the next pairing by itself, as the event page says them."""
    try:
        start = start_date_of(event_wide_values(facts.parameters))
    except MashindanoError:
        start = None
    started_at = (
        models.Event.objects.filter(slug=facts.slug).values_list("started_at", flat=True).first()
    )
    schedule = schedule_of(facts, started_at)
    return {
        "start": start.text if start is not None else "",
        "next_pairing": schedule.due_text if schedule is not None and not schedule.held else "",
    }
