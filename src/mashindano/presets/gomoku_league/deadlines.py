"""A league match's deadlines: the 48-hour report window and the 24-hour dispute window
(R45, R47, A21; none once the month is closed)."""

from __future__ import annotations

from datetime import datetime

from django.utils.translation import gettext

from mashindano.app.documents.deadlines import Deadline
from mashindano.engine.gomoku.closing import reports_close_at
from mashindano.engine.gomoku.windows import dispute_closes_at, report_deadline
from mashindano.presets.gomoku_league.history import (
    first_league_month,
    is_month_closed,
    league_event_parameters,
)
from mashindano.store.facts import EventFacts, ResultStatus, RoundFact


def round_deadlines(facts: EventFacts, shown: RoundFact, at: datetime) -> tuple[Deadline, ...]:
    parameters = league_event_parameters(facts.parameters)
    first = first_league_month(facts, parameters)
    if first is None or is_month_closed(facts, shown.number):
        return ()  # a closed month is final: nothing is due any more
    month = first.plus(shown.number - 1)
    league = parameters.league
    found: list[Deadline] = []
    for encounter in shown.encounters:
        if encounter.second is None:
            continue
        reported = sorted(r.at for g in encounter.games for r in g.reports if r.result is not None)
        if not reported:
            due = reports_close_at(month, league)
            found.append(
                Deadline(
                    gettext("report of the match"), due, "gomoku-league R45, A21", encounter.board
                )
            )
            continue
        played_at = min(reported[0], month.ends_at)
        due = report_deadline(played_at, league)
        found.append(
            Deadline(
                gettext("reports of the match's games"), due, "gomoku-league R45", encounter.board
            )
        )
        for game in encounter.games:
            if game.status is not ResultStatus.REPORTED:
                continue
            own = min(r.at for r in game.reports if r.result is not None)
            found.append(
                Deadline(
                    gettext("confirmation or dispute of the reported result"),
                    dispute_closes_at(own, league),
                    "gomoku-league R47",
                    encounter.board,
                    game.number,
                )
            )
    return tuple(found)
