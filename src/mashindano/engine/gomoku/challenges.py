"""Agreed match times in the league (R22, R40, R43): the signs of disinterest a match's
proposals show, and the challenge window.

- R22: the two opponents agree a day and time and tell the organiser; the proposals and answers
  are the record (`engine.agreed_times`).
- R40: "not telling opponents when they are available", "not answering opponents' messages"
  and "not answering challenges" are signs of disinterest. A proposal left unanswered past
  `PROPOSAL_ANSWER_HOURS` is such a sign against the player who owed the answer. The sign is
  evidence only: the flag stays the organiser's or referee's judgement (A9).
- R43: challenges may be posted on days 15-25 of the month (`challenge_window_days`), to an
  opponent who shows disinterest: one who left a proposal of the challenger's in this match
  unanswered, or whom the organiser flagged this month. A challenge left unanswered is itself
  a sign (R40, "not answering challenges").

The rule book sets no limit for an answer: 48 hours, the same as for reporting a result (R45),
is the interpretation used here (`PROPOSAL_ANSWER_HOURS`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from mashindano.engine.agreed_times import MatchTimes
from mashindano.engine.errors import IllegalResult
from mashindano.engine.gomoku.months import Month
from mashindano.engine.gomoku.parameters import GOMOKU_LEAGUE, GomokuParameters
from mashindano.engine.gomoku.windows import is_challenge_window
from mashindano.engine.model import CompetitorId

PROPOSAL_ANSWER_HOURS = 48
PROPOSAL_ANSWER_LIMIT = timedelta(hours=PROPOSAL_ANSWER_HOURS)


@dataclass(frozen=True, slots=True)
class DisinterestSign:
    """R40: `player` left `by`'s proposal (or challenge) unanswered past `due`."""

    player: CompetitorId
    by: CompetitorId
    made_at: datetime
    due: datetime
    challenge: bool
    answered_at: datetime | None


def disinterest_signs(times: MatchTimes) -> tuple[DisinterestSign, ...]:
    """R40: each proposal of the match not answered within the limit, against who owed it."""
    return tuple(
        DisinterestSign(
            state.to,
            state.proposal.by,
            state.proposal.made_at,
            state.answer_due,
            state.proposal.challenge,
            state.answer.made_at if state.answer is not None else None,
        )
        for state in times.evidence()
    )


def shows_disinterest(times: MatchTimes, player: CompetitorId) -> bool:
    """Whether `player` left a proposal of this match unanswered within the limit (R40)."""
    return any(sign.player == player for sign in disinterest_signs(times))


def check_challenge(
    month: Month,
    at: datetime,
    opponent: CompetitorId,
    *,
    shows_disinterest: bool,
    parameters: GomokuParameters = GOMOKU_LEAGUE,
) -> None:
    """R43: refuse a challenge outside days 15-25 of the match's month, or to an opponent who
    shows no disinterest (no unanswered proposal, no R40 flag)."""
    window = parameters.challenge_window_days
    if not is_challenge_window(month, at, parameters):
        raise IllegalResult(
            f"challenges may be posted only on days {window.first}-{window.last} of {month} (R43)",
            code="challenge_window",
            first=window.first,
            last=window.last,
            month=str(month),
        )
    if not shows_disinterest:
        raise IllegalResult(
            f"{opponent} shows no disinterest: a challenge follows a proposal left unanswered "
            "or the organiser's flag (R43, R40)",
            code="challenge_no_disinterest",
            player=opponent,
        )
