"""Every declared action: the common ones (all presets) and each preset's own, which its
adapter lists in `actions`. Nothing here imports a use case: `use_case` names it, and
`performing.perform` imports it when the action runs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext

from mashindano.app.declarations.actions import ActionSpec, Composite
from mashindano.app.declarations.outcomes import (
    draft_json,
    draft_text,
    result_change_json,
    result_change_text,
)
from mashindano.app.declarations.parameters import ParameterSpec, ParameterType
from mashindano.app.marks import gettext_noop
from mashindano.engine.model import ByeKind
from mashindano.store.facts import SANCTION_KINDS, EventState

BEFORE_AND_DURING = frozenset({EventState.REGISTRATION, EventState.RUNNING})

T = ParameterType


def integer_parameter(
    name: str, help: str, *, flag: str = "", default: int | None = None
) -> ParameterSpec:
    required = default is None
    return ParameterSpec(
        name, T.INTEGER, default=default, required=required, help=help, flag=flag, minimum=1
    )


ROUND = integer_parameter("round", gettext_noop("Round number."))
BOARD = integer_parameter("board", gettext_noop("Board number."))
GAME_NUMBER = integer_parameter("game", gettext_noop("Game of a multi-game match."), default=1)
STAGE = integer_parameter("stage", gettext_noop("Stage (a knockout's plate is 2)."), default=1)
GROUP = ParameterSpec(
    "group", T.TEXT, default="", help=gettext_noop("Group within the stage, if any.")
)

GAME = Composite(
    "where", "mashindano.app.results:GameRef", (ROUND, BOARD, GAME_NUMBER, STAGE, GROUP)
)
"""A game of the event: round and board, the game of a multi-game match, stage and group."""
RESULT = ParameterSpec(
    "result",
    T.TEXT,
    required=True,
    positional=True,
    help=gettext_noop("1-0, 1/2-1/2, 0-1, +-, -+ or -- (Tantrix also takes TPs: 12.4-7.6)."),
)
DETAIL = ParameterSpec(
    "detail",
    T.OBJECT,
    optional=True,
    help=gettext_noop(
        'Per-game detail as a JSON object, e.g. \'{"tp": ["12.4", "7.6"]}\' (Tantrix TPs).'
    ),
)
REASON = ParameterSpec("reason", T.TEXT, default="", help=gettext_noop("Why (kept in the log)."))
REQUIRED_REASON = ParameterSpec(
    "reason", T.TEXT, required=True, help=gettext_noop("Why (kept in the log).")
)
PLAYER = ParameterSpec(
    "player",
    T.PLAYER,
    required=True,
    positional=True,
    help=gettext_noop("The player's name as registered, or number."),
)


def text_message(template: str) -> Any:
    """A message from a template of the use case's arguments (and `slug`)."""

    def message(slug: str, values: Mapping[str, Any], outcome: Any) -> str:
        return gettext(template).format(slug=slug, outcome=outcome, **values)

    return message


# -- common actions -------------------------------------------------------------------------

