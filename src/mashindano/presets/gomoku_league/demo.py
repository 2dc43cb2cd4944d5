"""The `gomoku-league` demo's steps between months: a league month is closed once its report
and dispute windows have passed, and the next one is paired after its registration closes."""

from __future__ import annotations

from datetime import datetime, timedelta

from mashindano.app.conduct import close_period
from mashindano.app.principals import Principal
from mashindano.app.queries import get_event_facts
from mashindano.engine.gomoku import registration_closes_at
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
