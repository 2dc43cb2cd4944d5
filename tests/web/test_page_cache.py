"""The page cache: a page is rendered once per version of its event, served with an ETag,
answered 304 to a matching If-None-Match, and rendered anew after any write to the event; the
same through the synchronous and the asynchronous handler, in local memory and in Redis."""

from __future__ import annotations

import re
import socket
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from django.core.cache import cache
from django.test import AsyncClient, Client, override_settings

from mashindano.app import events, players, rounds
from mashindano.app.principals import local
from mashindano.app.results import GameRef, report_result
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.web.cache import versions

pytestmark = pytest.mark.django_db(transaction=True)

ACTOR = local("test")
NOW = datetime(2026, 3, 1, 9, tzinfo=UTC)


def redis_answers() -> bool:
    try:
        socket.create_connection(("127.0.0.1", 6379), timeout=0.5).close()
    except OSError:
        return False
    return True


BACKENDS = [{"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}]
if redis_answers():
    BACKENDS.append(
        {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:6379/15",
        }
    )


@pytest.fixture(params=BACKENDS, ids=lambda b: b["BACKEND"].rsplit(".", 1)[-1])
def backend(request: pytest.FixtureRequest) -> Iterator[None]:
    with override_settings(CACHES={"default": request.param}, VERSION_TTL=0):
        cache.clear()
        versions.clear()
        yield
        cache.clear()


def club(slug: str = "club") -> None:
    events.create_event(slug, "chess-swiss", actor=ACTOR, name="Club", seed=1, now=NOW)
    roster = [Competitor(CompetitorId(n), n, rating=r) for n, r in (("Ann", 2000), ("Ben", 1900))]
    players.register_players(slug, roster, actor=ACTOR, now=NOW)
    events.start_event(slug, actor=ACTOR, now=NOW)
    rounds.pair_next_round(slug, actor=ACTOR, now=NOW)


def without_token(content: bytes) -> bytes:
    return re.sub(rb'name="csrfmiddlewaretoken" value="[^"]*"', b"", content)


def test_a_page_is_kept_under_the_events_version_and_answers_304(backend: None) -> None:
    club()
    client = Client(HTTP_HOST="127.0.0.1")
    first = client.get("/e/club/round/1/")
    assert (first.status_code, first["X-Page-Cache"]) == (200, "miss")
    etag = first["ETag"]
    again = client.get("/e/club/round/1/")
    assert (again["X-Page-Cache"], again["ETag"]) == ("hit", etag)
    # the same page but for the switcher's CSRF token, masked anew in each answer (issue 30
    # item 8)
    assert without_token(again.content) == without_token(first.content)
    unchanged = client.get("/e/club/round/1/", headers={"If-None-Match": etag})
    assert (unchanged.status_code, unchanged.content) == (304, b"")

    report_result("club", GameRef(1, 1), "1-0", actor=ACTOR, now=NOW)
    changed = client.get("/e/club/round/1/", headers={"If-None-Match": etag})
    assert changed.status_code == 200
    assert changed["ETag"] != etag
    assert b"1-0" in changed.content


def test_the_asynchronous_handler_answers_the_same(backend: None) -> None:
    import asyncio

    club()
    client = AsyncClient(HTTP_HOST="127.0.0.1")

    async def visit() -> tuple[int, str, int]:
        first = await client.get("/e/club/standings/")
        again = await client.get("/e/club/standings/", headers={"If-None-Match": first["ETag"]})
        return first.status_code, first["X-Page-Cache"], again.status_code

    assert asyncio.run(visit()) == (200, "miss", 304)


def test_the_home_page_follows_every_events_version(backend: None) -> None:
    client = Client(HTTP_HOST="127.0.0.1")
    empty = client.get("/")
    assert b"No event yet" in empty.content
    club("newclub")
    listed = client.get("/", headers={"If-None-Match": empty["ETag"]})
    assert listed.status_code == 200
    assert b"Club" in listed.content


def test_unknown_pages_are_not_kept_and_say_what_is_missing(backend: None) -> None:
    client = Client(HTTP_HOST="127.0.0.1")
    missing = client.get("/e/nothing-here/standings/")
    assert missing.status_code == 404
    assert "ETag" not in missing
    assert b"No event &#x27;nothing-here&#x27;" in missing.content