_RESULT_ACTIONS = (
    ActionSpec(
        "result.report",
        gettext_noop("Report a result"),
        gettext_noop("Report a game's result (once; a second report is refused)."),
        "mashindano.app.results:report_result",
        (GAME, RESULT, DETAIL),
        message=result_change_text,
        document=result_change_json,
        done=gettext_noop("{actor} reported {result} for {game}"),
    ),
    ActionSpec(
        "result.confirm",
        gettext_noop("Confirm the result"),
        gettext_noop("Confirm the reported result."),
        "mashindano.app.results:confirm_result",
        (GAME,),
        message=result_change_text,
        document=result_change_json,
        done=gettext_noop("{actor} confirmed {result} for {game}"),
    ),
    ActionSpec(
        "result.dispute",
        gettext_noop("Dispute the result"),
        gettext_noop("Dispute the reported result; an arbiter rules."),
        "mashindano.app.results:dispute_result",
        (
            GAME,
            # Required (issue 29 item 11); a blank one is refused by the use case, naming it.
            ParameterSpec("reason", T.TEXT, required=True, help=gettext_noop("Why (required).")),
        ),
        message=result_change_text,
        document=result_change_json,
        done=gettext_noop("{actor} disputed {result} for {game}"),
    ),
    ActionSpec(
        "result.ruling",
        gettext_noop("Rule on a game"),
        gettext_noop("Arbiter's ruling on a disputed (or unreported) game."),
        "mashindano.app.results:rule_result",
        (GAME, RESULT, REASON, DETAIL),
        command="result rule",
        message=result_change_text,
        document=result_change_json,
        done=gettext_noop("{actor} ruled {result} for {game}"),
    ),
    ActionSpec(
        "result.correction",
        gettext_noop("Correct a result"),
        gettext_noop(
            "Correct a result at any time before the event closes; later standings follow."
        ),
        "mashindano.app.results:correct_result",
        (
            GAME,
            RESULT,
            ParameterSpec("reason", T.TEXT, required=True, help=gettext_noop("Why (required).")),
            DETAIL,
        ),
        command="result correct",
        message=result_change_text,
        document=result_change_json,
        done=gettext_noop("{actor} corrected {game} to {result}"),
    ),
    ActionSpec(
        "game.move",
        gettext_noop("Record a move"),
        gettext_noop("Record a move with the current time (correspondence day clocks)."),
        "mashindano.app.moves:record_move",
        (
            GAME,
            ParameterSpec(
                "notation",
                T.TEXT,
                required=True,
                positional=True,
                help=gettext_noop("The move, e.g. e4."),
            ),
        ),
        command="result move",
        message=text_message(gettext_noop("move {outcome}: {notation}")),
    ),
)

_ALL_STATES = frozenset(EventState)

ANNOUNCEMENT_ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(
        "event.announce",
        gettext_noop("Post an announcement"),
        gettext_noop("A notice shown on the event's pages and its live view."),
        "mashindano.app.announcements:announce",
        (
            ParameterSpec(
                "text",
                T.TEXT,
                required=True,
                positional=True,
                help=gettext_noop("What to announce."),
            ),
        ),
        command="event announce",
        states=_ALL_STATES,
        message=lambda slug, values, posted: gettext("Announcement {id} posted on {slug}").format(
            id=posted.id, slug=slug
        ),
        done=gettext_noop("{actor} posted announcement {announcement}"),
    ),
    ActionSpec(
        "announcement.withdraw",
        gettext_noop("Withdraw an announcement"),
        gettext_noop("Stop showing an announcement (it stays in the record)."),
        "mashindano.app.announcements:withdraw_announcement",
        (
            ParameterSpec(
                "announcement",
                T.INTEGER,
                required=True,
                positional=True,
                minimum=1,
                help=gettext_noop("The announcement's number."),
            ),
            REASON,
        ),
        command="event unannounce",
        states=_ALL_STATES,
        message=text_message(gettext_noop("Announcement {announcement} withdrawn from {slug}")),
        done=gettext_noop("{actor} withdrew announcement {announcement}"),
    ),
)
"""Notices on the event's pages, in every state of the event."""

START_DATE = ActionSpec(
    "event.start_date",
    gettext_noop("Announce the start"),
    gettext_noop(
        "The date and time the event starts, where it is played: shown on its page, in the "
        "join mail and in a reminder to each player; it may start by itself then."
    ),
    "mashindano.app.start_date:set_start_date",
    (
        ParameterSpec(
            "start_at",
            T.TEXT,
            required=True,
            positional=True,
            help=gettext_noop(
                "Date and time, e.g. 2026-12-12 10:00 (the event's time zone); empty: none."
            ),
        ),
        ParameterSpec(
            "time_zone",
            T.TEXT,
            default="",
            help=gettext_noop(
                "An IANA time zone such as Africa/Dar_es_Salaam (empty: as it is, UTC at first)."
            ),
        ),
        ParameterSpec(
            "automatically",
            T.BOOLEAN,
            default=False,
            help=gettext_noop("Start the event by itself at that time."),
        ),
        ParameterSpec(
            "reminder_hours",
            T.INTEGER,
            optional=True,
            minimum=0,
            maximum=720,
            help=gettext_noop("Hours before the start when players are reminded (0: none)."),
        ),
    ),
    command="event start-date",
    states=frozenset({EventState.REGISTRATION}),
    message=lambda slug, values, start: (
        gettext("{slug} starts {start}").format(slug=slug, start=start.text)
        if start is not None
        else gettext("{slug} has no announced start").format(slug=slug)
    ),
)
"""The announced start (issue 31 item 2), changed before the event starts."""

