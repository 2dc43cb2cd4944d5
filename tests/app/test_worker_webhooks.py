"""Webhooks delivered by the worker process (issue 15 item 4, issue 16 item 1): a local
receiver that fails twice and then succeeds gets the delivery once, on the third try,
verified by its Standard Webhooks signature; the worker runs as a real process with a
controlled clock (`--batch --now`), on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from standardwebhooks import Webhook as Verifier

from .helpers import REPO
from .smtp import Inbox, smtp_server
from .worker_scenario import T0

SCENARIO = Path(__file__).with_name("worker_scenario.py")
START = T0 + timedelta(hours=1)
"""After the stage was published, long before any deadline: only the webhook is due."""


class Receiver:
    """A local HTTP receiver answering 503 to the first `failures` posts, then 204."""

    def __init__(self, failures: int) -> None:
        self.failures = failures
        self.posts: list[tuple[dict[str, str], bytes]] = []
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                receiver.posts.append(({k.lower(): v for k, v in self.headers.items()}, body))
                self.send_response(503 if len(receiver.posts) <= receiver.failures else 204)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


@pytest.fixture
def receiver(monkeypatch: pytest.MonkeyPatch) -> Iterator[Receiver]:
    found = Receiver(failures=2)
    # Loopback targets are refused unless allowed (issue 30 item 1): the scenario and worker
    # processes inherit this environment, which allows this one port.
    monkeypatch.setenv("MASHINDANO_WEBHOOK_ALLOW", f"127.0.0.1:{found.server.server_address[1]}")
    yield found
    found.server.shutdown()


def _prepare(db: str, url: str) -> None:
    done = subprocess.run(
        [sys.executable, str(SCENARIO), db, url],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=REPO,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def _worker(db: str, inbox: Inbox, seconds: float) -> None:
    now = (START + timedelta(seconds=seconds)).isoformat()
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mashindano.cli.main",
            "worker",
            "--batch",
            "--now",
            now,
            "--db",
            db,
        ],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=REPO,
        env={**os.environ, **inbox.env()},
        check=False,
    )
    assert done.returncode == 0, done.stderr


def _deliveries_sqlite(path: Path) -> list[tuple[str, int, str]]:
    with sqlite3.connect(path) as raw:
        rows = raw.execute("select state, attempts, message_id from api_webhookdelivery")
        return [(str(s), int(a), str(m)) for s, a, m in rows.fetchall()]


def _secret_sqlite(path: Path) -> str:
    with sqlite3.connect(path) as raw:
        return str(raw.execute("select secret from api_webhook").fetchone()[0])


def _deliveries_postgres() -> list[tuple[str, int, str]]:
    from mashindano.store.models import WebhookDelivery

    return list(WebhookDelivery.objects.values_list("state", "attempts", "message_id"))


def _secret_postgres() -> str:
    from mashindano.store.models import Webhook

    return Webhook.objects.get().secret


def _three_tries(db: str, receiver: Receiver, deliveries: Any, secret: Any) -> None:
    with smtp_server() as inbox:
        _worker(db, inbox, 0)  # first try: 503, next try 5 s later
        assert len(receiver.posts) == 1
        assert deliveries() == [("pending", 1, deliveries()[0][2])]
        _worker(db, inbox, 4)  # not due yet
        assert len(receiver.posts) == 1
        _worker(db, inbox, 5)  # second try: 503, next try 10 s later
        assert len(receiver.posts) == 2
        _worker(db, inbox, 15)  # third try: accepted
        _worker(db, inbox, 3600)  # nothing more to send
    assert len(receiver.posts) == 3
    [(state, attempts, message_id)] = deliveries()
    assert (state, attempts) == ("delivered", 3)
    assert {h["webhook-id"] for h, _ in receiver.posts} == {message_id}
    headers, body = receiver.posts[-1]
    payload = Verifier(secret()).verify(body, headers)
    assert payload["type"] == "round.published"
    assert payload["data"]["event"] == "kiba"
    assert json.loads(body)["data"]["action"] == "round.pair"


def test_worker_delivers_a_webhook_once_on_the_third_try_on_sqlite(
    tmp_path: Path, receiver: Receiver
) -> None:
    db = tmp_path / "hooks.sqlite3"
    _prepare(str(db), receiver.url)
    _three_tries(str(db), receiver, lambda: _deliveries_sqlite(db), lambda: _secret_sqlite(db))


@pytest.mark.postgres
def test_worker_delivers_a_webhook_once_on_the_third_try_on_postgres(
    postgres_url: str, receiver: Receiver
) -> None:
    _prepare(postgres_url, receiver.url)
    _three_tries(postgres_url, receiver, _deliveries_postgres, _secret_postgres)
