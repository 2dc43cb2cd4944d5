"""Issue 29 item 14: the Bao pages say each time once, in the reader's zone, with UTC beside
it only when the two differ ("Move by 2026-12-13 03:35 UTC · 2026-12-13 03:35 UTC" before)."""

from __future__ import annotations

import re

import pytest
from tests.web.test_play_views import Game

pytestmark = pytest.mark.django_db

STAMP = r"\d{4}-\d\d-\d\d \d\d:\d\d"


def _deadline(body: str) -> str:
    found = re.search(r'<span class="deadline">(.*?)</span>\s*</div>', body, re.S)
    assert found, "no deadline on the clock of the player on move"
    return re.sub(r"<[^>]+>", "", found.group(1))


def _page(game: Game, zone: str | None, path: str | None = None) -> str:
    client = game.clients[game.south]
    if zone is None:
        client.cookies.pop("tz", None)
    else:
        client.cookies["tz"] = zone
    page = client.get(path or game.url)
    assert page.status_code == 200
    return page.content.decode()


@pytest.mark.parametrize("zone", ["UTC", "Etc/UTC", "Europe/London"])
def test_issue_29_item_14_a_zone_at_utc_says_the_deadline_once(zone: str) -> None:
    """Europe/London in December is at UTC too: one time, no repeat."""
    game = Game()
    text = _deadline(_page(game, zone))
    assert len(re.findall(STAMP, text)) == 1, text
    assert text.count("UTC") == 1, text


def test_issue_29_item_14_another_zone_says_the_local_time_with_utc_beside() -> None:
    game = Game()
    text = _deadline(_page(game, "Africa/Dar_es_Salaam"))
    times = re.findall(STAMP, text)
    assert len(times) == 2, text
    assert times[0] != times[1]
    assert "Africa/Dar_es_Salaam" in text
    assert text.index("Africa/Dar_es_Salaam") < text.index("UTC")  # the reader's first


def test_issue_29_item_14_no_zone_yet_says_utc_once_for_the_browser_to_fill() -> None:
    game = Game()
    body = _page(game, None)
    text = _deadline(body)
    assert len(re.findall(STAMP, text)) == 1, text
    assert "data-local=" in body
    my_games = _page(game, "UTC", "/play/")
    deadlines = re.findall(r'<span class="meta">Deadline (.*?)</span>\n', my_games, re.S)
    assert deadlines
    for meta in deadlines:
        plain = re.sub(r"<[^>]+>", "", meta)
        assert len(re.findall(STAMP, plain)) == 1, plain
