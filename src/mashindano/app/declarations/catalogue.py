"""Every declared action: the common ones (all presets) and each preset's own, which its
adapter lists in `actions`. Nothing here imports a use case: `use_case` names it, and
`actions.perform` imports it when the action runs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mashindano.app.declarations.actions import ActionSpec, Composite
from mashindano.app.declarations.outcomes import (
    form_filed_json,
    form_filed_text,
    result_change_json,
    result_change_text,
)
from mashindano.app.declarations.parameters import ParameterSpec, ParameterType
from mashindano.engine.gomoku.ladder import format_coefficient
from mashindano.engine.model import ByeKind
from mashindano.store.facts import SANCTION_KINDS, EventState

_BEFORE_AND_DURING = frozenset({EventState.REGISTRATION, EventState.RUNNING})

T = ParameterType


def _int(name: str, help: str, *, flag: str = "", default: int | None = None) -> ParameterSpec:
    required = default is None
    return ParameterSpec(
        name, T.INTEGER, default=default, required=required, help=help, flag=flag, minimum=1
    )


ROUND = _int("round", "Round number.")
BOARD = _int("board", "Board number.")
GAME_NUMBER = _int("game", "Game of a multi-game match.", default=1)
STAGE = _int("stage", "Stage (a knockout's plate is 2).", default=1)
GROUP = ParameterSpec("group", T.TEXT, default="", help="Group within the stage, if any.")

GAME = Composite(
    "where", "mashindano.app.results:GameRef", (ROUND, BOARD, GAME_NUMBER, STAGE, GROUP)
)
"""A game of the event: round and board, the game of a multi-game match, stage and group."""
MATCH = Composite("where", "mashindano.app.tantrix:MatchWhere", (ROUND, BOARD, STAGE))
"""A Tantrix match: round and board (and stage: the plate is 2)."""

RESULT = ParameterSpec(
    "result",
    T.TEXT,
    required=True,
    positional=True,
    help="1-0, 1/2-1/2, 0-1, +-, -+ or -- (Tantrix also takes TPs: 12.4-7.6).",
)
DETAIL = ParameterSpec(
    "detail",
    T.OBJECT,
    optional=True,
    help='Per-game detail as a JSON object, e.g. \'{"tp": ["12.4", "7.6"]}\' (Tantrix TPs).',
)
REASON = ParameterSpec("reason", T.TEXT, default="", help="Why (kept in the log).")
REQUIRED_REASON = ParameterSpec("reason", T.TEXT, required=True, help="Why (kept in the log).")
PLAYER = ParameterSpec(
    "player",
    T.PLAYER,
    required=True,
    positional=True,
    help="The player's name as registered, or number.",
)


def _text(template: str) -> Any:
    """A message from a template of the use case's arguments (and `slug`)."""

    def message(slug: str, values: Mapping[str, Any], outcome: Any) -> str:
        return template.format(slug=slug, outcome=outcome, **values)

    return message


# -- common actions -------------------------------------------------------------------------

_RESULT_ACTIONS = (
    ActionSpec(
        "result.report",
        "Report a result",
        "Report a game's result (once; a second report is refused).",
        "mashindano.app.results:report_result",
        (GAME, RESULT, DETAIL),
        message=result_change_text,
        document=result_change_json,
    ),
    ActionSpec(
        "result.confirm",
        "Confirm the result",
        "Confirm the reported result.",
        "mashindano.app.results:confirm_result",
        (GAME,),
        message=result_change_text,
        document=result_change_json,
    ),
    ActionSpec(
        "result.dispute",
        "Dispute the result",
        "Dispute the reported result; an arbiter rules.",
        "mashindano.app.results:dispute_result",
        (GAME, REASON),
        message=result_change_text,
        document=result_change_json,
    ),
    ActionSpec(
        "result.ruling",
        "Rule on a game",
        "Arbiter's ruling on a disputed (or unreported) game.",
        "mashindano.app.results:rule_result",
        (GAME, RESULT, REASON, DETAIL),
        command="result rule",
        message=result_change_text,
        document=result_change_json,
    ),
    ActionSpec(
        "result.correction",
        "Correct a result",
        "Correct a result at any time before the event closes; later standings follow.",
        "mashindano.app.results:correct_result",
        (
            GAME,
            RESULT,
            ParameterSpec("reason", T.TEXT, required=True, help="Why (required)."),
            DETAIL,
        ),
        command="result correct",
        message=result_change_text,
        document=result_change_json,
    ),
    ActionSpec(
        "game.move",
        "Record a move",
        "Record a move with the current time (correspondence day clocks).",
        "mashindano.app.results:record_move",
        (
            GAME,
            ParameterSpec(
                "notation", T.TEXT, required=True, positional=True, help="The move, e.g. e4."
            ),
        ),
        command="result move",
        message=_text("move {outcome}: {notation}"),
    ),
)

