"""The console's Teams page (issue 32): an organiser or arbiter plays an event in teams, adds
teams with their captains, sets their rosters and pairs the next team round, each form one
declared action. A refused input names the problem at its form and stores nothing. The page
shows for an event in team mode or one not started yet; an assistant is refused."""

from __future__ import annotations

from html import unescape

import pytest
from django.contrib.auth.models import User
from django.test import Client
from tests.app.helpers import ACTOR, T0, make_event

from mashindano.app import people
from mashindano.app.teams.setup import create_team, set_roster, set_team_mode
from mashindano.store import models
from mashindano.store.facts import EventState

pytestmark = pytest.mark.django_db

URL = "/console/tm/teams/"


def _login(username: str, role: str | None = "arbiter") -> Client:
    User.objects.create_user(username, password="pw")
    if role:
        people.grant_role("tm", username, role, actor=ACTOR, now=T0)
    client = Client()
    client.force_login(User.objects.get(username=username))
    return client


def _version() -> str:
    return str(models.Event.objects.get(slug="tm").version)


def _post(client: Client, form: str, **fields: str) -> tuple[int, str]:
    response = client.post(URL, {"form": form, "version": _version(), **fields})
    if response.status_code == 302:
        response = client.get(response["Location"].split("#")[0])
    return response.status_code, unescape(response.content.decode())


def _audit_count() -> int:
    return models.AuditEntry.objects.filter(event__slug="tm").count()


def _team_event(teams: int = 2, *, rosters: bool = True) -> None:
    set_team_mode("tm", actor=ACTOR, boards=2, now=T0)
    for t in range(teams):
        create_team("tm", f"Team {t + 1}", actor=ACTOR, now=T0)
        if rosters:
            keys = [f"P{3 * t + n:02d}" for n in range(1, 4)]
            set_roster("tm", t + 1, keys, reserves=1, actor=ACTOR, now=T0)


def test_the_tab_shows_before_the_start_and_in_team_mode_only() -> None:
    make_event("tm", "chess-swiss", 8, start=False)
    client = _login("arb")
    desk = client.get("/console/tm/").content.decode()
    assert URL in desk
    page = client.get(URL).content.decode()
    assert "Play this event in teams" in page
    make_event("solo", "chess-swiss", 4)
    people.grant_role("solo", "arb", "arbiter", actor=ACTOR, now=T0)
    assert "/console/solo/teams/" not in client.get("/console/solo/").content.decode()
    assert client.get("/console/solo/teams/").status_code == 404


def test_an_assistant_and_a_stranger_are_refused() -> None:
    make_event("tm", "chess-swiss", 8, start=False)
    assert _login("helper", "assistant").get(URL).status_code == 403
    assert _login("nobody", None).get(URL).status_code == 403
    assert "teams/" not in _login("helper2", "assistant").get("/console/tm/").content.decode()


def test_team_mode_form_sets_it_and_a_bad_value_stores_nothing() -> None:
    make_event("tm", "chess-swiss", 8, start=False)
    client = _login("arb")
    before = _audit_count()
    status, page = _post(
        client, "mode", boards="4", match_points="2,1,0", missing_lineup="roster", tiebreaks="XX"
    )
    assert status == 400
    assert 'id="mode_tiebreaks-error"' in page
    assert not models.TeamMode.objects.exists()
    assert _audit_count() == before
    status, page = _post(
        client, "mode", boards="3", match_points="3,1,0", missing_lineup="forfeit", system="swiss"
    )
    assert status == 400
    assert 'id="mode_rounds-error"' in page
    assert "rounds" in page
    status, page = _post(client, "mode", boards="4", match_points="3,1,0", missing_lineup="forfeit")
    assert status == 200
    mode = models.TeamMode.objects.get()
    assert (mode.boards, mode.match_points, mode.missing_lineup) == (4, "3,1,0", "forfeit")
    assert "played in teams" in page
    assert "Add a team" in page


