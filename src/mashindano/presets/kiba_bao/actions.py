"""The KIBA presets' own actions (their adapters' `actions`; the CLI finds `ACTIONS` here)."""

from __future__ import annotations

from django.utils.translation import gettext

from mashindano.app.declarations.actions import ActionSpec
from mashindano.app.declarations.catalogue import GAME, PLAYER
from mashindano.app.declarations.outcomes import result_change_json, result_change_text
from mashindano.app.declarations.parameters import ParameterSpec, ParameterType
from mashindano.app.marks import gettext_noop

T = ParameterType

ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(
        "game.resign",
        gettext_noop("Resign a game"),
        gettext_noop(
            "Resign a game played on the site: the opponent wins (recorded as your own report)."
        ),
        "mashindano.presets.kiba_bao.games:resign_game",
        (GAME, PLAYER),
        command="result resign",
        message=result_change_text,
        document=result_change_json,
    ),
    ActionSpec(
        "stage.playoff",
        gettext_noop("Record a playoff"),
        gettext_noop(
            "KIBA: record the director's playoff that separates players still tied in a group."
        ),
        "mashindano.presets.kiba_bao.use_cases:record_playoff",
        (
            ParameterSpec(
                "order",
                T.PLAYERS,
                required=True,
                positional=True,
                help=gettext_noop("The tied players (name or number), best placed first."),
            ),
            ParameterSpec(
                "round",
                T.INTEGER,
                required=True,
                minimum=1,
                argument="round_number",
                help=gettext_noop("The stage's round."),
            ),
            ParameterSpec("group", T.TEXT, required=True, help=gettext_noop("The group, e.g. A.")),
            ParameterSpec("reason", T.TEXT, default="", help=gettext_noop("What the playoff was.")),
        ),
        command="event playoff",
        message=lambda slug, values, placed: gettext(
            "Playoff recorded for group {value}: {value2}"
        ).format(value=values["group"], value2=", ".join(placed)),
    ),
)
