"""The knockout's agreed times (R20-R22, A5, A9): the tiebreak games of a match left without a
time (option 4, or a controller's reply to option 5 or 6) are arranged by proposals of times.
A proposal is an offer of dates (R20, R21) and an acceptance or counter-proposal a
constructive reply (R22); they count beside the offers and replies recorded from e-mails
(`tantrix.offer`, `tantrix.reply`), in `use_cases.follow_up_of`. A proposal left unanswered
past the reply limit (48 hours) loses the match by default (A9), which `due` derives."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.utils.translation import gettext_lazy as _

from mashindano.app.bulk_results import MatchRef
from mashindano.app.errors import UnknownGame
from mashindano.app.match_times import AgreedTimesPart
from mashindano.presets.tantrix_knockout.adapter import knockout_parameters
from mashindano.store.facts import EventFacts


def reply_limit(facts: EventFacts) -> timedelta:
    return timedelta(hours=knockout_parameters(facts.parameters).reply_limit_hours)


def tiebreak_to_arrange(facts: EventFacts, where: MatchRef, now: datetime) -> bool:
    """Times are agreed only for tiebreak games waiting to be arranged (R20, R21)."""
    from mashindano.presets.tantrix_knockout import use_cases

    match = use_cases.MatchWhere(where.round, where.board, where.stage)
    try:
        encounter = use_cases.encounter_at(facts, match)
    except UnknownGame:
        return False
    view = use_cases.view_of(facts, match, encounter)
    return use_cases.follow_up_of(facts, match, view) is not None


AGREED_TIMES = AgreedTimesPart(
    answer_limit=reply_limit,
    evidence=_("a reply missed: the match is lost by default (R22, A9)"),
    wanted=tiebreak_to_arrange,
)