def test_adding_a_team_and_a_refused_one() -> None:
    make_event("tm", "chess-swiss", 8, start=False)
    set_team_mode("tm", actor=ACTOR, boards=2, now=T0)
    User.objects.create_user("cap1")
    client = _login("org", "organiser")
    status, page = _post(client, "team", name="Simba", club="Nairobi", captain="cap1")
    assert status == 200
    team = models.Team.objects.get()
    assert (team.number, team.name, team.club, team.captain.username) == (
        1,
        "Simba",
        "Nairobi",
        "cap1",
    )
    assert "Captain: cap1" in page
    before = _audit_count()
    status, page = _post(client, "team", name="Chui", captain="nobody-here")
    assert status == 400
    assert 'id="team_captain-error"' in page
    assert "nobody-here" in page
    status, page = _post(client, "team", name="Simba")
    assert status == 400
    assert "already has a team" in page
    assert models.Team.objects.count() == 1
    assert _audit_count() == before


def test_setting_a_roster_one_player_per_line_and_a_refused_one() -> None:
    make_event("tm", "chess-swiss", 8, start=False)
    _team_event(2, rosters=False)
    client = _login("arb")
    status, page = _post(
        client, "roster", team="1", players="P01\r\nP02\r\n\r\nP03\r\n", reserves="1"
    )
    assert status == 200
    members = models.TeamMember.objects.filter(team__number=1).order_by("position")
    assert [(m.entry.key, m.reserve) for m in members] == [
        ("P01", False),
        ("P02", False),
        ("P03", True),
    ]
    before = _audit_count()
    status, page = _post(client, "roster", team="2", players="P03\nP04\nP05")
    assert status == 400
    assert 'id="roster_players-error"' in page
    assert "already on the roster of Team 1" in page
    status, page = _post(client, "roster", team="2", players="P04\nNobody")
    assert status == 400
    assert "Nobody" in page
    assert not models.TeamMember.objects.filter(team__number=2).exists()
    assert _audit_count() == before


def test_pairing_the_first_round_starts_the_event_and_a_refused_round() -> None:
    make_event("tm", "chess-swiss", 8, start=False)
    _team_event(2, rosters=False)
    set_roster("tm", 1, ["P01", "P02"], actor=ACTOR, now=T0)
    client = _login("arb")
    before = _audit_count()
    status, page = _post(client, "pair", round="1")
    assert status == 400
    assert "teams without a roster: Team 2" in page
    assert not models.TeamMatch.objects.exists()
    assert models.Event.objects.get(slug="tm").state == EventState.REGISTRATION.value
    assert _audit_count() == before
    set_roster("tm", 2, ["P03", "P04"], actor=ACTOR, now=T0)
    status, page = _post(client, "pair", round="1")
    assert status == 200
    assert models.TeamMatch.objects.filter(round=1).count() == 1
    assert models.Event.objects.get(slug="tm").state == EventState.RUNNING.value
    assert "Paired: round 1." in page
    assert "Every round is paired." in page  # two teams: one round
    assert "team mode no longer changes" in page


def test_an_out_of_date_form_is_refused() -> None:
    make_event("tm", "chess-swiss", 8, start=False)
    _team_event(2)
    client = _login("arb")
    response = client.post(URL, {"form": "team", "version": "1", "name": "Late"})
    assert response.status_code == 409
    assert "out of date" in unescape(response.content.decode())
    assert not models.Team.objects.filter(name="Late").exists()


def test_with_htmx_a_refusal_swaps_in_with_200() -> None:
    make_event("tm", "chess-swiss", 8, start=False)
    _team_event(2)
    client = _login("arb")
    response = client.post(
        URL, {"form": "team", "version": _version(), "name": ""}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    assert 'id="team_name-error"' in response.content.decode()


def test_the_desk_of_a_team_event_points_to_its_team_rounds() -> None:
    """Once running, a team event's desk offers its team rounds, not an individual round."""
    make_event("tm", "chess-swiss", 8, start=False)
    _team_event(2)
    client = _login("arb")
    _post(client, "pair", round="1")
    desk = client.get("/console/tm/").content.decode()
    assert "Teams and team rounds" in desk
    assert "/console/tm/draft/" not in desk
