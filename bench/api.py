"""Benchmark of the REST API on a real server (granian, WSGI, 2 workers) on SQLite and, when
reachable, PostgreSQL: a chess Swiss of 1,000 players with round 1 published.

- cached GET of the standings: 32 keep-alive clients for a few seconds, 90 % of requests
  polling with If-None-Match (answered 304), the rest full bodies from the cache;
  requests/s, p50/p99 latency and the 304 rate. The load comes from wrk (Debian's, with a
  Lua script for the mix), as in `bench/web.py`; `--client python` uses the asyncio client
  of earlier sessions instead, which spends about half a core of its own on this 2-core
  machine and so counts its own queueing in the latencies;
- POST report: one client reporting results one after the other; p50/p99.

Client and server share this machine's cores. Asserts nothing; prints a table.

    .venv/bin/python bench/api.py
    .venv/bin/python bench/api.py --seconds 10 --clients 64
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from store import drop_postgres, postgres_url

BENCH_DATABASE = "mashindano_api_bench"
SLUG = "bench"


def prepare(db: str, players: int) -> str:
    """The event and an organiser token (printed for the parent process)."""
    from mashindano.config.setup import setup

    setup(db)
    from django.contrib.auth.models import User

    from mashindano.app import events, rounds
    from mashindano.app.players import register_players
    from mashindano.app.principals import local
    from mashindano.engine.model import Competitor, CompetitorId
    from mashindano.web.api.tokens import issue_token

    actor = local("bench")
    events.create_event(SLUG, "chess-swiss", actor=actor, seed=1)
    register_players(
        SLUG,
        [
            Competitor(CompetitorId(f"P{n:04d}"), f"Player {n:04d}", rating=1000 + n)
            for n in range(1, players + 1)
        ],
        actor=actor,
    )
    events.start_event(SLUG, actor=actor)
    rounds.pair_next_round(SLUG, actor=actor)
    user = User.objects.create_superuser("bench", "bench@example.org", "x")
    return issue_token(user, "bench", "organiser").secret


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def _request(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, raw: bytes
) -> tuple[int, float]:
    start = time.perf_counter()
    writer.write(raw)
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    length = 0
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":", 1)[1])
    if length:
        await reader.readexactly(length)
    return status, time.perf_counter() - start


async def load(
    port: int, path: str, etag: str, clients: int, seconds: float
) -> list[tuple[int, float]]:
    plain = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()
    polling = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nIf-None-Match: {etag}\r\n\r\n".encode()
    results: list[tuple[int, float]] = []
    stop = time.perf_counter() + seconds

    async def client(k: int) -> None:
        rng = random.Random(k)
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        while time.perf_counter() < stop:
            results.append(await _request(reader, writer, polling if rng.random() < 0.9 else plain))
        writer.close()

    await asyncio.gather(*(client(k) for k in range(clients)))
    return results


WRK_SCRIPT = """
local path, etag = os.getenv("BENCH_PATH"), os.getenv("BENCH_ETAG")
local created = 0
function setup(thread)
  created = created + 1
  thread:set("id", created)
end
function init(args)
  math.randomseed(id * 7919)
  polling = wrk.format("GET", path, {["If-None-Match"] = etag})
  plain = wrk.format("GET", path)
end
function request()
  if math.random() < 0.9 then return polling end
  return plain
end
function done(summary, latency, requests)
  io.write(string.format("BENCH %d %d %d %d %d\\n", summary.requests, summary.duration,
    summary.errors.status, latency:percentile(50), latency:percentile(99)))
end
"""
"""No `response` callback: with one, wrk hands every body (157 kB of standings) to Lua and its
own delay shows in the latencies. The 304 share is the mix's, checked by `_etag_holds`."""


def _etag_holds(port: int, path: str, etag: str) -> bool:
    """Does the event's ETag still answer 304 (nothing was written during the run)?"""
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", headers={"If-None-Match": etag}
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status == 304
    except urllib.error.HTTPError as error:
        return error.code == 304


