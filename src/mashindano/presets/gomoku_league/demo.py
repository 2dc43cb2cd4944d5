"""The `gomoku-league` demo's steps between months: a league month is closed once its report
and dispute windows have passed, and the next one is paired after its registration closes."""

from __future__ import annotations

from datetime import datetime, timedelta

from mashindano.app import rounds
from mashindano.app.conduct import close_period
from mashindano.app.demo import DEMO_ACTOR, LiveDemo, LivePlan
from mashindano.app.principals import Principal
from mashindano.app.queries import get_event_facts
from mashindano.app.results import GameRef, report_result
from mashindano.engine.gomoku import registration_closes_at
from mashindano.engine.gomoku.months import Month
from mashindano.presets.gomoku_league.history import (
    first_league_month,
    is_month_closed,
    league_event_parameters,
    league_rounds,
)

PLAYING_HOUR = timedelta(hours=9)


def settle_month(slug: str, actor: Principal, clock: datetime) -> datetime:
    """Close the running month (after its windows), then move the clock to the next month's
    day 8, 09:00 UTC, when everyone may play. Returns the clock."""
    facts = get_event_facts(slug)
    parameters = league_event_parameters(facts.parameters)
    published = league_rounds(facts)
    first = first_league_month(facts, parameters, clock)
    assert first is not None
    if published and not is_month_closed(facts, published[-1].number):
        month = first.plus(len(published) - 1)
        windows = parameters.league.result_report_hours + parameters.league.dispute_window_hours
        clock = max(clock, month.ends_at + timedelta(hours=windows))
        close_period(slug, published[-1].number, actor=actor, now=clock)
    if len(published) < parameters.season_months:
        month = first.plus(len(published))
        clock = max(clock, registration_closes_at(month, parameters.league) + PLAYING_HOUR)
    return clock


LIVE_WINDOW = "1-1"
"""The live league's registration window (day 1 only): its month is paired on day 2."""


def live_open_month(live: LiveDemo) -> None:
    """Pair the league month that is open for reports now (this month, once its day-1
    registration has closed; else last month, whose reports are open for 48 h after its end),
    and report about half of its matches since."""
    facts = get_event_facts(live.slug)
    parameters = league_event_parameters(facts.parameters).league
    month = Month.of(live.now.date())
    paired_at = registration_closes_at(month, parameters) + PLAYING_HOUR
    if paired_at > live.now:
        month = month.previous()
        paired_at = registration_closes_at(month, parameters) + PLAYING_HOUR
    published = rounds.pair_next_round(live.slug, actor=DEMO_ACTOR, now=paired_at)
    entrants = {c.id: c for c in live.roster}
    matches = [e for e in published.encounters if e.second is not None]
    reported_at = paired_at + (live.now - paired_at) / 2
    # Whole matches (a match's games are reported within 48 h of its first report, R45).
    for encounter in matches[: len(matches) // 2]:
        for game in encounter.games:
            if game.result.is_decided:
                continue
            where = GameRef(
                published.number, game.board, game.number, published.stage, published.group
            )
            report_result(
                live.slug,
                where,
                live.plan.result(live.rng, game, entrants),
                actor=DEMO_ACTOR,
                now=reported_at,
            )


LIVE = LivePlan(
    "live",
    "Gomoku league (month open for reports)",
    6,
    parameters={"season_months": "3", "registration_window_days": LIVE_WINDOW},
    step=live_open_month,
    age=timedelta(days=40),
    priority=40,
)
