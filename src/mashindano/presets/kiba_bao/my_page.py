"""KIBA's part in "my page": the moves awaited from the person on the site, with each move's
deadline (R21, R23-R25); the games are read with their moves."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from django.utils.translation import gettext

from mashindano.app.documents.me import MOVE, MyPageHooks, OpenAction, fixed_values
from mashindano.app.on_site import play_url
from mashindano.app.queries import game_words
from mashindano.engine.model import CompetitorId
from mashindano.presets.kiba_bao.clocks import open_game_clocks
from mashindano.store.facts import EventFacts


def moves_awaited(
    facts: EventFacts, me: CompetitorId, now: datetime, allowed: frozenset[str]
) -> Iterable[OpenAction]:
    if "game.move" not in allowed:
        return
    for clock in open_game_clocks(facts, now):
        if clock.to_move != me:
            continue
        game = clock.game
        yield OpenAction(
            MOVE,
            facts.slug,
            facts.name,
            gettext("your move in {label}").format(label=game_words(game)),
            "game.move",
            fixed_values(game),
            clock.deadline,
            play_url(facts, game),
        )


MY_PAGE = MyPageHooks(with_moves=True, event_actions=moves_awaited, withdraw_on_every_page=True)
