"""A real SMTP server for the tests: aiosmtpd on a free local port, keeping every message."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any

from aiosmtpd.controller import Controller


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Inbox:
    """What the server received (thread-safe append from the server's loop)."""

    host: str
    port: int
    messages: list[EmailMessage] = field(default_factory=list)
    envelopes: list[tuple[str, list[str]]] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        parsed = message_from_bytes(envelope.content, policy=policy.default)
        assert isinstance(parsed, EmailMessage)
        with self._lock:
            self.messages.append(parsed)
            self.envelopes.append((envelope.mail_from, list(envelope.rcpt_tos)))
        return "250 OK"

    def to(self, address: str) -> list[EmailMessage]:
        with self._lock:
            return [m for m in self.messages if address in str(m["To"])]

    def keys(self) -> list[str]:
        with self._lock:
            return [str(m["X-Mashindano-Key"]) for m in self.messages]

    def mailer(self) -> dict[str, Any]:
        """Django's MAILERS entry that sends here (in this process)."""
        return {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {"host": self.host, "port": self.port, "timeout": 30},
        }

    def env(self) -> dict[str, str]:
        """The environment that makes a worker process send here."""
        return {"MASHINDANO_SMTP_HOST": self.host, "MASHINDANO_SMTP_PORT": str(self.port)}


@contextmanager
def smtp_server() -> Iterator[Inbox]:
    port = free_port()
    inbox = Inbox("127.0.0.1", port)
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield inbox
    finally:
        controller.stop()
