"""Webhook targets cannot reach inside (issue 30 item 1, "the SSRF test suite").

A real TCP listener on 127.0.0.1 (and one on [::1], same port) counts every connection it
accepts. Every spelling of a loopback or unspecified target - the address, `localhost`,
`[::1]`, `0.0.0.0`, decimal, octal, hex and short IPv4 forms, an IPv4-mapped IPv6 address, a
redirect from an allowed receiver - is refused at subscription and again at delivery, and the
listener counts zero connections; with the allow-list naming it, the same URL does reach the
listener (so the zero means refused, not unreachable). A public address still delivers,
signed, connecting to the address that was checked.
"""

from __future__ import annotations

import ipaddress
import json
import os
import re
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from django.test import Client
from standardwebhooks import Webhook as Verifier

from mashindano.app import webhook_targets, webhooks
from mashindano.store.models import Webhook, WebhookDelivery

from .conftest import bearer

pytestmark = pytest.mark.django_db

ANSWER = b"HTTP/1.1 204 No Content\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"


class Counter:
    """TCP listeners on 127.0.0.1 and [::1] (one port) counting the connections they accept;
    each is answered 204 after its request (head and body kept in `heads`)."""

    def __init__(self) -> None:
        self.connections = 0
        self.heads: list[bytes] = []
        self._lock = threading.Lock()
        self.sockets: list[socket.socket] = []
        for _ in range(20):  # find a port free on both addresses
            v4 = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            v4.bind(("127.0.0.1", 0))
            v6 = socket.socket(socket.AF_INET6, socket.SOCK_STREAM)
            try:
                v6.bind(("::1", v4.getsockname()[1]))
            except OSError:
                v4.close()
                v6.close()
                continue
            self.sockets = [v4, v6]
            break
        assert self.sockets, "no port free on both 127.0.0.1 and ::1"
        self.port = self.sockets[0].getsockname()[1]
        for sock in self.sockets:
            sock.listen(16)
            threading.Thread(target=self._serve, args=(sock,), daemon=True).start()

    def _serve(self, sock: socket.socket) -> None:
        while True:
            try:
                conn, _ = sock.accept()
            except OSError:
                return
            with self._lock:
                self.connections += 1
            with conn:
                conn.settimeout(5)
                head = b""
                try:
                    while b"\r\n\r\n" not in head:
                        chunk = conn.recv(4096)
                        if not chunk:
                            break
                        head += chunk
                    length = re.search(rb"(?i)content-length: *(\d+)", head)
                    while length and len(head.partition(b"\r\n\r\n")[2]) < int(length[1]):
                        chunk = conn.recv(4096)
                        if not chunk:
                            break
                        head += chunk
                    self.heads.append(head)
                    conn.sendall(ANSWER)
                except OSError:
                    pass

    def close(self) -> None:
        for sock in self.sockets:
            sock.close()


@pytest.fixture
def counter() -> Iterator[Counter]:
    found = Counter()
    yield found
    found.close()


def _hook(url: str) -> Webhook:
    """A subscription made without `subscribe`'s check: as if the name resolved elsewhere
    when it was made (DNS changes), or it predates the check."""
    return Webhook.objects.create(
        event_slug="club",
        url=url,
        types=["round.published"],
        secret="whsec_" + "QUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFB",
        created_by="test",
        created_at="2026-03-01T10:00:00Z",
        seen_version=0,
    )


def _one_delivery(hook: Webhook) -> WebhookDelivery:
    made = WebhookDelivery.objects.create(
        webhook=hook,
        message_id=f"msg_{hook.id}.1.round.published",
        type="round.published",
        version=1,
        payload={"type": "round.published", "data": {"event": "club"}},
        next_attempt_at="2026-03-01T10:00:00Z",
        created_at="2026-03-01T10:00:00Z",
    )
    return webhooks.deliver(made.id, sleep=lambda _s: None)


LOOPBACK_SPELLINGS = [
    ("http://127.0.0.1:{port}/hook", "loopback address"),
    ("http://localhost:{port}/hook", "loopback address"),
    ("http://LocalHost.:{port}/hook", "loopback address"),
    ("http://[::1]:{port}/hook", "loopback address"),
    ("http://0.0.0.0:{port}/hook", "unspecified address"),
    ("http://2130706433:{port}/hook", "loopback address"),
    ("http://0177.0.0.1:{port}/hook", "loopback address"),
    ("http://0x7f.1:{port}/hook", "loopback address"),
    ("http://127.1:{port}/hook", "loopback address"),
    ("http://[::ffff:127.0.0.1]:{port}/hook", "loopback address"),
    ("https://127.0.0.1:{port}/hook", "loopback address"),
]


