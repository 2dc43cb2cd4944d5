"""Engine and file-reader errors in the reader's language.

The engine and the file readers stay free of Django: their errors carry an English message,
a `code` and `params`. `shown(error)` finds the English template of that message in the tables
below (by the error's code, or its class's code), translates it and fills it in.

A template is used only when, filled in, it gives back the error's English message exactly:
a placeholder takes its value from `params` (formatted as the engine formats it, e.g.
`{competitor!r}`), or, for a value the engine wrote into the message without a parameter, the
text found at its place in the message. So a code with several messages (`bao_move_syntax`)
picks the template that matches, and an error that no template matches is shown in English,
never with a wrong message.

File errors from the readers (`ParseError` with `source` and `line`) are written
"{source}, line {line}: {detail}"; the detail is looked up in `_LINE_DETAILS`.

`end_shown(end)`: a Bao game's end (who won and why) in the reader's language. The engine's
`describe_end` is the English of the command line and of stored reasons; the reader is shown
this one (in e-mails and on the game's page).
"""

from __future__ import annotations

import re
import string
from functools import cache
from typing import Any

from django.utils.translation import gettext, ngettext

from mashindano.app.marks import gettext_noop
from mashindano.engine.bao.moves import (
    REASON_FRONT_ROW_EMPTY,
    REASON_NEVER_ENDING,
    REASON_NO_LEGAL_MOVE,
    End,
)
from mashindano.engine.bao.position import NORTH, SOUTH
from mashindano.engine.errors import MashindanoError, ParseError

__all__ = ["TEMPLATES", "end_shown", "shown", "template_of"]

