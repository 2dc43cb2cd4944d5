"""The Tasaselo prize-budget recommendation where the organiser sets prizes (issue 31 item 6;
R7-R10, R29-R32, A17, A18): the console's Prize budget tab of a Tasaselo event and
`mashindano tasaselo prize-budget`, with E5's field (40 players, 7 rounds: A 14, B 14, C 12)."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import User
from django.test import Client
from tests.app.helpers import ACTOR, T0, make_event
from typer.testing import CliRunner

from mashindano.app import people
from mashindano.cli.main import app as cli

pytestmark = pytest.mark.django_db


def _organiser(slug: str, role: str = "organiser") -> Client:
    User.objects.create_user("olga", "olga@example.org", "pw")
    people.grant_role(slug, "olga", role, actor=ACTOR, now=T0)
    client = Client()
    client.force_login(User.objects.get(username="olga"))
    return client


def _text(client: Client, path: str) -> str:
    return client.get(path).content.decode()


def test_e5_the_console_shows_the_split_of_a_fund() -> None:
    make_event("ts", "tasaselo", 40, start=False, rounds="7")  # groups by R8, A18
    olga = _organiser("ts")
    assert 'href="/console/ts/prize-budget/"' in _text(olga, "/console/ts/")
    page = _text(olga, "/console/ts/prize-budget/")
    assert "40 players, 7 rounds" in page
    page = _text(olga, "/console/ts/prize-budget/?fund=1000")
    assert "Recommended split of 1000" in page
    assert "Group A: 14 players · 280" in page
    assert "Group C: 12 players · 240" in page
    assert "<li>140</li><li>93</li><li>47</li>" in page
    assert "Performance prizes · 200" in page
    assert "<li>100</li><li>67</li><li>33</li>" in page
    page = _text(olga, "/console/ts/prize-budget/?fund=1000&share=10")
    assert "Performance prizes · 100" in page
    assert "Group A: 14 players · 315" in page


def test_a_bad_fund_is_named_and_nothing_is_shown() -> None:
    make_event("ts", "tasaselo", 12, rounds="5")
    olga = _organiser("ts")
    answer = olga.get("/console/ts/prize-budget/?fund=ten")
    assert answer.status_code == 400
    page = answer.content.decode()
    assert "the prize fund must be a whole number of currency units" in page
    assert "Recommended split" not in page
    answer = olga.get("/console/ts/prize-budget/?fund=100&share=120")
    assert "must be a percentage from 0 to 100" in answer.content.decode()


def test_only_tasaselo_events_have_it_and_only_their_staff_see_it() -> None:
    make_event("sw", "chess-swiss", 6)
    olga = _organiser("sw")
    assert "prize-budget" not in _text(olga, "/console/sw/")
    assert olga.get("/console/sw/prize-budget/?fund=100").status_code == 404
    make_event("ts", "tasaselo", 8, rounds="3")
    User.objects.create_user("asha", "asha@example.org", "pw")
    people.grant_role("ts", "asha", "assistant", actor=ACTOR, now=T0)
    asha = Client()
    asha.force_login(User.objects.get(username="asha"))
    assert asha.get("/console/ts/prize-budget/").status_code == 403


def test_e5_the_cli_for_an_event_and_for_a_field_being_planned() -> None:
    make_event("ts", "tasaselo", 40, rounds="7")
    shown = CliRunner().invoke(cli, ["tasaselo", "prize-budget", "ts", "--fund", "1000"])
    assert shown.exit_code == 0, shown.output
    assert "Group A (14 players): 280 = 140, 93, 47" in shown.stdout
    assert "Group C (12 players): 240 = 120, 80, 40" in shown.stdout
    assert "Performance prizes: 200 = 100, 67, 33" in shown.stdout
    planned = CliRunner().invoke(
        cli,
        ["tasaselo", "prize-budget", "--players", "40", "--rounds", "7", "--fund", "999", "--json"],
    )
    assert planned.exit_code == 0, planned.output
    found = json.loads(planned.stdout)
    assert [g["total"] for g in found["groups"]] == [280, 279, 240]
    assert found["performance"] == {"total": 200, "places": [100, 67, 33]}
    refused = CliRunner().invoke(cli, ["tasaselo", "prize-budget", "--fund", "10"])
    assert refused.exit_code == 2