@pytest.mark.parametrize(("pattern", "kind"), LOOPBACK_SPELLINGS)
def test_loopback_targets_are_refused_at_subscription_and_delivery_and_never_reached(
    club: dict[str, dict[str, str]], api: Client, counter: Counter, settings: Any,
    pattern: str, kind: str,
) -> None:  # fmt: skip
    """issue 30 item 1: the SSRF suite - the listener counts zero connections; allowed, the
    same URL reaches it (the zero is a refusal, not an unreachable listener)."""
    url = pattern.format(port=counter.port)
    organiser = bearer(club["organiser"]["organiser"])
    r = api.post(
        "/api/v1/events/club/webhooks",
        data=json.dumps({"url": url, "types": []}),
        content_type="application/json",
        headers=organiser,
    )
    assert r.status_code == 422, r.content
    assert r.json()["code"] == "parse_error"
    assert kind in r.json()["detail"]
    assert not Webhook.objects.exists()

    done = _one_delivery(_hook(url))
    assert done.state == WebhookDelivery.FAILED
    assert done.attempts == 1  # refused is final: no retries
    assert done.last_status is None
    assert done.last_error == f"refused: {kind}"
    assert counter.connections == 0
    log = api.get(f"/api/v1/events/club/webhooks/{done.webhook_id}/deliveries", headers=organiser)
    assert log.json()[0]["last_error"] == f"refused: {kind}"

    if url.startswith("https"):
        return  # the listener speaks no TLS; the http spellings show it is reachable
    settings.MASHINDANO_WEBHOOK_ALLOW = "127.0.0.0/8, ::1, 0.0.0.0"
    assert webhooks.check_url(url) == url
    reached = _one_delivery(_hook(url))
    assert reached.state == WebhookDelivery.DELIVERED
    assert counter.connections == 1


class Redirector:
    """An HTTP receiver answering every POST with `status` and `Location: location`."""

    def __init__(self, status: int, location: str) -> None:
        self.posts = 0
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                self.rfile.read(int(self.headers["Content-Length"]))
                outer.posts += 1
                self.send_response(status)
                self.send_header("Location", location)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


@pytest.mark.parametrize("status", [301, 302, 307, 308])
@pytest.mark.parametrize(
    "target",
    [
        "http://127.0.0.1:{port}/x",
        "http://localhost:{port}/x",
        "http://[::1]:{port}/x",
        "http://2130706433:{port}/x",
        "http://0.0.0.0:{port}/x",
    ],
)
def test_a_redirect_from_an_allowed_receiver_to_loopback_is_refused(
    club: dict[str, dict[str, str]], counter: Counter, settings: Any, status: int, target: str
) -> None:
    """issue 30 item 1: the allow-list admits one receiver (127.0.0.1, its port only); its
    redirect to the counting listener is checked like the first hop and refused."""
    location = target.format(port=counter.port)
    redirector = Redirector(status, location)
    try:
        settings.MASHINDANO_WEBHOOK_ALLOW = f"127.0.0.1:{redirector.port}"
        done = _one_delivery(_hook(redirector.url))
        assert redirector.posts == 1  # the allowed receiver was reached
        assert counter.connections == 0  # its redirect was not
        assert done.state == WebhookDelivery.FAILED
        assert done.last_error.startswith("refused: ")
        assert done.last_error.endswith(" address (after a redirect)")
        assert done.last_status is None

        settings.MASHINDANO_WEBHOOK_ALLOW = f"127.0.0.1:{redirector.port}, 127.0.0.0/8, ::1"
        if "0.0.0.0" in location:
            settings.MASHINDANO_WEBHOOK_ALLOW += ", 0.0.0.0"
        followed = _one_delivery(_hook(redirector.url))
        assert followed.state == WebhookDelivery.DELIVERED  # allowed, the redirect is followed
        assert counter.connections == 1
        assert counter.heads[0].startswith(b"POST /")  # the same POST, body and signature
    finally:
        redirector.server.shutdown()


