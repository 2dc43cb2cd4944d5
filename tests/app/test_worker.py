"""The worker as a real process (`mashindano worker --batch`) on a SQLite file and on
PostgreSQL, sending to a real SMTP server; and killed with SIGKILL in the middle of its
batch: after a restart each due ruling is recorded once and each notification arrives once.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from datetime import timedelta
from pathlib import Path

import pytest

from .helpers import REPO
from .smtp import Inbox, smtp_server
from .worker_scenario import GAMES, T0

DUE = (T0 + timedelta(days=3, microseconds=1)).isoformat()
"""Just past every first-move deadline."""
PLAYERS = 6
MESSAGES = PLAYERS + 2 * GAMES
"""Round published (one mail per player listing its 5 pairings, issue 29 item 14) and a loss
on time to both players per game."""
SCENARIO = Path(__file__).with_name("worker_scenario.py")


def _prepare(db: str) -> None:
    done = subprocess.run(
        [sys.executable, str(SCENARIO), db],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=REPO,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def _worker_command(db: str) -> list[str]:
    return [sys.executable, "-m", "mashindano.cli.main", "worker", "--batch", "--now", DUE,
            "--db", db]  # fmt: skip


def _run_worker(db: str, inbox: Inbox) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        _worker_command(db),
        capture_output=True,
        text=True,
        timeout=300,
        cwd=REPO,
        env={**os.environ, **inbox.env()},
        check=False,
    )


def _kill_when_paused(db: str, inbox: Inbox, point: str) -> None:
    process = subprocess.Popen(
        _worker_command(db),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        cwd=REPO,
        env={**os.environ, **inbox.env(), "MASHINDANO_TEST_PAUSE": f"{point}:120"},
    )
    assert process.stderr is not None
    deadline = time.monotonic() + 120
    line = ""
    while time.monotonic() < deadline and "paused" not in line:
        line = process.stderr.readline()
        if not line and process.poll() is not None:
            break
    assert "paused" in line, f"the worker never paused: {process.communicate()}"
    os.kill(process.pid, signal.SIGKILL)
    process.wait(timeout=30)
    assert process.returncode == -signal.SIGKILL


def _check_once(counts: dict[str, int], inbox: Inbox) -> None:
    assert counts["rulings"] == GAMES
    assert counts["audit"] == GAMES
    assert counts["sent"] == counts["notifications"] == MESSAGES
    keys = Counter(inbox.keys())
    assert len(keys) == MESSAGES
    assert set(keys.values()) == {1}, [k for k, n in keys.items() if n > 1]


def _sqlite_counts(path: Path) -> dict[str, int]:
    with sqlite3.connect(path) as raw:

        def one(sql: str) -> int:
            return int(raw.execute(sql).fetchone()[0])

        return {
            "rulings": one(
                "select count(*) from events_resultreport where kind = 'ruling' "
                "and actor = 'mashindano' and termination = 'timeout'"
            ),
            "audit": one(
                "select count(*) from events_auditentry where action = 'due.loss-on-time'"
            ),
            "notifications": one("select count(*) from events_notification"),
            "sent": one("select count(*) from events_notification where state = 'sent'"),
        }


def test_worker_process_on_sqlite_applies_losses_and_mails_everyone(tmp_path: Path) -> None:
    db = tmp_path / "worker.sqlite3"
    _prepare(str(db))
    with smtp_server() as inbox:
        done = _run_worker(str(db), inbox)
        assert done.returncode == 0, done.stderr
        assert "mail sent through SMTP 127.0.0.1" in done.stdout
        _check_once(_sqlite_counts(db), inbox)
        again = _run_worker(str(db), inbox)  # nothing more is due: nothing changes
        assert again.returncode == 0, again.stderr
        _check_once(_sqlite_counts(db), inbox)


@pytest.mark.parametrize("point", ["due", "deliver"])
def test_worker_killed_mid_batch_on_sqlite_delivers_once_after_restart(
    tmp_path: Path, point: str
) -> None:
    db = tmp_path / "killed.sqlite3"
    _prepare(str(db))
    with smtp_server() as inbox:
        _kill_when_paused(str(db), inbox, point)
        done = _run_worker(str(db), inbox)
        assert done.returncode == 0, done.stderr
        assert "put back in the queue" in done.stdout
        _check_once(_sqlite_counts(db), inbox)


def _postgres_counts() -> dict[str, int]:
    from mashindano.store import models

    rulings = models.ResultReport.objects.filter(
        kind="ruling", actor="mashindano", termination="timeout"
    )
    return {
        "rulings": rulings.count(),
        "audit": models.AuditEntry.objects.filter(action="due.loss-on-time").count(),
        "notifications": models.Notification.objects.count(),
        "sent": models.Notification.objects.filter(state="sent").count(),
    }


@pytest.mark.postgres
def test_worker_process_on_postgres_applies_losses_and_mails_everyone(postgres_url: str) -> None:
    _prepare(postgres_url)
    with smtp_server() as inbox:
        done = _run_worker(postgres_url, inbox)
        assert done.returncode == 0, done.stderr
        _check_once(_postgres_counts(), inbox)


@pytest.mark.postgres
@pytest.mark.parametrize("point", ["due", "deliver"])
def test_worker_killed_mid_batch_on_postgres_delivers_once_after_restart(
    postgres_url: str, point: str
) -> None:
    _prepare(postgres_url)
    with smtp_server() as inbox:
        _kill_when_paused(postgres_url, inbox, point)
        done = _run_worker(postgres_url, inbox)
        assert done.returncode == 0, done.stderr
        _check_once(_postgres_counts(), inbox)
