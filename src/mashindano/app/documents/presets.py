"""The per-preset documents of a stored event: what only that preset's pages show.

A preset with pages of its own registers a `PresetPages` hook in `DOCUMENT_HOOKS`: the
document builder (the KIBA stages and groups, a league's months, a knockout's draws, the
Tasaselo lists), the label of its tab on the public event page and the template that shows it.
Each document is None before the event starts when nothing is derived from entries alone. The
event's summary (`event_summary`: `event show --json`, the export's replay, the demo) is the
adapter's `summary` with the same document's `to_json()` merged in.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from django.utils.functional import Promise
from django.utils.translation import gettext

from mashindano.app.errors import WrongState
from mashindano.app.formats.parts import STANDINGS
from mashindano.app.formats.registry import part
from mashindano.app.hooks import Hooks
from mashindano.app.queries import get_event_facts
from mashindano.store.facts import EventFacts, EventState, Json


class PresetDocument(Protocol):
    """What a preset's own document offers the shared code: its JSON for the summary."""

    def to_json(self) -> dict[str, Json]: ...


@dataclass(frozen=True, slots=True)
class PresetPages:
    """A preset's own page: how to build its document, the tab's label, the template."""

    document: Callable[[EventFacts], PresetDocument | None]
    label: str | Promise
    template: str
    before_start: bool = True
    """Whether the document exists during registration (a league's months, a knockout's
    draws: empty); otherwise the page follows the start."""


DOCUMENT_HOOKS: Hooks[PresetPages] = Hooks("preset pages")


def build_preset_document(slug: str) -> PresetDocument | None:
    """The event's own document, or None for presets without one (chess) or before the start."""
    return preset_document(get_event_facts(slug))


def preset_document(facts: EventFacts) -> PresetDocument | None:
    if facts.state is EventState.REGISTRATION:
        return None
    pages = DOCUMENT_HOOKS.get(facts.preset)
    return None if pages is None else pages.document(facts)


def event_summary(facts: EventFacts) -> dict[str, Json]:
    """Where the event stands, as JSON: the adapter's `summary` (state, players, next unit,
    standings), then the keys of the preset's own document. A league's months and a
    knockout's draws are there before the start too (empty); a KIBA or Tasaselo event's
    document follows the start."""
    summary = part(facts.preset, STANDINGS).summary(facts)
    pages = DOCUMENT_HOOKS.get(facts.preset)
    if pages is not None and (pages.before_start or facts.state is not EventState.REGISTRATION):
        document = pages.document(facts)
        if document is not None:
            summary.update(document.to_json())
    return summary


def expect_preset_document(slug: str, wanted: str) -> PresetDocument:
    """The event's own document, refused (`WrongState`) when the event is of another preset
    or has not started yet."""
    facts = get_event_facts(slug)
    if wanted != facts.preset:
        raise WrongState(
            gettext("event {slug!r} is {preset}; this page is for {preset2} events").format(
                slug=slug, preset=facts.preset, preset2=wanted
            ),
            event=slug,
            preset=facts.preset,
        )
    document = preset_document(facts)
    if document is None:
        raise WrongState(
            gettext("event {slug!r} has not started: its {preset} pages follow the start").format(
                slug=slug, preset=wanted
            ),
            event=slug,
            state=facts.state.value,
        )
    return document