SCHEDULE_ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(
        "schedule.hold",
        gettext_noop("Hold the round schedule"),
        gettext_noop(
            "Stop the next rounds from being paired and published by themselves (a dispute is "
            "open, the hall is not ready) until released; pairing by hand stays possible."
        ),
        "mashindano.app.schedules:hold_schedule",
        (REQUIRED_REASON,),
        command="round hold",
        states=BEFORE_AND_DURING,
        message=text_message(gettext_noop("The round schedule of {slug} is held: {reason}")),
        done=gettext_noop("{actor} held the round schedule"),
    ),
    ActionSpec(
        "schedule.release",
        gettext_noop("Release the round schedule"),
        gettext_noop(
            "Let the rounds be paired and published by themselves again; a round whose time "
            "has passed is published at once."
        ),
        "mashindano.app.schedules:release_schedule",
        (REASON,),
        command="round release",
        states=BEFORE_AND_DURING,
        message=text_message(gettext_noop("The round schedule of {slug} goes on")),
        done=gettext_noop("{actor} released the round schedule"),
    ),
)
"""Rounds on time (issue 33 item 5): every preset's rounds may be paired on a schedule."""

_TEAMS = "mashindano.app.teams."
TEAM_STATES = BEFORE_AND_DURING
_TEAM = integer_parameter("team", gettext_noop("Team number."))
_MATCH = integer_parameter("match", gettext_noop("Match number in its round (its table)."))
_TEAM_BOARD = (ROUND, _MATCH, BOARD)
_BOARD_WORDS = gettext_noop("round {round}, match {match}, board {board}: {result} ({status})")


def _board_message(slug: str, values: Mapping[str, Any], change: Any) -> str:
    return gettext(_BOARD_WORDS).format(
        round=change.round,
        match=change.match,
        board=change.board,
        result=change.result.value,
        status=change.status.value,
    )


