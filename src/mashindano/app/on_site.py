"""Games played on the site, move by move (Bao today): where a game is played and whether it is
still running there. A preset whose games are played on the site registers `OnSite` in
`PLAY_HOOKS`; every document that shows a game (my page, the pairings, the round-published
mail) asks here, so a template only shows the link it is given."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings

from mashindano.app.hooks import Hooks
from mashindano.app.principals import Principal
from mashindano.app.results import GameRef
from mashindano.store import models
from mashindano.store.facts import EventFacts, GameFact


@dataclass(frozen=True, slots=True)
class OnSite:
    plays_on_site: Callable[[EventFacts], bool]
    """The event's games are played on the site (it runs, and its parameters say so)."""
    is_running: Callable[[EventFacts, GameFact], bool]
    """The game is played on the site and still open."""
    path: Callable[[str, int], str]
    """The game page's path, from the event's slug and the game's id."""
    takes_moves: Callable[[models.Event], bool]
    """The stored event's moves are validated and played by the preset (`play`)."""
    play: Callable[[str, GameRef, str, Principal, datetime | None], int]
    """Play a move (slug, game, notation, actor, time); returns its ply number."""


PLAY_HOOKS: Hooks[OnSite] = Hooks("games on the site")


def plays_on_site(facts: EventFacts) -> bool:
    hooks = PLAY_HOOKS.get(facts.preset)
    return hooks is not None and hooks.plays_on_site(facts)


def is_running_on_site(facts: EventFacts, game: GameFact) -> bool:
    hooks = PLAY_HOOKS.get(facts.preset)
    return hooks is not None and hooks.is_running(facts, game)


def play_url(facts: EventFacts, game: GameFact) -> str:
    """The game page's path when the game is running on the site, else ""."""
    hooks = PLAY_HOOKS.get(facts.preset)
    if hooks is None or not hooks.is_running(facts, game):
        return ""
    return hooks.path(facts.slug, game.id)


def play_link(facts: EventFacts, game: GameFact) -> str:
    """The game page's full address, for mails ("" when not running on the site)."""
    path = play_url(facts, game)
    return f"{settings.BASE_URL}{path}" if path else ""


def played_by_preset(event: models.Event) -> OnSite | None:
    """The preset's hooks when the event's moves are played through it (validated)."""
    hooks = PLAY_HOOKS.get(event.preset)
    return hooks if hooks is not None and hooks.takes_moves(event) else None
