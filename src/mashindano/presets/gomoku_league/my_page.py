"""The league's part in "my page": every open month's matches (not only the latest), the R47
window in which a reported result may be answered, and the leaves left this year (R48).

A match is reported once, as its score in games won ("3-1", `result.match`: the games follow
from it), not game by game (R29, R45, A21); it is offered only from the time the match may be
played (R21, A14: the lower third and the month's newcomers wait until registration closes
after day 7), and until then my page says when it opens."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from mashindano.app.documents.me import LATER, REPORT, MyPageHooks, OpenAction
from mashindano.engine.gomoku.closing import reports_close_at
from mashindano.engine.model import CompetitorId
from mashindano.presets.gomoku_league.due import gomoku_final_at
from mashindano.presets.gomoku_league.history import (
    derive_history,
    first_league_month,
    league_event_parameters,
)
from mashindano.store.facts import EventFacts, GameFact, ResultStatus

MATCH_REPORT = "result.match"


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


def match_reports(
    facts: EventFacts, me: CompetitorId, now: datetime, allowed: frozenset[str]
) -> Iterator[OpenAction]:
    """One report per unreported match of an open month: offered once the match may be played
    (R21), due when the month's reports close (R45, A21); before that, when it opens."""
    if MATCH_REPORT not in allowed:
        return
    parameters = league_event_parameters(facts.parameters)
    history = derive_history(facts, parameters, now)
    names = {c.id: c.name for c in facts.competitors}
    for record in history.months:
        if record.is_closed or record.round is None:
            continue
        closes = reports_close_at(record.month, parameters.league)
        for encounter in record.round.encounters:
            second = encounter.second
            if second is None or me not in (encounter.first, second):
                continue
            if any(g.status is not ResultStatus.PENDING or g.reports for g in encounter.games):
                continue  # reported (or ruled) already: its games are answered one by one
            if now >= closes:
                continue
            planned = record.planned_match(encounter.first, second)
            opens = planned.may_play_from if planned is not None else None
            opponent = names.get(second if encounter.first == me else encounter.first, "")
            fixed = {"round": str(record.number), "board": str(encounter.board)}
            place = {
                "opponent": opponent,
                "number": record.number,
                "board": encounter.board,
                "first": names.get(encounter.first, str(encounter.first)),
            }
            if opens is not None and now < opens:
                yield OpenAction(
                    LATER,
                    facts.slug,
                    facts.name,
                    gettext(
                        "your match against {opponent} (month {number}, board {board}) "
                        "can be reported once it may be played (R21)"
                    ).format(**place),
                    "",
                    fixed,
                    opens=opens,
                )
                continue
            yield OpenAction(
                REPORT,
                facts.slug,
                facts.name,
                gettext(
                    "report your match against {opponent} (month {number}, board {board}) "
                    "as games won, {first}'s first: e.g. 3-1"
                ).format(**place),
                MATCH_REPORT,
                fixed,
                closes,
            )


MY_PAGE = MyPageHooks(
    every_round=True,
    report_games=False,
    event_actions=match_reports,
    confirm_window=confirm_window,
    leaves_left=leaves_left,
    # a league month away is a leave, not a bye worth points (R48)
    action_values={"player.leave": {"half": "false"}},
    leave_label=_("Take leave"),
)
