"""Benchmark of the stored events: import 1,000 players, record 5,000 results one use case at a
time (10 rounds of a 1,000-player round-robin), read the standings back. Reports medians on
SQLite and, when reachable, PostgreSQL. Asserts nothing.

    .venv/bin/python bench/store.py                      # SQLite, then PostgreSQL if reachable
    .venv/bin/python bench/store.py --db sqlite:///tmp/b.sqlite3 --players 200 --rounds 2
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from mashindano.app.principals import local

POSTGRES_ADMIN_URL = os.environ.get(
    "MASHINDANO_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test"
)
BENCH_DATABASE = "mashindano_bench"


def run_one(db: str, players: int, rounds: int, imports: int) -> None:
    from mashindano.config.setup import database_description, setup

    setup(db)
    from mashindano.app import events
    from mashindano.app import rounds as round_cases
    from mashindano.app.players import register_players
    from mashindano.app.results import GameRef, report_result
    from mashindano.engine.model import Competitor, CompetitorId

    roster = [
        Competitor(CompetitorId(f"Player {n:04d}"), f"Player {n:04d}", rating=2400 - n % 900)
        for n in range(1, players + 1)
    ]
    import_times = []
    for k in range(imports):
        slug = f"bench-{k}"
        events.create_event(slug, "chess-round-robin", actor=local("bench"), seed=k)
        start = time.perf_counter()
        register_players(slug, roster, actor=local("bench"))
        import_times.append(time.perf_counter() - start)
    slug = "bench-0"
    events.start_event(slug, actor=local("bench"))
    rng = random.Random(1)
    pair_times, report_times = [], []
    for _ in range(rounds):
        start = time.perf_counter()
        published = round_cases.pair_next_round(slug, actor=local("bench"))
        pair_times.append(time.perf_counter() - start)
        for game in published.games():
            result = rng.choice(("1-0", "1/2-1/2", "0-1"))
            start = time.perf_counter()
            report_result(slug, GameRef(published.number, game.board), result, actor=local("bench"))
            report_times.append(time.perf_counter() - start)
    standings_times = []
    for _ in range(5):
        start = time.perf_counter()
        table = events.event_standings(slug)[0]
        standings_times.append(time.perf_counter() - start)
    print(f"== {database_description()}")
    print(
        f"  import {players} players      median {statistics.median(import_times):8.3f} s"
        f"  ({imports} runs)"
    )
    print(
        f"  pair a round ({players // 2} boards) median {statistics.median(pair_times):8.3f} s"
        f"  ({rounds} rounds)"
    )
    print(
        f"  report one result           median {statistics.median(report_times) * 1000:8.2f} ms"
        f"  ({len(report_times)} results, total {sum(report_times):.1f} s)"
    )
    print(
        f"  standings ({len(table.lines)} rows, SB)   median "
        f"{statistics.median(standings_times):8.3f} s  (5 reads)"
    )


def postgres_url(name: str = BENCH_DATABASE, admin_url: str = POSTGRES_ADMIN_URL) -> str | None:
    """A fresh database `name` on the PostgreSQL server of `admin_url` (the local one by
    default; None when none answers); the benchmarks of this folder share it."""
    try:
        import psycopg

        with psycopg.connect(admin_url, autocommit=True, connect_timeout=3) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name}")
            admin.execute(f"CREATE DATABASE {name}")
    except Exception as exc:  # any failure means: no PostgreSQL here
        print(f"== PostgreSQL not reachable at {admin_url}: {exc}")
        return None
    return admin_url.rsplit("/", 1)[0] + f"/{name}"


def drop_postgres(
    name: str = BENCH_DATABASE, *, force: bool = False, admin_url: str = POSTGRES_ADMIN_URL
) -> None:
    import psycopg

    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {name}" + (" WITH (FORCE)" if force else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", help="Run once on this database (else SQLite, then PostgreSQL).")
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--imports", type=int, default=3)
    args = parser.parse_args()
    if args.db:
        run_one(args.db, args.players, args.rounds, args.imports)
        return
    sizes = [
        "--players",
        str(args.players),
        "--rounds",
        str(args.rounds),
        "--imports",
        str(args.imports),
    ]
    with tempfile.TemporaryDirectory() as folder:
        sqlite = str(Path(folder) / "bench.sqlite3")
        subprocess.run([sys.executable, __file__, "--db", sqlite, *sizes], check=True)
    url = postgres_url()
    if url is not None:
        try:
            subprocess.run([sys.executable, __file__, "--db", url, *sizes], check=True)
        finally:
            drop_postgres()


if __name__ == "__main__":
    main()
