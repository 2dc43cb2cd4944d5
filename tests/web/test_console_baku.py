"""The console's draft page of a Baku-accelerated chess Swiss (issue 28 item 2): a player's
pairing score shows its virtual points, "0 (+1 virtual)", in the page's language."""

from __future__ import annotations

import html

import pytest
from tests.app.helpers import ACTOR, T0, make_event
from tests.web.test_console import _client, _user

from mashindano.app import people

pytestmark = pytest.mark.django_db


@pytest.fixture
def baku_client():
    make_event("bakuweb", "chess-swiss", 8, swiss_pairing="dutch", swiss_acceleration="baku")
    olga = _user("olga", creator=True)
    people.grant_role("bakuweb", "olga", "organiser", actor=ACTOR, now=T0)
    return _client(olga)


@pytest.mark.parametrize(
    ("language", "shown"),
    [
        ("en", "(+1 virtual)"),
        ("sw", "(+1 za kufikirika)"),
        ("ro", "(+1 virtuale)"),
        ("fi", "(+1 virtuaalista)"),
        ("fa", "مجازی"),
    ],
)
def test_the_draft_shows_virtual_points_in_the_page_language(baku_client, language, shown):
    baku_client.cookies["django_language"] = language
    page = html.unescape(baku_client.get("/console/bakuweb/draft/").content.decode())
    assert page.count(shown) == 4  # eight players: group A is the first four
