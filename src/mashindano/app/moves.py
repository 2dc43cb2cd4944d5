"""Moves: a game's moves appended with their times (for day clocks), or played on the site
through the Bao engine (`bao_games`), which records its results through `results`.

Moved out of `results` (verbatim) so that the dependency runs one way:
moves -> bao_games -> results.
"""

from __future__ import annotations

from datetime import datetime

from django.utils.translation import gettext

from mashindano.app import bao_games
from mashindano.app.errors import WrongState
from mashindano.app.locking import locked_event
from mashindano.app.principals import Principal
from mashindano.app.results import GameRef, get_game_at
from mashindano.engine.errors import ParseError
from mashindano.store import models
from mashindano.store.facts import EventState
from mashindano.store.mapping import game_fact_of


def record_move(
    slug: str, where: GameRef, notation: str, *, actor: Principal, now: datetime | None = None
) -> int:
    """Append a move with its time (for day clocks). Returns its ply number. The games of a
    `kiba-bao` event played on the site go through the Bao engine (`bao_games.play_move`)."""
    if bao_games.is_played_on_site(slug):
        return bao_games.play_move(slug, where, notation, actor=actor, now=now).ply
    with locked_event(slug, actor, "game.move", now=now) as context:
        row = get_game_at(context.event, where)
        game = game_fact_of(row)
        context.grant.require_own((game.first, game.second), what=game.label)
        if context.event.state != EventState.RUNNING.value or game.result.is_decided:
            raise WrongState(
                gettext("{label}: moves are recorded only while the game is in progress").format(
                    label=game.label
                ),
                round=game.round,
                board=game.board,
            )
        if not notation.strip():
            raise ParseError(
                gettext("a move needs its notation"), round=game.round, board=game.board
            )
        ply = models.Move.objects.filter(game=row).count() + 1
        models.Move.objects.create(
            game=row, ply=ply, notation=notation.strip(), played_at=context.now, actor=actor.name
        )
        context.record(after={"game": game.label, "ply": ply, "move": notation.strip()})
    return ply
