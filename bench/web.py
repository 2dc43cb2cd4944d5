"""Benchmark of the public pages (issue 13): a 1,000-player Swiss after 9 rounds and a
200-player Tasaselo after 5, stored through the use cases, then

- cold render of the standings and the last round's pairings (page cache emptied before each
  request; in-process through Django's handler), median and p99; where a cold standings page
  spends its time (loading the facts, building the document, rendering the template), and the
  standings page when only the page is missing (the standings document of that version kept
  by `web/public/derived.py`, as after the live view or another page asked for it);
- cached pages against the real server (`mashindano serve`, granian) with wrk: requests/s and
  p99 at 50 connections; the same with If-None-Match (304 answers);
- live-view latency: a poller that behaves like live.js (every second, with its ETag) sees a
  result reported through the app layer after how long.

Prints a table; asserts nothing. The database is kept in var/bench-web.sqlite3 (built once;
--rebuild builds it again).

    .venv/bin/python bench/web.py [--players 1000] [--rounds 9] [--duration 10] [--workers 2]
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[1]
SWISS = "bench-swiss"
TASASELO = "bench-tasaselo"
LIVE = "bench-live"


def build(db: Path, players: int, rounds: int, tasaselo_players: int) -> None:
    from mashindano.app import events
    from mashindano.app import players as entries
    from mashindano.app import rounds as round_cases
    from mashindano.app.principals import local
    from mashindano.app.results import GameRef, report_result
    from mashindano.engine.model import Competitor, CompetitorId

    actor = local("bench")
    rng = random.Random(13)

    def play(slug: str, preset: str, size: int, parameters: dict[str, str], count: int) -> None:
        started = time.perf_counter()
        events.create_event(slug, preset, actor=actor, parameters=parameters, seed=13)
        roster = [
            Competitor(CompetitorId(f"Player {n:04d}"), f"Player {n:04d}", rating=2400 - n % 900)
            for n in range(1, size + 1)
        ]
        entries.register_players(slug, roster, actor=actor)
        events.start_event(slug, actor=actor)
        for _ in range(count):
            published = round_cases.pair_next_round(slug, actor=actor)
            for game in published.games():
                if game.result.is_decided:
                    continue
                result = rng.choice(("1-0", "1/2-1/2", "0-1"))
                where = GameRef(published.number, game.board)
                report_result(slug, where, result, actor=actor)
        took = time.perf_counter() - started
        print(f"  built {slug}: {size} players, {count} rounds in {took:.0f} s")

    play(SWISS, "chess-swiss", players, {"swiss_rounds": str(rounds)}, rounds)
    play(TASASELO, "tasaselo", tasaselo_players, {"rounds": "5"}, 5)
    play(LIVE, "chess-swiss", 40, {"swiss_rounds": "9"}, 0)
    round_cases.pair_next_round(LIVE, actor=actor)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[index]


def cold_render(path: str, runs: int) -> tuple[float, float]:
    from django.core.cache import cache
    from django.test import Client

    from mashindano.web.cache import versions

    client = Client(HTTP_HOST="127.0.0.1")
    times = []
    for _ in range(runs):
        cache.clear()
        versions.clear()  # and the documents kept under them (`web/public/derived.py`)
        started = time.perf_counter()
        response = client.get(path)
        times.append(time.perf_counter() - started)
        assert response.status_code == 200, (path, response.status_code)
    return statistics.median(times) * 1000, percentile(times, 99) * 1000


def first_render(path: str) -> float:
    """The first render of a page in this process (ms): it also compiles the templates and
    loads the URL conf and catalogs, once per server worker."""
    from django.test import Client

    started = time.perf_counter()
    response = Client(HTTP_HOST="127.0.0.1").get(path)
    assert response.status_code == 200, (path, response.status_code)
    return (time.perf_counter() - started) * 1000


def standings_breakdown(slug: str, runs: int) -> dict[str, float]:
    """Medians (ms) of the three parts of a cold standings page, in-process."""
    from django.template.loader import render_to_string

    from mashindano.app.documents.event import event_header
    from mashindano.app.documents.standings import build_standings
    from mashindano.app.queries import get_event_facts

    parts: dict[str, list[float]] = {"facts": [], "document": [], "template": []}
    for _ in range(runs):
        started = time.perf_counter()
        facts = get_event_facts(slug)
        loaded = time.perf_counter()
        document = build_standings(slug, facts)
        built = time.perf_counter()
        context = {"event": event_header(facts), "page": "standings", "standings": document}
        render_to_string("web/public/standings.html", context)
        rendered = time.perf_counter()
        parts["facts"].append(loaded - started)
        parts["document"].append(built - loaded)
        parts["template"].append(rendered - built)
    return {name: statistics.median(times) * 1000 for name, times in parts.items()}


def page_only_render(path: str, runs: int) -> tuple[float, float]:
    """The page missing from the cache, its standings document kept (`derived.py`)."""
    from django.core.cache import cache
    from django.test import Client

    client = Client(HTTP_HOST="127.0.0.1")
    client.get(path)  # the document of this version is kept
    times = []
    for _ in range(runs):
        for key in list(getattr(cache, "_cache", {})):
            if ":page:" in key:
                cache.delete(key.split(":", 2)[2])
        started = time.perf_counter()
        response = client.get(path)
        times.append(time.perf_counter() - started)
        assert response.status_code == 200, (path, response.status_code)
        assert response["X-Page-Cache"] == "miss", "the page was rendered"
    return statistics.median(times) * 1000, percentile(times, 99) * 1000


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def wrk(url: str, duration: int, connections: int, etag: str | None = None) -> tuple[float, str]:
    command = ["wrk", "-t2", f"-c{connections}", f"-d{duration}s", "--latency", url]
    if etag:
        command[1:1] = ["-H", f"If-None-Match: {etag}"]
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    p99 = re.search(r"99%\s+([\d.]+\w+)", out).group(1)  # type: ignore[union-attr]
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    if non2xx:
        p99 += f" ({non2xx.group(1)} errors)"
    return rate, p99


def get(url: str, etag: str | None = None) -> tuple[int, str | None]:
    request = urllib.request.Request(url, headers={"If-None-Match": etag} if etag else {})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            response.read()
            return response.status, response.headers.get("ETag")
    except urllib.error.HTTPError as error:
        return error.code, etag


def live_latency(base: str, samples: int) -> list[float]:
    """Report results on the live event's boards one by one; a poller like live.js (every
    second, with its ETag) notes when it first sees a changed page."""
    from mashindano.app.principals import local
    from mashindano.app.results import GameRef, report_result

    url = f"{base}/e/{LIVE}/live/panels/"
    seen: list[float] = []
    changed = threading.Event()
    stop = threading.Event()
    _, etag = get(url)

    def poll() -> None:
        nonlocal etag
        while not stop.is_set():
            status, tag = get(url, etag)
            if status == 200 and tag != etag:
                etag = tag
                seen.append(time.monotonic())
                changed.set()
            time.sleep(1.0)

    poller = threading.Thread(target=poll, daemon=True)
    poller.start()
    latencies = []
    from mashindano.app.queries import get_event_facts
    from mashindano.app.rounds import pair_next_round

    def open_boards() -> tuple[int, list[int]]:
        latest = get_event_facts(LIVE).latest_round()
        assert latest is not None
        return latest.number, [g.board for g in latest.games() if not g.result.is_decided]

    number, boards = open_boards()
    if len(boards) < samples:  # a database kept from earlier runs: the next round, if any
        try:
            pair_next_round(LIVE, actor=local("bench"))
            number, boards = open_boards()
        except Exception as refused:  # the live event's rounds are all played
            print(f"  live event: {refused}; run with --rebuild for more samples")
    for board in boards[:samples]:
        time.sleep(random.uniform(0.2, 1.2))
        changed.clear()
        report_result(LIVE, GameRef(number, board), "1-0", actor=local("bench"))
        recorded = time.monotonic()
        if changed.wait(10):
            latencies.append(seen[-1] - recorded)
    stop.set()
    poller.join(3)
    return latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--tasaselo-players", type=int, default=200)
    parser.add_argument("--duration", type=int, default=10, help="seconds of each wrk run")
    parser.add_argument("--connections", type=int, default=50)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--runs", type=int, default=9, help="cold renders per page")
    parser.add_argument("--rebuild", action="store_true")
    parser.add_argument(
        "--cold-only", action="store_true", help="only the in-process renders (no server, no wrk)"
    )
    parser.add_argument("--db", default=str(REPOSITORY / "var" / "bench-web.sqlite3"))
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        sys.exit("wrk is missing: apt-get install wrk")

    db = Path(args.db)
    fresh = args.rebuild or not db.exists()
    if fresh and db.exists():
        db.unlink()
    os.environ["MASHINDANO_DATABASE_URL"] = str(db)
    from mashindano.config.setup import setup

    setup(str(db))
    from mashindano.config.runtime import settle_heap_now_and_after_first_request

    settle_heap_now_and_after_first_request()  # as a server worker does (config/wsgi.py)
    if fresh:
        print(f"building {db} (once)")
        build(db, args.players, args.rounds, args.tasaselo_players)

    rows: list[tuple[str, str]] = []
    pages = {
        f"standings, Swiss {args.players}": f"/e/{SWISS}/standings/",
        f"pairings round {args.rounds}, Swiss {args.players}": f"/e/{SWISS}/round/{args.rounds}/",
        f"standings, Tasaselo {args.tasaselo_players}": f"/e/{TASASELO}/standings/",
        f"pairings round 5, Tasaselo {args.tasaselo_players}": f"/e/{TASASELO}/round/5/",
    }
    rows.append(
        (
            f"first render in a fresh process, standings, Swiss {args.players}",
            f"{first_render(pages[f'standings, Swiss {args.players}']):.0f} ms (not counted below)",
        )
    )
    for label, path in pages.items():
        median, p99 = cold_render(path, args.runs)
        rows.append((f"cold render {label}", f"median {median:.0f} ms, p99 {p99:.0f} ms"))
        print(*rows[-1], sep=": ", flush=True)
    parts = standings_breakdown(SWISS, args.runs)
    rows.append(
        (
            f"  of which (median): facts, document, template, Swiss {args.players}",
            f"{parts['facts']:.0f} ms, {parts['document']:.0f} ms, {parts['template']:.0f} ms",
        )
    )
    median, p99 = page_only_render(f"/e/{SWISS}/standings/", args.runs)
    rows.append(
        (
            f"page render, standings document kept, Swiss {args.players}",
            f"median {median:.0f} ms, p99 {p99:.0f} ms",
        )
    )

    if args.cold_only:
        print_table(rows)
        return
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [
            *(sys.executable, "-m", "mashindano.cli.main", "serve", "--db", str(db)),
            *("--port", str(port), "--workers", str(args.workers)),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if get(base + "/")[0] == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                sys.exit("the server did not start")
            time.sleep(0.3)
        for label, path in list(pages.items())[:2]:
            for _ in range(4):  # every worker has the page cached
                _, etag = get(base + path)
            rate, p99 = wrk(base + path, args.duration, args.connections)
            rows.append(
                (f"cached {label}, {args.connections} conns", f"{rate:,.0f} req/s, p99 {p99}")
            )
            rate, p99 = wrk(base + path, args.duration, args.connections, etag)
            rows.append((f"304 {label}, {args.connections} conns", f"{rate:,.0f} req/s, p99 {p99}"))
        latencies = live_latency(base, 8)
        rows.append(
            (
                "live view: result recorded -> shown",
                f"median {statistics.median(latencies):.2f} s, max {max(latencies):.2f} s"
                f" ({len(latencies)} results, poll 1 s)"
                if latencies
                else "no open board left (--rebuild)",
            )
        )
    finally:
        server.terminate()
        server.wait(15)

    print_table(rows)
    print(f"(granian, {args.workers} workers, wrk -t2 on the same 2 cores)")


def print_table(rows: list[tuple[str, str]]) -> None:
    width = max(len(label) for label, _ in rows)
    print(f"\n{'measure'.ljust(width)} | figure")
    print(f"{'-' * width}-|-{'-' * 40}")
    for label, figure in rows:
        print(f"{label.ljust(width)} | {figure}")


if __name__ == "__main__":
    main()