_ALL_STATES = frozenset(EventState)

ANNOUNCEMENT_ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(
        "event.announce",
        "Post an announcement",
        "A notice shown on the event's pages and its live view.",
        "mashindano.app.announcements:announce",
        (ParameterSpec("text", T.TEXT, required=True, positional=True, help="What to announce."),),
        command="event announce",
        states=_ALL_STATES,
        message=lambda slug, values, posted: f"Announcement {posted.id} posted on {slug}",
    ),
    ActionSpec(
        "announcement.withdraw",
        "Withdraw an announcement",
        "Stop showing an announcement (it stays in the record).",
        "mashindano.app.announcements:withdraw_announcement",
        (
            ParameterSpec(
                "announcement",
                T.INTEGER,
                required=True,
                positional=True,
                minimum=1,
                help="The announcement's number.",
            ),
            REASON,
        ),
        command="event unannounce",
        states=_ALL_STATES,
        message=_text("Announcement {announcement} withdrawn from {slug}"),
    ),
)
"""Notices on the event's pages, in every state of the event."""

COMMON_ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(
        "event.start",
        "Start the event",
        "Close registration: fix the entries and their numbers (drawn by lot where needed).",
        "mashindano.app.events:start_event",
        states=frozenset({EventState.REGISTRATION}),
        message=lambda slug, values, facts: f"Started {slug}: {len(facts.competitors)} players",
    ),
    ActionSpec(
        "event.delete",
        "Delete the event",
        "Delete an event that never started, with its entries and audit log (a started event "
        "is closed, never deleted).",
        "mashindano.app.events:delete_event",
        states=frozenset({EventState.REGISTRATION}),
        message=_text("Deleted {slug}"),
    ),
    ActionSpec(
        "event.close",
        "Close the event",
        "Close a finished event; nothing can change afterwards.",
        "mashindano.app.events:close_event",
        message=_text("Closed {slug}"),
    ),
    ActionSpec(
        "round.pair",
        "Pair the next round",
        "Pair and publish the next round (the previous one must be complete).",
        "mashindano.app.rounds:pair_next_round",
        message=lambda slug, values, published: f"Paired round {published.number} of {slug}",
    ),
    *_RESULT_ACTIONS,
    ActionSpec(
        "player.withdraw",
        "Withdraw a player",
        "The player takes no further part.",
        "mashindano.app.conduct:withdraw_player",
        (
            PLAYER,
            ParameterSpec(
                "from_round", T.INTEGER, optional=True, minimum=1, help="Default: next round."
            ),
            ParameterSpec("reason", T.TEXT, default=""),
        ),
        command="event withdraw",
        states=_BEFORE_AND_DURING,
        message=_text("{player} withdrawn from round {outcome}"),
    ),
    ActionSpec(
        "player.leave",
        "Record a leave of absence",
        "Record a leave of absence (a requested bye) for rounds not yet paired.",
        "mashindano.app.conduct:take_leave",
        (
            PLAYER,
            ParameterSpec(
                "from_round",
                T.INTEGER,
                required=True,
                minimum=1,
                flag="--round",
                help="First round of absence.",
            ),
            ParameterSpec("to_round", T.INTEGER, optional=True, minimum=1, help="Last round."),
            ParameterSpec(
                "half",
                T.BOOLEAN,
                default=False,
                help="Half-point bye (default zero).",
                argument="bye_kind",
                convert=lambda half: ByeKind.HALF_POINT if half else ByeKind.ZERO_POINT,
            ),
            ParameterSpec("reason", T.TEXT, default=""),
        ),
        command="event leave",
        states=_BEFORE_AND_DURING,
        message=lambda slug, values, taken: (
            f"{values['player']}: leave for rounds {taken.from_round}-{taken.to_round} "
            f"({values['bye_kind'].value})"
        ),
    ),
    ActionSpec(
        "player.sanction",
        "Sanction a player",
        "Record a sanction with its reason.",
        "mashindano.app.conduct:sanction_player",
        (
            PLAYER,
            ParameterSpec(
                "kind",
                T.CHOICE,
                required=True,
                choices=SANCTION_KINDS,
                help=", ".join(SANCTION_KINDS) + ".",
            ),
            ParameterSpec("reason", T.TEXT, required=True),
            ParameterSpec("points", T.TEXT, default=""),
            ParameterSpec("round", T.INTEGER, optional=True, minimum=1, argument="round_number"),
        ),
        command="event sanction",
        message=_text("{player}: {kind} recorded"),
    ),
    *ANNOUNCEMENT_ACTIONS,
)
"""The actions of every preset."""

