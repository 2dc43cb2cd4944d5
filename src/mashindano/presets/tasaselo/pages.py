"""The Tasaselo event's own page: the list by variable selo, the prize groups and the
performance list (`documents.TasaseloDocument`), after the start."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from mashindano.app.documents.presets import PresetPages
from mashindano.presets.tasaselo.documents import TasaseloDocument, tasaselo_event_document
from mashindano.store.facts import EventFacts, EventState


def tasaselo(facts: EventFacts) -> TasaseloDocument | None:
    if facts.state is EventState.REGISTRATION:
        return None
    return tasaselo_event_document(facts)


PAGES = PresetPages(
    tasaselo, _("Selo and prizes"), "presets/tasaselo/page.html", before_start=False
)
