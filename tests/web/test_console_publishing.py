"""Issue 31 item 6: an organiser sets up where the event publishes each round (the console's
Publishing page, the API and the CLI, one use case), sees each round's delivery, removes it.
A local HTTP listener receives each round's bundle exactly once after set-up through the
console form; a loopback URL without the site's allowance is refused with a clear message."""

from __future__ import annotations

import json
import random
import re
import threading
from collections.abc import Iterator
from datetime import timedelta
from html import unescape
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from tests.app.helpers import ACTOR, T0, make_event, report_open
from typer.testing import CliRunner

from mashindano.app import people, publishing, rounds
from mashindano.app.tasks import run_tick
from mashindano.cli.main import app as cli
from mashindano.store import models
from mashindano.store.models import Webhook

pytestmark = pytest.mark.django_db


class Listener:
    """A local HTTP listener keeping every bundle it is sent (answered 204)."""

    def __init__(self) -> None:
        self.received: list[dict[str, Any]] = []
        listener = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                listener.received.append(json.loads(body))
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/tasaselo"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


@pytest.fixture
def listener() -> Iterator[Listener]:
    found = Listener()
    yield found
    found.server.shutdown()


def _login(username: str, slug: str, role: str) -> Client:
    User.objects.create_user(username, f"{username}@example.org", "pw")
    people.grant_role(slug, username, role, actor=ACTOR, now=T0)
    client = Client()
    client.force_login(User.objects.get(username=username))
    return client


def _tick(hours: int) -> None:
    for minutes in (0, 1):
        run_tick(T0 + timedelta(hours=hours, minutes=minutes), enqueue=False)


def test_set_up_in_the_console_then_each_round_arrives_once(
    listener: Listener, settings: Any
) -> None:
    settings.MASHINDANO_WEBHOOK_ALLOW = f"127.0.0.1:{listener.port}"
    make_event("ts", "tasaselo", 6, rounds="3")
    olga = _login("olga", "ts", "organiser")
    page = olga.get("/console/ts/publishing/").content.decode()
    assert "This event publishes nowhere yet." in page
    answer = olga.post("/console/ts/publishing/", {"url": listener.url}, follow=True)
    page = answer.content.decode()
    assert answer.status_code == 200
    assert "signed with the secret whsec_" in page
    assert listener.url in page
    entry = models.AuditEntry.objects.filter(event__slug="ts", action="publisher.add").get()
    assert entry.actor == "olga"
    assert entry.after == {"publisher": Webhook.objects.get().id, "target": listener.url}
    rng = random.Random(5)
    for number in (1, 2, 3):
        paired = rounds.pair_next_round("ts", actor=ACTOR, now=T0 + timedelta(hours=number))
        report_open("ts", paired, rng)
        page = olga.get("/console/ts/publishing/").content.decode()
        assert f"Round {number}:" in page
        assert "waiting" in page  # complete, not sent yet
        _tick(number)
        _tick(number)  # a second tick sends nothing more
        assert [b["round"] for b in listener.received] == list(range(1, number + 1))
    page = olga.get("/console/ts/publishing/").content.decode()
    assert page.count('class="badge done"') == 3
    assert "waiting" not in page
    assert {b["type"] for b in listener.received} == {"round.bundle"}


def test_a_loopback_url_without_the_allowance_is_refused_clearly(settings: Any) -> None:
    settings.MASHINDANO_WEBHOOK_ALLOW = ""
    make_event("sw", "chess-swiss", 4)
    olga = _login("olga", "sw", "organiser")
    answer = olga.post("/console/sw/publishing/", {"url": "http://127.0.0.1:9/x"})
    assert answer.status_code == 400
    page = answer.content.decode()
    assert "points to a loopback address" in page
    assert "MASHINDANO_WEBHOOK_ALLOW" in page
    assert not Webhook.objects.exists()
    assert not models.AuditEntry.objects.filter(action="publisher.add").exists()
    answer = olga.post("/console/sw/publishing/", {"url": "ftp://example.org/x"})
    assert "must start with http:// or https://" in answer.content.decode()


