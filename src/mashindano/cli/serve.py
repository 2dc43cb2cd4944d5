"""`mashindano serve` (what `make run` runs): the public pages served by granian.

Granian is a production ASGI server written in Rust: it serves Django's ASGI application with
several worker processes, answers cached pages and 304s on its event loop, and holds many
idle live-view connections cheaply (see shared/design/STACK-NOTES.md for the figures that chose
it over gunicorn and uvicorn). Static files come from WhiteNoise inside the application, so
one process serves everything and nothing is fetched from outside at run time.
"""

from __future__ import annotations

import os
import subprocess
import sys

import typer

from mashindano.cli.output import console


def serve(
    db: str = typer.Option(
        "var/demo.sqlite3", "--db", help="Database to serve (a SQLite path or a URL)."
    ),
    host: str = typer.Option("127.0.0.1", help="Address to listen on."),
    port: int = typer.Option(8000, help="Port to listen on."),
    workers: int = typer.Option(1, min=1, help="Server worker processes."),
    demo: bool = typer.Option(
        False, "--demo", help="First build the demo events into --db (from scratch)."
    ),
    seed: int = typer.Option(2026, help="Seed of the demo's random results (with --demo)."),
    task_worker: bool = typer.Option(
        True,
        "--worker/--no-worker",
        help="Run the task worker (clocks, windows, e-mail) beside the server.",
    ),
) -> None:
    """Serve the public pages with granian, and the task worker beside it (Ctrl-C stops both).

    Pages: events, pairings, standings, crosstables, player cards and the live view."""
    if demo:
        from mashindano.cli.event_demo import run_event_demo

        run_event_demo(db, seed)
    from mashindano.cli.errors import reported_errors

    with reported_errors():
        from mashindano.config.setup import database_description, setup

        setup(db)  # migrations, once, before the workers start
        where = database_description()
    # Each worker process configures Django itself from the environment.
    if "://" not in db:
        db = os.path.abspath(db)
    os.environ["MASHINDANO_DATABASE_URL"] = db
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mashindano.config.settings")
    from granian import Granian
    from granian.constants import Interfaces

    shown = f"[{host}]" if ":" in host else host
    background = _start_task_worker(db) if task_worker else None
    console.print(f"Serving {where} at [bold]http://{shown}:{port}/[/bold] (Ctrl-C stops)")
    try:
        Granian(
            "mashindano.config.asgi:application",
            address=host,
            port=port,
            interface=Interfaces.ASGINL,  # Django has no ASGI lifespan handler
            workers=workers,
            log_access=False,
        ).serve()
    finally:
        if background is not None:
            background.terminate()
            try:
                background.wait(timeout=10)
            except subprocess.TimeoutExpired:
                background.kill()


def _start_task_worker(db: str) -> subprocess.Popen[bytes]:
    """`mashindano worker` on the same database, as a child process."""
    mail = os.environ.get("MASHINDANO_MAIL_DIR", os.path.join("var", "mail"))
    console.print(f"Task worker started; e-mail is written under {os.path.abspath(mail)}")
    return subprocess.Popen(
        [sys.executable, "-m", "mashindano.cli.main", "worker", "--db", db],
        env={**os.environ, "MASHINDANO_MAIL_DIR": mail},
    )
