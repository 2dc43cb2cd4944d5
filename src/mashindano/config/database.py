"""Where the database is: a URL (`MASHINDANO_DATABASE_URL` or `--db`) or the SQLite default."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import dj_database_url

DEFAULT_SQLITE_PATH = Path("var") / "mashindano.sqlite3"
"""Relative to the working directory: zero set-up for an organiser trying things out."""

SQLITE_BUSY_TIMEOUT_SECONDS = 30


def database_settings(url: str | None) -> dict[str, Any]:
    """Django's DATABASES entry for `url`; a bare path (no `://`) means a SQLite file.

    SQLite opens every transaction with BEGIN IMMEDIATE, so concurrent writers queue on the
    database lock (for up to the busy timeout) instead of failing half-way with "database is
    locked" when a reader tries to upgrade to a writer.
    """
    if not url:
        url = f"sqlite:///{DEFAULT_SQLITE_PATH.resolve()}"
    elif "://" not in url:
        url = f"sqlite:///{Path(url).resolve()}"
    config: dict[str, Any] = dict(dj_database_url.parse(url, conn_max_age=0))
    if config["ENGINE"] == "django.db.backends.sqlite3":
        options = dict(config.get("OPTIONS") or {})
        options.setdefault("transaction_mode", "IMMEDIATE")
        options.setdefault("timeout", SQLITE_BUSY_TIMEOUT_SECONDS)
        config["OPTIONS"] = options
    return config


def is_sqlite_file(config: dict[str, Any]) -> bool:
    name = str(config.get("NAME", ""))
    return config["ENGINE"] == "django.db.backends.sqlite3" and name not in ("", ":memory:")