def test_failing_and_folder_and_removal(settings: Any, tmp_path: Any) -> None:
    settings.MASHINDANO_PUBLISH_FOLDER = str(tmp_path)
    settings.MASHINDANO_WEBHOOK_ALLOW = "127.0.0.1:9"
    make_event("sw", "chess-swiss", 4, swiss_rounds="2")
    olga = _login("olga", "sw", "organiser")
    page = olga.get("/console/sw/publishing/").content.decode()
    assert "Publish to this site's folder" in page
    olga.post("/console/sw/publishing/", {"folder": "1"})
    olga.post("/console/sw/publishing/", {"url": "http://127.0.0.1:9/closed"})
    again = olga.post("/console/sw/publishing/", {"url": "http://127.0.0.1:9/closed"})
    assert "publishes to 'http://127.0.0.1:9/closed' already" in unescape(again.content.decode())
    paired = rounds.pair_next_round("sw", actor=ACTOR, now=T0)
    report_open("sw", paired, random.Random(1))
    _tick(0)
    page = olga.get("/console/sw/publishing/").content.decode()
    assert "This site's publish folder" in page
    assert page.count('class="badge done"') == 1  # the folder
    assert "failing" in page
    assert "could not connect" in page
    assert (tmp_path / "sw" / "1-round-1.json").exists()
    closed = Webhook.objects.get(url="http://127.0.0.1:9/closed")
    olga.post("/console/sw/publishing/", {"remove": str(closed.id)})
    assert list(Webhook.objects.values_list("url", flat=True)) == ["folder:"]
    removed = models.AuditEntry.objects.get(event__slug="sw", action="publisher.remove")
    assert removed.before["target"] == "http://127.0.0.1:9/closed"


def test_only_the_events_organisers_set_up_publishing() -> None:
    make_event("sw", "chess-swiss", 4)
    arif = _login("arif", "sw", "arbiter")
    assert arif.get("/console/sw/publishing/").status_code == 403
    assert arif.post("/console/sw/publishing/", {"url": "https://example.org/x"}).status_code == 403
    assert "Publishing" not in arif.get("/console/sw/").content.decode()
    olga = _login("olga", "sw", "organiser")
    assert ">Publishing<" in olga.get("/console/sw/").content.decode()
    assert not Webhook.objects.exists()


def test_the_api_and_the_cli_use_the_same_use_case(settings: Any, tmp_path: Any) -> None:
    settings.MASHINDANO_PUBLISH_FOLDER = str(tmp_path)
    make_event("sw", "chess-swiss", 4, swiss_rounds="2")
    olga = _login("olga", "sw", "organiser")
    made = olga.post(
        "/api/v1/events/sw/publishers",
        {"target": "folder:"},
        content_type="application/json",
    )
    assert made.status_code == 201, made.content
    assert made.json()["secret"].startswith("whsec_")
    paired = rounds.pair_next_round("sw", actor=ACTOR, now=T0)
    report_open("sw", paired, random.Random(1))
    listed = olga.get("/api/v1/events/sw/publishers").json()
    assert listed[0]["target"] == "folder:"
    assert [(d["round"], d["status"]) for d in listed[0]["deliveries"]] == [(1, "waiting")]
    refused = olga.post(
        "/api/v1/events/sw/publishers",
        {"target": "http://localhost/x"},
        content_type="application/json",
    )
    assert refused.status_code in (400, 422)
    assert "loopback" in refused.content.decode()
    shown = CliRunner().invoke(cli, ["event", "publisher", "list", "sw"])
    assert shown.exit_code == 0, shown.output
    assert re.search(r"Publisher \d+: folder:\n  round 1: waiting", shown.stdout)
    publisher = listed[0]["id"]
    gone = CliRunner().invoke(cli, ["event", "publisher", "remove", "sw", str(publisher)])
    assert gone.exit_code == 0, gone.output
    assert olga.get("/api/v1/events/sw/publishers").json() == []
    added = CliRunner().invoke(cli, ["event", "publisher", "add", "sw", "folder:", "--json"])
    assert added.exit_code == 0, added.output
    assert json.loads(added.stdout)["target"] == "folder:"
    missing = olga.delete(f"/api/v1/events/sw/publishers/{publisher}")
    assert missing.status_code == 404
    assert publishing.list_publishers("sw", actor=ACTOR)[0].target == "folder:"
