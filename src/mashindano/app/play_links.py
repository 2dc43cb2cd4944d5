"""Where a Bao game played on the site is played: the decision, from the event's facts, that a
game is running on the site (issue 29 item 1), and the address of its game page (`/play/`).

Every document that shows a game (my page, the round and event pairings, the round-published
mail) asks here, so a template only shows the link it is given: no rule in a template.
"""

from __future__ import annotations

from django.conf import settings
from django.urls import reverse

from mashindano.engine.kiba import PRESET_NAME as KIBA
from mashindano.engine.kiba import kiba_parameters
from mashindano.store.facts import EventFacts, EventState, GameFact, ResultStatus


def plays_on_site(facts: EventFacts) -> bool:
    """A running KIBA event whose games are played move by move on the site."""
    return (
        facts.preset == KIBA
        and facts.state is EventState.RUNNING
        and kiba_parameters(facts.parameters).play_on_site
    )


def is_running_on_site(facts: EventFacts, game: GameFact) -> bool:
    """The game is played on the site and still open: no result and no report yet."""
    if not plays_on_site(facts):
        return False
    return game.status is ResultStatus.PENDING and not game.result.is_decided


def play_path(slug: str, game_id: int) -> str:
    """The game page's path (`/play/<slug>/<id>/`)."""
    return reverse("play:game", args=[slug, game_id])


def play_url(facts: EventFacts, game: GameFact) -> str:
    """The game page's path when the game is running on the site, else ""."""
    return play_path(facts.slug, game.id) if is_running_on_site(facts, game) else ""


def play_link(slug: str, game_id: int) -> str:
    """The game page's full address, for mails."""
    return f"{settings.BASE_URL}{play_path(slug, game_id)}"
