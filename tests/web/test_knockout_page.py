"""The knockout preset's public page (issue 27 item 5): the bracket drawn round by round in
a region that scrolls on its own, the champion and the placings."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.core.cache import cache
from django.test import Client, override_settings
from tests.app.helpers import ACTOR, T0, make_event

from mashindano.app import rounds
from mashindano.app.results import GameRef, report_result
from mashindano.web.cache import versions

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_cache() -> Iterator[None]:
    """Pages follow the event's version at once (no version TTL)."""
    with override_settings(VERSION_TTL=0):
        cache.clear()
        versions.clear()
        yield
        cache.clear()


def get(path: str) -> tuple[int, str]:
    response = Client(HTTP_HOST="127.0.0.1").get(path)
    return response.status_code, response.content.decode()


def test_issue27_the_knockout_page_draws_the_bracket_with_byes_and_sections() -> None:
    make_event("kopage", "knockout", 6, elimination="double")
    status, body = get("/e/kopage/preset/")
    assert status == 200
    assert "<h1>Bracket</h1>" in body
    assert "Winners&#x27; bracket" in body or "Winners' bracket" in body
    assert "Grand final" in body
    assert 'role="region"' in body
    assert "knockout/bracket.css" in body
    first = rounds.pair_next_round("kopage", actor=ACTOR, now=T0)
    for encounter in first.encounters:
        if encounter.second is not None:
            report_result("kopage", GameRef(1, encounter.board), "1-0", actor=ACTOR, now=T0)
    status, body = get("/e/kopage/preset/")
    assert status == 200
    assert "bye: goes through" in body
    assert "round 1, board 1" in body


def test_issue27_before_the_start_the_knockout_page_waits() -> None:
    make_event("kowait", "knockout", 4, start=False)
    status, body = get("/e/kowait/preset/")
    assert status == 200
    assert "once it has started" in body
