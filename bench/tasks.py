"""Benchmark of the background work: 10,000 due reminders. KIBA events of 34 players each
have their first stage published; two days later every South player's first move is due
within 24 hours, so `apply_due` finds one reminder per game. Then the worker runs as a real
process (`mashindano worker --batch`): one tick enqueues a task per notification and the
tasks send the e-mails to a local SMTP server (aiosmtpd). Prints the time of each phase and
e-mails per second, on SQLite and, when reachable, PostgreSQL. Asserts nothing.

    .venv/bin/python bench/tasks.py                 # 10,000 reminders, SQLite then PostgreSQL
    .venv/bin/python bench/tasks.py --reminders 500 --db sqlite:///tmp/t.sqlite3
    .venv/bin/python bench/tasks.py --postgres postgresql://postgres@127.0.0.1:5432/h_bench
        # SQLite, then PostgreSQL in that database (made afresh, dropped at the end)
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from store import POSTGRES_ADMIN_URL, drop_postgres, postgres_url

BENCH_DATABASE = "mashindano_bench_tasks"
T0 = datetime(2026, 3, 1, 10, 0, tzinfo=UTC)
NOW = T0 + timedelta(days=2)
PLAYERS = 34


def prepare(reminders: int) -> tuple[int, float]:
    """Events until their open games reach `reminders`; returns (games, seconds)."""
    from django.contrib.auth import get_user_model

    from mashindano.app import events, players, rounds
    from mashindano.app.notify import collect_news
    from mashindano.app.principals import local
    from mashindano.engine.model import Competitor, CompetitorId
    from mashindano.store import models

    actor = local("bench")
    start = time.perf_counter()
    games = 0
    number = 0
    while games < reminders:
        slug = f"kiba-{number}"
        events.create_event(slug, "kiba-bao", actor=actor, seed=number, now=T0)
        roster = [
            Competitor(CompetitorId(f"P{n:02d}"), f"Player {n:02d}", rating=2000 - 7 * n)
            for n in range(1, PLAYERS + 1)
        ]
        players.register_players(slug, roster, actor=actor, now=T0)
        events.start_event(slug, actor=actor, now=T0)
        published = rounds.pair_next_round(slug, actor=actor, now=T0)
        games += sum(1 for _ in published.games())
        number += 1
    collect_news(T0)  # the rounds are old news: move the cursors past them
    users = get_user_model().objects
    for entry in models.Entry.objects.all():
        name = f"{entry.event_id}-{entry.key}"
        entry.user = users.create_user(name, email=f"{name.lower()}@bench.test")
        entry.save(update_fields=["user"])
    return games, time.perf_counter() - start


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Counter:
    def __init__(self) -> None:
        self.received = 0

    async def handle_DATA(self, server: object, session: object, envelope: object) -> str:  # noqa: N802
        self.received += 1
        return "250 OK"


def run_one(db: str, reminders: int) -> None:
    from mashindano.config.setup import database_description, setup

    setup(db)
    from aiosmtpd.controller import Controller

    from mashindano.app.due import apply_due

    games, setup_seconds = prepare(reminders)
    start = time.perf_counter()
    applied = apply_due(NOW)
    due_seconds = time.perf_counter() - start
    counter = Counter()
    port = free_port()
    controller = Controller(counter, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        start = time.perf_counter()
        worker = ["worker", "--batch", "--now", NOW.isoformat(), "--db", db]
        done = subprocess.run(
            [sys.executable, "-m", "mashindano.cli.main", *worker],
            env={
                **os.environ,
                "MASHINDANO_SMTP_HOST": "127.0.0.1",
                "MASHINDANO_SMTP_PORT": str(port),
            },
            capture_output=True,
            text=True,
            check=False,
        )
        worker_seconds = time.perf_counter() - start
    finally:
        controller.stop()
    if done.returncode != 0:
        print(done.stderr, file=sys.stderr)
        raise SystemExit(done.returncode)
    print(f"== {database_description()}")
    print(f"  setup: {games} open KIBA games          {setup_seconds:8.1f} s")
    print(
        f"  apply_due: {applied.notifications} reminders created  {due_seconds:8.2f} s"
        f"  ({applied.notifications / due_seconds:,.0f} /s)"
    )
    print(
        f"  worker: tick + {counter.received} e-mails sent   {worker_seconds:8.2f} s"
        f"  ({counter.received / worker_seconds:,.0f} e-mails/s, tasks of 100)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", help="Run once on this database (else SQLite, then PostgreSQL).")
    parser.add_argument("--reminders", type=int, default=10_000)
    parser.add_argument(
        "--postgres",
        metavar="URL",
        help="The PostgreSQL database to use (made afresh, then dropped; default: "
        f"{BENCH_DATABASE} on the server of MASHINDANO_TEST_POSTGRES_URL).",
    )
    args = parser.parse_args()
    if args.db:
        run_one(args.db, args.reminders)
        return
    sizes = ["--reminders", str(args.reminders)]
    with tempfile.TemporaryDirectory() as folder:
        sqlite = str(Path(folder) / "bench.sqlite3")
        subprocess.run([sys.executable, __file__, "--db", sqlite, *sizes], check=True)
    name, admin = BENCH_DATABASE, POSTGRES_ADMIN_URL
    if args.postgres:
        server, name = args.postgres.rsplit("/", 1)
        admin = f"{server}/postgres"
    url = postgres_url(name, admin)
    if url is not None:
        try:
            subprocess.run([sys.executable, __file__, "--db", url, *sizes], check=True)
        finally:
            drop_postgres(name, admin_url=admin)


if __name__ == "__main__":
    main()
