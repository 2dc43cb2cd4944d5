"""Webhooks (issue 15 item 4): signed deliveries to a local receiver, retries with backoff."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from django.test import Client
from standardwebhooks import Webhook as Verifier

from mashindano.app import webhooks
from mashindano.store.models import WebhookDelivery

from .conftest import bearer

pytestmark = pytest.mark.django_db


class Receiver:
    """A local HTTP receiver that fails the first `failures` posts with 503."""

    def __init__(self, failures: int) -> None:
        self.failures = failures
        self.posts: list[tuple[dict[str, str], bytes]] = []
        self.accepted: list[bytes] = []
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                receiver.posts.append(({k.lower(): v for k, v in self.headers.items()}, body))
                if len(receiver.posts) <= receiver.failures:
                    self.send_response(503)
                else:
                    receiver.accepted.append(body)
                    self.send_response(204)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


@pytest.fixture
def receiver(settings: Any) -> Iterator[Receiver]:
    found = Receiver(failures=2)
    # Loopback targets are refused unless allowed (issue 30 item 1): allow this one port.
    settings.MASHINDANO_WEBHOOK_ALLOW = f"127.0.0.1:{found.server.server_address[1]}"
    yield found
    found.server.shutdown()


def test_a_delivery_failing_twice_arrives_once_on_the_third_try_signed(
    club: dict[str, dict[str, str]], api: Client, receiver: Receiver
) -> None:
    organiser = bearer(club["organiser"]["organiser"])
    created = api.post(
        "/api/v1/events/club/webhooks",
        data=json.dumps({"url": receiver.url, "types": ["round.published"]}),
        content_type="application/json",
        headers=organiser,
    )
    assert created.status_code == 201, created.content
    secret = created.json()["secret"]
    assert secret.startswith("whsec_")
    r = api.post("/api/v1/events/club/rounds", headers=organiser)
    assert r.status_code == 201
    pending = list(WebhookDelivery.objects.all())
    assert [d.type for d in pending] == ["round.published"]
    waits: list[float] = []
    done = webhooks.deliver(pending[0].id, sleep=waits.append, base_delay=0.5)
    assert done.state == WebhookDelivery.DELIVERED
    assert done.attempts == 3
    assert waits == [0.5, 1.0]
    assert len(receiver.posts) == 3
    assert len(receiver.accepted) == 1
    headers, body = receiver.posts[-1]
    payload = Verifier(secret).verify(body, headers)
    assert payload["type"] == "round.published"
    assert payload["data"]["event"] == "club"
    assert payload["data"]["after"]["round"] == 1
    assert {h["webhook-id"] for h, _ in receiver.posts} == {done.message_id}
    with pytest.raises(Exception, match=r"(?i)signature"):
        Verifier("whsec_" + "A" * 32).verify(body, headers)
    log = api.get(
        f"/api/v1/events/club/webhooks/{created.json()['id']}/deliveries", headers=organiser
    ).json()
    assert log[0]["state"] == "delivered"
    assert log[0]["attempts"] == 3


def test_collecting_twice_makes_each_delivery_once(
    club: dict[str, dict[str, str]], api: Client, receiver: Receiver
) -> None:
    hook = webhooks.subscribe("club", receiver.url, [], created_by="test")
    organiser = bearer(club["organiser"]["organiser"])
    api.post("/api/v1/events/club/rounds", headers=organiser)
    api.post(
        "/api/v1/events/club/results",
        data=json.dumps({"round": 1, "board": 1, "result": "1-0"}),
        content_type="application/json",
        headers=organiser,
    )
    webhooks.collect("club")
    types = sorted(WebhookDelivery.objects.filter(webhook=hook).values_list("type", flat=True))
    assert types == ["result.reported", "round.published", "standings.updated"]


def test_deliver_due_tries_each_due_delivery_and_backs_off(
    club: dict[str, dict[str, str]], api: Client, receiver: Receiver
) -> None:
    webhooks.subscribe("club", receiver.url, ["round.published"], created_by="test")
    api.post("/api/v1/events/club/rounds", headers=bearer(club["organiser"]["organiser"]))
    assert webhooks.deliver_due() == 0
    delivery = WebhookDelivery.objects.get()
    assert delivery.attempts == 1
    assert delivery.next_attempt_at > delivery.created_at
    assert webhooks.deliver_due() == 0  # not due yet: nothing sent
    assert len(receiver.posts) == 1


def test_unknown_types_and_urls_are_refused(club: dict[str, dict[str, str]], api: Client) -> None:
    organiser = bearer(club["organiser"]["organiser"])
    for body in ({"url": "ftp://x.org/a", "types": []}, {"url": "http://x.org/a", "types": ["x"]}):
        r = api.post(
            "/api/v1/events/club/webhooks",
            data=json.dumps(body),
            content_type="application/json",
            headers=organiser,
        )
        assert r.status_code == 422
        assert r.json()["code"] == "parse_error"


def test_a_write_through_the_api_leaves_one_delivery_task_for_the_worker(
    club: dict[str, dict[str, str]], api: Client, receiver: Receiver
) -> None:
    from django_tasks_db.models import DBTaskResult

    from mashindano.app.tasks import deliver_webhooks

    webhooks.subscribe("club", receiver.url, [], created_by="test")
    organiser = bearer(club["organiser"]["organiser"])
    api.post("/api/v1/events/club/rounds", headers=organiser)
    api.post(
        "/api/v1/events/club/results",
        data=json.dumps({"round": 1, "board": 1, "result": "1-0"}),
        content_type="application/json",
        headers=organiser,
    )
    waiting = DBTaskResult.objects.ready().filter(task_path=deliver_webhooks.module_path)
    assert waiting.count() == 1
    assert receiver.posts == []  # nothing is sent inside the request
    taken = waiting.get()
    waiting.update(status="RUNNING")  # as the worker does when it takes the task
    assert deliver_webhooks.call() == {"delivered": 1}  # 503, 503, then accepted
    assert len(receiver.posts) == 3
    retry = DBTaskResult.objects.filter(task_path=deliver_webhooks.module_path, status="READY")
    assert retry.count() == 1  # the two that failed are tried again later
    assert retry.get().run_after > taken.enqueued_at
