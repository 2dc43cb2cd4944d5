"""What the event commands share: the database option, the actor, and exit codes for refusals.

Exit codes of the event commands (in addition to those of `cli.errors`):
  6  not found: no such event, player, game or preset
  7  refused: the event's state does not allow it (wrong state, duplicate report, report out
     of its window, stale version)
  8  not allowed: the acting user's roles in the event do not allow it ($MASHINDANO_AS_USER)
"""

from __future__ import annotations

import getpass
import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated

import typer

from mashindano.app.errors import NotAllowed, NotFound, Refused
from mashindano.app.principals import Principal
from mashindano.cli.errors import EXIT_FILE_ERROR, fail, reported_errors

EXIT_NOT_FOUND = 6
EXIT_REFUSED = 7
EXIT_NOT_ALLOWED = 8

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


AS_USER_VARIABLE = "MASHINDANO_AS_USER"
"""Set to a user name to act as that account, with its roles (not as the local superuser)."""


def local_actor_name(actor: str | None) -> str:
    if actor:
        return actor
    if os.environ.get("MASHINDANO_ACTOR"):
        return os.environ["MASHINDANO_ACTOR"]
    try:
        return f"cli:{getpass.getuser()}"
    except (KeyError, OSError):
        return "cli"


def acting_principal(actor: str | None) -> Principal:
    """Who a command acts as: the local superuser named by `--actor` (default cli:$USER), or
    the account named by $MASHINDANO_AS_USER with its roles. Call inside `event_command`."""
    username = os.environ.get(AS_USER_VARIABLE, "").strip()
    if username:
        from mashindano.app.people import principal_for_username

        return principal_for_username(username)
    return Principal.local(local_actor_name(actor))


@contextmanager
def event_command(db: str | None, *, create: bool = False, migrate: bool = True) -> Iterator[None]:
    """Open the database (migrating it as needed) and report errors as exit codes.

    Only commands that create something (`create`: event create, event import, series
    create) create a missing SQLite file; for the others a missing file is a mistyped `--db`
    (exit 5), not a new empty database. A database error while the command runs (the server
    gone) is exit 5 as well. `migrate=False`: a command that reads no event (the presets'
    parameters) leaves the schema alone."""
    from django.db import Error as DjangoDatabaseError

    from mashindano.config.setup import setup, unavailable

    with reported_errors():
        try:
            setup(db, create=create, migrate=migrate)
            yield
        except NotFound as exc:
            raise fail(exc.message, EXIT_NOT_FOUND) from None
        except Refused as exc:
            raise fail(exc.message, EXIT_REFUSED) from None
        except NotAllowed as exc:
            raise fail(exc.message, EXIT_NOT_ALLOWED) from None
        except DjangoDatabaseError as exc:
            raise fail(unavailable(exc).message, EXIT_FILE_ERROR) from None
