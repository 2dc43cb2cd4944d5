"""The Tantrix knockout's part in replies by e-mail (issue 31 item 3; the rules: "if the results
form is not working for any reason, you should email ... instead"): a player files a game's
result form by answering the mail that asks for it (the form due, R16, or the opponent's report)
with the TPs, their own first, and the status option (N, or 1-8 for the last standard game and
every tiebreak game, R18; option 3's "when will you finish" after it, R19). An answer to the
round's mail files the form of the match's first game the player has not filed yet. The form
goes through the declared `tantrix.form` action, as from my page."""

from __future__ import annotations

import re
from collections.abc import Mapping

from django.utils.translation import gettext

from mashindano.app.bulk_results import MatchRef, match_games
from mashindano.app.errors import NotAllowed
from mashindano.app.mail_replies import Reply, ReplyHooks
from mashindano.app.performing import perform
from mashindano.engine.errors import ParseError
from mashindano.presets.tantrix_knockout.results import forms_of
from mashindano.store import models
from mashindano.store.facts import Json

FORM_DUE = "tantrix-form-due"
OPPONENT_REPORTED = "opponent-reported"
ROUND_PUBLISHED = "round-published"
_TARGET = re.compile(r"^f(\d+)\.(\d+)\.(\d+)\.(\d+)$")
_MATCH_TARGET = re.compile(r"^t(\d+)\.(\d+)\.(\d+)$")
_TPS = re.compile(r"^(\d+(?:[.,]\d+)?)\s*[-–:/]\s*(\d+(?:[.,]\d+)?)$")


def target_of(kind: str, context: Mapping[str, Json]) -> str | None:
    """A game's form (`f<stage>.<round>.<board>.<game>`) for the mails about one game; the
    match's next form (`t<stage>.<round>.<board>`) for the round's mail of a match."""
    place = (context.get("stage", 1), context.get("round"), context.get("board"))
    if not all(isinstance(v, int) for v in place):
        return None
    if kind == ROUND_PUBLISHED and not context.get("bye") and not context.get("games"):
        return "t{}.{}.{}".format(*place)
    game = context.get("game")
    if kind not in (FORM_DUE, OPPONENT_REPORTED) or not isinstance(game, int):
        return None
    return "f{}.{}.{}.{}".format(*place, game)


def hint(target: str) -> str:
    if target.startswith("t"):
        return gettext(
            "To file your result form of a game by e-mail, reply with your TPs first, then "
            "your opponent's, and the status option on the first line: N, or 1-8 for the last "
            "standard game and every tiebreak game (e.g. 12.4-7.6 N). Each reply files the form "
            "of your next game of the match."
        )
    return gettext(
        "To file your result form by e-mail, reply with your TPs first, then your opponent's, "
        "and the status option on the first line: N, or 1-8 for the last standard game and "
        "every tiebreak game (e.g. 12.4-7.6 N)."
    )


def act(reply: Reply) -> str:
    found = _TARGET.match(reply.target) or _MATCH_TARGET.match(reply.target)
    if found is None:
        raise ParseError(gettext("this reply address names no game"))
    stage, round_, board = (int(found[i]) for i in range(1, 4))
    user_id = reply.principal.user_id
    player = (
        models.Entry.objects.filter(event_id=reply.event_id, user_id=user_id)
        .values_list("key", flat=True)
        .first()
        if user_id is not None
        else None
    )
    if player is None:
        raise NotAllowed(gettext("you do not play in this event"))
    words = reply.text.splitlines()[0].split()
    if not words:
        raise ParseError(gettext("write your TPs and the status on the first line, e.g. 15-5 N"))
    tps = words[0]
    status = words[1].upper() if len(words) > 1 else "N"
    games = match_games(reply.slug, MatchRef(round_, board, stage))
    if found.re is _TARGET:
        number = int(found[4])
    else:  # the round's mail: the first game of the match without the player's form
        number = next(
            (g.number for g in games if not any(f.player == player for f in forms_of(g))),
            games[-1].number,
        )
    game = next((g for g in games if g.number == number), None)
    pair = _TPS.match(tps)
    if pair is not None and game is not None and game.first != player:
        tps = f"{pair[2]}-{pair[1]}"  # the form takes the game's first player's TPs first
    values = {
        "round": str(round_),
        "board": str(board),
        "game": str(number),
        "stage": str(stage),
        "player": str(player),
        "result": tps.replace(",", "."),
        "status": status,
    }
    if len(words) > 2:
        values["when"] = " ".join(words[2:])
    performed = perform(reply.slug, "tantrix.form", values, actor=reply.principal, now=reply.now)
    return gettext("Game {number}: {outcome}").format(number=number, outcome=performed.message)


REPLIES = ReplyHooks(target_of=target_of, hint=hint, act=act)
