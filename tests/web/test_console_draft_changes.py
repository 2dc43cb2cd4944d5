"""The draft page's manual changes (issue 33 item 1): a swap, the rules it breaks by their ids,
a refusal shown on the page, publishing with a reason that the audit log keeps."""

from __future__ import annotations

import random
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from tests.app.helpers import ACTOR, T0, make_event, play_round

from mashindano.app import people
from mashindano.app.queries import get_event_facts
from mashindano.store import models

pytestmark = pytest.mark.django_db


@pytest.fixture
def arbiter() -> Client:
    make_event("swiss", "chess-swiss", 7, swiss_pairing="dutch")
    play_round("swiss", random.Random(7))
    User.objects.create_user("arif", "arif@example.org", "pw")
    people.grant_role("swiss", "arif", "arbiter", actor=ACTOR, now=T0)
    client = Client()
    client.force_login(User.objects.get(username="arif"))
    return client


def _version(page: str) -> str:
    found = re.search(r'name="version" value="(\d+)"', page)
    assert found
    return found.group(1)


def _options(page: str, name: str) -> list[str]:
    select = re.search(rf'<select name="{name}".*?</select>', page, re.S)
    assert select
    return re.findall(r'<option value="([^"]+)"', select.group(0))


def _post(client: Client, page: str, **fields: str) -> str:
    return client.post(
        "/console/swiss/draft/", {"version": _version(page), **fields}, follow=True
    ).content.decode()


def test_swap_see_the_broken_rules_publish_with_a_reason(arbiter: Client) -> None:
    page = arbiter.get("/console/swiss/draft/").content.decode()
    assert "Swap two players" in page
    assert "Unpair board 1" in page
    # Pairing a player who has a board is refused, named on the page; nothing changes.
    players = _options(page, "player_a")
    page = _post(arbiter, page, change="pair", player_a=players[0], player_b=players[1])
    assert "already plays on board" in page
    assert "Changes made" not in page
    # Unpair board 1: its two players are named as not paired, C4 listed.
    page = _post(arbiter, page, change="unpair", board="1", reason="check")
    assert "Not paired:" in page
    assert "<bdi>C4</bdi>" in page
    assert "Changes made" in page
    fingerprint = re.search(r'name="fingerprint" value="(\w+)"', page)
    assert fingerprint
    page = _post(arbiter, page, fingerprint=fingerprint.group(1), reason="x")
    assert "have no board" in page
    page = _post(arbiter, page, change="reset")
    assert "Changes made" not in page
    # A swap of two players (who met in round 1), then publishing needs a reason.
    game = next(iter(get_event_facts("swiss").rounds[0].games()))
    page = _post(arbiter, page, change="swap", player_a=str(game.first), player_b=str(game.second))
    fingerprint = re.search(r'name="fingerprint" value="(\w+)"', page)
    assert fingerprint
    assert "Why publish the changed draft" in page
    page = _post(arbiter, page, fingerprint=fingerprint.group(1), reason="")
    assert "needs a reason" in page
    response = arbiter.post(
        "/console/swiss/draft/",
        {"version": _version(page), "fingerprint": fingerprint.group(1), "reason": "agreed"},
    )
    assert response.status_code == 302
    assert models.Round.objects.filter(stage__event__slug="swiss", number=2).exists()
    audit = arbiter.get("/console/swiss/audit/").content.decode()
    assert "agreed" in audit
    assert "draft.swap" in audit
