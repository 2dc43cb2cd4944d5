"""A KIBA tournament whose results are reported (`play_on_site` off) through the pages: a
player's page offers the report of their games (it offers moves when the games are played on
the site), and the console's results grid shows a withdrawn player's unfinished games as lost
by abandonment (A14) instead of a box that would refuse the result."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.contrib.auth.models import User
from django.test import Client
from tests.app.helpers import make_event

from mashindano.app import people, rounds
from mashindano.app.conduct import withdraw_player
from mashindano.app.principals import local
from mashindano.store.facts import RoundFact

pytestmark = pytest.mark.django_db

ACTOR = local("organiser")
T1 = datetime(2026, 3, 1, 12, tzinfo=UTC)


def kiba(slug: str, **parameters: str) -> RoundFact:
    """Seven players (two qualification groups), P01 linked to the account p1, the stage
    paired; the account d is the event's arbiter."""
    make_event(slug, "kiba-bao", 7, **parameters)
    published = rounds.pair_next_round(slug, actor=ACTOR, now=T1)
    User.objects.create_user("p1", password="pw")
    User.objects.create_user("d", password="pw")
    people.link_entry(slug, "P01", "p1", actor=ACTOR, now=T1)
    people.grant_role(slug, "d", "arbiter", actor=ACTOR, now=T1)
    return published


def page(user: str, path: str) -> str:
    client = Client()
    client.force_login(User.objects.get(username=user))
    answer = client.get(path)
    assert answer.status_code == 200, path
    return answer.content.decode()


def test_my_page_offers_reports_when_results_are_reported_not_played() -> None:
    published = kiba("kr", play_on_site="false")
    mine = [g for g in published.games() if "P01" in (g.first, g.second)]
    shown = page("p1", "/me/")
    assert shown.count("/me/e/kr/do/result.report/") == len(mine)
    assert "report your result in round 1, board" in shown


def test_my_page_offers_no_report_when_the_games_are_played_on_the_site() -> None:
    kiba("ks")
    assert "/me/e/ks/do/result.report/" not in page("p1", "/me/")


def test_grid_shows_a_withdrawn_players_open_games_as_abandoned_A14() -> None:
    published = kiba("kw", play_on_site="false")
    withdraw_player("kw", "P07", actor=local("p7"), reason="no time", now=T1)
    theirs = [g for g in published.games() if "P07" in (g.first, g.second)]
    others = [g for g in published.games() if "P07" not in (g.first, g.second)]
    grid = page("d", "/console/kw/results/?round=1")
    assert grid.count("lost by abandonment (withdrawal)") == len(theirs) > 0
    assert grid.count('class="result-input"') == len(others)
    assert grid.count("/console/kw/do/result.ruling/") == len(theirs)  # "rule otherwise"
