"""Issue 31 item 6: after each round (once all its results are in) the event sends that round's
bundle (pairings with results, standings after it, a standalone HTML page) exactly once: to a
local HTTP listener (signed, retried after a failure) or into the site's publish folder."""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Iterator
from datetime import timedelta
from html.parser import HTMLParser
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from standardwebhooks import Webhook as Verifier
from tests.app.helpers import ACTOR, T0, make_event, report_open

from mashindano.app import publishing, rounds, webhooks
from mashindano.app.tasks import run_tick
from mashindano.engine.errors import ParseError
from mashindano.store.models import WebhookDelivery

pytestmark = pytest.mark.django_db


class Listener:
    """A local HTTP listener; the first `failures` posts are answered 503."""

    def __init__(self, failures: int = 0) -> None:
        self.failures = failures
        self.posts: list[tuple[dict[str, str], bytes]] = []
        self.accepted: list[dict[str, Any]] = []
        listener = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                listener.posts.append(({k.lower(): v for k, v in self.headers.items()}, body))
                if len(listener.posts) <= listener.failures:
                    self.send_response(503)
                else:
                    listener.accepted.append(json.loads(body))
                    self.send_response(204)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/tasaselo"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


@pytest.fixture
def listener(settings: Any) -> Iterator[Listener]:
    found = Listener(failures=1)
    settings.MASHINDANO_WEBHOOK_ALLOW = f"127.0.0.1:{found.server.server_address[1]}"
    yield found
    found.server.shutdown()


def ticks(hours: int) -> None:
    """The worker's tick, several times (each one collects and tries what is due)."""
    for minutes in (0, 1, 2):
        run_tick(T0 + timedelta(hours=hours, minutes=minutes), enqueue=False)


def play(slug: str, number: int, rng: random.Random) -> None:
    published = rounds.pair_next_round(slug, actor=ACTOR, now=T0 + timedelta(hours=number))
    ticks(number)  # paired, no result yet: nothing to send
    report_open(slug, published, rng)


class Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def test_a_listener_receives_each_rounds_bundle_once_signed(listener: Listener) -> None:
    make_event("ts", "tasaselo", 8, rounds="3")
    hook = publishing.subscribe("ts", listener.url, created_by="test")
    rng = random.Random(7)
    for number in (1, 2, 3):
        play("ts", number, rng)
        ticks(number)
        ticks(number)  # collecting and delivering again sends nothing more
        assert [b["round"] for b in listener.accepted] == list(range(1, number + 1))
    assert len(listener.posts) == 4  # round 1's first try was refused with 503, then retried
    ids = [h["webhook-id"] for h, _ in listener.posts]
    assert ids[0] == ids[1]  # the retry is the same message
    assert len(set(ids)) == 3
    headers, body = listener.posts[-1]
    last = Verifier(hook.secret).verify(body, headers)
    assert last["type"] == "round.bundle"
    assert (last["event"], last["stage"], last["group"], last["round"]) == ("ts", 1, "", 3)
    assert last["pairings"]["round"] == 3
    assert all(g["result"] != "*" for b in last["pairings"]["boards"] for g in b["games"])
    rows = last["standings"][0]["rows"]
    assert len(rows) == 8
    assert rows[0]["rank"] == 1
    page = Text()
    page.feed(last["html"])
    text = " ".join(page.parts)
    assert "Round 3" in text
    assert "Standings after round 3" in text
    assert rows[0]["name"] in text
    delivered = WebhookDelivery.objects.filter(webhook=hook, state=WebhookDelivery.DELIVERED)
    assert delivered.count() == 3


def test_an_unfinished_round_is_not_sent(listener: Listener) -> None:
    make_event("sw", "chess-swiss", 6, swiss_rounds="3")
    publishing.subscribe("sw", listener.url, created_by="test")
    published = rounds.pair_next_round("sw", actor=ACTOR, now=T0)
    assert publishing.collect("sw") == []
    report_open("sw", published, random.Random(1))
    assert len(publishing.collect("sw")) == 1
    assert publishing.collect("sw") == []


def test_the_folder_variant_writes_each_round_once(settings: Any, tmp_path: Path) -> None:
    settings.MASHINDANO_PUBLISH_FOLDER = str(tmp_path)
    make_event("ts", "tasaselo", 6, rounds="3")
    publishing.subscribe("ts", "folder:", created_by="test")
    rng = random.Random(3)
    for number in (1, 2, 3):
        play("ts", number, rng)
        ticks(number)
        json_file = tmp_path / "ts" / f"1-round-{number}.json"
        assert json_file.exists()
        written = json.loads(json_file.read_text())
        assert written["round"] == number
        assert written["standings"][0]["rows"]
        html = (tmp_path / "ts" / f"1-round-{number}.html").read_text()
        assert html.startswith("<!doctype html>")
        stamp = json_file.stat().st_mtime_ns
        ticks(number)
        assert json_file.stat().st_mtime_ns == stamp  # not written again
    assert sorted(p.name for p in (tmp_path / "ts").iterdir()) == [
        f"1-round-{n}.{s}" for n in (1, 2, 3) for s in ("html", "json")
    ]


def test_a_hostile_or_missing_target_is_refused(settings: Any) -> None:
    make_event("sw", "chess-swiss", 4)
    settings.MASHINDANO_WEBHOOK_ALLOW = ""
    with pytest.raises(ParseError, match="loopback"):
        publishing.subscribe("sw", "http://127.0.0.1:9/x", created_by="test")
    with pytest.raises(ParseError, match="http:// or https://"):
        publishing.subscribe("sw", "file:///etc/passwd", created_by="test")
    settings.MASHINDANO_PUBLISH_FOLDER = ""
    with pytest.raises(ParseError, match="no publish folder"):
        publishing.subscribe("sw", "folder:", created_by="test")


def test_a_target_no_longer_allowed_is_never_contacted(listener: Listener, settings: Any) -> None:
    make_event("sw", "chess-swiss", 4, swiss_rounds="2")
    hook = publishing.subscribe("sw", listener.url, created_by="test")
    settings.MASHINDANO_WEBHOOK_ALLOW = ""  # the allowance is gone: loopback refused again
    published = rounds.pair_next_round("sw", actor=ACTOR, now=T0)
    report_open("sw", published, random.Random(2))
    assert len(publishing.collect("sw", now=T0)) == 1
    webhooks.deliver_due(now=T0)
    assert listener.posts == []
    failed = WebhookDelivery.objects.get(webhook=hook)
    assert failed.state == WebhookDelivery.FAILED
    assert failed.last_error.startswith("refused")


def test_a_publisher_is_not_removed_through_the_webhook_calls(listener: Listener) -> None:
    """A publisher is removed as one (audited), never silently as a plain webhook."""
    from mashindano.app.errors import WrongState
    from mashindano.store.models import Webhook

    make_event("sw", "chess-swiss", 4)
    hook = publishing.subscribe("sw", listener.url, created_by="test")
    with pytest.raises(WrongState, match="is a publisher"):
        webhooks.unsubscribe("sw", hook.id)
    assert Webhook.objects.filter(id=hook.id).exists()
    plain = webhooks.subscribe("sw", listener.url, ["round.published"], created_by="test")
    webhooks.unsubscribe("sw", plain.id)
    assert not Webhook.objects.filter(id=plain.id).exists()