def test_too_many_redirects_end_the_try(club: dict[str, dict[str, str]], settings: Any) -> None:
    """issue 30 item 1: redirects are followed a bounded number of times."""
    loop = Redirector(307, "/again")
    try:
        settings.MASHINDANO_WEBHOOK_ALLOW = f"127.0.0.1:{loop.port}"
        done = webhooks.post(loop.url, b"{}", {"Content-Type": "application/json"})
        assert done.error == "too many redirects"
        assert loop.posts == webhook_targets.MAX_REDIRECTS + 1
    finally:
        loop.server.shutdown()


@pytest.mark.parametrize(
    ("url", "kind"),
    [
        ("http://169.254.169.254/latest/meta-data/", "link-local address"),
        ("http://[fe80::1]/", "link-local address"),
        ("http://10.0.0.1:5432/", "private address"),
        ("http://192.168.1.1/", "private address"),
        ("http://172.16.0.1/", "private address"),
        ("http://[fc00::1]/", "private address"),
        ("http://100.64.0.1/", "shared (carrier-grade NAT) address"),
        ("http://224.0.0.1/", "multicast address"),
        ("http://[ff02::1]/", "multicast address"),
        ("http://240.0.0.1/", "reserved address"),
        ("http://[::]/", "unspecified address"),
        ("http://[::ffff:10.0.0.1]/", "private address"),
        ("http://[::ffff:169.254.169.254]/", "link-local address"),
        ("http://[2002:7f00:1::]/", "loopback address"),
        ("http://[2002:a00:1::]/", "private address"),
    ],
)
def test_internal_addresses_are_refused_without_a_connection(
    club: dict[str, dict[str, str]], monkeypatch: pytest.MonkeyPatch, url: str, kind: str
) -> None:
    """issue 30 item 1: private, link-local (cloud metadata), shared, multicast, reserved and
    unspecified addresses, IPv4 and IPv6 (and IPv4 inside IPv6), are refused; no socket is
    opened."""
    opened: list[Any] = []
    monkeypatch.setattr(webhook_targets, "_connect", lambda *a: opened.append(a))
    with pytest.raises(Exception, match=re.escape(kind)):
        webhooks.check_url(url)
    done = _one_delivery(_hook(url))
    assert (done.state, done.last_error) == (WebhookDelivery.FAILED, f"refused: {kind}")
    assert opened == []


def test_a_public_address_delivers_signed_to_the_address_that_was_checked(
    club: dict[str, dict[str, str]], counter: Counter, monkeypatch: pytest.MonkeyPatch
) -> None:
    """issue 30 item 1: a public target still delivers, signed as before. The network is
    replaced at its lowest level: the resolver answers a public address to the subscription's
    check and to the try's, loopback to any further question (a rebinding DNS server); the
    try asks once and connects to the address it checked (handed here to the counting
    listener), with the URL's name in `Host`."""
    public = "93.184.215.14"
    answers = iter([public, public, "127.0.0.1", "127.0.0.1"])
    asked: list[str] = []

    def getaddrinfo(host: str, port: int, *args: Any, **kwargs: Any) -> list[Any]:
        asked.append(host)
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (next(answers), port))]

    connected: list[str] = []

    def connect(addresses: list[tuple[int, Any]], port: int, timeout: float) -> socket.socket:
        connected.extend(str(ip) for _, ip in addresses)
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.connect(("127.0.0.1", counter.port))  # numeric: no lookup
        return sock

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    monkeypatch.setattr(webhook_targets, "_connect", connect)
    hook = webhooks.subscribe("club", "http://hooks.example.org/in", [], created_by="test")
    delivery = WebhookDelivery.objects.create(
        webhook=hook,
        message_id=f"msg_{hook.id}.1.round.published",
        type="round.published",
        version=1,
        payload={"type": "round.published", "data": {"event": "club"}},
        next_attempt_at="2026-03-01T10:00:00Z",
        created_at="2026-03-01T10:00:00Z",
    )
    done = webhooks.deliver(delivery.id, sleep=lambda _s: None)
    assert done.state == WebhookDelivery.DELIVERED
    assert asked == ["hooks.example.org", "hooks.example.org"]  # subscribing, then one try
    assert connected == [public]
    head, _, body = counter.heads[0].partition(b"\r\n\r\n")
    lines = head.decode().split("\r\n")
    assert lines[0] == "POST /in HTTP/1.1"
    headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    assert headers["host"] == "hooks.example.org"
    assert Verifier(hook.secret).verify(body, headers)["type"] == "round.published"


