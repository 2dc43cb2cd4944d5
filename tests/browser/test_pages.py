"""Every page of every demo event answers 200 from the real server; unknown events, rounds and
players answer 404 with a page that says what was not found; caching answers 304."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from email.message import Message

import pytest
from tests.browser.conftest import Site


def fetch(site: Site, path: str, headers: dict[str, str] | None = None) -> tuple[int, str, Message]:
    request = urllib.request.Request(site.url + path, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read().decode(), response.headers
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(), error.headers


def test_every_page_of_every_demo_event_answers_200(site: Site) -> None:
    pages = json.loads(site.data("pages"))
    assert len(pages) > 100
    failed = []
    for path in pages:
        status, body, _ = fetch(site, path)
        if status != 200 or "TemplateSyntaxError" in body or "Traceback" in body:
            failed.append((path, status))
    assert failed == []


@pytest.mark.parametrize(
    ("path", "says"),
    [
        ("/e/no-such-event/", "No event 'no-such-event'"),
        ("/e/no-such-event/standings/", "No event 'no-such-event'"),
        ("/e/demo-chess-swiss/round/42/", "has no published round 42"),
        ("/e/demo-chess-swiss/player/Nobody%20Here/", "has no player 'Nobody Here'"),
        ("/e/demo-tantrix-knockout/stage/3/round/1/", "round"),
        ("/series/no-such-series/", "no-such-series"),
    ],
)
def test_unknown_event_round_or_player_is_a_404_that_says_what(
    site: Site, path: str, says: str
) -> None:
    status, body, _ = fetch(site, path)
    assert status == 404
    assert "Not found" in body
    assert says in body.replace("&#x27;", "'")


def test_a_page_is_served_with_an_etag_and_304_when_unchanged(site: Site) -> None:
    status, _first, headers = fetch(site, "/e/demo-tasaselo/standings/")
    assert status == 200
    etag = headers["ETag"]
    assert headers["Cache-Control"] == "no-cache"
    # A browser sends back the CSRF cookie it was given; a full page's ETag depends on it
    # (the page carries the visitor's own token for the language switcher, issue 30 item 8).
    cookie = {"Cookie": "; ".join(c.split(";")[0] for c in headers.get_all("Set-Cookie") or [])}
    status, _, again = fetch(site, "/e/demo-tasaselo/standings/", cookie)
    assert (status, again["ETag"], again["X-Page-Cache"]) == (200, etag, "hit")
    status, body, _ = fetch(site, "/e/demo-tasaselo/standings/", {**cookie, "If-None-Match": etag})
    assert (status, body) == (304, "")


def test_pages_carry_a_content_security_policy_without_inline_script(site: Site) -> None:
    _, body, headers = fetch(site, "/e/demo-chess-swiss/")
    policy = headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy
    assert "unsafe-inline" not in policy
    assert "<script>" not in body