TEAM_ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(
        "team.mode",
        gettext_noop("Play in teams"),
        gettext_noop(
            "Play the event's games in team matches: boards per match, match points for a "
            "match won, drawn and lost, and what a line-up missing at the deadline brings."
        ),
        _TEAMS + "setup:set_team_mode",
        (
            ParameterSpec(
                "boards",
                T.INTEGER,
                default=4,
                minimum=1,
                maximum=20,
                help=gettext_noop("Boards per match."),
            ),
            ParameterSpec(
                "match_points",
                T.TEXT,
                default="2,1,0",
                help=gettext_noop("Match points won, drawn, lost (e.g. 2,1,0)."),
            ),
            ParameterSpec(
                "missing_lineup",
                T.CHOICE,
                default="roster",
                choices=("roster", "forfeit"),
                help=gettext_noop(
                    "A line-up missing at the deadline: roster (the first players of the "
                    "roster play) or forfeit (every board lost)."
                ),
            ),
            ParameterSpec(
                "tiebreaks",
                T.TEXT,
                default="MP,GP,EDE,BH:MP/C1,BH:MP,EMMSB",
                help=gettext_noop(
                    "The standings order: team tie-break codes separated by commas, starting "
                    "with MP or GP (e.g. MP,GP,EDE,BH:MP/C1,BH:MP,EMMSB)."
                ),
            ),
            ParameterSpec(
                "system",
                T.CHOICE,
                default="round-robin",
                choices=("round-robin", "swiss"),
                help=gettext_noop(
                    "How the rounds are paired: round-robin (every team meets every other) "
                    "or swiss (FIDE team Swiss; give the rounds)."
                ),
            ),
            ParameterSpec(
                "rounds",
                T.INTEGER,
                default=None,
                minimum=1,
                maximum=99,
                help=gettext_noop("Rounds of a team Swiss."),
            ),
            ParameterSpec(
                "board_prize_games",
                T.INTEGER,
                default=None,
                minimum=1,
                maximum=99,
                help=gettext_noop(
                    "Board prizes: the fewest games on a board that rank a player for its "
                    "prize (empty: two thirds of the rounds, rounded up)."
                ),
            ),
        ),
        command="team mode",
        states=TEAM_STATES,
        message=lambda slug, values, done: gettext(
            "{slug} is played in teams: {boards} boards, match points {points}"
        ).format(slug=slug, boards=done.boards, points=done.match_points),
        done=gettext_noop("{actor} set the team mode: {boards} boards"),
    ),
    ActionSpec(
        "team.create",
        gettext_noop("Add a team"),
        gettext_noop("A team: its name, club or country, and its captain's account."),
        _TEAMS + "setup:create_team",
        (
            ParameterSpec(
                "name", T.TEXT, required=True, positional=True, help=gettext_noop("Team name.")
            ),
            ParameterSpec("club", T.TEXT, default="", help=gettext_noop("Club or country.")),
            ParameterSpec(
                "captain", T.TEXT, default="", help=gettext_noop("The captain's account name.")
            ),
        ),
        command="team create",
        states=TEAM_STATES,
        message=lambda slug, values, done: gettext("Team {number}: {name}").format(
            number=done.number, name=done.name
        ),
        done=gettext_noop("{actor} added team {name}"),
    ),
    ActionSpec(
        "team.roster",
        gettext_noop("Set a team's roster"),
        gettext_noop(
            "The team's ranked list of players, reserves last; fixed once a line-up is in."
        ),
        _TEAMS + "setup:set_roster",
        (
            _TEAM,
            ParameterSpec(
                "players",
                T.PLAYERS,
                required=True,
                help=gettext_noop("Players in roster order (names or numbers, comma-separated)."),
            ),
            ParameterSpec(
                "reserves",
                T.INTEGER,
                default=0,
                minimum=0,
                help=gettext_noop("How many of the last players are reserves."),
            ),
        ),
        command="team roster",
        states=TEAM_STATES,
        message=lambda slug, values, done: gettext("Team {team}: {players}").format(
            team=done.team, players=", ".join(done.players)
        ),
        done=gettext_noop("{actor} set the roster of team {team}"),
    ),
    ActionSpec(
        "team.pair",
        gettext_noop("Pair a team round"),
        gettext_noop("Pair a round's team matches (round-robin by the Berger tables)."),
        _TEAMS + "setup:pair_team_round",
        (
            ROUND,
            ParameterSpec(
                "deadline",
                T.TIME,
                optional=True,
                help=gettext_noop("When the line-ups are due (ISO time with a UTC offset)."),
            ),
        ),
        command="team pair",
        states=TEAM_STATES,
        message=lambda slug, values, done: gettext(
            "Paired team round {round}: {count} matches"
        ).format(round=done.round, count=len(done.matches)),
        done=gettext_noop("{actor} paired team round {round}"),
    ),
    ActionSpec(
        "team.lineup",
        gettext_noop("Submit a line-up"),
        gettext_noop(
            "The team's players for a round, board 1 first, in roster order; '-' for an empty "
            "board (the last ones). The other side sees it once both are in."
        ),
        _TEAMS + "lineups:submit_lineup",
        (
            ROUND,
            _TEAM,
            ParameterSpec(
                "players",
                T.PLAYERS,
                required=True,
                help=gettext_noop("Players by board (names or numbers, comma-separated)."),
            ),
            REASON,
        ),
        command="team lineup",
        states=TEAM_STATES,
        message=lambda slug, values, done: gettext(
            "Line-up of team {team} for round {round} is in"
        ).format(team=done.team, round=done.round),
        done=gettext_noop("{actor} submitted the line-up of team {team} for round {round}"),
    ),
    ActionSpec(
        "team.board-report",
        gettext_noop("Report a board"),
        gettext_noop(
            "A board's result, read from the first-named team's player (1-0: they won); the "
            "other team confirms it."
        ),
        _TEAMS + "boards:report_board",
        (*_TEAM_BOARD, RESULT, REASON),
        command="team report",
        states=TEAM_STATES,
        message=_board_message,
        done=gettext_noop("{actor} reported round {round}, match {match}, board {board}"),
    ),
    ActionSpec(
        "team.board-confirm",
        gettext_noop("Confirm a board"),
        gettext_noop("Confirm the board result the other team reported."),
        _TEAMS + "boards:confirm_board",
        (*_TEAM_BOARD, REASON),
        command="team confirm",
        states=TEAM_STATES,
        message=_board_message,
        done=gettext_noop("{actor} confirmed round {round}, match {match}, board {board}"),
    ),
    ActionSpec(
        "team.board-dispute",
        gettext_noop("Dispute a board"),
        gettext_noop("Dispute the board result the other team reported; an arbiter rules."),
        _TEAMS + "boards:dispute_board",
        (
            *_TEAM_BOARD,
            ParameterSpec("reason", T.TEXT, required=True, help=gettext_noop("Why (required).")),
        ),
        command="team dispute",
        states=TEAM_STATES,
        message=_board_message,
        done=gettext_noop("{actor} disputed round {round}, match {match}, board {board}"),
    ),
    ActionSpec(
        "team.board-correct",
        gettext_noop("Rule or correct a board"),
        gettext_noop("An arbiter's ruling or correction of a board result, with a reason."),
        _TEAMS + "boards:correct_board",
        (*_TEAM_BOARD, RESULT, REQUIRED_REASON),
        command="team correct",
        states=TEAM_STATES,
        message=_board_message,
        done=gettext_noop("{actor} ruled on round {round}, match {match}, board {board}"),
    ),
)
"""Team events (issue 32): any preset's games played in team matches (app/teams)."""


