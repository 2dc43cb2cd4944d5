"""The Gomoku league's own actions (its adapter's `actions`; the CLI finds `ACTIONS` here)."""

from __future__ import annotations

from django.utils.translation import gettext

from mashindano.app.declarations.actions import ActionSpec, Composite
from mashindano.app.declarations.catalogue import (
    BOARD,
    GROUP,
    MATCH_CHALLENGE,
    MATCH_TIME_ACTIONS,
    PERIOD_CLOSE,
    REQUIRED_REASON,
    ROUND,
    STAGE,
)
from mashindano.app.declarations.outcomes import result_change_json, result_change_text
from mashindano.app.declarations.parameters import ParameterSpec, ParameterType
from mashindano.app.marks import gettext_noop
from mashindano.engine.gomoku.ladder import format_coefficient

T = ParameterType

ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(
        "gomoku.return",
        gettext_noop("Accept a player's return"),
        gettext_noop(
            "Accept back a player removed for a low coefficient (R9) or whose suspension has ended "
            "(R10), on days 1-7 of the next month to pair (R4); they keep their stored coefficient "
            "(A27)."
        ),
        "mashindano.presets.gomoku_league.use_cases:accept_return",
        (
            ParameterSpec(
                "player",
                T.PLAYER,
                required=True,
                positional=True,
                help=gettext_noop("The player: name as registered, or number."),
            ),
            REQUIRED_REASON,
        ),
        command="gomoku accept-return",
        message=lambda slug, values, accepted: gettext(
            "{player} returns to {slug} in month {month_number} "
            "({month}), placed by the stored coefficient {value}"
        ).format(
            player=accepted.player,
            slug=slug,
            month_number=accepted.month_number,
            month=accepted.month,
            value=format_coefficient(accepted.coefficient),
        ),
    ),
    PERIOD_CLOSE,
    # R22: the two opponents agree a day and time; R43: challenges on days 15-25
    *MATCH_TIME_ACTIONS,
    MATCH_CHALLENGE,
    ActionSpec(
        "result.match",
        gettext_noop("Report a whole match"),
        gettext_noop(
            "Report every game of a match from its score, games won by the match's first player "
            "then by the second (e.g. 3-1; games neither won are drawn): all games or none."
        ),
        "mashindano.app.bulk_results:report_match",
        (
            Composite(
                "where", "mashindano.app.bulk_results:MatchRef", (ROUND, BOARD, STAGE, GROUP)
            ),
            ParameterSpec(
                "score",
                T.TEXT,
                required=True,
                positional=True,
                help=gettext_noop("Games won by the first player and by the second, e.g. 3-1."),
            ),
        ),
        command="result match",
        message=lambda slug, values, changes: "\n".join(
            result_change_text(slug, values, change) for change in changes
        ),
        document=lambda slug, changes: [result_change_json(slug, change) for change in changes],
    ),
)
