"""The KIBA event's own page: initial list, stages and groups with their tables, the final and
the first-move deadlines (`documents.KibaEventDocument`), after the start."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from mashindano.app.documents.presets import PresetPages
from mashindano.app.documents.tables import player_flags
from mashindano.app.person_record import entry_figures
from mashindano.presets.kiba_bao.documents import KibaEventDocument, kiba_event_document
from mashindano.presets.kiba_bao.play_links import is_running_on_site, play_path
from mashindano.presets.kiba_bao.stages import derive_event
from mashindano.store.facts import EventFacts, EventState, GameFact


def kiba_event(facts: EventFacts) -> KibaEventDocument | None:
    if facts.state is EventState.REGISTRATION:
        return None

    def play_url(game: GameFact) -> str:
        return play_path(facts.slug, game.id) if is_running_on_site(facts, game) else ""

    declared = frozenset(c for c, f in entry_figures(facts).items() if f.declared)
    return kiba_event_document(derive_event(facts), player_flags(facts), play_url, declared)


PAGES = PresetPages(
    kiba_event, _("Stages and groups"), "presets/kiba_bao/page.html", before_start=False
)
