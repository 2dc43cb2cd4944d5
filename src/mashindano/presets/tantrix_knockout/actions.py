"""The Tantrix knockout's own actions (its adapter's `actions`; the CLI finds `ACTIONS` here)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext

from mashindano.app.declarations.actions import ActionSpec, Composite
from mashindano.app.declarations.catalogue import (
    BOARD,
    DETAIL,
    MATCH_TIME_ACTIONS,
    ROUND,
    STAGE,
    integer_parameter,
)
from mashindano.app.declarations.outcomes import form_filed_json, form_filed_text
from mashindano.app.declarations.parameters import ParameterSpec, ParameterType
from mashindano.app.marks import gettext_noop

T = ParameterType

MATCH = Composite(
    "where", "mashindano.presets.tantrix_knockout.use_cases:MatchWhere", (ROUND, BOARD, STAGE)
)
"""A Tantrix match: round and board (and stage: the plate is 2)."""

_TANTRIX_PLAYER = ParameterSpec(
    "player", T.PLAYER, required=True, help=gettext_noop("The player (name or number).")
)
_SENT_AT = ParameterSpec(
    "at",
    T.TIME,
    optional=True,
    argument="sent_at",
    help=gettext_noop("When it happened (ISO 8601 with offset; default now)."),
)
_MESSAGE_EVIDENCE = ParameterSpec("evidence", T.TEXT, default="", help=gettext_noop("The e-mail."))


def _follow_up_text(kind: str) -> Any:
    def message(slug: str, values: Mapping[str, Any], state: Any) -> str:
        due = state.reply_deadline.isoformat() if state.reply_deadline else "-"
        arranged = gettext("; tiebreak arranged") if state.is_arranged else ""
        return gettext("{kind} recorded; reply due {due}{arranged}").format(
            kind=gettext(kind), due=due, arranged=arranged
        )

    return message


ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(
        "tantrix.form",
        gettext_noop("File a result form"),
        gettext_noop("File a player's result form for one game."),
        "mashindano.presets.tantrix_knockout.use_cases:file_form",
        (
            ParameterSpec(
                "result",
                T.TEXT,
                required=True,
                positional=True,
                help=gettext_noop("The game's TPs, first player's first: 12.4-7.6."),
            ),
            Composite(
                "where",
                "mashindano.app.results:GameRef",
                (
                    ROUND,
                    BOARD,
                    integer_parameter("game", gettext_noop("Game of the match."), default=1),
                    STAGE,
                ),
            ),
            _TANTRIX_PLAYER,
            ParameterSpec(
                "status",
                T.TEXT,
                default="N",
                help=gettext_noop("N, or 1-8 for the last standard and tiebreak games."),
            ),
            ParameterSpec(
                "when",
                T.TEXT,
                optional=True,
                argument="finish_when",
                help=gettext_noop('Option 3: "When will you finish your match?"'),
            ),
            ParameterSpec(
                "ended_at",
                T.TIME,
                optional=True,
                help=gettext_noop("When the game ended (default now)."),
            ),
            DETAIL,
        ),
        message=form_filed_text,
        document=form_filed_json,
    ),
    ActionSpec(
        "tantrix.opt-out",
        gettext_noop("Record an opt-out"),
        gettext_noop(
            "Record both players' agreement not to play beyond the standard games (R13, A11)."
        ),
        "mashindano.presets.tantrix_knockout.use_cases:record_opt_out",
        (
            ParameterSpec(
                "players",
                T.PLAYERS,
                required=True,
                positional=True,
                help=gettext_noop("Both players (name or number)."),
            ),
            MATCH,
            ParameterSpec(
                "evidence",
                T.TEXT,
                required=True,
                help=gettext_noop("The evidence, e.g. the e-mails copied to the AC."),
            ),
            ParameterSpec(
                "at",
                T.TIME,
                optional=True,
                argument="agreed_at",
                help=gettext_noop("When it happened (ISO 8601 with offset; default now)."),
            ),
            ParameterSpec(
                "last_sitting",
                T.TIME,
                optional=True,
                argument="last_sitting_start",
                help=gettext_noop("When the sitting of the last standard game starts."),
            ),
        ),
        message=lambda slug, values, agreement: gettext(
            "Opt-out recorded for round {round}, board {board} (agreed {value})"
        ).format(
            round=values["where"].round,
            board=values["where"].board,
            value=agreement.agreed_at.isoformat(),
        ),
    ),
    ActionSpec(
        "tantrix.offer",
        gettext_noop("Record an offer of tiebreak dates"),
        gettext_noop(
            "Record an offer of tiebreak dates (R20, R21; either player may send it, A5)."
        ),
        "mashindano.presets.tantrix_knockout.use_cases:record_offer",
        (MATCH, _TANTRIX_PLAYER, _SENT_AT, _MESSAGE_EVIDENCE),
        message=_follow_up_text(gettext_noop("Offer")),
    ),
    ActionSpec(
        "tantrix.reply",
        gettext_noop("Record a reply to an offer"),
        gettext_noop("Record the opponent's reply to an offer of tiebreak dates (R22)."),
        "mashindano.presets.tantrix_knockout.use_cases:record_reply",
        (MATCH, _TANTRIX_PLAYER, _SENT_AT, _MESSAGE_EVIDENCE),
        message=_follow_up_text(gettext_noop("Reply")),
    ),
    # R20-R22: tiebreak dates proposed and answered on the site (beside the e-mails above)
    *MATCH_TIME_ACTIONS,
)