TEMPLATES: dict[str, tuple[str, ...]] = {
    # Result entry (engine/sheets.py).
    "unknown_competitor": (gettext_noop("round {round}: unknown competitor {competitor!r}"),),
    "bad_round": (gettext_noop("{competitor}: round numbers start at 1, got {round}"),),
    "paired_twice": (
        gettext_noop(
            "round {round}: {competitor} is paired twice (several games in one round need an "
            "encounter id on every game)"
        ),
    ),
    "bye_clash": (
        gettext_noop("round {round}: {competitor} has two byes"),
        gettext_noop("round {round}: {competitor} has a bye and a game"),
    ),
    "duplicate_competitor": (gettext_noop("competitor {competitor!r} is listed twice"),),
    "encounter_mismatch": (
        gettext_noop(
            "round {round}: encounter {encounter} is between {first} and {second}, not "
            "{game_first} and {game_second}"
        ),
    ),
    # Pairing.
    "no_valid_pairing": (
        gettext_noop(
            "no complete pairing: {names} cannot meet anyone (all possible opponents already "
            "met, forbidden, or same absolute colour preference)"
        ),
        gettext_noop(
            "no complete pairing: the number of players is odd and nobody may receive the "
            "pairing-allocated bye (all had one or a win without playing)"
        ),
        gettext_noop(
            "no complete pairing satisfies C1-C3 (rematches, bye eligibility, absolute colour "
            "preferences) for all players"
        ),
        gettext_noop("round {round} is beyond the tournament's {total_rounds} rounds"),
        gettext_noop("round {round}: only {names} can be paired; a round needs two players"),
        gettext_noop("round {round}: no opponent left for {names} (forbidden pairs)"),
    ),
    # Bao moves (engine/bao/notation.py, engine/bao/moves.py).
    "bao_move_syntax": (
        gettext_noop("empty move"),
        gettext_noop("{typed} is not a move: write the pit and the direction, e.g. A6< or b3>*"),
        gettext_noop("{typed}: pits are numbered 1 to 8, not {number}"),
    ),
    "bao_game_over": (gettext_noop("{move}: the game is over"),),
    "bao_move_row": (
        gettext_noop(
            "{move}: name the row (A or B for South, a or b for North); only namua moves may "
            "leave it out"
        ),
    ),
    "bao_move_side": (
        gettext_noop("{move}: {pit} is not a pit of South, who is to move (rows A and B)"),
        gettext_noop("{move}: {pit} is not a pit of North, who is to move (rows a and b)"),
    ),
    "bao_move_illegal": (
        gettext_noop("{move}: no legal move starts at {pit} (legal moves: {legal})"),
        gettext_noop("{move}: {wanted} is not legal here; legal from {pit}: {legal}"),
    ),
    "bao_move_ambiguous": (
        gettext_noop("{move}: give the direction (< or >); legal from {pit}: {legal}"),
    ),
    "bao_move_marks": (
        gettext_noop("{move}: the marks do not match the move, which is written {canonical}"),
    ),
    "bao_illegal_move": (
        gettext_noop("{move} is not legal here; legal from {pit}: {legal}"),
        gettext_noop("{move} is not legal here; no legal move starts at {pit} (legal: {legal})"),
    ),
    # Parameters.
    "k_factor_out_of_range": (
        gettext_noop(
            "parameter 'k_factor': K must be a whole number between {low} and {high} (R13), "
            "got {value}"
        ),
    ),
    "config_error": (
        gettext_noop("a Swiss of {players} players can have 1 to {most} rounds, got {value}"),
        gettext_noop("a Swiss needs at least 2 players, got {value}"),
        gettext_noop("parameter 'swiss_rounds': at least 1 round, got {value}"),
        gettext_noop(
            "parameter 'swiss_bye_points': {value} is outside loss to win ({loss} to {win})"
        ),
        gettext_noop("parameter 'points': {value!r} is not win,draw,loss (e.g. 1,0.5,0)"),
        gettext_noop("parameter {parameter!r}: {value!r} is not a whole number"),
    ),
    # Times without a time zone (engine/timestamps.py): a parameter typed without an offset,
    # or any other instant (its English name stays).
    "naive_datetime": (
        gettext_noop("parameter {name} ({value}) has no time zone; give times in UTC"),
        gettext_noop("{what} ({value}) has no time zone; give times in UTC"),
    ),
    # Agreed match times (engine/agreed_times.py).
    "not_in_match": (gettext_noop("{player} does not play this match"),),
    "time_past": (
        gettext_noop("a proposed time ({time}) must be later than the proposal ({made})"),
        gettext_noop("the time {time} has passed; counter-propose another"),
        gettext_noop("a proposed time ({time}) must be later than now"),
    ),
    "proposal_waiting": (gettext_noop("{player}'s proposal of {made} still waits for an answer"),),
    "answer_first": (
        gettext_noop(
            "{proposer}'s proposal waits for {player}'s answer: accept one of its times, "
            "decline it or counter-propose"
        ),
    ),
    "nothing_to_answer": (gettext_noop("no proposal of times waits for an answer"),),
    "not_yours_to_answer": (
        gettext_noop("the proposal waits for {owner}'s answer, not {player}'s"),
    ),
    "answer_early": (gettext_noop("an answer cannot precede the proposal"),),
    "no_time": (gettext_noop("say which of the proposed times you accept"),),
    "time_not_proposed": (gettext_noop("{time} is not one of the proposed times"),),
    "no_times": (
        gettext_noop("proposed times: give at least one time"),
        gettext_noop("counter-proposed times: give at least one time"),
    ),
    # Challenges in the Gomoku league (engine/gomoku/challenges.py, R43).
    "challenge_window": (
        gettext_noop("challenges may be posted only on days {first}-{last} of {month} (R43)"),
    ),
    "challenge_no_disinterest": (
        gettext_noop(
            "{player} shows no disinterest: a challenge follows a proposal left unanswered "
            "or the organiser's flag (R43, R40)"
        ),
    ),
    # Registrations in the Gomoku league (engine/gomoku/newcomers.py, stage.py, R4-R9).
    "registration_closed": (
        gettext_noop(
            "registration of {competitor} received {received} is outside days {window} of "
            "{month} (closed at {closes})"
        ),
    ),
    "already_in_league": (
        gettext_noop(
            "{competitor} is already in the league and continues without registering (R5)"
        ),
    ),
    "suspended": (
        gettext_noop("{competitor} is under a suspension in {month} and may not enter (R8)"),
    ),
    "not_accepted": (
        gettext_noop("the organiser did not accept {competitor} back after removal (R9)"),
    ),
    "too_few_site_games": (
        gettext_noop(
            "{competitor} has no recorded games on the site; a newcomer needs at least {least} (R6)"
        ),
        gettext_noop(
            "{competitor} has {games} games on the site; a newcomer needs at least {least} (R6)"
        ),
    ),
    "already_entered": (gettext_noop("{competitor} is already entered for {month}"),),
    # Leaves in the Gomoku league (engine/gomoku/leaves.py, R48-R50).
    "leave_notice_late": (
        gettext_noop(
            "leave of {competitor} for {month} notified {notified}, after the stage began at "
            "{began} (R50)"
        ),
    ),
    "leave_duplicate": (gettext_noop("{competitor} is already on leave in {month}"),),
    "leave_limit": (
        gettext_noop(
            "{competitor} has already taken {used} leaves in {year}; at most {most} per "
            "calendar year (R48)"
        ),
    ),
    "leave_not_member": (
        gettext_noop("{competitor} is not on the league's list and cannot take a leave"),
    ),
    # Tasaselo entries and pairing (engine/tasaselo/).
    "round_count": (
        gettext_noop("a Tasaselo tournament has 1 to {most} rounds (R3), got {rounds}"),
    ),
    "player_count": (
        gettext_noop("a Tasaselo tournament has {low} to {high} players (R3), got {players}"),
        gettext_noop(
            "a Tasaselo tournament has at most {high} players (R3); {competitor!r} would be one "
            "more"
        ),
        gettext_noop("a KIBA tournament needs {low} to {high} players, got {players}"),
    ),
    "late_entries": (
        gettext_noop(
            "at most {most} players may join after the start (R4); {competitor!r} would be one more"
        ),
    ),
    "reserve_not_lower_half": (
        gettext_noop(
            "the reserve player must come from the lower half by selo (R26): {competitor!r} is "
            "no. {number} of {count}"
        ),
    ),
    "missing_selo": (
        gettext_noop(
            "player {competitor!r} has no selo; every player needs an actual or estimated selo (R2)"
        ),
    ),
    "event_finished": (gettext_noop("all {rounds} rounds have been paired"),),
    "rematch_unavoidable": (
        gettext_noop("round {round}: the {count} players cannot all be paired without a rematch"),
        gettext_noop(
            "round {round}: the {count} players cannot all be paired without a rematch "
            "({names} has met everybody)"
        ),
        gettext_noop(
            "round {round}: the {count} players cannot all be paired without a rematch "
            "({names} have met everybody)"
        ),
    ),
    "forbidden_pair_unavoidable": (
        gettext_noop(
            "round {round}: the {count} players cannot all be paired while the forbidden pairs "
            "{pairs} are kept apart"
        ),
        gettext_noop(
            "round {round}: the {count} players cannot all be paired while the forbidden pairs "
            "{pairs} are kept apart ({names} may meet nobody left: already met or forbidden)"
        ),
    ),
    "odd_field": (
        gettext_noop(
            "round {round}: {count} players and the ghost cannot all be paired: a ghost or the "
            "reserve is needed (R26, R27)"
        ),
        gettext_noop(
            "round {round}: {count} players cannot all be paired: a ghost or the reserve is "
            "needed (R26, R27)"
        ),
    ),
    "colours_unresolvable": (
        gettext_noop(
            "round {round}: the colour rules (R21, A6) leave no complete pairing; pair the "
            "round again regardless of colours (R20)"
        ),
    ),
    "no_legal_draw": (
        gettext_noop(
            "round 1: with {size} places every pairing of the first {drawn} is 1–2 or 1–6"
        ),
    ),
    "too_few_players": (
        gettext_noop("round {round}: {count} player(s) available, nobody to pair"),
        gettext_noop("a round-robin needs at least 2 players, got {players}"),
        gettext_noop("cannot form groups from {players} players"),
        gettext_noop("the master group needs {size} players, the championship has {count}"),
    ),
    # Round-robin schedules (engine/schedules.py).
    "bad_cycle_count": (gettext_noop("a round-robin has 1 or 2 cycles, got {cycles!r}"),),
    "bad_group_count": (
        gettext_noop("{players} players cannot be dealt into {count} groups"),
        gettext_noop("the number of groups must be at least 1, got {count}"),
        gettext_noop("{players} players cannot fill {count} groups"),
    ),
    "bad_group_size": (gettext_noop("the largest group size must be at least 1, got {size}"),),
    # Team events (engine/teams/).
    "bad_board_count": (gettext_noop("a team match needs at least 1 board, got {boards!r}"),),
    "bad_board_colours": (
        gettext_noop("the board colour sequence {pattern!r} must be {boards} letters W or B"),
    ),
    "too_few_teams": (gettext_noop("a round needs at least 2 teams to pair, got {teams}"),),
    "bad_team_number": (
        gettext_noop("team pairing numbers must be distinct positive numbers; {tpn!r} is not"),
    ),
    "bad_team_history": (
        gettext_noop("team {tpn} has a record for round {round}, not before round {current}"),
    ),
    "no_such_board": (gettext_noop("board {board} is outside the match (boards 1 to {boards})"),),
    # KIBA tournaments and championships (engine/kiba/).
    "group_too_small": (
        gettext_noop(
            "{players} players in {count} groups leave a group with {smallest} players; every "
            "group needs at least {least} (R11)"
        ),
    ),
    "group_unfinished": (gettext_noop("group {group} still has games without a result"),),
    "playoff_needed": (
        gettext_noop(
            "group {group}: {names} are tied after {tiebreaks}; the director must arrange a "
            "playoff and record its result"
        ),
    ),
    "playoff_not_configured": (
        gettext_noop(
            "group {group}: a playoff result was given but 'playoff' is not in the tie-break "
            "order ({order})"
        ),
    ),
    "missing_rating": (
        gettext_noop("player {name} has played {games} games but has no Elo rating"),
    ),
    "missing_entry": (gettext_noop("no entry time for player {name}"),),
    "duplicate_player": (gettext_noop("player {name} is entered twice"),),
    "lots_needed": (
        gettext_noop(
            "players {names} are tied on category, KIBA score ({score}) and entry; the "
            "director must draw lots and record them (no lot for {missing})"
        ),
    ),
    "unknown_player": (gettext_noop("lots name players who did not enter: {names}"),),
    "decision_needed": (
        gettext_noop(
            "countries {names} are tied for a place in the countries event; the director must "
            "decide their order"
        ),
        gettext_noop(
            "{names} are tied for the last master group place; the director must decide their order"
        ),
    ),
    "too_few_countries": (
        gettext_noop(
            "the countries event needs {wanted} countries with at least {size} players, found "
            "{found}"
        ),
    ),
    "too_many_tournaments": (
        gettext_noop("a championship series has {most} tournaments, got {count}"),
    ),
    # Tantrix knockout: a game's TPs and a player's result form (engine/knockout/), which
    # carry the class's code.
    "illegal_result": (
        gettext_noop("game {game}: TPs cannot be negative, got {tps}"),
        gettext_noop("game {game}: the two players' TPs must add up to {total}, got {tps} = {sum}"),
        gettext_noop("game {game}: TPs {tps} do not match the result (a draw is {half} each)"),
        gettext_noop(
            "game {game}: TPs {tps} do not match the result (A won, so A must have more TPs "
            "than B before penalties)"
        ),
        gettext_noop(
            "game {game}: TPs {tps} do not match the result (B won, so B must have more TPs "
            "than A before penalties)"
        ),
        gettext_noop(
            "game {game}: the last standard game (game {last}) and every tiebreak game need a "
            "status 1-8, got N"
        ),
        gettext_noop(
            "game {game}: only the last standard game (game {last}) and tiebreak games take a "
            "status; this game's answer is N, got {option} ({status})"
        ),
        gettext_noop(
            'game {game}: option 3 (TLATER) needs the answer to "When will you finish your match?"'
        ),
        gettext_noop("unknown form status {text!r} (expected one of {valid})"),
    ),
    # Files without a line (the readers' `ParseError`s).
    "parse_error": (
        gettext_noop("{source}: the TRF file is empty"),
        gettext_noop("{source}: the TRF file has no player lines (001)"),
        gettext_noop("{source}: no results in the file"),
    ),
}