COMMON_ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(
        "event.start",
        gettext_noop("Start the event"),
        gettext_noop(
            "Close registration: fix the entries and their numbers (drawn by lot where needed)."
        ),
        "mashindano.app.events:start_event",
        states=frozenset({EventState.REGISTRATION}),
        message=lambda slug, values, facts: gettext("Started {slug}: {value} players").format(
            slug=slug, value=len(facts.competitors)
        ),
        done=gettext_noop("{actor} started the event"),
    ),
    ActionSpec(
        "event.delete",
        gettext_noop("Delete the event"),
        gettext_noop(
            "Delete an event that never started, with its entries and audit log (a started event "
            "is closed, never deleted)."
        ),
        "mashindano.app.events:delete_event",
        states=frozenset({EventState.REGISTRATION}),
        message=text_message(gettext_noop("Deleted {slug}")),
    ),
    ActionSpec(
        "event.close",
        gettext_noop("Close the event"),
        gettext_noop("Close a finished event; nothing can change afterwards."),
        "mashindano.app.events:close_event",
        message=text_message(gettext_noop("Closed {slug}")),
        done=gettext_noop("{actor} closed the event"),
    ),
    ActionSpec(
        "round.pair",
        gettext_noop("Pair the next round"),
        gettext_noop("Pair and publish the next round (the previous one must be complete)."),
        # The console's draft, the CLI's `round pair` and the API publish through one use case:
        # a draft changed by hand is published as changed (with a reason), never replanned.
        "mashindano.app.drafts:publish_draft",
        (
            ParameterSpec(
                "reason",
                T.TEXT,
                default="",
                help=gettext_noop("Why the draft was changed by hand (kept in the log)."),
            ),
        ),
        message=lambda slug, values, published: gettext("Paired round {number} of {slug}").format(
            number=published.number, slug=slug
        ),
        done=gettext_noop("{actor} published round {round}"),
    ),
    *_RESULT_ACTIONS,
    ActionSpec(
        "players.correct-figures",
        gettext_noop("Correct declared figures"),
        gettext_noop(
            "Correct the games played and Elo a player typed in, before the start (the site's "
            "own count is used wherever the player has played on the site)."
        ),
        "mashindano.app.person_record:correct_declared_figures",
        (
            PLAYER,
            ParameterSpec(
                "games_played",
                T.INTEGER,
                optional=True,
                minimum=0,
                help=gettext_noop("Games played on the site, as corrected."),
            ),
            ParameterSpec(
                "rating",
                T.INTEGER,
                optional=True,
                minimum=0,
                help=gettext_noop("Elo, as corrected."),
            ),
            REQUIRED_REASON,
        ),
        command="event figures",
        states=frozenset({EventState.REGISTRATION}),
        message=text_message(gettext_noop("Declared figures of {player} corrected")),
        done=gettext_noop("{actor} corrected the declared figures of {player}"),
    ),
    ActionSpec(
        "player.withdraw",
        gettext_noop("Withdraw a player"),
        gettext_noop("The player takes no further part."),
        "mashindano.app.conduct:withdraw_player",
        (
            PLAYER,
            ParameterSpec(
                "from_round",
                T.INTEGER,
                optional=True,
                minimum=1,
                help=gettext_noop("Default: next round."),
            ),
            ParameterSpec("reason", T.TEXT, default=""),
        ),
        command="event withdraw",
        states=BEFORE_AND_DURING,
        message=lambda slug, values, start: (
            gettext("{player} withdrawn from round {outcome}").format(outcome=start, **values)
            if start
            else gettext("{player} has left {slug} before the start (entry cancelled)").format(
                slug=slug, **values
            )
        ),
        done=gettext_noop("{actor} withdrew {player} from round {from_round}"),
    ),
    ActionSpec(
        "player.leave",
        gettext_noop("Record a leave of absence"),
        gettext_noop("Record a leave of absence (a requested bye) for rounds not yet paired."),
        "mashindano.app.conduct:take_leave",
        (
            PLAYER,
            ParameterSpec(
                "from_round",
                T.INTEGER,
                required=True,
                minimum=1,
                flag="--round",
                help=gettext_noop("First round of absence."),
            ),
            ParameterSpec(
                "to_round", T.INTEGER, optional=True, minimum=1, help=gettext_noop("Last round.")
            ),
            ParameterSpec(
                "half",
                T.BOOLEAN,
                default=False,
                help=gettext_noop("Half-point bye (default zero)."),
                argument="bye_kind",
                convert=lambda half: ByeKind.HALF_POINT if half else ByeKind.ZERO_POINT,
            ),
            ParameterSpec("reason", T.TEXT, default=""),
        ),
        command="event leave",
        states=BEFORE_AND_DURING,
        message=lambda slug, values, taken: gettext(
            "{player}: leave for rounds {from_round}-{to_round} ({bye})"
        ).format(
            player=values["player"],
            from_round=taken.from_round,
            to_round=taken.to_round,
            bye=values["bye_kind"].value,
        ),
    ),
    ActionSpec(
        "player.sanction",
        gettext_noop("Sanction a player"),
        gettext_noop("Record a sanction with its reason."),
        "mashindano.app.conduct:sanction_player",
        (
            PLAYER,
            ParameterSpec(
                "kind",
                T.CHOICE,
                required=True,
                choices=SANCTION_KINDS,
                help=gettext_noop(
                    "What the rules provide: a warning, a point deduction, a forfeit, expulsion, "
                    "or disinterest noted."
                ),
            ),
            ParameterSpec("reason", T.TEXT, required=True),
            ParameterSpec("points", T.TEXT, default=""),
            ParameterSpec("round", T.INTEGER, optional=True, minimum=1, argument="round_number"),
        ),
        command="event sanction",
        message=text_message(gettext_noop("{player}: {kind} recorded")),
        done=gettext_noop("{actor} gave {player} a sanction: {kind}"),
    ),
    *ANNOUNCEMENT_ACTIONS,
    START_DATE,
    *SCHEDULE_ACTIONS,
    *TEAM_ACTIONS,
)
"""The actions of every preset."""

