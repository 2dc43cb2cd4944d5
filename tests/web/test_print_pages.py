"""Printing from the pages (issue 33 item 4, issue 29 "Print") and the crosstable round by
round (issue 29 item 9), through Django's handler: each page's Print links, the PDF routes
(public: pairings, standings, crosstable; console: score sheets and name cards for officials),
and the Swiss crosstable with a column per round as its legend says."""

from __future__ import annotations

import html
import random
import re
from collections.abc import Iterator

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client, override_settings
from tests.app.helpers import ACTOR, T0, make_event, play_all, play_round

from mashindano.app import people
from mashindano.web.cache import versions

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_cache() -> Iterator[None]:
    with override_settings(VERSION_TTL=0):
        cache.clear()
        versions.clear()
        yield
        cache.clear()


def get(path: str, client: Client | None = None) -> tuple[int, str]:
    response = (client or Client(HTTP_HOST="127.0.0.1")).get(path)
    return response.status_code, html.unescape(response.content.decode(errors="replace"))


@pytest.fixture
def swiss() -> None:
    make_event("sw", "chess-swiss", 9, swiss_rounds="5")
    rng = random.Random(3)
    for _ in range(2):
        play_round("sw", rng)


@pytest.mark.usefixtures("swiss")
def test_pairings_standings_and_crosstable_pages_link_their_printed_sheets() -> None:
    status, body = get("/e/sw/round/2/")
    assert status == 200
    assert 'href="/e/sw/print/pairings.pdf?paper=a4&round=2"' in body
    assert 'href="/e/sw/print/pairings.pdf?paper=a3&round=2"' in body
    _, body = get("/e/sw/standings/")
    assert 'href="/e/sw/print/standings.pdf?paper=a4"' in body
    _, body = get("/e/sw/standings/?after=1")
    assert 'href="/e/sw/print/standings.pdf?paper=a4&round=1"' in body
    _, body = get("/e/sw/crosstable/")
    assert 'href="/e/sw/print/crosstable.pdf?paper=a3"' in body
    assert body.count('class="print-links no-print"') == 1


@pytest.mark.usefixtures("swiss")
def test_swiss_crosstable_page_shows_each_round_with_opponent_side_and_result() -> None:
    _, body = get("/e/sw/crosstable/")
    assert 'class="crosstable by-rounds"' in body
    heads = re.findall(r'<abbr title="round (\d)">R\d</abbr>', body)
    assert heads == ["1", "2", "3", "4", "5"]
    cells = re.findall(r'<td class="num cell"><bdi dir="ltr">([^<]*)</bdi>', body)
    assert len(cells) == 9 * 5
    played = [c for c in cells if c]
    assert len(played) == 9 * 2  # two rounds, one of them a bye each round
    assert sum(c == "+" for c in played) == 2
    assert all(re.fullmatch(r"\d[wb][10½]", c) for c in played if c != "+")
    assert "<code>12w1</code>" in body  # the legend that now describes the cells


def test_round_robin_crosstable_page_keeps_the_grid() -> None:
    make_event("rr", "chess-round-robin", 4)
    play_all("rr")
    _, body = get("/e/rr/crosstable/")
    assert 'class="crosstable"' in body
    assert "by-rounds" not in body
    assert "against the player of that column" in body
    assert body.count('class="num cell self"') == 4


@pytest.mark.slow
@pytest.mark.usefixtures("swiss")
def test_public_pdf_routes_give_the_sheet_and_refuse_the_officials_sheets() -> None:
    response = Client(HTTP_HOST="127.0.0.1").get("/e/sw/print/standings.pdf?paper=a3")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == 'inline; filename="sw-standings-a3.pdf"'
    assert response.content.startswith(b"%PDF-")
    status, body = get("/e/sw/print/scoresheets.pdf")
    assert status == 404
    assert "printed sheet 'scoresheets' here (there are: crosstable, pairings, standings)" in body
    status, body = get("/e/sw/print/pairings.pdf?paper=letter")
    assert status == 400
    assert "no paper size 'letter' (there are: a4, a3)" in body
    status, body = get("/e/sw/print/pairings.pdf?round=9")
    assert status == 404


@pytest.mark.slow
@pytest.mark.usefixtures("swiss")
def test_console_prints_score_sheets_for_officials_only() -> None:
    arbiter = User.objects.create_user("arif", "arif@example.org", "pw")
    people.grant_role("sw", "arif", "arbiter", actor=ACTOR, now=T0)
    stranger = User.objects.create_user("sam", "sam@example.org", "pw")
    anonymous = Client().get("/console/sw/print/scoresheets.pdf?round=2")
    assert anonymous.status_code == 302  # to the log-in page
    refused = Client()
    refused.force_login(stranger)
    assert refused.get("/console/sw/print/namecards.pdf").status_code == 403
    official = Client()
    official.force_login(arbiter)
    _, grid = get("/console/sw/results/?round=2", official)
    assert 'href="/console/sw/print/scoresheets.pdf?round=2&stage=1&group="' in grid
    response = official.get("/console/sw/print/scoresheets.pdf?round=2")
    assert response.status_code == 200
    assert response.content.startswith(b"%PDF-")
    assert response["Content-Disposition"] == 'inline; filename="sw-scoresheets-a4.pdf"'
