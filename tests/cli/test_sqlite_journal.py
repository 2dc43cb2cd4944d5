"""A SQLite database file is kept in WAL mode (issue 19: a move's commit syncs the log once
instead of a rollback journal and the database file) and stays fully synchronous."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path


def test_a_sqlite_database_the_program_writes_is_in_wal_mode(tmp_path: Path) -> None:
    database = tmp_path / "events.sqlite3"
    env = {k: v for k, v in os.environ.items() if k != "MASHINDANO_DATABASE_URL"}
    command = ["event", "create", "ev", "--preset", "chess-swiss", "--db", str(database)]
    done = subprocess.run(
        [sys.executable, "-m", "mashindano.cli.main", *command],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    connection = sqlite3.connect(database)
    try:
        assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert connection.execute("SELECT slug FROM events_event").fetchall() == [("ev",)]
    finally:
        connection.close()
