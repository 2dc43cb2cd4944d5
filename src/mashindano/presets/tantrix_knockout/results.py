"""Reading a Tantrix game's report: the TPs (R4, R5), given directly, as a tile score turned
into TPs by the configured converter (spec addendum), with time penalties, or a forfeit that
ends the match (a default, A5/A9, or a resignation, R23/A6).

Every played game is stored with its TPs as the result detail, exact values as strings, from
the game's first player's side: `{"tp": ["12.4", "7.6"]}`, plus `"entered_tp"` and
`"penalties"` when time penalties moved TPs, and `"tiles"` when the TPs came from a tile score.
A forfeit stores `{"end": "default"}` or `{"end": "resigned"}`. The rules themselves (sum 20,
penalties, the converter) are the engine's (`engine.knockout.tantrix`).

A result form (R16-R19) is a report row whose detail also holds `"form"`: the player who filed
it, the status option ("N", "1".."8"), the R19 text and when the game ended
(`{"player": "P01", "status": "5", "finish_when": null, "ended_at": "2026-..."}`). The first
form of a game is its report; the other player's form is a confirmation when the two agree
and a dispute when a controller must look (`app.tantrix`). `forms_of` reads them back.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction

from django.utils.translation import gettext

from mashindano.app.error_texts import shown
from mashindano.app.formats.base import ParsedResult
from mashindano.engine.errors import IllegalResult, MashindanoError
from mashindano.engine.knockout.parameters import TantrixKnockoutParameters
from mashindano.engine.knockout.result_forms import StatusOption
from mashindano.engine.knockout.tantrix import (
    TileScore,
    convert_tile_score,
    enter_game_tps,
    tp_formula_by_name,
)
from mashindano.engine.matches import GamePoints
from mashindano.engine.model import CompetitorId, GameResult, Outcome
from mashindano.engine.points import Points, format_points
from mashindano.store.facts import GameFact, Json, ReportKind, ResultDetail

TP = "tp"
ENTERED_TP = "entered_tp"
TILES = "tiles"
PENALTIES = "penalties"
END = "end"
END_DEFAULT = "default"
END_RESIGNED = "resigned"
ENDS = (END_DEFAULT, END_RESIGNED)
FORM = "form"

_INPUT_KEYS = frozenset({TP, TILES, PENALTIES, END})
_FORFEITS = (GameResult.FIRST_WINS_BY_FORFEIT, GameResult.SECOND_WINS_BY_FORFEIT)
_TP_PAIR = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[-–]\s*(\d+(?:\.\d+)?)\s*$")
_RESULT_OF = {
    Outcome.WIN: GameResult.FIRST_WINS,
    Outcome.DRAW: GameResult.DRAW,
    Outcome.LOSS: GameResult.SECOND_WINS,
}


def tp_text(value: Points) -> str:
    """An exact TP value as text: decimals when they end ("12.4", "7.25"), else a fraction."""
    shown = format_points(value)
    return shown if Fraction(shown) == value else f"{value.numerator}/{value.denominator}"


def detail_tps(detail: ResultDetail | None) -> GamePoints | None:
    """The TPs stored with a game (first player's first), or None (a forfeit, no result)."""
    if detail is None:
        return None
    pair = detail.get(TP)
    if not isinstance(pair, list) or len(pair) != 2:
        return None
    return Fraction(str(pair[0])), Fraction(str(pair[1]))


def forfeit_end(detail: ResultDetail | None) -> str:
    """How a forfeit ended the match: "default" unless the report says "resigned"."""
    end = detail.get(END) if detail is not None else None
    return end if isinstance(end, str) and end in ENDS else END_DEFAULT


def parse_tantrix_report(
    text: str,
    detail: ResultDetail | None,
    *,
    game: GameFact,
    parameters: TantrixKnockoutParameters,
) -> ParsedResult:
    """The result and normalised TP detail of one reported game.

    Accepted: TPs as the result text ("12.4-7.6", first player's first); a result code with
    the TPs or tile score in the detail (`{"tp": [...]}` / `{"tiles": [...]}`, optionally
    `"penalties": [a, b]`); "1/2-1/2" alone (an even split); "+-" / "-+" with an optional
    `{"end": "resigned"}` (the losing side defaulted or resigned the match).
    """
    where = game.label
    given = dict(detail or {})
    unknown = sorted(set(given) - _INPUT_KEYS)
    if unknown:
        raise IllegalResult(
            gettext(
                "{where}: unknown result detail {value} (a Tantrix game "
                "takes tp, tiles and penalties, or end with a forfeit)"
            ).format(where=where, value=", ".join(unknown)),
            round=game.round,
            board=game.board,
        )
    code = _result_code(text)
    if code is None:
        if TP in given or TILES in given:
            raise IllegalResult(
                gettext("{where}: the TPs are given twice (in {text!r} and in the detail)").format(
                    where=where, text=text
                ),
                round=game.round,
                board=game.board,
            )
        given[TP] = list(_tp_pair_of_text(text, where))
    elif code in _FORFEITS:
        return _forfeit(code, given, where)
    elif not code.is_played:
        raise IllegalResult(
            gettext(
                "{where}: {value!r} is not a knockout result; a game is won, "
                "drawn or forfeited by one player (+- or -+)"
            ).format(where=where, value=code.value),
            round=game.round,
            board=game.board,
        )
    if END in given:
        raise IllegalResult(
            gettext("{where}: 'end' goes only with a forfeit (+- or -+)").format(where=where)
        )
    return _played(code, given, game.number, parameters, where)


def _played(
    code: GameResult | None,
    given: dict[str, Json],
    number: int,
    parameters: TantrixKnockoutParameters,
    where: str,
) -> ParsedResult:
    penalties = _pair(given.get(PENALTIES, [0, 0]), PENALTIES, where, _whole)
    outcome = code.outcome_for_first() if code is not None else None
    penalised = penalties != (0, 0)
    stored: dict[str, Json] = {}
    if TILES in given:
        if TP in given:
            raise IllegalResult(
                gettext("{where}: give the TPs or the tile score, not both").format(where=where)
            )
        tiles = _pair(given[TILES], TILES, where, _whole)
        score = TileScore(tiles[0], tiles[1], penalties[0], penalties[1])
        if outcome is not None and score.outcome_for_a is not outcome:
            raise IllegalResult(
                gettext(
                    "{where}: the tile score {value}-{value2} does not match the result {value3}"
                ).format(
                    where=where,
                    value=tiles[0],
                    value2=tiles[1],
                    value3=code.value if code is not None else "",
                )
            )
        with _naming(where):
            tps = convert_tile_score(
                score,
                formula=tp_formula_by_name(parameters.tp_formula),
                tp_per_game=parameters.tp_per_game,
                tp_per_penalty=parameters.time_penalty_tp,
                game=number,
            )
        result = code if code is not None else _RESULT_OF[score.outcome_for_a]
        stored[TILES] = [str(t) for t in tiles]
    else:
        if TP in given:
            entered = _pair(given[TP], TP, where, _points)
        elif code is GameResult.DRAW:
            half = parameters.tp_per_game / 2
            entered = (half, half)
        else:
            raise IllegalResult(
                gettext(
                    "{where}: a Tantrix game needs its TPs: report them as the result "
                    "(e.g. 12.4-7.6) or give them in the detail "
                    '(--detail \'{{"tp": ["12.4", "7.6"]}}\')'
                ).format(where=where)
            )
        with _naming(where):
            tps = enter_game_tps(
                entered,
                game=number,
                outcome_for_a=outcome,
                penalties_a=penalties[0],
                penalties_b=penalties[1],
                tp_per_game=parameters.tp_per_game,
                tp_per_penalty=parameters.time_penalty_tp,
            )
        result = code if code is not None else _result_by_tps(entered)
        if penalised:
            stored[ENTERED_TP] = [tp_text(entered[0]), tp_text(entered[1])]
    if penalised:
        stored[PENALTIES] = [str(penalties[0]), str(penalties[1])]
    return ParsedResult(
        result,
        {TP: [tp_text(Fraction(tps[0])), tp_text(Fraction(tps[1]))], **stored},
    )


@contextmanager
def _naming(where: str) -> Iterator[None]:
    """The engine's refusals say "game N"; the app's name the round and board too."""
    try:
        yield
    except MashindanoError as exc:
        raise IllegalResult(
            gettext("{where}: {message}").format(where=where, message=shown(exc)), **exc.params
        ) from None


def _forfeit(code: GameResult, given: dict[str, Json], where: str) -> ParsedResult:
    if set(given) - {END}:
        raise IllegalResult(
            gettext("{where}: a forfeit ({value}) has no TPs or tiles").format(
                where=where, value=code.value
            )
        )
    end = given.get(END, END_DEFAULT)
    if end not in ENDS:
        raise IllegalResult(
            gettext("{where}: 'end' is {value}, got {end!r}").format(
                where=where, value=" or ".join(ENDS), end=end
            ),
            end=str(end),
            ends=ENDS,
        )
    return ParsedResult(code, {END: end})


def _result_code(text: str) -> GameResult | None:
    try:
        return GameResult.parse(text)
    except IllegalResult:
        return None


def _result_by_tps(tps: GamePoints) -> GameResult:
    if tps[0] > tps[1]:
        return GameResult.FIRST_WINS
    if tps[0] < tps[1]:
        return GameResult.SECOND_WINS
    return GameResult.DRAW


def _tp_pair_of_text(text: str, where: str) -> tuple[str, str]:
    found = _TP_PAIR.match(text)
    if found is None:
        raise IllegalResult(
            gettext(
                "{where}: {text!r} is neither a result (1-0, 1/2-1/2, 0-1, "
                "+-, -+) nor TPs such as 12.4-7.6"
            ).format(where=where, text=text),
            text=text,
        )
    return found.group(1), found.group(2)


def _pair[T](value: Json, name: str, where: str, read: Callable[[Json], T]) -> tuple[T, T]:
    kind = "whole numbers from 0" if read is _whole else "numbers"
    if not isinstance(value, list) or len(value) != 2:
        raise IllegalResult(
            gettext("{where}: {name} must be a pair [first, second], got {value!r}").format(
                where=where, name=name, value=value
            )
        )
    try:
        return read(value[0]), read(value[1])
    except (ValueError, ZeroDivisionError):
        raise IllegalResult(
            gettext("{where}: {name} must be two {kind}, got {value!r}").format(
                where=where, name=name, kind=kind, value=value
            )
        ) from None


def _points(value: Json) -> Points:
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise ValueError(value)
    # A JSON number is read by its shortest text (12.4, not the binary float), so it stays exact.
    return Fraction(str(value).strip())


def _whole(value: Json) -> int:
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise ValueError(value)
    number = int(str(value).strip())
    if number < 0:
        raise ValueError(value)
    return number


# -- result forms (R16-R19) --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FiledForm:
    """One player's stored result form for one game; TPs from the game's first player's side."""

    player: CompetitorId
    status: StatusOption
    finish_when: str | None
    ended_at: datetime
    """When the game ended, as the form says (the filing time when not given): R16's clock."""
    submitted_at: datetime
    tps: GamePoints
    kind: ReportKind


def form_detail(
    parsed: ParsedResult,
    player: CompetitorId,
    status: StatusOption,
    finish_when: str | None,
    ended_at: datetime,
) -> ResultDetail:
    """The detail a form row stores: the game's TPs as read, plus the form itself."""
    form: dict[str, Json] = {
        "player": player,
        "status": status.option,
        "finish_when": finish_when.strip() if finish_when and finish_when.strip() else None,
        "ended_at": ended_at.isoformat(),
    }
    return {**(parsed.detail or {}), FORM: form}


def forms_of(game: GameFact) -> tuple[FiledForm, ...]:
    """The forms filed for a game since its latest ruling or correction (a controller's
    decision settles the forms before it), oldest first."""
    forms: list[FiledForm] = []
    for report in game.reports:
        if report.kind in (ReportKind.RULING, ReportKind.CORRECTION):
            forms.clear()
            continue
        form = report.detail.get(FORM) if report.detail is not None else None
        tps = detail_tps(report.detail)
        if not isinstance(form, dict) or tps is None:
            continue
        finish_when = form.get("finish_when")
        ended_at = form.get("ended_at")
        forms.append(
            FiledForm(
                player=CompetitorId(str(form.get("player"))),
                status=StatusOption.parse(str(form.get("status", "N"))),
                finish_when=finish_when if isinstance(finish_when, str) else None,
                ended_at=(
                    datetime.fromisoformat(ended_at) if isinstance(ended_at, str) else report.at
                ),
                submitted_at=report.at,
                tps=tps,
                kind=report.kind,
            )
        )
    return tuple(forms)