# -- each preset's own ----------------------------------------------------------------------

PERIOD_CLOSE = ActionSpec(
    "period.close",
    "Close a month",
    "Close a league period (month): its end is final and the next one can be paired.",
    "mashindano.app.conduct:close_period",
    (
        ParameterSpec(
            "period",
            T.INTEGER,
            required=True,
            positional=True,
            minimum=1,
            help="The period (league month) to close.",
        ),
        ParameterSpec("stage", T.INTEGER, default=1, minimum=1, help="Stage of the period."),
    ),
    command="event close-period",
    message=_text("Closed period {period} of {slug}"),
)

GOMOKU_ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(
        "gomoku.return",
        "Accept a player's return",
        "Accept back a player removed for a low coefficient (R9) or whose suspension has ended "
        "(R10), on days 1-7 of the next month to pair (R4); they keep their stored coefficient "
        "(A27).",
        "mashindano.app.gomoku:accept_return",
        (
            ParameterSpec(
                "player",
                T.PLAYER,
                required=True,
                positional=True,
                help="The player: name as registered, or number.",
            ),
            REQUIRED_REASON,
        ),
        command="gomoku accept-return",
        message=lambda slug, values, accepted: (
            f"{accepted.player} returns to {slug} in month {accepted.month_number} "
            f"({accepted.month}), placed by the stored coefficient "
            f"{format_coefficient(accepted.coefficient)}"
        ),
    ),
    PERIOD_CLOSE,
    ActionSpec(
        "result.match",
        "Report a whole match",
        "Report every game of a match from its score, games won by the match's first player "
        "then by the second (e.g. 3-1; games neither won are drawn): all games or none.",
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
                help="Games won by the first player and by the second, e.g. 3-1.",
            ),
        ),
        command="result match",
        message=lambda slug, values, changes: "\n".join(
            result_change_text(slug, values, change) for change in changes
        ),
        document=lambda slug, changes: [result_change_json(slug, change) for change in changes],
    ),
)

KIBA_ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(
        "game.resign",
        "Resign a game",
        "Resign a game played on the site: the opponent wins (recorded as your own report).",
        "mashindano.app.bao_games:resign_game",
        (GAME, PLAYER),
        command="result resign",
        message=result_change_text,
        document=result_change_json,
    ),
    ActionSpec(
        "stage.playoff",
        "Record a playoff",
        "KIBA: record the director's playoff that separates players still tied in a group.",
        "mashindano.app.kiba:record_playoff",
        (
            ParameterSpec(
                "order",
                T.PLAYERS,
                required=True,
                positional=True,
                help="The tied players (name or number), best placed first.",
            ),
            ParameterSpec(
                "round",
                T.INTEGER,
                required=True,
                minimum=1,
                argument="round_number",
                help="The stage's round.",
            ),
            ParameterSpec("group", T.TEXT, required=True, help="The group, e.g. A."),
            ParameterSpec("reason", T.TEXT, default="", help="What the playoff was."),
        ),
        command="event playoff",
        message=lambda slug, values, placed: (
            f"Playoff recorded for group {values['group']}: {', '.join(placed)}"
        ),
    ),
)

_PAIR = (
    ParameterSpec(
        "player_a",
        T.PLAYER,
        required=True,
        positional=True,
        help="One player: name as registered, or number.",
    ),
    ParameterSpec(
        "player_b",
        T.PLAYER,
        required=True,
        positional=True,
        help="The other player: name as registered, or number.",
    ),
    REQUIRED_REASON,
)

FORBIDDEN_PAIR_ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(
        "pair.forbid",
        "Forbid a pair",
        "The two players must not be paired together from the next round on (Swiss presets). "
        "A forbid that leaves the next round unpairable is kept; pairing then says who is "
        "stuck.",
        "mashindano.app.overrides:forbid_pair",
        _PAIR,
        command="arbiter forbid-pair",
        states=_BEFORE_AND_DURING,
        message=lambda slug, values, pair: (
            f"{pair[0]} and {pair[1]} will not be paired together in {slug}"
        ),
    ),
    ActionSpec(
        "pair.allow",
        "Allow a pair again",
        "Lift a forbidden pair: the two players may be paired together again.",
        "mashindano.app.overrides:allow_pair",
        _PAIR,
        command="arbiter allow-pair",
        states=_BEFORE_AND_DURING,
        message=lambda slug, values, pair: (
            f"{pair[0]} and {pair[1]} may be paired together again in {slug}"
        ),
    ),
)