# -- each preset's own ----------------------------------------------------------------------

PERIOD_CLOSE = ActionSpec(
    "period.close",
    gettext_noop("Close a month"),
    gettext_noop("Close a league period (month): its end is final and the next one can be paired."),
    "mashindano.app.conduct:close_period",
    (
        ParameterSpec(
            "period",
            T.INTEGER,
            required=True,
            positional=True,
            minimum=1,
            help=gettext_noop("The period (league month) to close."),
        ),
        ParameterSpec(
            "stage", T.INTEGER, default=1, minimum=1, help=gettext_noop("Stage of the period.")
        ),
    ),
    command="event close-period",
    message=text_message(gettext_noop("Closed period {period} of {slug}")),
    done=gettext_noop("{actor} closed period {period}"),
)

_PAIR = (
    ParameterSpec(
        "player_a",
        T.PLAYER,
        required=True,
        positional=True,
        help=gettext_noop("One player: name as registered, or number."),
    ),
    ParameterSpec(
        "player_b",
        T.PLAYER,
        required=True,
        positional=True,
        help=gettext_noop("The other player: name as registered, or number."),
    ),
    REQUIRED_REASON,
)

FORBIDDEN_PAIR_ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(
        "pair.forbid",
        gettext_noop("Forbid a pair"),
        gettext_noop(
            "The two players must not be paired together from the next round on (Swiss presets). "
            "A forbid that leaves the next round unpairable is kept; pairing then says who is "
            "stuck."
        ),
        "mashindano.app.overrides:forbid_pair",
        _PAIR,
        command="arbiter forbid-pair",
        states=BEFORE_AND_DURING,
        message=lambda slug, values, pair: gettext(
            "{value} and {value2} will not be paired together in {slug}"
        ).format(value=pair[0], value2=pair[1], slug=slug),
    ),
    ActionSpec(
        "pair.allow",
        gettext_noop("Allow a pair again"),
        gettext_noop("Lift a forbidden pair: the two players may be paired together again."),
        "mashindano.app.overrides:allow_pair",
        _PAIR,
        command="arbiter allow-pair",
        states=BEFORE_AND_DURING,
        message=lambda slug, values, pair: gettext(
            "{value} and {value2} may be paired together again in {slug}"
        ).format(value=pair[0], value2=pair[1], slug=slug),
    ),
)

