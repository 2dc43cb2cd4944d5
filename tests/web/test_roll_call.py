"""The roll call through the views (issue 33 item 2): the player's check-in button on their
page, the arbiter's roll-call page (by name, by board) and its tick buttons, and a late entry
with its note in the public standings (item 3)."""

from __future__ import annotations

import html
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth.models import User
from django.test import Client

from mashindano.app import events, people, players
from mashindano.app.principals import local
from mashindano.engine.model import ByeKind, Competitor, CompetitorId
from mashindano.store import models

pytestmark = pytest.mark.django_db

ACTOR = local("organiser")
T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


@contextmanager
def clock(moment: datetime) -> Iterator[None]:
    with mock.patch("django.utils.timezone.now", return_value=moment):
        yield


def client_for(name: str) -> Client:
    user = User.objects.filter(username=name).first() or User.objects.create_user(name)
    client = Client()
    client.force_login(user)
    return client


def body(answer: Any) -> str:
    return html.unescape(answer.content.decode())


def club(**parameters: str) -> None:
    events.create_event("club", "chess-swiss", actor=ACTOR, parameters=parameters, seed=3, now=T0)
    roster = [
        Competitor(CompetitorId(name), name, rating=2000 - 10 * n)
        for n, name in enumerate(["Zuri", "Amani", "Baraka", "Neema"])
    ]
    players.register_players("club", roster, actor=ACTOR, now=T0)
    events.start_event("club", actor=ACTOR, now=T0)
    User.objects.create_user("zuri")
    people.link_entry("club", "Zuri", "zuri", actor=ACTOR, now=T0)
    User.objects.create_user("arif")
    people.grant_role("club", "arif", "arbiter", actor=ACTOR, now=T0)


def test_the_player_checks_in_with_one_button() -> None:
    club(check_in="yes")
    player = client_for("zuri")
    with clock(T0):
        page = body(player.get("/me/"))
        assert "Check in for round 1" in page
        assert "Not checked in when round 1 is paired: zero-point bye." in page
        answer = player.post("/me/e/club/do/player.check_in/", {"present": "yes"})
        assert answer.status_code == 302
        page = body(player.get("/me/"))
    assert "You are checked in for round 1." in page
    mark = models.Presence.objects.get()
    assert (mark.entry.key, mark.round, mark.present, mark.actor) == ("Zuri", 1, True, "zuri")


def test_no_button_without_check_in() -> None:
    club()
    with clock(T0):
        page = body(client_for("zuri").get("/me/"))
    assert "Check in for round" not in page
    assert "Roll call" not in body(client_for("arif").get("/console/club/"))


def test_the_arbiter_ticks_on_the_roll_call_by_name_and_by_board() -> None:
    club(check_in="yes")
    arbiter = client_for("arif")
    with clock(T0):
        desk = body(arbiter.get("/console/club/"))
        assert "Roll call" in desk
        page = body(arbiter.get("/console/club/roll-call/"))
        assert "Roll call: round 1" in page
        names = [n for n in ("Amani", "Baraka", "Neema", "Zuri") if n in page]
        assert sorted(names, key=page.index) == ["Amani", "Baraka", "Neema", "Zuri"]
        answer = arbiter.post("/console/club/roll-call/?order=board", {"player": "Neema"})
        assert answer.status_code == 302
        assert answer["Location"].endswith("?order=board")
        page = body(arbiter.get("/console/club/roll-call/?order=board"))
    assert "1 present, 3 not checked in" in page
    assert "(arif," in page
    with clock(T0 + timedelta(minutes=1)):
        arbiter.post("/console/club/roll-call/", {"player": "Neema", "present": "no"})
    assert events.get_event_facts("club").present_for(1) == frozenset()
    # The player may not take the roll call.
    assert client_for("zuri").get("/console/club/roll-call/").status_code == 403


def test_a_late_entry_shows_its_missed_rounds_in_the_standings() -> None:
    from mashindano.app.results import GameRef, report_result
    from mashindano.app.rounds import pair_next_round

    club(late_entries="yes", late_entry_rounds="half-point", swiss_rounds="3")
    for number in (1, 2):
        published = pair_next_round("club", actor=ACTOR, now=T0)
        for game in published.games():
            report_result("club", GameRef(number, game.board), "1-0", actor=ACTOR, now=T0)
    players.register_players(
        "club", [Competitor(CompetitorId("Late"), "Late")], actor=ACTOR, now=T0
    )
    page = body(Client().get("/e/club/standings/"))
    assert "Late" in page
    assert "late entry from round 3: rounds 1-2 half a point each" in page


def test_tasaselo_takes_the_same_roll_call_and_shows_absences_and_late_entries() -> None:
    """The one mechanism in another preset (shared/spec/tasaselo.md R4, R5, A1): the player's
    button, the arbiter's roll call, the absent player's bye in the published round, a late
    entry's note in the public standings."""
    from mashindano.app.results import GameRef, report_result
    from mashindano.app.rounds import pair_next_round

    parameters = {"rounds": "3", "check_in": "yes", "late_entry_rounds": "half-point"}
    events.create_event("ts", "tasaselo", actor=ACTOR, parameters=parameters, seed=3, now=T0)
    names = ["Zuri", "Amani", "Baraka", "Neema", "Omari", "Pendo", "Rehema"]
    roster = [
        Competitor(CompetitorId(name), name, rating=2000 - 10 * n) for n, name in enumerate(names)
    ]
    players.register_players("ts", roster, actor=ACTOR, now=T0)
    events.start_event("ts", actor=ACTOR, now=T0)
    User.objects.create_user("zuri")
    people.link_entry("ts", "Zuri", "zuri", actor=ACTOR, now=T0)
    User.objects.create_user("arif")
    people.grant_role("ts", "arif", "arbiter", actor=ACTOR, now=T0)
    player, arbiter = client_for("zuri"), client_for("arif")
    with clock(T0):
        assert "Check in for round 1" in body(player.get("/me/"))
        assert player.post("/me/e/ts/do/player.check_in/", {"present": "yes"}).status_code == 302
        assert "Roll call: round 1" in body(arbiter.get("/console/ts/roll-call/"))
        for name in names[1:-1]:
            arbiter.post("/console/ts/roll-call/", {"player": name})
        assert "6 present, 1 not checked in" in body(arbiter.get("/console/ts/roll-call/"))
    first = pair_next_round("ts", actor=ACTOR, now=T0)
    byes = [(str(e.first), e.bye_kind) for e in first.encounters if e.second is None]
    assert byes == [("Rehema", ByeKind.ZERO_POINT)]  # six present: three boards, no ghost
    assert "Rehema" in body(Client().get("/e/ts/round/1/"))
    for game in first.games():
        report_result("ts", GameRef(1, game.board), "1-0", actor=ACTOR, now=T0)
    players.register_players(
        "ts", [Competitor(CompetitorId("Late"), "Late", rating=1900)], actor=ACTOR, now=T0
    )
    standings = body(Client().get("/e/ts/standings/"))
    assert "late entry from round 2: round 1 half a point each" in standings
