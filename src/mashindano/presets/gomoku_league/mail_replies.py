"""The league's part in replies by e-mail (issue 31 item 3): a player reports a match by
answering its "report by" reminder with the score ("3-1", games won by the match's first
player, as on my page: `result.match`), and answers the opponent's report with "confirm" or
"dispute" and the reason (`result.confirm` / `result.dispute` for each game of the match that
waits for an answer, all or none). The declared actions are performed as the web form does."""

from __future__ import annotations

import re
from collections.abc import Mapping

from django.db import transaction
from django.utils.translation import gettext

from mashindano.app.bulk_results import MatchRef, match_games
from mashindano.app.errors import WrongState
from mashindano.app.mail_replies import Reply, ReplyHooks
from mashindano.app.performing import perform
from mashindano.engine.errors import ParseError
from mashindano.store.facts import Json, ResultStatus

REPORT_DUE = "report-due"
OPPONENT_REPORTED = "opponent-reported"
_TARGET = re.compile(r"^([rc])(\d+)\.(\d+)\.(\d+)$")
CONFIRM_WORDS = frozenset(
    {"confirm", "confirmed", "ok", "okay", "yes", "agree", "correct"}
    | {"da", "corect", "confirm"}  # ro
    | {"ndiyo", "sawa", "thibitisha"}  # sw
    | {"kyllä", "vahvistan"}  # fi
    | {"بله", "تایید", "تأیید"}  # fa
)
"""The first word of a reply that confirms the opponent's report (any of the five languages)."""
DISPUTE_WORDS = frozenset(
    {"dispute", "no", "wrong", "contest"}
    | {"nu", "contestez"}
    | {"hapana", "pinga"}
    | {"ei", "kiistän"}
    | {"نه", "اعتراض"}
)


def target_of(kind: str, context: Mapping[str, Json]) -> str | None:
    stage, round_, board = context.get("stage", 1), context.get("round"), context.get("board")
    if not all(isinstance(v, int) for v in (stage, round_, board)):
        return None
    if kind == REPORT_DUE:
        return f"r{stage}.{round_}.{board}"
    if kind == OPPONENT_REPORTED and context.get("report") == "report":
        return f"c{stage}.{round_}.{board}"
    return None


def hint(target: str) -> str:
    if target.startswith("r"):
        return gettext(
            "To report the match, reply to this mail with its score alone on the first line, "
            "games won by the first-listed player first (e.g. 3-1)."
        )
    return gettext(
        'To answer, reply to this mail with "confirm", or with "dispute" followed by the '
        "reason, on the first line."
    )


def act(reply: Reply) -> str:
    found = _TARGET.match(reply.target)
    if found is None:
        raise ParseError(gettext("this reply address names no match"))
    kind, stage, round_, board = found[1], int(found[2]), int(found[3]), int(found[4])
    place = {"round": str(round_), "board": str(board), "stage": str(stage), "group": ""}
    line = reply.text.splitlines()[0].strip()
    if kind == "r":
        performed = perform(
            reply.slug, "result.match", {**place, "score": line}, actor=reply.principal,
            now=reply.now,
        )  # fmt: skip
        return performed.message
    word, _, rest = line.partition(" ")
    word = word.strip(".,;:!").lower()
    if word in CONFIRM_WORDS:
        name, extra = "result.confirm", {}
    elif word in DISPUTE_WORDS:
        reason = " ".join([rest.strip(), *reply.text.splitlines()[1:]]).strip()
        name, extra = "result.dispute", {"reason": reason}
    else:
        raise ParseError(
            gettext(
                'answer "confirm", or "dispute" followed by the reason, on the first line '
                "(not {text!r})"
            ).format(text=line[:40]),
            code="missing_parameter",
            parameter="answer",
        )
    games = [
        g
        for g in match_games(reply.slug, MatchRef(round_, board, stage))
        if g.status is ResultStatus.REPORTED
    ]
    if not games:
        raise WrongState(
            gettext(
                "round {round}, board {board}: no result of this match waits for an answer"
            ).format(round=round_, board=board),
            round=round_,
            board=board,
        )
    messages = []
    with transaction.atomic():
        for game in games:
            values = {**place, "game": str(game.number), **extra}
            performed = perform(reply.slug, name, values, actor=reply.principal, now=reply.now)
            messages.append(performed.message)
    return "\n".join(messages)


REPLIES = ReplyHooks(target_of=target_of, hint=hint, act=act)
