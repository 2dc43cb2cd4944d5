"""The knockout event's own page: the bracket drawn round by round (winners' bracket, losers'
bracket, third place, grand final), the champion and the placings (`documents`)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from mashindano.app.documents.presets import PresetPages
from mashindano.presets.knockout.documents import KnockoutDocument, bracket_document
from mashindano.presets.knockout.state import knockout_state
from mashindano.store.facts import EventFacts


def bracket(facts: EventFacts) -> KnockoutDocument | None:
    state = knockout_state(facts)
    if state is None:
        return None
    names = {c.id: c.name for c in facts.competitors}
    published = {match_id: (p.round, p.encounter.board) for match_id, p in state.published.items()}
    return bracket_document(state.bracket, names, published)


PAGES = PresetPages(bracket, _("Bracket"), "presets/knockout/page.html", before_start=False)