_LINE = gettext_noop("{source}, line {line}: {detail}")

# The details of the readers' line errors (interchange/trf_read.py, interchange/csv_read.py).
_LINE_DETAILS: tuple[str, ...] = (
    gettext_noop("bad record code {record} (expected 3 digits or capitals)"),
    gettext_noop("team tournament file (record {record}): team events are not supported yet"),
    gettext_noop("tab character at column {column}"),
    gettext_noop("second {record} record (the first is on line {first})"),
    gettext_noop("{record} date {value} is not a date YYYY/MM/DD"),
    gettext_noop("{record} number of rounds {value} is not a positive number"),
    gettext_noop("{record} says {rounds} rounds but line {first} says {other}"),
    gettext_noop("{record} value {value} is not a starting rank"),
    gettext_noop("{record} lists no players"),
    gettext_noop('a quoted field is not closed (an unbalanced ")'),
    gettext_noop("the line contains a NUL character (not a text file?)"),
    gettext_noop('a quoted field runs over several lines (an unbalanced " earlier?)'),
    gettext_noop("too many fields ({fields}; the header has {names})"),
    gettext_noop("empty name"),
    gettext_noop("empty white"),
    gettext_noop("empty result"),
)

_FORMATTER = string.Formatter()


def shown(error: MashindanoError) -> str:
    """The error's message in the active language, or its English message if no template of
    its code gives back that message."""
    english = str(error)
    params = error.params
    for template in TEMPLATES.get(error.code, ()):
        text = _fill(template, english, params)
        if text is not None:
            return text
    if isinstance(error, ParseError) and {"source", "line"} <= params.keys():
        prefix = f"{params['source']}, line {params['line']}: "
        if english.startswith(prefix):
            detail_english = english[len(prefix) :]
            for template in _LINE_DETAILS:
                detail = _fill(template, detail_english, {})
                if detail is not None:
                    values = {"source": params["source"], "line": params["line"], "detail": detail}
                    whole = _render(
                        gettext(_LINE), {_key(k, None, ""): str(v) for k, v in values.items()}
                    )
                    if whole is not None:
                        return whole
    return english