def load_wrk(
    port: int, path: str, etag: str, clients: int, seconds: float
) -> tuple[float, float, float, float]:
    """requests/s, p50 and p99 (s) and 304 share of a wrk run with the 90 % polling mix."""
    assert _etag_holds(port, path, etag), "the ETag does not answer 304 before the run"
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as script:
        script.write(WRK_SCRIPT)
    try:
        out = subprocess.run(
            [
                *("wrk", "-t2", f"-c{clients}", f"-d{max(1, round(seconds))}s"),
                *("-s", script.name, f"http://127.0.0.1:{port}{path}"),
            ],
            env={**os.environ, "BENCH_PATH": path, "BENCH_ETAG": etag},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    finally:
        os.unlink(script.name)
    line = next(x for x in out.splitlines() if x.startswith("BENCH "))
    total, duration, errors, p50, p99 = (int(v) for v in line.split()[1:])
    assert errors == 0, f"{errors} answers were errors (4xx/5xx)"
    assert _etag_holds(port, path, etag), "the event changed during the run"
    return total / (duration / 1e6), p50 / 1e6, p99 / 1e6, 0.9


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def run_one(
    db: str,
    label: str,
    players: int,
    clients: int,
    seconds: float,
    reports: int,
    interface: str = "wsgi",
    threads: int = 2,
    client: str = "wrk",
) -> None:
    env = {
        **os.environ,
        "MASHINDANO_DATABASE_URL": db,
        "MASHINDANO_API_THROTTLE": "off",
        "MASHINDANO_DB_CONN_MAX_AGE": "60",
    }
    token = (
        subprocess.run(
            [sys.executable, __file__, "--prepare", db, "--players", str(players)],
            env=env,
            check=True,
            capture_output=True,
            text=True,
        )
        .stdout.strip()
        .splitlines()[-1]
    )
    port = free_port()
    granian = Path(sys.executable).with_name("granian")
    server = subprocess.Popen(
        [
            str(granian),
            "--interface",
            "wsgi" if interface == "wsgi" else "asginl",  # Django has no ASGI lifespan
            "--workers",
            "2",
            "--blocking-threads",
            str(threads),
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--log-level",
            "warning",
            f"mashindano.config.{'wsgi' if interface == 'wsgi' else 'asgi'}:application",
        ],
        env=env,
    )
    base = f"http://127.0.0.1:{port}/api/v1"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"{base}/events", timeout=2).read()
                break
            except OSError:
                time.sleep(0.2)
        path = f"/api/v1/events/{SLUG}/standings"
        etag = ""
        for _ in range(8):  # warm both workers' caches
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=60) as r:
                etag = r.headers["ETag"]
        if client == "wrk":
            rate, p50, p99, share_304 = load_wrk(port, path, etag, clients, seconds)
        else:
            results = asyncio.run(load(port, path, etag, clients, seconds))
            statuses = [s for s, _ in results]
            latencies = [t for _, t in results]
            assert set(statuses) <= {200, 304}, set(statuses)
            rate = len(results) / seconds
            share_304 = statuses.count(304) / len(statuses)
            p50, p99 = percentile(latencies, 50), percentile(latencies, 99)
        report_times = []
        headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
        for board in range(1, reports + 1):
            body = json.dumps({"round": 1, "board": board, "result": "1-0"}).encode()
            request = urllib.request.Request(f"{base}/events/{SLUG}/results", body, headers)
            start = time.perf_counter()
            with urllib.request.urlopen(request, timeout=60) as answer:
                answer.read()
            report_times.append(time.perf_counter() - start)
    finally:
        server.terminate()
        server.wait(timeout=30)
    print(
        f"| {label:10} | {players:5} | {rate:9.0f} | {p50 * 1000:6.1f} "
        f"| {p99 * 1000:6.1f} | {share_304 * 100:5.1f} % "
        f"| {percentile(report_times, 50) * 1000:6.1f} "
        f"| {percentile(report_times, 99) * 1000:6.1f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--prepare", help=argparse.SUPPRESS)
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--reports", type=int, default=200)
    parser.add_argument(
        "--interface",
        choices=("wsgi", "asgi"),
        default="wsgi",
        help="granian's interface: WSGI (default) or ASGI as `mashindano serve` runs it",
    )
    parser.add_argument(
        "--threads",
        type=int,
        default=2,
        help="granian's blocking threads per worker (many threads contend for the GIL and "
        "stretch the tail; 2 keeps both cores busy)",
    )
    parser.add_argument(
        "--client",
        choices=("wrk", "python"),
        default="wrk",
        help="the load generator: wrk (default; apt-get install wrk) or the asyncio client",
    )
    args = parser.parse_args()
    if args.client == "wrk" and shutil.which("wrk") is None:
        sys.exit("wrk is missing: apt-get install wrk (or --client python)")
    if args.prepare:
        print(prepare(args.prepare, args.players))
        return
    sizes = (args.players, args.clients, args.seconds, args.reports)
    print(
        f"granian {args.interface.upper()}, 2 workers, {args.threads} blocking threads each; "
        f"cached GET standings: {args.clients} clients ({args.client}), {args.seconds:g} s, "
        "90 % If-None-Match; "
        f"POST report: {args.reports} one after the other"
    )
    print("| database   | players | GET req/s | p50 ms | p99 ms | 304 rate | report p50 | p99 |")
    print("| ---------- | ------- | --------- | ------ | ------ | -------- | ---------- | --- |")
    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "bench.sqlite3")
        run_one(db, "SQLite", *sizes, args.interface, args.threads, args.client)
    url = postgres_url(BENCH_DATABASE)
    if url is not None:
        try:
            run_one(url, "PostgreSQL", *sizes, args.interface, args.threads, args.client)
        finally:
            drop_postgres(BENCH_DATABASE, force=True)


if __name__ == "__main__":
    main()
