"""Closing a `gomoku-league` month through the use case, on the stored facts: not while a
result of the month may still be reported (R45, A21) or disputed (R47); matches unreported by
then are unplayed (A28)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from mashindano.app import events, players, rounds
from mashindano.app.conduct import close_period
from mashindano.app.errors import OutOfWindow
from mashindano.app.principals import local
from mashindano.app.results import GameRef, confirm_result, report_result
from mashindano.engine.errors import ParseError
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.store import models

pytestmark = pytest.mark.django_db

ACTOR = local("organiser")
TICK = timedelta(microseconds=1)
MARCH_REPORTS_CLOSE = datetime(2026, 4, 3, tzinfo=UTC)
"""Month 1 is March 2026: it ends at 2026-04-01 00:00 UTC, reports close 48 hours later."""


def at(month: int, day: int, hour: int = 10, minute: int = 0) -> datetime:
    return datetime(2026, month, day, hour, minute, tzinfo=UTC)


def start_league(slug: str = "lg", count: int = 6, **parameters: str) -> str:
    """A league whose month 1 (March 2026) is paired on day 8, when everyone may play."""
    events.create_event(slug, "gomoku-league", actor=ACTOR, parameters=parameters, now=at(2, 20))
    entrants = [
        Competitor(CompetitorId(f"P{n}"), f"P{n}", rating=2000 - 10 * n, games_played=500)
        for n in range(1, count + 1)
    ]
    players.register_players(slug, entrants, actor=ACTOR, now=at(2, 20))
    events.start_event(slug, actor=ACTOR, now=at(2, 20))
    rounds.pair_next_round(slug, actor=ACTOR, now=at(3, 8))
    return slug


def closed_periods(slug: str) -> list[int]:
    return list(
        models.PeriodClosure.objects.filter(stage__event__slug=slug).values_list(
            "period", flat=True
        )
    )


def test_R45_A21_month_closes_exactly_48_hours_after_it_ends() -> None:
    start_league()
    with pytest.raises(OutOfWindow) as refused:
        close_period("lg", 1, actor=ACTOR, now=MARCH_REPORTS_CLOSE - TICK)
    message = str(refused.value)
    assert message.startswith(
        "month 1 (2026-03) of event 'lg' cannot close before 2026-04-03T00:00:00+00:00"
    )
    assert "reports for month 1 may arrive until 2026-04-03T00:00:00+00:00" in message
    assert "48 h after the month ends" in message
    assert closed_periods("lg") == []
    close_period("lg", 1, actor=ACTOR, now=MARCH_REPORTS_CLOSE)
    assert closed_periods("lg") == [1]


def test_R45_a_month_cannot_close_while_it_runs() -> None:
    start_league()
    with pytest.raises(OutOfWindow, match="reports for month 1 may arrive until 2026-04-03T00"):
        close_period("lg", 1, actor=ACTOR, now=at(3, 31, 23, 59))
    assert closed_periods("lg") == []


def test_R47_a_validated_result_blocks_closing_until_its_dispute_window_ends() -> None:
    start_league()
    # A match played on the month's last evening, its games reported on 2 April (R45: on time).
    report_result("lg", GameRef(1, 1, 1), "1-0", actor=local("P1"), now=at(4, 1, 18))
    report_result("lg", GameRef(1, 1, 2), "0-1", actor=local("P1"), now=at(4, 2, 20, 30))
    final = at(4, 3, 20, 30)
    with pytest.raises(OutOfWindow) as refused:
        close_period("lg", 1, actor=ACTOR, now=final - TICK)
    message = str(refused.value)
    assert "cannot close before 2026-04-03T20:30:00+00:00" in message
    assert (
        "the result of round 1, board 1, game 2 (P2 - P1) can be disputed until "
        "2026-04-03T20:30:00+00:00" in message
    )
    assert closed_periods("lg") == []
    close_period("lg", 1, actor=ACTOR, now=final)
    assert closed_periods("lg") == [1]


def test_R47_a_confirmed_result_cannot_be_disputed_and_does_not_block() -> None:
    start_league()
    report_result("lg", GameRef(1, 1), "1-0", actor=local("P1"), now=at(4, 2, 20))
    confirm_result("lg", GameRef(1, 1), actor=local("P2"), now=at(4, 2, 21))
    close_period("lg", 1, actor=ACTOR, now=MARCH_REPORTS_CLOSE)
    assert closed_periods("lg") == [1]


def test_A28_a_match_never_reported_does_not_block_and_stays_unplayed() -> None:
    start_league()
    report_result("lg", GameRef(1, 1), "1-0", actor=local("P1"), now=at(3, 10))
    close_period("lg", 1, actor=ACTOR, now=MARCH_REPORTS_CLOSE)
    assert closed_periods("lg") == [1]
    unplayed = rounds.show_round("lg", 1).encounters[1]
    assert all(not game.result.is_decided for game in unplayed.games)
    (table,) = events.event_standings("lg")
    third = next(line for line in table.lines if line.competitor.id == "P3")
    assert third.points == 0  # P3's matches (boards 2 and 3, 5 and 6) were never reported
    with pytest.raises(OutOfWindow, match=r"month 1 \(2026-03\) is closed"):
        report_result("lg", GameRef(1, 2), "1-0", actor=local("P1"), now=MARCH_REPORTS_CLOSE)


def test_R45_windows_follow_the_event_s_parameters() -> None:
    start_league(result_report_hours="72")
    with pytest.raises(OutOfWindow, match=r"until 2026-04-04T00:00:00\+00:00 \(72 h after"):
        close_period("lg", 1, actor=ACTOR, now=at(4, 3, 23))
    close_period("lg", 1, actor=ACTOR, now=at(4, 4, 0))
    assert closed_periods("lg") == [1]


def test_a_naive_closing_time_is_refused() -> None:
    start_league()
    with pytest.raises(ParseError, match="no time zone"):
        close_period("lg", 1, actor=ACTOR, now=datetime(2026, 4, 10))
    assert closed_periods("lg") == []
