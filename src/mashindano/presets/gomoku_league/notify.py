"""The league's part in the notifications: a month's pairings are not mailed when published
(they go out on day 1 or day 8, by the league's deadline hook, R21), and a report's mail says
until when the opponent may answer (R47)."""

from __future__ import annotations

from datetime import datetime

from mashindano.app.notify import NotifyHooks
from mashindano.engine.gomoku.windows import dispute_closes_at
from mashindano.presets.gomoku_league.history import league_event_parameters
from mashindano.store.facts import EventFacts


def confirm_before(facts: EventFacts, reported_at: datetime) -> datetime:
    league = league_event_parameters(facts.parameters).league
    return dispute_closes_at(reported_at, league)


NOTIFY = NotifyHooks(round_news=False, confirm_before=confirm_before)
