"""The per-preset documents of a stored event, by slug: what only that preset's pages show.

- kiba-bao: `KibaEventDocument` (initial list, stages and groups with their tables, final,
  first-move deadlines);
- gomoku-league: `GomokuLeagueDocument` (each month's table with points by rule, matches);
- tantrix-knockout: `BracketsDocument` (main draw and plate with TPs per game);
- tasaselo: `TasaseloDocument` (list by variable selo, prize groups, performance list).

Each is None before the event starts (nothing is derived from entries alone). The documents
are built from the typed state the preset's adapter module derives (a KIBA event's stages, a
league's history, a knockout's draws, Tantrix selos and standings) and the engine. The event's
summary (`event_summary`: `event show --json`, the export's replay, the demo) is the adapter's
`summary` with the same document's `to_json()` merged in.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from django.utils.translation import gettext

from mashindano.app.documents.brackets import BracketDocument, brackets_document
from mashindano.app.documents.gomoku import GomokuLeagueDocument, gomoku_league_document
from mashindano.app.documents.kiba import KibaEventDocument, kiba_event_document
from mashindano.app.documents.tasaselo import TasaseloDocument, tasaselo_event_document
from mashindano.app.errors import WrongState
from mashindano.app.formats.gomoku_league_history import derive_history, league_event_parameters
from mashindano.app.formats.kiba_bao_stages import derive_event
from mashindano.app.formats.registry import adapter_for
from mashindano.app.queries import get_event_facts
from mashindano.engine.gomoku import PRESET_NAME as GOMOKU
from mashindano.engine.kiba import PRESET_NAME as KIBA
from mashindano.engine.knockout.parameters import PRESET_NAME as TANTRIX
from mashindano.engine.tasaselo import PRESET_NAME as TASASELO
from mashindano.store.facts import EventFacts, EventState, Json


@dataclass(frozen=True, slots=True)
class BracketsDocument:
    brackets: tuple[BracketDocument, ...]
    """The main draw, then the plate once it is drawn."""

    @property
    def champion(self) -> str | None:
        return self.brackets[0].champion if self.brackets else None

    def to_json(self) -> dict[str, Json]:
        return {"draws": [b.to_json() for b in self.brackets], "champion": self.champion}


type PresetDocument = KibaEventDocument | GomokuLeagueDocument | BracketsDocument | TasaseloDocument


def build_preset_document(slug: str) -> PresetDocument | None:
    """The event's own document, or None for presets without one (chess) or before the start."""
    return preset_document(get_event_facts(slug))


def preset_document(facts: EventFacts) -> PresetDocument | None:
    if facts.state is EventState.REGISTRATION:
        return None
    build = _DOCUMENTS.get(facts.preset)
    return None if build is None else build(facts)


def event_summary(facts: EventFacts) -> dict[str, Json]:
    """Where the event stands, as JSON: the adapter's `summary` (state, players, next unit,
    standings), then the keys of the preset's own document. A league's months and a
    knockout's draws are there before the start too (empty); a KIBA or Tasaselo event's
    document follows the start."""
    summary = adapter_for(facts.preset).summary(facts)
    build = _DOCUMENTS.get(facts.preset)
    document = None if build is None else build(facts)
    if document is not None:
        summary.update(document.to_json())
    return summary


def _kiba_event(facts: EventFacts) -> KibaEventDocument | None:
    if facts.state is EventState.REGISTRATION:
        return None
    return kiba_event_document(derive_event(facts))


def _gomoku_league(facts: EventFacts) -> GomokuLeagueDocument:
    history = derive_history(facts, league_event_parameters(facts.parameters))
    return gomoku_league_document(history, {c.id: c for c in facts.competitors})


def _brackets(facts: EventFacts) -> BracketsDocument:
    return BracketsDocument(brackets_document(facts))


def _tasaselo(facts: EventFacts) -> TasaseloDocument | None:
    if facts.state is EventState.REGISTRATION:
        return None
    return tasaselo_event_document(facts)


_DOCUMENTS: Mapping[str, Callable[[EventFacts], PresetDocument | None]] = {
    KIBA: _kiba_event,
    GOMOKU: _gomoku_league,
    TANTRIX: _brackets,
    TASASELO: _tasaselo,
}
"""Each preset's own document, by preset name (presets without one are not listed)."""


def build_kiba_event(slug: str) -> KibaEventDocument:
    return _expect(slug, KibaEventDocument, KIBA)


def build_gomoku_league(slug: str) -> GomokuLeagueDocument:
    return _expect(slug, GomokuLeagueDocument, GOMOKU)


def build_brackets(slug: str) -> BracketsDocument:
    return _expect(slug, BracketsDocument, TANTRIX)


def build_tasaselo(slug: str) -> TasaseloDocument:
    return _expect(slug, TasaseloDocument, TASASELO)


def _expect[D](slug: str, kind: type[D], preset: str) -> D:
    facts = get_event_facts(slug)
    if facts.preset != preset:
        raise WrongState(
            gettext("event {slug!r} is {preset}; this page is for {preset2} events").format(
                slug=slug, preset=facts.preset, preset2=preset
            ),
            event=slug,
            preset=facts.preset,
        )
    document = preset_document(facts)
    if not isinstance(document, kind):
        raise WrongState(
            gettext("event {slug!r} has not started: its {preset} pages follow the start").format(
                slug=slug, preset=preset
            ),
            event=slug,
            state=facts.state.value,
        )
    return document
