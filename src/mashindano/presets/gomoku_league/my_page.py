"""The league's part in "my page": every open month's matches (not only the latest), the R47
window in which a reported result may be answered, and the leaves left this year (R48)."""

from __future__ import annotations

from datetime import datetime

from django.utils.translation import gettext_lazy as _

from mashindano.app.documents.me import MyPageHooks
from mashindano.engine.model import CompetitorId
from mashindano.presets.gomoku_league.due import gomoku_final_at
from mashindano.presets.gomoku_league.history import first_league_month, league_event_parameters
from mashindano.store.facts import EventFacts, GameFact


def confirm_window(facts: EventFacts, game: GameFact) -> datetime | None:
    league = league_event_parameters(facts.parameters).league
    return gomoku_final_at(game, league.dispute_window_hours)


def leaves_left(facts: EventFacts, me: CompetitorId, now: datetime) -> int | None:
    parameters = league_event_parameters(facts.parameters)
    first = first_league_month(facts, parameters, now)
    if first is None:
        return None
    year = now.year
    taken = sum(
        1
        for leave in facts.leaves
        if leave.competitor == me
        for number in range(leave.from_round, leave.to_round + 1)
        if first.plus(number - 1).year == year
    )
    return max(0, parameters.league.max_leaves_per_year - taken)


MY_PAGE = MyPageHooks(
    every_round=True,
    confirm_window=confirm_window,
    leaves_left=leaves_left,
    # a league month away is a leave, not a bye worth points (R48)
    action_values={"player.leave": {"half": "false"}},
    leave_label=_("Take leave"),
)
