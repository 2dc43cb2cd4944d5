"""Where the database is: a URL (`MASHINDANO_DATABASE_URL` or `--db`) or the SQLite default.

What cannot be used is refused with a message for the user, never a traceback: an unsupported
URL scheme or a malformed URL (`DatabaseUrlError`), a path that is a directory, a file that
is not a SQLite database, a server that does not answer or has no such database, and, for
commands that only read, a database file that does not exist (`DatabaseUnavailable`).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import dj_database_url

from mashindano.config.errors import DatabaseUnavailable, DatabaseUrlError

DEFAULT_SQLITE_PATH = Path("var") / "mashindano.sqlite3"
"""Relative to the working directory: zero set-up for an organiser trying things out."""

SQLITE_BUSY_TIMEOUT_SECONDS = 30


SUPPORTED_ENGINES = {
    "django.db.backends.sqlite3": "SQLite",
    "django.db.backends.postgresql": "PostgreSQL",
}


def redacted(url: str) -> str:
    """`url` without its password, for messages."""
    try:
        parts = urlsplit(url)
        if parts.password is None:
            return url
        netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
        return parts._replace(netloc=netloc).geturl()
    except ValueError:
        return url


def database_settings(url: str | None) -> dict[str, Any]:
    """Django's DATABASES entry for `url`; a bare path (no `://`) means a SQLite file.

    SQLite opens every transaction with BEGIN IMMEDIATE, so concurrent writers queue on the
    database lock (for up to the busy timeout) instead of failing half-way with "database is
    locked" when a reader tries to upgrade to a writer. The file is kept in WAL mode: a
    commit appends to the log and syncs it once (still durable: `synchronous` stays FULL)
    instead of syncing a rollback journal and the database file, which on a busy disk made
    one write in a hundred wait tens of milliseconds; readers do not wait for the writer.
    """
    if not url:
        url = f"sqlite:///{DEFAULT_SQLITE_PATH.resolve()}"
    elif "://" not in url:
        url = f"sqlite:///{Path(url).resolve()}"
    # Servers keep connections open (MASHINDANO_DB_CONN_MAX_AGE seconds); the CLI does not.
    max_age = int(os.environ.get("MASHINDANO_DB_CONN_MAX_AGE", "0") or 0)
    try:
        config: dict[str, Any] = dict(dj_database_url.parse(url, conn_max_age=max_age))
    except dj_database_url.UnknownSchemeError:
        scheme = url.partition("://")[0]
        raise DatabaseUrlError(
            f"unsupported database URL scheme {scheme + '://'!r} in {redacted(url)}; "
            "use postgresql://..., sqlite:///... or a SQLite file path"
        ) from None
    except ValueError as exc:
        raise DatabaseUrlError(f"cannot read the database URL {redacted(url)}: {exc}") from None
    if config["ENGINE"] not in SUPPORTED_ENGINES:
        raise DatabaseUrlError(
            f"unsupported database in {redacted(url)} ({config['ENGINE'].rpartition('.')[2]}); "
            "use postgresql://..., sqlite:///... or a SQLite file path"
        )
    if config["ENGINE"] == "django.db.backends.sqlite3":
        options = dict(config.get("OPTIONS") or {})
        options.setdefault("transaction_mode", "IMMEDIATE")
        options.setdefault("timeout", SQLITE_BUSY_TIMEOUT_SECONDS)
        options.setdefault("init_command", "PRAGMA journal_mode=WAL")
        config["OPTIONS"] = options
    return config


def is_sqlite_file(config: dict[str, Any]) -> bool:
    name = str(config.get("NAME", ""))
    return config["ENGINE"] == "django.db.backends.sqlite3" and name not in ("", ":memory:")


def check_sqlite_file(config: dict[str, Any], *, create: bool) -> None:
    """A SQLite database file that can be used: not a directory; existing unless `create`."""
    if not is_sqlite_file(config):
        return
    path = Path(config["NAME"])
    if path.is_dir():
        raise DatabaseUnavailable(f"{path} is a directory, not a SQLite database file")
    if not create and not path.exists():
        raise DatabaseUnavailable(
            f"no database at {path} (check --db or MASHINDANO_DATABASE_URL; "
            "`event create` or `event import` creates one)"
        )
