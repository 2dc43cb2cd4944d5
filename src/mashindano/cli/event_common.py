"""What the event commands share: the database option, the actor, and exit codes for refusals.

Exit codes of the event commands (in addition to those of `cli.errors`):
  6  not found: no such event, player, game or preset
  7  refused: the event's state does not allow it (wrong state, duplicate report, report out
     of its window, stale version)
"""

from __future__ import annotations

import getpass
import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated

import typer

from mashindano.app.errors import NotFound, Refused
from mashindano.cli.errors import fail, reported_errors

EXIT_NOT_FOUND = 6
EXIT_REFUSED = 7

DbOption = Annotated[
    str | None,
    typer.Option(
        "--db",
        help="Database URL (postgresql://..., sqlite:///...) or SQLite file; default "
        "$MASHINDANO_DATABASE_URL or ./var/mashindano.sqlite3.",
    ),
]
ActorOption = Annotated[
    str | None,
    typer.Option("--actor", help="Who does this, for the audit log (default: cli:$USER)."),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Machine-readable output.")]


def actor_name(actor: str | None) -> str:
    if actor:
        return actor
    if os.environ.get("MASHINDANO_ACTOR"):
        return os.environ["MASHINDANO_ACTOR"]
    try:
        return f"cli:{getpass.getuser()}"
    except (KeyError, OSError):
        return "cli"


@contextmanager
def event_command(db: str | None) -> Iterator[None]:
    """Open the database (creating or migrating it as needed) and report errors as exit codes."""
    with reported_errors():
        try:
            from mashindano.config.setup import setup

            setup(db)
            yield
        except NotFound as exc:
            raise fail(exc.message, EXIT_NOT_FOUND) from None
        except Refused as exc:
            raise fail(exc.message, EXIT_REFUSED) from None
