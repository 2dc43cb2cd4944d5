"""Issue 30 on the pages: a cached page is refused to a host the site does not serve (item 6),
the language switcher needs the CSRF token (item 8), a player whose name holds "/" has a
card that opens (item 10), and a lost database answers 503 with Retry-After (item 11)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest
from django.core.cache import cache
from django.test import Client, override_settings

from mashindano.app import events, players, rounds
from mashindano.app.principals import local
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.web.cache import versions

pytestmark = pytest.mark.django_db

ACTOR = local("test")
NOW = datetime(2026, 3, 1, 9, tzinfo=UTC)
NAMES = ("Ann/Bo", "Cy?Di", "Ed#Fa", "Gil%20Ho", "Ida")


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    cache.clear()
    versions.clear()


def club(slug: str = "club") -> None:
    events.create_event(slug, "chess-swiss", actor=ACTOR, name="Club", seed=1, now=NOW)
    roster = [
        Competitor(CompetitorId(name), name, rating=2000 - 10 * n) for n, name in enumerate(NAMES)
    ]
    players.register_players(slug, roster, actor=ACTOR, now=NOW)
    events.start_event(slug, actor=ACTOR, now=NOW)
    rounds.pair_next_round(slug, actor=ACTOR, now=NOW)


@override_settings(ALLOWED_HOSTS=["mashindano.example.org"], VERSION_TTL=0)
def test_a_cached_page_is_refused_to_a_host_the_site_does_not_serve() -> None:
    """Issue 30 item 6: a cached page was served for any Host (`x-page-cache: hit`), where an
    uncached one rightly gave 400."""
    club()
    good = Client(HTTP_HOST="mashindano.example.org")
    assert good.get("/e/club/standings/").status_code == 200
    kept = good.get("/e/club/standings/")
    assert kept["X-Page-Cache"] == "hit"
    for path in ("/e/club/standings/", "/", "/api/v1/events/club"):
        evil = Client(HTTP_HOST="evil.example.com").get(path)
        assert evil.status_code == 400, (path, evil.status_code)
        assert "X-Page-Cache" not in evil
    etag = kept["ETag"]
    again = Client(HTTP_HOST="evil.example.com").get(
        "/e/club/standings/", headers={"If-None-Match": etag}
    )
    assert again.status_code == 400


def _token_of(html: str) -> str:
    found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
    assert found is not None, "the switcher carries no CSRF token"
    return found.group(1)


@override_settings(VERSION_TTL=0)
def test_the_language_switcher_needs_the_csrf_token_even_on_a_cached_page() -> None:
    """Issue 30 item 8: /i18n/setlang/ accepted a POST without a CSRF token. The switcher of
    every page, cached ones too, carries the visitor's own token."""
    club()
    forger = Client(enforce_csrf_checks=True)
    refused = forger.post("/i18n/setlang/", {"language": "fa", "next": "/"})
    assert refused.status_code == 403
    assert "django_language" not in refused.cookies
    first = Client(enforce_csrf_checks=True)
    html = first.get("/e/club/standings/").content.decode()
    assert (
        first.post(
            "/i18n/setlang/",
            {"language": "fa", "next": "/", "csrfmiddlewaretoken": _token_of(html)},
        ).status_code
        == 302
    )
    # A second visitor gets the page from the cache, with a token of their own that works.
    second = Client(enforce_csrf_checks=True)
    cached = second.get("/e/club/standings/")
    assert cached["X-Page-Cache"] == "hit"
    token = _token_of(cached.content.decode())
    assert token != _token_of(html)
    answer = second.post(
        "/i18n/setlang/", {"language": "fi", "next": "/e/club/", "csrfmiddlewaretoken": token}
    )
    assert answer.status_code == 302
    assert answer["Location"] == "/e/club/"
    # A 304 is per visitor too: the first visitor's ETag is not the second's.
    assert cached["ETag"] != first.get("/e/club/standings/")["ETag"]


@override_settings(VERSION_TTL=0)
def test_a_player_whose_name_holds_a_slash_has_a_card_that_opens() -> None:
    """Issue 30 item 10: a player name containing "/" linked to a card that answered 404
    (also "?", "#" and "%")."""
    club()
    client = Client()
    html = client.get("/e/club/standings/").content.decode()
    links = re.findall(r'href="(/e/club/player/[^"]+)"', html)
    assert len(links) == len(NAMES), links
    for link in links:
        card = client.get(link)
        assert card.status_code == 200, link
    bodies = {client.get(link).content.decode() for link in links}
    for name in NAMES:
        assert any(f"<h1>{name}" in b or f">{name}<" in b for b in bodies), name


LOST = """
import os, sys
os.environ["DJANGO_SETTINGS_MODULE"] = "mashindano.config.settings"
import django
django.setup()
from django.test import Client
client = Client(HTTP_HOST="127.0.0.1", raise_request_exception=False)
for path in sys.argv[1:]:
    r = client.get(path)
    print(path, r.status_code, r.get("Retry-After"), r.get("Content-Type"), r.content[:60])
"""


@pytest.mark.parametrize(
    "url",
    ["postgresql://postgres@127.0.0.1:9/gone", "sqlite:////nonexistent-dir-issue-30/gone.sqlite3"],
    ids=["postgres-closed-port", "sqlite-removed"],
)
def test_a_lost_database_answers_503_with_retry_after(url: str, tmp_path: Path) -> None:
    """Issue 30 item 11: a lost database answered 500; it is a 503 with Retry-After, a problem
    document for the API and a plain page for the site."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("MASHINDANO_")}
    env["MASHINDANO_DATABASE_URL"] = url
    env["PYTHONPATH"] = os.pathsep.join(sys.path)
    done = subprocess.run(
        [sys.executable, "-c", LOST, "/e/club/standings/", "/api/v1/events", "/"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 3, done.stdout + done.stderr
    for line in lines:
        path, status, retry, content_type, *_ = line.split(" ", 4)
        assert status == "503", line
        assert retry.isdigit(), line
        assert int(retry) > 0, line
        if path.startswith("/api/"):
            assert content_type == "application/problem+json", line
        else:
            assert content_type.startswith("text/html"), line
