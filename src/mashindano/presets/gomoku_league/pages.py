"""The league's own page: each month's table with points by rule, and its matches
(`documents.GomokuLeagueDocument`); the months are there (empty) before the start."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from mashindano.app.documents.presets import PresetPages
from mashindano.presets.gomoku_league.documents import GomokuLeagueDocument, gomoku_league_document
from mashindano.presets.gomoku_league.history import derive_history, league_event_parameters
from mashindano.store.facts import EventFacts


def gomoku_league(facts: EventFacts) -> GomokuLeagueDocument:
    history = derive_history(facts, league_event_parameters(facts.parameters))
    return gomoku_league_document(history, {c.id: c for c in facts.competitors})


PAGES = PresetPages(gomoku_league, _("League months"), "presets/gomoku_league/page.html")
