"""`mashindano mail-in`: replies by e-mail arrive here (issue 31 item 3).

Two ways in, for a mail server to deliver to (docs/deploy.md shows Postfix's lines):

- a listener (aiosmtpd): LMTP by default (`--smtp` for plain SMTP), on `--host`/`--port`. It
  accepts only reply addresses (`reply+<token>@...`; any other recipient is refused at RCPT,
  so the mail server bounces it) and answers LMTP's DATA with one status per recipient;
- `--stdin`: one message on standard input, as Postfix's `pipe` transport runs it, with the
  envelope recipient as `--recipient ${recipient}`. Exit 0 when the mail was handled (acted on,
  or refused and answered), 75 (EX_TEMPFAIL: the mail server tries again later) when it could
  not be read into the database.

Each mail goes to `app.mail_replies.receive`, which checks it, acts through the preset's use
case and answers the sender. After a reply acted, the worker's tick is enqueued (the opponent's
mail) and the event's webhooks collected, as after a write through the API.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Annotated, Any

import typer

from mashindano.cli.errors import fail
from mashindano.cli.event_common import DbOption, event_command

EXIT_USAGE = 2
EX_TEMPFAIL = 75
LOG = logging.getLogger("mashindano.mail_in")

Clock = Callable[[], datetime]


def _wall_clock() -> datetime:
    from django.utils import timezone

    return timezone.now()


def _after_act(slug: str) -> None:
    from mashindano.app.tasks import after_write, enqueue_tick

    after_write(slug)
    enqueue_tick()


def deliver_one(
    raw: bytes,
    recipients: list[str],
    clock: Clock = _wall_clock,
    after_act: Callable[[str], None] | None = _after_act,
) -> str:
    """Hand one mail to `receive` (in this thread, with its own database connection); the
    outcome, or "ignored" for a machine's mail."""
    from django.db import close_old_connections, connection

    from mashindano.app.mail_replies import receive

    # A long-lived listener drops connections the database closed; a caller's own
    # transaction (a test, an embedding program) is left open.
    fresh = not connection.in_atomic_block
    if fresh:
        close_old_connections()
    try:
        answered = receive(raw, clock(), recipients=recipients, after_act=after_act)
    finally:
        if fresh:
            close_old_connections()
    outcome = answered.outcome if answered is not None else "ignored"
    LOG.info("mail-in: %s -> %s", ",".join(recipients), outcome)
    return outcome


class MailInHandler:
    """The aiosmtpd handler: reply addresses only; each mail read in a thread (Django's ORM
    is synchronous)."""

    def __init__(
        self,
        *,
        lmtp: bool = True,
        clock: Clock = _wall_clock,
        after_act: Callable[[str], None] | None = _after_act,
    ) -> None:
        self.lmtp = lmtp
        self.clock = clock
        self.after_act = after_act
        self.outcomes: list[str] = []

    async def handle_RCPT(  # noqa: N802 (aiosmtpd names its hooks so)
        self, server: Any, session: Any, envelope: Any, address: str, rcpt_options: list[str]
    ) -> str:
        from mashindano.app.mail_replies import LOCAL_PREFIX

        if not address.rsplit("@", 1)[0].lower().startswith(LOCAL_PREFIX):
            return "550 5.1.1 Not a reply address of Mashindano"
        envelope.rcpt_tos.append(address)
        return "250 2.1.5 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
        raw = envelope.original_content or envelope.content
        if isinstance(raw, str):
            raw = raw.encode("utf-8", "surrogateescape")
        statuses: list[str] = []
        for recipient in envelope.rcpt_tos:
            try:
                outcome = await asyncio.to_thread(
                    deliver_one, raw, [recipient], self.clock, self.after_act
                )
            except Exception:
                LOG.exception("mail-in: could not handle a mail to %s", recipient)
                statuses.append("451 4.3.0 Temporary failure, try again later")
            else:
                self.outcomes.append(outcome)
                statuses.append("250 2.0.0 OK")
        if self.lmtp:
            return "\r\n".join(statuses)
        return next((s for s in statuses if not s.startswith("250")), "250 2.0.0 OK")


@contextmanager
def listening(
    host: str,
    port: int,
    *,
    lmtp: bool = True,
    clock: Clock = _wall_clock,
    after_act: Callable[[str], None] | None = _after_act,
) -> Iterator[MailInHandler]:
    """The listener, running in a thread until the block ends (the command, and tests)."""
    from aiosmtpd.controller import Controller
    from aiosmtpd.lmtp import LMTP
    from aiosmtpd.smtp import SMTP

    handler = MailInHandler(lmtp=lmtp, clock=clock, after_act=after_act)

    class _Controller(Controller):
        def factory(self) -> SMTP:
            server = LMTP if lmtp else SMTP
            return server(self.handler, **self.SMTP_kwargs)

    controller = _Controller(handler, hostname=host, port=port, data_size_limit=1_000_000)
    controller.start()
    try:
        yield handler
    finally:
        controller.stop()


def mail_in(
    db: DbOption = None,
    stdin: Annotated[
        bool,
        typer.Option("--stdin", help="Read one message from standard input (a pipe transport)."),
    ] = False,
    recipient: Annotated[
        list[str] | None,
        typer.Option(
            "--recipient", help="With --stdin: the envelope recipient (Postfix: ${recipient})."
        ),
    ] = None,
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8024,
    smtp: Annotated[
        bool, typer.Option("--smtp", help="Speak SMTP instead of LMTP (a relay delivers).")
    ] = False,
    now: Annotated[
        str | None,
        typer.Option("--now", help="The time replies act at (ISO 8601 with a zone; tests)."),
    ] = None,
) -> None:
    """Receive replies by e-mail: an LMTP (or SMTP) listener, or one message on stdin."""
    clock: Clock = _wall_clock
    if now is not None:
        try:
            moment = datetime.fromisoformat(now)
        except ValueError:
            raise fail(f"--now {now!r} is not an ISO 8601 time", EXIT_USAGE) from None
        if moment.tzinfo is None:
            raise fail(f"--now {now!r} needs a time zone, e.g. +00:00", EXIT_USAGE)
        clock = lambda: moment  # noqa: E731
    with event_command(db):
        logging.basicConfig(level=logging.INFO, format="%(message)s")
        logging.getLogger("mail.log").setLevel(logging.WARNING)  # aiosmtpd's every command
        if stdin:
            raw = sys.stdin.buffer.read()
            try:
                outcome = deliver_one(raw, list(recipient or []), clock)
            except Exception as error:
                LOG.exception("mail-in: could not handle the mail")
                raise fail(f"mail-in: {error}", EX_TEMPFAIL) from None
            typer.echo(f"mail-in: {outcome}")
            return
        kind = "SMTP" if smtp else "LMTP"
        with listening(host, port, lmtp=not smtp, clock=clock):
            typer.echo(f"mail-in: {kind} on {host}:{port} (Ctrl-C stops)")
            stop = threading.Event()
            signal.signal(signal.SIGTERM, lambda *_: stop.set())
            try:
                while not stop.wait(3600):
                    pass
            except KeyboardInterrupt:
                pass
