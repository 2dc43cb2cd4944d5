"""Tantrix results in Tantrix words (shared/spec/tantrix-knockout.md R4, R16-R24, A10): each
player's result form as a controller sees it (the TPs and the status option), the reasons of a
controller review in words, a ruling typed as TPs (checked by the Tantrix rules when it is
recorded: 20 TPs a game, R4/R5), and a game's TPs by name in a confirmation."""

from __future__ import annotations

import re

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from mashindano.app.documents.result_terms import Claim, Names, ResultTerms, RulingInput
from mashindano.engine.knockout.result_forms import ReviewReason, StatusOption
from mashindano.engine.model import GameResult
from mashindano.presets.tantrix_knockout.results import (
    END_RESIGNED,
    detail_tps,
    forfeit_end,
    forms_of,
    tp_text,
)
from mashindano.store.facts import EventFacts, GameFact, ResultDetail

_STATUS_WORDS = {
    StatusOption.NOT_RELEVANT: _("no status (not the last standard game)"),
    StatusOption.NORMAL: _("match over: 5 TPs or more apart"),
    StatusOption.CONTINUE_NOW: _("tiebreak played now"),
    StatusOption.CONTINUE_LATER: _("tiebreak later"),
    StatusOption.NOTHING_AGREED: _("tiebreak, nothing agreed yet"),
    StatusOption.UNSURE: _("unsure: asks a controller to check the gap"),
    StatusOption.DISPUTE: _("disputes: writing to the controller"),
    StatusOption.RULE_WAIVED: _("decisive rule waived (opt-out)"),
    StatusOption.RESIGN: _("resigns the match"),
}

_REASON_WORDS = {
    ReviewReason.CONFLICTING_TPS.value: _("The two forms give different TPs."),
    ReviewReason.CONFLICTING_STATUS.value: _(
        "The two forms say different things about the match (R24)."
    ),
    ReviewReason.STATUS_CONTRADICTS_TPS.value: _(
        "A form's status does not fit the TPs (5 TPs apart ends the match)."
    ),
    ReviewReason.OPT_OUT_NOT_RECORDED.value: _(
        "Option 7 without an opt-out agreement on record (R15)."
    ),
    ReviewReason.UNSURE.value: _("A player is unsure whether the gap is below 5 TPs (R21)."),
    ReviewReason.DISPUTE.value: _("A player disputes the result and writes to the controller."),
}
_DIFFER = "the form's TPs differ from the reported result"
_CODE = re.compile(r"[a-z]+(?:-[a-z]+)+")


def reason_text(reason: str) -> str:
    """A stored review ("game 2 (TPs 10-10): conflicting-tps, conflicting-status") in words;
    a reason typed by a person is kept as typed."""
    said: list[str] = []
    if _DIFFER in reason:
        said.append(gettext("The form's TPs differ from the result already reported."))
    review = reason.rsplit(":", 1)[-1]
    codes = [c for c in _CODE.findall(review) if c in _REASON_WORDS]
    said.extend(str(_REASON_WORDS[c]) for c in codes)
    return " ".join(said) if said else reason


def claims(facts: EventFacts, game: GameFact, names: Names) -> tuple[Claim, ...]:
    """Each player's form: the TPs (the game's first-listed player's first) and the status."""
    first, second = names.get(game.first, game.first), names.get(game.second, game.second)
    found = [
        Claim(
            names.get(form.player, form.player),
            f"{tp_text(form.tps[0])}-{tp_text(form.tps[1])}",
            gettext("TPs, {first} then {second}; option {option}: {status}").format(
                first=first,
                second=second,
                option=form.status.option,
                status=_STATUS_WORDS[form.status],
            ),
        )
        for form in forms_of(game)
    ]
    if found:
        return tuple(found)
    return tuple(  # reported without a form (an arbiter's grid, the command line)
        Claim(report.actor, *_tps_words(report.result, report.detail, first, second))
        for report in game.reports
        if report.result is not None
    )


def _tps_words(
    result: GameResult, detail: ResultDetail | None, first: str, second: str
) -> tuple[str, str]:
    tps = detail_tps(detail)
    if tps is not None:
        return (
            f"{tp_text(tps[0])}-{tp_text(tps[1])}",
            gettext("TPs, {first} then {second}").format(first=first, second=second),
        )
    if result.is_forfeit:
        loser = second if result is GameResult.FIRST_WINS_BY_FORFEIT else first
        if forfeit_end(detail) == END_RESIGNED:
            return result.value, gettext("{player} resigned the match").format(player=loser)
        return result.value, gettext("{player} loses the match by default").format(player=loser)
    return result.value, ""


def ruling(game: GameFact, names: Names) -> RulingInput:
    first, second = names.get(game.first, game.first), names.get(game.second, game.second)
    return RulingInput(
        gettext("TPs of {first} and {second}").format(first=first, second=second),
        help=gettext(
            "Type {first}'s TPs then {second}'s, e.g. 12.4-7.6 (20 TPs a game, R4); "
            "+- or -+ rules a default against {second} or {first}."
        ).format(first=first, second=second),
        placeholder="12.4-7.6",
        pattern=r"\s*[0-9]+([.][0-9]+)?\s*-\s*[0-9]+([.][0-9]+)?\s*|\s*[+]-\s*|\s*-[+]\s*",
    )


def result_words(game: GameFact, names: Names) -> str | None:
    first, second = names.get(game.first, game.first), names.get(game.second, game.second)
    tps = detail_tps(game.detail)
    if tps is not None:
        return gettext("{first} {tp_first} TPs, {second} {tp_second} TPs").format(
            first=first, tp_first=tp_text(tps[0]), second=second, tp_second=tp_text(tps[1])
        )
    if game.result.is_forfeit:
        return _tps_words(game.result, game.detail, first, second)[1] or None
    return None


TERMS = ResultTerms(
    field_help={
        "result": _(
            "The game's TPs, the first-listed player's first, e.g. 12.4-7.6 (20 TPs a game); "
            "+- or -+ for a default."
        ),
        "detail": _(
            'Optional, as JSON: the tile score instead of TPs, e.g. {"tiles": [30, 12]}, '
            'or time penalties, e.g. {"penalties": [1, 0]}.'
        ),
    },
    grid_hint=_(
        "Type the game's TPs, the first-listed player's first (e.g. 12.4-7.6), then Enter."
    ),
    claims=claims,
    reason_text=reason_text,
    ruling=ruling,
    result_words=result_words,
)