def template_of(error: MashindanoError) -> str | None:
    """The English template of `TEMPLATES` that gives back the error's message, if any (for
    the tests: an error without one is shown in English)."""
    english = str(error)
    for template in TEMPLATES.get(error.code, ()):
        values = _values(template, english, error.params)
        if values is not None and _render(template, values) == english:
            return template
    return None


def _fill(template: str, english: str, params: dict[str, Any]) -> str | None:
    """The translated template filled in, if the English template gives back `english`."""
    values = _values(template, english, params)
    if values is None:
        return None
    if _render(template, values) != english:
        return None
    translated = _render(gettext(template), values)
    return translated if translated is not None else _render(template, values)


def _values(template: str, english: str, params: dict[str, Any]) -> dict[str, str] | None:
    """Each placeholder's text: from `params` when the template's English, filled with them,
    gives back `english`; otherwise the text found at its place in `english`."""
    fields = _fields(template)
    if all(name in params for name, _conversion, _spec in fields):
        values = {}
        for name, conversion, spec in fields:
            value = _FORMATTER.convert_field(params[name], conversion)
            values[_key(name, conversion, spec)] = format(value, spec)
        if _render(template, values) == english:
            return values
    match = _pattern(template).fullmatch(english)
    if match is None:
        return None
    found = match.groupdict()
    return {_key(name, c, s): found[_group(name)] for name, c, s in fields}


