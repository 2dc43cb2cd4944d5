"""The league's agreed match times (R22, R40, R43): the answer limit, what an unanswered
proposal is evidence of (a sign of disinterest, R40), and the challenge rule (R43: days 15-25
of the match's month, to an opponent who shows disinterest). The rules are the engine's
(`engine.gomoku.challenges`); this part reads the event's facts for them."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from mashindano.app.match_times import AgreedTimesPart, ChallengeAsk
from mashindano.engine.gomoku.challenges import (
    PROPOSAL_ANSWER_LIMIT,
    check_challenge,
    shows_disinterest,
)
from mashindano.presets.gomoku_league.history import (
    DISINTEREST,
    first_league_month,
    league_event_parameters,
    sanction_month,
)


def challenge(ask: ChallengeAsk) -> None:
    """R43: refuse a challenge outside days 15-25 of the match's month (month N of the league
    is its round N), or to an opponent neither flagged this month (R40) nor silent on a
    proposal of this match."""
    parameters = league_event_parameters(ask.facts.parameters)
    first = first_league_month(ask.facts, parameters, ask.at)
    assert first is not None  # a paired match has a month
    month = first.plus(ask.where.round - 1)
    flagged = any(
        s.competitor == ask.opponent
        and s.kind == DISINTEREST
        and sanction_month(ask.facts, s) == ask.where.round
        for s in ask.facts.sanctions
    )
    check_challenge(
        month,
        ask.at,
        ask.opponent,
        shows_disinterest=flagged or shows_disinterest(ask.times, ask.opponent),
        parameters=parameters.league,
    )


AGREED_TIMES = AgreedTimesPart(
    answer_limit=lambda facts: PROPOSAL_ANSWER_LIMIT,
    evidence=_("a sign of disinterest (R40)"),
    challenge=challenge,
)