_TANTRIX_PLAYER = ParameterSpec(
    "player", T.PLAYER, required=True, help="The player (name or number)."
)
_SENT_AT = ParameterSpec(
    "at",
    T.TIME,
    optional=True,
    argument="sent_at",
    help="When it happened (ISO 8601 with offset; default now).",
)
_MESSAGE_EVIDENCE = ParameterSpec("evidence", T.TEXT, default="", help="The e-mail.")


def _follow_up_text(kind: str) -> Any:
    def message(slug: str, values: Mapping[str, Any], state: Any) -> str:
        due = state.reply_deadline.isoformat() if state.reply_deadline else "-"
        arranged = "; tiebreak arranged" if state.is_arranged else ""
        return f"{kind} recorded; reply due {due}{arranged}"

    return message


TANTRIX_ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(
        "tantrix.form",
        "File a result form",
        "File a player's result form for one game.",
        "mashindano.app.tantrix:file_form",
        (
            ParameterSpec(
                "result",
                T.TEXT,
                required=True,
                positional=True,
                help="The game's TPs, first player's first: 12.4-7.6.",
            ),
            Composite(
                "where",
                "mashindano.app.results:GameRef",
                (ROUND, BOARD, _int("game", "Game of the match.", default=1), STAGE),
            ),
            _TANTRIX_PLAYER,
            ParameterSpec(
                "status",
                T.TEXT,
                default="N",
                help="N, or 1-8 for the last standard and tiebreak games.",
            ),
            ParameterSpec(
                "when",
                T.TEXT,
                optional=True,
                argument="finish_when",
                help='Option 3: "When will you finish your match?"',
            ),
            ParameterSpec(
                "ended_at", T.TIME, optional=True, help="When the game ended (default now)."
            ),
            DETAIL,
        ),
        message=form_filed_text,
        document=form_filed_json,
    ),
    ActionSpec(
        "tantrix.opt-out",
        "Record an opt-out",
        "Record both players' agreement not to play beyond the standard games (R13, A11).",
        "mashindano.app.tantrix:record_opt_out",
        (
            ParameterSpec(
                "players",
                T.PLAYERS,
                required=True,
                positional=True,
                help="Both players (name or number).",
            ),
            MATCH,
            ParameterSpec(
                "evidence",
                T.TEXT,
                required=True,
                help="The evidence, e.g. the e-mails copied to the AC.",
            ),
            ParameterSpec(
                "at",
                T.TIME,
                optional=True,
                argument="agreed_at",
                help="When it happened (ISO 8601 with offset; default now).",
            ),
            ParameterSpec(
                "last_sitting",
                T.TIME,
                optional=True,
                argument="last_sitting_start",
                help="When the sitting of the last standard game starts.",
            ),
        ),
        message=lambda slug, values, agreement: (
            f"Opt-out recorded for round {values['where'].round}, board {values['where'].board} "
            f"(agreed {agreement.agreed_at.isoformat()})"
        ),
    ),
    ActionSpec(
        "tantrix.offer",
        "Record an offer of tiebreak dates",
        "Record an offer of tiebreak dates (R20, R21; either player may send it, A5).",
        "mashindano.app.tantrix:record_offer",
        (MATCH, _TANTRIX_PLAYER, _SENT_AT, _MESSAGE_EVIDENCE),
        message=_follow_up_text("Offer"),
    ),
    ActionSpec(
        "tantrix.reply",
        "Record a reply to an offer",
        "Record the opponent's reply to an offer of tiebreak dates (R22).",
        "mashindano.app.tantrix:record_reply",
        (MATCH, _TANTRIX_PLAYER, _SENT_AT, _MESSAGE_EVIDENCE),
        message=_follow_up_text("Reply"),
    ),
)

ALL_ACTIONS: tuple[ActionSpec, ...] = (
    *COMMON_ACTIONS,
    *FORBIDDEN_PAIR_ACTIONS,
    *GOMOKU_ACTIONS,
    *KIBA_ACTIONS,
    *TANTRIX_ACTIONS,
)
"""Every action some preset has (a test checks it is the common ones and the adapters')."""
