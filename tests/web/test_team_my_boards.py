"""A player's own boards in a team event (/me/e/<slug>/boards/, issue 32): the board's player
reports it, the other side's player confirms or disputes it (with a reason), each form one
declared action; a refused form writes nothing and says why next to it; the page is for the
players on a roster only, and /me/ links to it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client

from mashindano.app import events, players
from mashindano.app.principals import local
from mashindano.app.teams.lineups import submit_lineup
from mashindano.app.teams.setup import create_team, pair_team_round, set_roster, set_team_mode
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.store import models

pytestmark = pytest.mark.django_db

ACTOR = local("organiser")
T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
PAGE = "/me/e/league/boards/"


def client_for(name: str) -> Client:
    user = User.objects.filter(username=name).first() or User.objects.create_user(name)
    client = Client()
    client.force_login(user)
    return client


def _event(*, lineups: bool = True) -> None:
    """Lions (P1-P5) v Tigers (P6-P10) on 4 boards; P1 and P6 (board 1) and P2 linked to the
    accounts p1, p6, p2; both line-ups in (roster order) unless `lineups` is False."""
    events.create_event("league", "chess-round-robin", actor=ACTOR, now=T0)
    players.register_players(
        "league",
        [Competitor(CompetitorId(f"P{n}"), f"Player {n}", rating=2000 - n) for n in range(1, 11)],
        actor=ACTOR,
        now=T0,
    )
    set_team_mode("league", actor=ACTOR, boards=4, now=T0)
    for number, name in ((1, "Lions"), (2, "Tigers")):
        create_team("league", name, actor=ACTOR, now=T0)
        first = 5 * (number - 1) + 1
        keys = [f"P{n}" for n in range(first, first + 5)]
        set_roster("league", number, keys, reserves=1, actor=ACTOR, now=T0)
    for key in ("P1", "P2", "P6"):
        user = User.objects.create_user(key.lower())
        models.Entry.objects.filter(event__slug="league", key=key).update(user=user)
    deadline = datetime.now(UTC) + timedelta(days=1)
    pair_team_round("league", 1, deadline=deadline, actor=ACTOR, now=T0)
    if lineups:
        submit_lineup("league", 1, 1, ["P1", "P2", "P3", "P4"], actor=ACTOR, now=T0)
        submit_lineup("league", 1, 2, ["P6", "P7", "P8", "P9"], actor=ACTOR, now=T0)


def _board(number: int = 1) -> dict[str, str]:
    return {"round": "1", "match": "1", "board": str(number)}


def _logged() -> int:
    return models.BoardReport.objects.count()


def test_a_player_reports_their_board_and_the_other_sides_player_confirms() -> None:
    _event()
    p1, p6 = client_for("p1"), client_for("p6")
    page = p1.get(PAGE)
    text = page.content.decode()
    assert page.status_code == 200
    assert "Round 1, board 1" in text
    assert "You play White against Player 6." in text
    assert 'name="result"' in text
    assert "Round 1, board 2" not in text  # P2's board is not P1's
    assert p1.post(PAGE, {**_board(), "do": "report", "result": "1-0"}).status_code == 302
    # The reporter may not confirm their own report: refused next to the form, nothing written.
    before = _logged()
    own = p1.post(PAGE, {**_board(), "do": "confirm"})
    assert own.status_code == 403
    assert "form-error" in own.content.decode()
    assert _logged() == before
    # The other side's player sees the report waiting for them and confirms it.
    waiting = p6.get(PAGE).content.decode()
    assert "You play Black against Player 1." in waiting
    assert "reported by the other side" in waiting
    assert 'value="confirm"' in waiting
    assert p6.post(PAGE, {**_board(), "do": "confirm"}).status_code == 302
    assert "confirmed" in p6.get(PAGE).content.decode()
    kinds = list(models.BoardReport.objects.order_by("id").values_list("kind", "actor"))
    assert kinds == [("report", "p1"), ("confirm", "p6")]
    assert models.AuditEntry.objects.filter(action="team.board-confirm").count() == 1


def test_a_dispute_needs_a_reason_and_a_refused_input_stores_nothing() -> None:
    _event()
    p1, p6 = client_for("p1"), client_for("p6")
    # A result the preset does not take: refused next to the report form, nothing written.
    wrong = p1.post(PAGE, {**_board(), "do": "report", "result": "3-0"})
    assert wrong.status_code == 422
    assert "form-error" in wrong.content.decode()
    assert _logged() == 0
    # Another player's board: refused.
    assert p1.post(PAGE, {**_board(2), "do": "report", "result": "1-0"}).status_code == 403
    assert _logged() == 0
    assert p1.post(PAGE, {**_board(), "do": "report", "result": "1-0"}).status_code == 302
    blank = p6.post(PAGE, {**_board(), "do": "dispute", "reason": "  "})
    assert blank.status_code == 422
    assert "a dispute needs a reason" in blank.content.decode()
    assert _logged() == 1
    said = p6.post(PAGE, {**_board(), "do": "dispute", "reason": "I won on time"})
    assert said.status_code == 302
    row = models.BoardReport.objects.latest("id")
    assert (row.kind, row.actor, row.reason) == ("dispute", "p6", "I won on time")


def test_strangers_and_other_events_are_refused() -> None:
    _event()
    assert client_for("stranger").get(PAGE).status_code == 403
    assert client_for("stranger").post(PAGE, {**_board(), "do": "report"}).status_code == 403
    assert Client().get(PAGE).status_code == 302  # to the log-in page
    assert client_for("p1").get("/me/e/nowhere/boards/").status_code == 404
    events.create_event("solo", "chess-swiss", actor=ACTOR, now=T0)
    assert client_for("p1").get("/me/e/solo/boards/").status_code == 404
    assert client_for("p1").post(PAGE, {**_board(), "do": "lineup"}).status_code == 404
    assert _logged() == 0


def test_my_page_links_to_the_boards_which_wait_for_the_lineups() -> None:
    _event(lineups=False)
    me = client_for("p2").get("/me/").content.decode()
    assert f'href="{PAGE}"' in me
    assert "My boards (Lions)" in me
    waiting = client_for("p2").get(PAGE).content.decode()
    assert "your boards show here once both line-ups of a match are in" in waiting


def test_the_captains_console_disputes_with_a_reason_too() -> None:
    _event()
    captain = User.objects.create_user("cap2")
    models.Team.objects.filter(event__slug="league", number=2).update(captain=captain)
    assert (
        client_for("p1").post(PAGE, {**_board(), "do": "report", "result": "1-0"}).status_code
        == 302
    )
    console = client_for("cap2")
    page = console.get("/me/e/league/captain/").content.decode()
    assert "Why you dispute it" in page
    blank = console.post("/me/e/league/captain/", {**_board(), "do": "dispute", "reason": ""})
    assert blank.status_code == 422
    assert _logged() == 1
    said = {**_board(), "do": "dispute", "reason": "Board 1 was a draw"}
    assert console.post("/me/e/league/captain/", said).status_code == 302
    row = models.BoardReport.objects.latest("id")
    assert (row.kind, row.actor, row.reason) == ("dispute", "cap2", "Board 1 was a draw")