def _render(template: str, values: dict[str, str]) -> str | None:
    """The template with each placeholder replaced by its text; None if a placeholder is
    unknown or malformed (a broken translation)."""
    parts = []
    try:
        for literal, name, spec, conversion in _FORMATTER.parse(template):
            parts.append(literal)
            if name is not None:
                parts.append(values[_key(name, conversion, spec or "")])
    except (KeyError, ValueError):
        return None
    return "".join(parts)


def _key(name: str, conversion: str | None, spec: str) -> str:
    return f"{name}!{conversion or ''}:{spec}"


def _group(name: str) -> str:
    return "p_" + re.sub(r"\W", "_", name)


@cache
def _fields(template: str) -> tuple[tuple[str, str | None, str], ...]:
    return tuple(
        (name, conversion, spec or "")
        for _literal, name, spec, conversion in _FORMATTER.parse(template)
        if name is not None
    )


@cache
def _pattern(template: str) -> re.Pattern[str]:
    """A pattern matching the template's English, each placeholder a named group."""
    parts = []
    seen: set[str] = set()
    for literal, name, _spec, _conversion in _FORMATTER.parse(template):
        parts.append(re.escape(literal))
        if name is not None:
            group = _group(name)
            parts.append(f"(?P={group})" if group in seen else f"(?P<{group}>.+?)")
            seen.add(group)
    return re.compile("".join(parts), re.DOTALL)


# A Bao game's end: the winner's side (or name) and why, said from the winner's side.
_SIDES = {SOUTH: gettext_noop("South"), NORTH: gettext_noop("North")}
_WON_BECAUSE = {
    REASON_FRONT_ROW_EMPTY: gettext_noop("the opponent's front row is empty"),
    REASON_NO_LEGAL_MOVE: gettext_noop("the opponent has no legal move"),
    REASON_NEVER_ENDING: gettext_noop("the opponent's move never ends"),
}
_DRAWN_BECAUSE = {REASON_NEVER_ENDING: gettext_noop("a move never ends")}


def end_shown(end: End, names: tuple[str, str] | None = None) -> str:
    """How the game ended, in the active language: "South wins: the opponent has no legal
    move". `names` (South's, North's) name the winner instead of its side; a reason the tables
    do not know is shown as the engine's code."""
    if end.winner is None:
        why = _DRAWN_BECAUSE.get(end.reason)
        text = gettext("no winner: {why}").format(why=gettext(why) if why else end.reason)
    else:
        name = names[end.winner] if names is not None else gettext(_SIDES[end.winner])
        why = _WON_BECAUSE.get(end.reason)
        text = gettext("{name} wins: {why}").format(
            name=name, why=gettext(why) if why else end.reason
        )
    if end.unsown:
        text = ngettext(
            "{end} ({count} captured seed left unsown)",
            "{end} ({count} captured seeds left unsown)",
            end.unsown,
        ).format(end=text, count=end.unsown)
    return text
