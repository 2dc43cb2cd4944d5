"""`mashindano worker`: the background worker (django-tasks-db's `db_worker`) with the
periodic scheduler that enqueues the `tick` task (clocks and windows applied when due, then
notifications and their e-mails).

`make run` starts it beside the server. `--batch` enqueues one tick, runs the queue until it is
empty and exits (tests drive the clock with `--now`).
"""

from __future__ import annotations

import secrets
import threading
from datetime import datetime
from typing import Annotated

import typer

from mashindano.cli.errors import fail
from mashindano.cli.event_common import DbOption, event_command

EXIT_USAGE = 2


def worker(
    db: DbOption = None,
    batch: Annotated[
        bool, typer.Option("--batch", help="Run one tick and the queue it makes, then exit.")
    ] = False,
    now: Annotated[
        str | None,
        typer.Option(
            "--now", help="With --batch: the time the tick applies (ISO 8601 with a zone)."
        ),
    ] = None,
    every: Annotated[
        float, typer.Option("--every", help="Seconds between two ticks of the scheduler.")
    ] = 60.0,
    interval: Annotated[
        float, typer.Option("--interval", help="Seconds the worker waits when the queue is empty.")
    ] = 1.0,
) -> None:
    """Run background tasks: rulings when clocks and windows fall due, notifications, e-mail."""
    moment: datetime | None = None
    if now is not None:
        try:
            moment = datetime.fromisoformat(now)
        except ValueError:
            raise fail(f"--now {now!r} is not an ISO 8601 time", EXIT_USAGE) from None
        if moment.tzinfo is None:
            raise fail(f"--now {now!r} needs a time zone, e.g. +00:00", EXIT_USAGE)
        if not batch:
            raise fail("--now is only for --batch runs", EXIT_USAGE)
    with event_command(db):
        from django.core.management import call_command

        from mashindano.app.tasks import enqueue_tick, recover_abandoned, worker_id_prefix
        from mashindano.config.setup import database_description, mail_description

        _fast_sqlite_commits()
        recovered = recover_abandoned()
        typer.echo(f"worker: database {database_description()}; mail {mail_description()}")
        if recovered:
            typer.echo(f"worker: {recovered} task(s) of a stopped worker put back in the queue")
        worker_id = worker_id_prefix() + secrets.token_hex(4)
        if batch:
            enqueue_tick(moment)
        else:
            _start_scheduler(every)
        call_command(
            "db_worker",
            batch=batch,
            interval=interval,
            worker_id=worker_id,
            startup_delay=False,
            reload=False,
            verbosity=0,
        )


def _fast_sqlite_commits() -> None:
    """On SQLite, the worker commits once per e-mail sent (so that a crash re-sends at most
    the message in flight), and each commit of a rollback journal waits for the disk several
    times (about 16-40 ms here, the larger part of an e-mail's cost). The worker switches the
    file to write-ahead logging (persistent, so the server's connections use it too; readers
    no longer wait for the writer) with `synchronous=NORMAL` for its own connections: a
    commit is then durable against a crash of the process (SIGKILL included) without waiting
    for the disk; only a power loss can undo the last commits (those e-mails are sent again).
    """
    from django.db import connection
    from django.db.backends.signals import connection_created

    def tune(sender: object, connection: object, **kwargs: object) -> None:
        if getattr(connection, "vendor", "") != "sqlite":
            return
        with connection.cursor() as cursor:  # type: ignore[attr-defined]
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")

    connection_created.connect(tune, weak=False)
    if connection.connection is not None:
        tune(None, connection)


def _start_scheduler(every: float) -> None:
    """Enqueue a tick now and every `every` seconds (one waiting tick at most)."""
    from django.db import connection

    from mashindano.app.tasks import enqueue_tick

    stop = threading.Event()

    def loop() -> None:
        try:
            while not stop.is_set():
                enqueue_tick()
                stop.wait(every)
        finally:
            connection.close()

    threading.Thread(target=loop, name="mashindano-scheduler", daemon=True).start()