def test_a_name_with_a_public_and_a_private_address_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """issue 30 item 1: every address a name resolves to is checked."""

    def getaddrinfo(host: str, port: int, *args: Any, **kwargs: Any) -> list[Any]:
        return [
            (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("93.184.215.14", port)),
            (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("10.1.2.3", port)),
        ]

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    out = webhooks.post("https://mixed.example.org/", b"{}", {})
    assert (out.status, out.error, out.refused) == (None, "refused: private address", True)


def test_an_allowed_target_that_fails_reports_a_fixed_phrase(
    club: dict[str, dict[str, str]], settings: Any
) -> None:
    """issue 30 item 1: a failed connection is logged as a fixed phrase, never the system's
    error text (no "[Errno 111] Connection refused" to tell open ports from closed ones)."""
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))
    port = closed.getsockname()[1]
    closed.close()
    settings.MASHINDANO_WEBHOOK_ALLOW = f"127.0.0.1:{port}"
    out = webhooks.post(f"http://127.0.0.1:{port}/", b"{}", {})
    assert (out.status, out.error, out.refused) == (None, "could not connect", False)
    out = webhooks.post("http://no-such-host.invalid/", b"{}", {})
    assert (out.status, out.error) == (None, "name not found")


def test_the_allow_list_admits_only_what_it_names() -> None:
    """issue 30 item 1: MASHINDANO_WEBHOOK_ALLOW entries - networks, addresses, host names,
    each optionally with a port - and the entries it refuses."""
    allow = webhook_targets.parse_allow(
        "10.0.0.0/8, 127.0.0.1:9000, [::1]:8080, hooks.internal, other.internal:8443"
    )

    def admitted(url: str, ip: str) -> bool:
        target = webhook_targets.parse_url(url)
        return any(entry.admits(target, ipaddress.ip_address(ip)) for entry in allow)

    assert admitted("http://db.example/", "10.9.8.7")
    assert admitted("http://127.0.0.1:9000/", "127.0.0.1")
    assert not admitted("http://127.0.0.1:9001/", "127.0.0.1")
    assert admitted("http://[::1]:8080/", "::1")
    assert not admitted("http://[::1]:8081/", "::1")
    assert admitted("https://hooks.internal/x", "192.168.1.9")
    assert admitted("https://other.internal:8443/x", "192.168.1.9")
    assert not admitted("https://other.internal/x", "192.168.1.9")
    assert not admitted("http://hooks.internal.evil.example/", "192.168.1.9")
    for bad in ("127.1", "0x7f.1", "10.0.0.0/33", "host:port", "a b", "[::1]x"):
        with pytest.raises(ValueError, match="MASHINDANO_WEBHOOK_ALLOW"):
            webhook_targets.parse_allow(bad)


def test_a_bad_allow_list_stops_the_settings_with_a_clear_message() -> None:
    """issue 30 item 1: the allow-list is read from the environment like the other settings;
    an entry that is not an address, network or host name stops the start-up."""
    done = subprocess.run(
        [sys.executable, "-c", "import mashindano.config.settings"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "MASHINDANO_WEBHOOK_ALLOW": "10.0.0.0/8, 0x7f.1"},
        check=False,
    )
    assert done.returncode != 0
    assert "MASHINDANO_WEBHOOK_ALLOW: '0x7f.1' is not an address" in done.stderr


@pytest.mark.parametrize(
    ("url", "words"),
    [
        ("ftp://example.org/", "must start with http:// or https://"),
        ("http://user:pw@example.org/", "must not contain a user name or password"),
        ("http:///path", "has no valid host name"),
        ("http://example.org:99999/", "has no valid host name"),
    ],
)
def test_urls_that_are_no_webhook_target_are_refused_by_name(url: str, words: str) -> None:
    """issue 30 item 1: a clear message naming the problem at subscription."""
    with pytest.raises(Exception, match=words):
        webhooks.check_url(url)


def test_the_refusal_at_subscription_is_in_the_readers_language() -> None:
    """issue 30 item 1: the new subscription messages are translated (here Swahili)."""
    from django.utils import translation

    with translation.override("sw"), pytest.raises(Exception, match="anwani ya loopback"):
        webhooks.check_url("http://127.0.0.1:9/")
