"""Issue 31 item 6: an event's Atom feed lists each published round (players and results) and
the standings after the last round with all its results in; it parses with the standard
library, every entry has its own id and a link that answers, and titles follow the language."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import datetime, timedelta
from urllib.parse import urlsplit
from xml.etree import ElementTree

import pytest
from django.core.cache import cache
from django.test import Client, override_settings
from django.utils import translation
from tests.app.helpers import ACTOR, T0, make_event, play_round

from mashindano.app import rounds
from mashindano.app.documents.feed import build_event_feed
from mashindano.app.results import GameRef, report_result
from mashindano.web.cache import versions

pytestmark = pytest.mark.django_db

ATOM = "{http://www.w3.org/2005/Atom}"


@pytest.fixture(autouse=True)
def fresh_cache() -> Iterator[None]:
    with override_settings(VERSION_TTL=0):
        cache.clear()
        versions.clear()
        yield
        cache.clear()


def parse(body: bytes) -> ElementTree.Element:
    return ElementTree.fromstring(body)


def entries(root: ElementTree.Element) -> list[dict[str, str]]:
    found = []
    for entry in root.iter(f"{ATOM}entry"):
        link = entry.find(f"{ATOM}link")
        assert link is not None
        found.append(
            {
                "id": entry.findtext(f"{ATOM}id") or "",
                "title": entry.findtext(f"{ATOM}title") or "",
                "updated": entry.findtext(f"{ATOM}updated") or "",
                "link": link.get("href") or "",
                "summary": entry.findtext(f"{ATOM}summary") or "",
            }
        )
    return found


def test_the_feed_lists_each_round_and_the_standings_after_the_last_complete_one() -> None:
    make_event("sw", "chess-swiss", 6, swiss_rounds="3")
    rng = random.Random(5)
    play_round("sw", rng)
    play_round("sw", rng)
    third = rounds.pair_next_round("sw", actor=ACTOR, now=T0 + timedelta(hours=2))
    late = T0 + timedelta(hours=3)
    board = next(g.board for g in third.games())
    report_result("sw", GameRef(3, board), "1-0", actor=ACTOR, now=late)  # round 3 still open
    client = Client(HTTP_HOST="testserver")
    response = client.get("/e/sw/feed.atom")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/atom+xml")
    root = parse(response.content)
    assert root.tag == f"{ATOM}feed"
    found = entries(root)
    titles = [e["title"] for e in found]
    assert sorted(titles) == ["Round 1", "Round 2", "Round 3", "Standings after round 2"]
    assert len({e["id"] for e in found}) == len(found)  # each entry its own id
    for entry in found:
        parts = urlsplit(entry["link"])
        assert (parts.scheme, parts.netloc) == ("http", "testserver"), entry
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        assert client.get(path).status_code == 200, path
    by_title = {e["title"]: e for e in found}
    # Updated: the round's last report (round 3's came an hour after it was paired).
    assert datetime.fromisoformat(by_title["Round 3"]["updated"]) == late
    assert datetime.fromisoformat(by_title["Round 1"]["updated"]) == T0
    assert root.findtext(f"{ATOM}updated") == by_title["Round 3"]["updated"]
    # Content: each board's players and result, escaped HTML.
    feed = build_event_feed("sw")
    round_one = next(e for e in feed.entries if e.title == "Round 1")
    assert len(round_one.lines) == 3
    for line in round_one.lines:
        assert line.startswith("Board ")
        assert "–" in line
    summary = by_title["Round 1"]["summary"]
    assert summary.startswith("<ul><li>Board 1: P0")
    assert "Standings after round 2" in by_title
    assert "1. P0" in by_title["Standings after round 2"]["summary"]


def test_the_event_pages_point_to_their_feed() -> None:
    make_event("sw", "chess-swiss", 4)
    play_round("sw", random.Random(1))
    for path in ("/e/sw/", "/e/sw/round/1/", "/e/sw/standings/"):
        body = Client().get(path).content.decode()
        assert '<link rel="alternate" type="application/atom+xml" href="/e/sw/feed.atom"' in body, (
            path
        )


def test_before_any_round_the_feed_is_empty_and_an_unknown_event_is_404() -> None:
    make_event("sw", "chess-swiss", 4)
    response = Client().get("/e/sw/feed.atom")
    assert response.status_code == 200
    assert entries(parse(response.content)) == []
    assert Client().get("/e/nope/feed.atom").status_code == 404


def test_entry_titles_follow_the_language() -> None:
    make_event("sw", "chess-swiss", 4, swiss_rounds="2")
    play_round("sw", random.Random(2))
    with translation.override("sw"):
        feed = build_event_feed("sw")
    assert sorted(e.title for e in feed.entries) == [
        "Msimamo baada ya raundi 1",
        "Raundi 1",
    ]
    response = Client().get("/e/sw/feed.atom", headers={"Accept-Language": "sw"})
    titles = [e["title"] for e in entries(parse(response.content))]
    assert "Raundi 1" in titles


def test_a_knockout_feed_names_stages_and_each_entry_id_stays_unique() -> None:
    from mashindano.app.demo import play_demo_event
    from mashindano.app.documents.feed import last_complete_round
    from mashindano.app.queries import get_event_facts

    slug = play_demo_event("tantrix-knockout", 2026).slug
    facts = get_event_facts(slug)
    root = parse(Client().get(f"/e/{slug}/feed.atom").content)
    found = entries(root)
    rounds_in_feed = [e for e in found if "/round/" in e["link"]]
    assert len(rounds_in_feed) == len(facts.rounds)
    for shown in facts.rounds:
        if shown.stage != 1:  # a later stage's round is titled with its stage's name
            name = facts.stage_name(shown.stage) or f"Stage {shown.stage}"
            assert any(e["title"].startswith(name) for e in rounds_in_feed), name
    assert len(found) == len(facts.rounds) + (last_complete_round(facts) is not None)
    assert len({e["id"] for e in found}) == len(found)
    for entry in found:
        parts = urlsplit(entry["link"])
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        assert Client().get(path).status_code == 200, path
