"""The team pages through the Django client (issue 32 item 5): team standings, a round's match
sheets with colours alternating by board, a team's page with its roster and board results, and
the captain's console that submits a line-up and reports and confirms boards."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client

from mashindano.app import events, players
from mashindano.app.principals import local
from mashindano.app.teams.setup import create_team, pair_team_round, set_roster, set_team_mode
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.store import models

pytestmark = pytest.mark.django_db

ACTOR = local("organiser")
T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def client_for(name: str) -> Client:
    user = User.objects.filter(username=name).first() or User.objects.create_user(name)
    client = Client()
    client.force_login(user)
    return client


def _event() -> None:
    events.create_event("league", "chess-round-robin", actor=ACTOR, now=T0)
    players.register_players(
        "league",
        [Competitor(CompetitorId(f"P{n}"), f"Player {n}", rating=2000 - n) for n in range(1, 11)],
        actor=ACTOR,
        now=T0,
    )
    set_team_mode("league", actor=ACTOR, boards=4, now=T0)
    for number, name in ((1, "Lions"), (2, "Tigers")):
        User.objects.create_user(f"cap{number}")
        create_team("league", name, club="KEN", captain=f"cap{number}", actor=ACTOR, now=T0)
        first = 5 * (number - 1) + 1
        keys = [f"P{n}" for n in range(first, first + 5)]
        set_roster("league", number, keys, reserves=1, actor=ACTOR, now=T0)
    deadline = datetime.now(UTC) + timedelta(days=1)
    pair_team_round("league", 1, deadline=deadline, actor=ACTOR, now=T0)


def _post(client: Client, data: dict[str, str]) -> int:
    return client.post("/me/e/league/captain/", data).status_code


def _lineup(client: Client, team: int, keys: list[str]) -> int:
    data = {"do": "lineup", "round": "1", "team": str(team)}
    data.update({f"board{i}": k for i, k in enumerate(keys, start=1)})
    return _post(client, data)


def test_captains_submit_lineups_report_and_confirm_on_the_console() -> None:
    _event()
    cap1, cap2 = client_for("cap1"), client_for("cap2")
    page = cap1.get("/me/e/league/captain/")
    assert page.status_code == 200
    assert "Submit the line-up" in page.content.decode()
    # Out of roster order: refused, with the reason on the page.
    refused = _lineup(cap1, 1, ["P2", "P1", "P3", "P4"])
    assert refused == 422
    assert _lineup(cap1, 1, ["P1", "P2", "P3", "P5"]) == 302
    waiting = Client().get("/e/league/teams/round/1/").content.decode()
    assert "Line-ups are shown once both are in" in waiting
    assert "Player 5" not in waiting
    assert "Player 5" in cap1.get("/e/league/teams/round/1/").content.decode()
    # The other captain may not submit the first team's line-up.
    assert _lineup(cap2, 1, ["P1", "P2", "P3", "P4"]) == 403
    assert _lineup(cap2, 2, ["P6", "P7", "P8", "P9"]) == 302
    for board, result in ((1, "1-0"), (2, "1/2-1/2"), (3, "0-1"), (4, "1-0")):
        base = {"round": "1", "match": "1", "board": str(board)}
        assert _post(cap1, {**base, "do": "report", "result": result}) == 302
        assert _post(cap1, {**base, "do": "confirm"}) == 403  # own report
        assert _post(cap2, {**base, "do": "confirm"}) == 302
    sheet = Client().get("/e/league/teams/round/1/").content.decode()
    assert 'Match points <bdi dir="ltr">2–0</bdi>' in sheet
    assert sheet.index("colour-white") < sheet.index("colour-black")
    standings = Client().get("/e/league/teams/").content.decode()
    assert standings.index("Lions") < standings.index("Tigers")
    assert "<strong><bdi>2</bdi></strong>" in standings
    assert models.AuditEntry.objects.filter(action="team.board-confirm").count() == 4


def test_team_page_shows_the_roster_and_each_players_board_results() -> None:
    _event()
    cap1, cap2 = client_for("cap1"), client_for("cap2")
    _lineup(cap1, 1, ["P1", "P2", "P3", "P4"])
    _lineup(cap2, 2, ["P6", "P7", "P8", "P9"])
    _post(cap2, {"round": "1", "match": "1", "board": "1", "do": "report", "result": "0-1"})
    page = Client().get("/e/league/teams/1/")
    text = page.content.decode()
    assert page.status_code == 200
    assert "Roster" in text
    assert "reserve" in text
    assert "R1 board 1" in text
    assert "Player 6" in text
    assert Client().get("/e/league/teams/9/").status_code == 404


def test_console_is_refused_to_accounts_without_a_team() -> None:
    _event()
    assert client_for("stranger").get("/me/e/league/captain/").status_code == 403
    assert Client().get("/me/e/league/captain/").status_code == 302  # to the log-in page


def test_teams_tab_only_on_team_events() -> None:
    _event()
    assert 'href="/e/league/teams/"' in Client().get("/e/league/").content.decode()
    events.create_event("solo", "chess-swiss", actor=ACTOR, now=T0)
    assert "/teams/" not in Client().get("/e/solo/").content.decode()