# -- agreed match times (issue 31 item 4): a preset with agreed times lists these ------------

MATCH = Composite("where", "mashindano.app.bulk_results:MatchRef", (ROUND, BOARD, STAGE, GROUP))
"""A match of the event: round and board (stage and group where there are several)."""

_TIMES = ParameterSpec(
    "times",
    T.LIST,
    optional=True,
    help=gettext_noop(
        "One or more times, comma-separated, e.g. 2026-12-10 19:00, 2026-12-11 20:30 "
        "(UTC unless an offset such as +02:00 is given)."
    ),
)


def _times_text(template: str) -> Any:
    def message(slug: str, values: Mapping[str, Any], state: Any) -> str:
        return gettext(template).format(
            player=state.proposal.by,
            to=state.to,
            times=", ".join(t.strftime("%Y-%m-%d %H:%M UTC") for t in state.proposal.times),
            due=state.answer_due.strftime("%Y-%m-%d %H:%M UTC"),
        )

    return message


def _answer_text(slug: str, values: Mapping[str, Any], state: Any) -> str:
    answer = state.answer
    if answer is not None and answer.time is not None:
        return gettext("Agreed: {time}").format(time=answer.time.strftime("%Y-%m-%d %H:%M UTC"))
    if answer is not None and answer.times:
        return gettext("Counter-proposal sent to {player}: {times}").format(
            player=state.proposal.by,
            times=", ".join(t.strftime("%Y-%m-%d %H:%M UTC") for t in answer.times),
        )
    return gettext("Proposal of {player} declined").format(player=state.proposal.by)


MATCH_PROPOSE = ActionSpec(
    "match.propose",
    gettext_noop("Propose match times"),
    gettext_noop(
        "Propose one or more times to play the match; the opponent accepts one, "
        "counter-proposes or declines."
    ),
    "mashindano.app.match_times:propose_times",
    (
        MATCH,
        PLAYER,
        ParameterSpec("times", T.LIST, required=True, help=_TIMES.help),
    ),
    command="result propose-times",
    message=_times_text(
        gettext_noop("{player} proposed {times} to {to}, who answers before {due}")
    ),
)

MATCH_ANSWER = ActionSpec(
    "match.answer",
    gettext_noop("Answer a proposal of match times"),
    gettext_noop("Accept one of the proposed times, counter-propose other times, or decline."),
    "mashindano.app.match_times:answer_times",
    (
        MATCH,
        PLAYER,
        ParameterSpec(
            "answer",
            T.CHOICE,
            required=True,
            choices=("accept", "counter", "decline"),
            help=gettext_noop("accept, counter or decline."),
        ),
        ParameterSpec(
            "time",
            T.TEXT,
            default="",
            help=gettext_noop("The proposed time you accept, e.g. 2026-12-10 19:00 (UTC)."),
        ),
        _TIMES,
    ),
    command="result answer-times",
    message=_answer_text,
)

MATCH_TIME_ACTIONS: tuple[ActionSpec, ...] = (MATCH_PROPOSE, MATCH_ANSWER)
"""What a preset with agreed times lists in its actions."""

MATCH_CHALLENGE = ActionSpec(
    "match.challenge",
    gettext_noop("Challenge an opponent"),
    gettext_noop(
        "Challenge an opponent who left your proposal unanswered: propose times again, "
        "as a challenge the rules allow only in their window."
    ),
    "mashindano.app.match_times:challenge",
    (MATCH, PLAYER, MATCH_PROPOSE.parameters[2]),
    command="result challenge",
    message=_times_text(
        gettext_noop("{player} challenged {to} with {times}; the answer is due before {due}")
    ),
)
"""For a preset whose agreed times have a challenge rule."""


