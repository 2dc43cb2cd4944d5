"""Where a Bao game played on the site is played: the decision, from the event's facts, that a
game is running on the site (issue 29 item 1), and the address of its game page (`/play/`).

Registered as the preset's `app.on_site.OnSite` hook: every document that shows a game asks
there, so a template only shows the link it is given: no rule in a template.
"""

from __future__ import annotations

from django.urls import reverse

from mashindano.app.on_site import OnSite
from mashindano.engine.kiba import kiba_parameters
from mashindano.presets.kiba_bao.games import play_move_ply, takes_moves
from mashindano.store.facts import EventFacts, EventState, GameFact, ResultStatus


def plays_on_site(facts: EventFacts) -> bool:
    """A running event (of this preset) whose games are played move by move on the site."""
    return facts.state is EventState.RUNNING and kiba_parameters(facts.parameters).play_on_site


def is_running_on_site(facts: EventFacts, game: GameFact) -> bool:
    """The game is played on the site and still open: no result and no report yet."""
    if not plays_on_site(facts):
        return False
    return game.status is ResultStatus.PENDING and not game.result.is_decided


def play_path(slug: str, game_id: int) -> str:
    """The game page's path (`/play/<slug>/<id>/`)."""
    return reverse("play:game", args=[slug, game_id])


ON_SITE = OnSite(plays_on_site, is_running_on_site, play_path, takes_moves, play_move_ply)
