"""KIBA's part in replies by e-mail (issue 31 item 3): a "your move" mail of a game played on
the site takes the move as its reply (`A6<*`), played through the same use case as the game
page (`games.play_move`, with the ply the mail was about, so a late or second reply cannot play
another move); the answer shows the move and the board after it."""

from __future__ import annotations

import re
from collections.abc import Mapping

from django.utils.translation import gettext

from mashindano.app.error_texts import end_shown
from mashindano.app.mail_replies import Reply, ReplyHooks
from mashindano.engine.bao.render import render_position
from mashindano.engine.errors import ParseError
from mashindano.presets.kiba_bao.games import play_move
from mashindano.presets.kiba_bao.notify import game_link
from mashindano.store.facts import Json

YOUR_MOVE = "kiba-your-move"
_MOVE_TARGET = re.compile(r"^m(\d+)\.(\d+)$")


def target_of(kind: str, context: Mapping[str, Json]) -> str | None:
    """A "your move" mail of a game played on the site (it shows the board): the game's next
    ply (`m<game id>.<ply>`)."""
    game_id, ply = context.get("game_id"), context.get("ply")
    if kind != YOUR_MOVE or not context.get("position"):
        return None
    if not isinstance(game_id, int) or not isinstance(ply, int):
        return None
    return f"m{game_id}.{ply + 1}"


def hint(target: str) -> str:
    return gettext(
        "To play, reply to this mail with your move alone on the first line (e.g. A6<*); "
        "the answer shows the board after it."
    )


def act(reply: Reply) -> str:
    found = _MOVE_TARGET.match(reply.target)
    if found is None:
        raise ParseError(gettext("this reply address names no move"))
    game_id, ply = int(found[1]), int(found[2])
    line = reply.text.splitlines()[0].strip()
    if not line or len(line) > 40:
        raise ParseError(
            gettext("write the move alone on the first line of the reply, e.g. A6<*"),
            code="missing_parameter",
            parameter="move",
        )
    played = play_move(reply.slug, game_id, line, actor=reply.principal, ply=ply, now=reply.now)
    label = played.game.game.label
    if played.repeated:
        said = gettext("{label}: move {ply} was {notation} already; nothing new was played.")
    else:
        said = gettext("{label}: you played {notation} (move {ply}).")
    parts = [
        said.format(label=label, notation=played.notation, ply=played.ply),
        gettext("The board after the move:"),
        render_position(played.game.position, played.game.end),
    ]
    if played.game.end is not None:
        parts.append(gettext("The game is over: {end}.").format(end=end_shown(played.game.end)))
    parts.append(game_link(reply.slug, game_id))
    return "\n\n".join(parts)


REPLIES = ReplyHooks(target_of=target_of, hint=hint, act=act)