PRESENCE_ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(
        "player.check_in",
        gettext_noop("Check in"),
        gettext_noop(
            "Mark a player present for the next round (the roll call): players check in "
            "themselves inside the event's window, arbiters tick anyone until the round is "
            "paired. Who is not present at pairing time gets the event's absence outcome."
        ),
        "mashindano.app.presence:check_in",
        (
            PLAYER,
            ParameterSpec(
                "present",
                T.BOOLEAN,
                default=True,
                help=gettext_noop("Present (no: untick a player marked present)."),
            ),
            REASON,
        ),
        command="event check-in",
        states=BEFORE_AND_DURING,
        message=lambda slug, values, mark: (
            gettext("{player} checked in for round {round}")
            if mark.present
            else gettext("{player} is no longer marked present for round {round}")
        ).format(player=values["player"], round=mark.round),
        done=gettext_noop("{actor} took the roll call for {player} (round {round})"),
    ),
)
"""The roll call (issue 33 item 2), for the presets whose pairing reads it."""


_DRAFT = "mashindano.app.drafts:"
_TWO_PLAYERS = _PAIR[:2]
_DRAFT_REASON = ParameterSpec(
    "reason", T.TEXT, default="", help=gettext_noop("Why (kept with the change).")
)

DRAFT_ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(
        "draft.show",
        gettext_noop("Show the draft"),
        gettext_noop(
            "The next round's draft as it would be published, with the manual changes and the "
            "rules they break (nothing is written)."
        ),
        _DRAFT + "draft_next_round",
        command="round draft-show",
        message=draft_text,
        document=draft_json,
    ),
    ActionSpec(
        "draft.swap",
        gettext_noop("Swap two players in the draft"),
        gettext_noop(
            "Each takes the other's board and colour (or the bye); on one board they change "
            "colours. The draft is checked again."
        ),
        _DRAFT + "swap_in_draft",
        (*_TWO_PLAYERS, _DRAFT_REASON),
        command="round draft-swap",
        message=draft_text,
        document=draft_json,
    ),
    ActionSpec(
        "draft.pair",
        gettext_noop("Pair two players in the draft"),
        gettext_noop("Two unpaired players on a new last board, the first named with White."),
        _DRAFT + "pair_in_draft",
        (*_TWO_PLAYERS, _DRAFT_REASON),
        command="round draft-pair",
        message=draft_text,
        document=draft_json,
    ),
    ActionSpec(
        "draft.unpair",
        gettext_noop("Unpair a board of the draft"),
        gettext_noop("The board's two players are left without a board."),
        _DRAFT + "unpair_in_draft",
        (
            ParameterSpec(
                "board",
                T.INTEGER,
                required=True,
                positional=True,
                minimum=1,
                help=gettext_noop("Board number."),
            ),
            _DRAFT_REASON,
        ),
        command="round draft-unpair",
        message=draft_text,
        document=draft_json,
    ),
    ActionSpec(
        "draft.bye",
        gettext_noop("Give the bye in the draft"),
        gettext_noop(
            "The pairing-allocated bye to an unpaired player; whoever had it is left unpaired."
        ),
        _DRAFT + "give_bye_in_draft",
        (PLAYER, _DRAFT_REASON),
        command="round draft-bye",
        message=draft_text,
        document=draft_json,
    ),
    ActionSpec(
        "draft.reset",
        gettext_noop("Undo the changes to the draft"),
        gettext_noop("Drop every manual change: the draft is the pairing program's own again."),
        _DRAFT + "reset_draft",
        (_DRAFT_REASON,),
        command="round draft-reset",
        message=draft_text,
        document=draft_json,
    ),
    ActionSpec(
        "draft.publish",
        gettext_noop("Publish the draft"),
        gettext_noop(
            "Publish the draft as it stands; a draft changed by hand needs a reason, kept in "
            "the log with the rules it breaks."
        ),
        _DRAFT + "publish_draft",
        (_DRAFT_REASON,),
        command="round draft-publish",
        message=lambda slug, values, published: gettext("Paired round {number} of {slug}").format(
            number=published.number, slug=slug
        ),
    ),
)
"""Manual changes to the next round's draft (issue 33): presets whose drafts the arbiter may
change by hand list them (their adapter fills `DRAFT_CHECKS`)."""
