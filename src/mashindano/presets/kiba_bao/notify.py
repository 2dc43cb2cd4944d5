"""KIBA's part in the notifications: a published round's mail names the first move's deadline
(R21), and a "your move" mail after each move on the site carries the opponent's clock, the
board after the move and the link to the game page."""

from __future__ import annotations

from datetime import datetime

from django.conf import settings

from mashindano.app.notify import NotifyHooks
from mashindano.engine.kiba import first_move_deadline, kiba_parameters
from mashindano.engine.kiba.clock import ClockSettings
from mashindano.presets.kiba_bao.clocks import game_start, read_game_clock
from mashindano.presets.kiba_bao.games import position_text
from mashindano.store import models
from mashindano.store.facts import EventFacts, Json


def when_text(moment: datetime) -> str:
    return f"{moment:%Y-%m-%d %H:%M} UTC"


def round_deadline(facts: EventFacts, published_at: datetime) -> datetime:
    return first_move_deadline(published_at, kiba_parameters(facts.parameters))


def move_context(facts: EventFacts, game: models.Game, ply: int) -> dict[str, Json]:
    context = _clock_after(facts, game.id, ply)
    context["position"] = _board_after(game, ply, facts)
    if kiba_parameters(facts.parameters).play_on_site:
        context["link"] = game_link(facts.slug, game.id)  # straight to the game page
    return context


def game_link(slug: str, game_id: int) -> str:
    """The game page of a Bao game played on the site (`/play/<slug>/<id>/`)."""
    return f"{settings.BASE_URL}/play/{slug}/{game_id}/"


def _board_after(game: models.Game, ply: int, facts: EventFacts) -> str:
    """The Bao board after the move, as text, for games played on the site (else empty)."""
    parameters = kiba_parameters(facts.parameters)
    if not parameters.play_on_site:
        return ""
    return position_text(game, ply, parameters)


def _clock_after(facts: EventFacts, game_id: int, ply: int) -> dict[str, Json]:
    """The opponent's clock right after move `ply`: time left and deadline for the reply."""
    settings_ = ClockSettings.from_parameters(kiba_parameters(facts.parameters))
    for round_fact in facts.rounds:
        for encounter in round_fact.encounters:
            for game in encounter.games:
                if game.id != game_id:
                    continue
                moves = tuple(m.played_at for m in game.moves[:ply])
                start = game_start(round_fact, encounter, game)
                reading = read_game_clock(start, moves, moves[-1], settings_)
                left = reading.remaining(reading.to_move)
                return {
                    "time_left": _days(left.total_seconds()),
                    "deadline": when_text(reading.deadline),
                }
    return {"time_left": "", "deadline": ""}


def _days(seconds: float) -> str:
    days, rest = divmod(int(seconds), 86_400)
    hours, rest = divmod(rest, 3600)
    return f"{days} d {hours} h {rest // 60} min"


NOTIFY = NotifyHooks(round_deadline=round_deadline, move_context=move_context)
