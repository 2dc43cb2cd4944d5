"""Withdrawals, leaves, sanctions, league periods, registration: main refusals."""

from __future__ import annotations

import random

import pytest

from mashindano.app import events
from mashindano.app.conduct import close_period, sanction_player, take_leave, withdraw_player
from mashindano.app.errors import Duplicate, UnknownPlayer, WrongState
from mashindano.app.players import import_players_csv, register_players
from mashindano.app.principals import local
from mashindano.engine.errors import ConfigError, ParseError
from mashindano.engine.model import ByeKind, Competitor, CompetitorId

from .helpers import ACTOR, make_event, play_round, roster

pytestmark = pytest.mark.django_db


def test_import_players_csv_registers_everyone_in_one_write() -> None:
    make_event("sw", "chess-swiss", 0, start=False)
    seen: list[tuple[int, int]] = []
    text = "name,rating,country\nAmani,2100,KEN\nZawadi,2050,TZA\n"
    count = import_players_csv("sw", text, actor=ACTOR, progress=lambda d, t: seen.append((d, t)))
    assert count == 2
    assert seen == [(2, 2)]
    facts = events.get_event_facts("sw")
    assert [(c.name, c.rating, c.country, c.number) for c in facts.competitors] == [
        ("Amani", 2100, "KEN", None),
        ("Zawadi", 2050, "TZA", None),
    ]
    assert facts.version == 2


def test_registration_refusals() -> None:
    make_event("sw", "chess-swiss", 3, start=False)
    with pytest.raises(Duplicate, match="'P01' is already registered in event 'sw'"):
        register_players("sw", roster(1), actor=ACTOR)
    with pytest.raises(Duplicate, match="listed twice"):
        register_players("sw", [Competitor(CompetitorId("X"), "X")] * 2, actor=ACTOR)
    with pytest.raises(ParseError, match="line 3: duplicate player 'A'"):
        import_players_csv("sw", "name\nA\nA\n", actor=ACTOR)
    events.start_event("sw", actor=ACTOR)
    with pytest.raises(WrongState, match="only before it starts"):
        register_players("sw", [Competitor(CompetitorId("Late"), "Late")], actor=ACTOR)
    assert len(events.get_event_facts("sw").competitors) == 3


def test_withdraw_before_the_start_cancels_the_entry() -> None:
    """issue 29 item 3: withdrawing is offered before the start and does what it says: the
    player who joined by mistake leaves (entry cancelled, audit entry kept) and may join
    again; the event starts without them."""
    from django.contrib.auth.models import User

    from mashindano.app.people import principal_for_user
    from mashindano.app.queries import get_audit_log
    from mashindano.app.registrations import join_event

    make_event("sw", "chess-swiss", 3, start=False)
    user = User.objects.create_user("kim", "kim@example.org", "pw")
    kim = principal_for_user(user)
    assert kim is not None
    join_event("sw", actor=kim, name="Kim", rating=1800)
    assert withdraw_player("sw", "Kim", actor=kim, reason="joined by mistake") == 0
    facts = events.get_event_facts("sw")
    assert [c.name for c in facts.competitors] == ["P01", "P02", "P03"]
    last = get_audit_log("sw")[-1]
    assert last.action == "player.withdraw"
    assert last.actor == "kim"
    assert last.after == {
        "player": "Kim",
        "cancelled": "before the start",
        "reason": "joined by mistake",
    }
    with pytest.raises(UnknownPlayer):
        withdraw_player("sw", "Kim", actor=ACTOR)
    join_event("sw", actor=kim, name="Kim", rating=1800)  # joins again
    events.start_event("sw", actor=ACTOR)
    assert len(events.get_event_facts("sw").competitors) == 4


def test_withdraw_refusals() -> None:
    make_event("sw", "chess-swiss", 4, start=False)
    events.start_event("sw", actor=ACTOR)
    with pytest.raises(UnknownPlayer, match="no player 'P1' \\(did you mean"):
        withdraw_player("sw", "P1", actor=ACTOR)
    play_round("sw", random.Random(1))
    with pytest.raises(WrongState, match="round 1 of event 'sw' is already paired"):
        withdraw_player("sw", "P01", actor=ACTOR, from_round=1)
    assert withdraw_player("sw", "4", actor=ACTOR) == 2  # by number
    with pytest.raises(Duplicate, match="already withdrawn"):
        withdraw_player("sw", "P04", actor=ACTOR)


def test_leave_refusals() -> None:
    make_event("sw", "chess-swiss", 4, swiss_rounds="3")
    play_round("sw", random.Random(1))
    with pytest.raises(WrongState, match="rounds not yet paired"):
        take_leave("sw", "P01", 1, actor=ACTOR)
    take_leave("sw", "P01", 2, actor=ACTOR, to_round=3)
    with pytest.raises(Duplicate, match="already has leave for rounds 2 to 3"):
        take_leave("sw", "P01", 3, actor=ACTOR)
    with pytest.raises(WrongState, match="zero-point \\(Z\\) or half-point \\(H\\)"):
        take_leave("sw", "P02", 2, actor=ACTOR, bye_kind=ByeKind.FULL_POINT)
    make_event("rr", "chess-round-robin", 4)
    with pytest.raises(WrongState, match="round-robin: there is no leave"):
        take_leave("rr", "P01", 1, actor=ACTOR)


def test_sanctions_are_recorded_with_reason_and_refused_without() -> None:
    make_event("sw", "chess-swiss", 4)
    sanction_player("sw", "P02", "warning", actor=local("arbiter"), reason="phone rang")
    facts = events.get_event_facts("sw")
    assert [(s.competitor, s.kind, s.reason) for s in facts.sanctions] == [
        ("P02", "warning", "phone rang")
    ]
    with pytest.raises(ParseError, match="needs a reason"):
        sanction_player("sw", "P02", "warning", actor=local("arbiter"), reason="")
    with pytest.raises(ConfigError, match="unknown sanction 'yellow-card'"):
        sanction_player("sw", "P02", "yellow-card", actor=local("arbiter"), reason="x")
    with pytest.raises(UnknownPlayer):
        sanction_player("sw", "Nobody", "warning", actor=local("arbiter"), reason="x")


def test_chess_has_no_league_month_to_close() -> None:
    make_event("sw", "chess-swiss", 4)
    with pytest.raises(WrongState, match="has no league periods to close"):
        close_period("sw", 1, actor=ACTOR)
