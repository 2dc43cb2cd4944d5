"""Moves: a game's moves appended with their times (for day clocks), or played on the site
through the preset's engine (`on_site.OnSite.play`, e.g. Bao), which records its results
through `results`.
"""

from __future__ import annotations

from datetime import datetime

from django.utils.translation import gettext

from mashindano.app.errors import WrongState
from mashindano.app.locking import locked_event
from mashindano.app.on_site import played_by_preset
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
    an event played on the site go through its preset (`on_site.OnSite.play`)."""
    event = models.Event.objects.filter(slug=slug).only("preset", "parameters").first()
    hooks = played_by_preset(event) if event is not None else None
    if hooks is not None:
        return hooks.play(slug, where, notation, actor, now)
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
