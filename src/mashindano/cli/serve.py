"""`mashindano serve` (what `make run` runs): the public pages served by granian.

Granian is a production server written in Rust: it serves Django's WSGI application with
several worker processes and a few threads each (`BLOCKING_THREADS` says why WSGI), and holds
many idle keep-alive connections cheaply in its own I/O loop (see shared/design/STACK-NOTES.md
for the figures that chose it over gunicorn and uvicorn). Static files come from WhiteNoise
inside the application, so one process serves everything and nothing is fetched from outside
at run time.

`serve` supervises its processes (`cli/supervise.py`): a server worker or the task worker that
dies, even by SIGKILL, is started again (at once, or after a growing delay when it keeps
dying), with a log line saying which process, how it ended and how many restarts so far.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

import typer

from mashindano.cli.output import console

if TYPE_CHECKING:
    from mashindano.cli.supervise import TaskWorkerSupervisor

BLOCKING_THREADS = 2
"""Threads per worker running Django. Django's views are synchronous: under ASGI each request
went through a thread of its own (a database connection each, and on PostgreSQL "too many
clients" under load), and many threads contend for the GIL and stretch the tail. WSGI with two
threads per worker measured, with bench/api.py on this 2-core machine: cached GET of a
1,000-player standings 1,107 requests/s at p99 29 ms (ASGI: 250 requests/s, p99 349 ms)."""


def serve(
    db: str = typer.Option(
        "var/demo.sqlite3", "--db", help="Database to serve (a SQLite path or a URL)."
    ),
    host: str = typer.Option("127.0.0.1", help="Address to listen on."),
    port: int = typer.Option(8000, help="Port to listen on."),
    workers: int = typer.Option(1, min=1, help="Server worker processes."),
    demo: bool = typer.Option(
        False,
        "--demo",
        help="First build the demo events into --db (from scratch; the finished ones are "
        "copied from var/demo-cache while the code is unchanged), with demo accounts.",
    ),
    seed: int = typer.Option(2026, help="Seed of the demo's random results (with --demo)."),
    task_worker: bool = typer.Option(
        True,
        "--worker/--no-worker",
        help="Run the task worker (clocks, windows, e-mail) beside the server.",
    ),
) -> None:
    """Serve the public pages with granian, and the task worker beside it (Ctrl-C stops both).

    Pages: events, pairings, standings, crosstables, player cards and the live view. A server
    worker or the task worker that dies is started again (docs/deploy.md)."""
    # A few fixed threads per worker keep their database connections (no connect per request).
    # Set before Django reads its settings here: the workers are forked with them.
    os.environ.setdefault("MASHINDANO_DB_CONN_MAX_AGE", "60")
    # Demo mode (the home page's login hint) only with --demo; the workers inherit it.
    os.environ["MASHINDANO_DEMO"] = "1" if demo else ""
    if demo:
        from mashindano.cli.event_demo import run_serve_demo

        run_serve_demo(db, seed)
    from mashindano.cli.errors import reported_errors

    with reported_errors():
        from mashindano.config.setup import database_description, setup

        setup(db)  # migrations, once, before the workers start
        where = database_description()
    # A worker process that is not forked from this one configures Django from the environment.
    if "://" not in db:
        db = os.path.abspath(db)
    os.environ["MASHINDANO_DATABASE_URL"] = db
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mashindano.config.settings")
    # The application is loaded here, once: each server worker is forked with it loaded, so
    # that a worker started again after a crash answers at once (instead of seconds later).
    # No database connection is shared with the workers.
    from django.db import connections

    import mashindano.config.wsgi  # noqa: F401

    connections.close_all()
    from granian.constants import Interfaces

    from mashindano.cli.supervise import SupervisedGranian, configure_logging

    shown = f"[{host}]" if ":" in host else host
    configure_logging()
    server = SupervisedGranian(
        "mashindano.config.wsgi:application",
        address=host,
        port=port,
        interface=Interfaces.WSGI,
        workers=workers,
        blocking_threads=BLOCKING_THREADS,
        log_access=False,
    )
    background = _task_worker(db, on_give_up=server.stop) if task_worker else None
    console.print(f"Serving {where} at [bold]http://{shown}:{port}/[/bold] (Ctrl-C stops)")
    try:
        if background is not None:
            background.start()
        server.serve()
    finally:
        if background is not None:
            background.stop()
    if server.gave_up or (background is not None and background.gave_up):
        raise typer.Exit(1)


def _task_worker(db: str, on_give_up: Callable[[], None]) -> TaskWorkerSupervisor:
    """`mashindano worker` on the same database, as a supervised child process."""
    from mashindano.cli.supervise import TaskWorkerSupervisor

    mail = os.environ.get("MASHINDANO_MAIL_DIR", os.path.join("var", "mail"))
    console.print(f"Task worker started; e-mail is written under {os.path.abspath(mail)}")
    return TaskWorkerSupervisor(
        [sys.executable, "-m", "mashindano.cli.main", "worker", "--db", db],
        {**os.environ, "MASHINDANO_MAIL_DIR": mail},
        on_give_up=on_give_up,
    )
