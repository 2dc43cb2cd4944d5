"""Benchmark of Bao played on the site (issue 19): a stored KIBA tournament of 34 players, its
qualification paired (every player with ten games running: a South and a North game against
each group opponent), beside other tournaments of the same shape in the same database (by
default 7 in all: about 1,100 games stored), then random legal moves played across the games
of the first one. Three tables, each the time of one move as p50/p99:

- `play_move`: the use case alone (permission, replay of the stored moves, engine validation,
  the write and the audit entry);
- `POST move/ (test client)`: the request of the game page (htmx: the answer is the game
  panel rendered again) through Django's whole middleware stack, in process;
- `POST move/ (granian)`: the same request over HTTP to `mashindano serve` (one granian
  worker, no task worker), session and CSRF cookies as a browser sends them.

On SQLite and, when reachable, PostgreSQL. Asserts nothing.

    .venv/bin/python bench/bao_play.py                     # SQLite, then PostgreSQL
    .venv/bin/python bench/bao_play.py --db sqlite:///tmp/b.sqlite3 --moves 500
    .venv/bin/python bench/bao_play.py --run 60   # 60 moves in a row per game: deep games
"""

from __future__ import annotations

import argparse
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from store import drop_postgres, postgres_url

BENCH_DATABASE = "mashindano_bench_bao_play"
CSRF = "benchcsrfsecret0123456789abcdefg"  # a 32-character CSRF secret (cookie and header)


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


@dataclass
class Tournament:
    slug: str
    games: list[Any]
    """GameRef of every game of the measured tournament."""
    ids: dict[Any, int]
    sessions: dict[str, str]
    """Entry key -> session cookie of the account linked to it."""
    stored_games: int


def build(players: int, tournaments: int, seed: int) -> Tournament:
    from django.contrib.auth.models import User
    from django.test import Client

    from mashindano.app import events, people, rounds
    from mashindano.app.players import register_players
    from mashindano.app.principals import local
    from mashindano.app.results import GameRef
    from mashindano.engine.model import Competitor, CompetitorId
    from mashindano.store import models

    actor = local("bench")
    rng = random.Random(seed)
    first = ""
    for number in range(tournaments):
        slug = f"bao-bench-{number}-{rng.randrange(10**9)}"
        first = first or slug
        roster = [
            Competitor(
                CompetitorId(f"K{n:02d}"), f"Player {n:02d}", rating=1500 + 15 * n, games_played=n
            )
            for n in range(1, players + 1)
        ]
        events.create_event(slug, "kiba-bao", actor=actor, seed=seed + number)
        register_players(slug, roster, actor=actor)
        events.start_event(slug, actor=actor)
        rounds.pair_next_round(slug, actor=actor)
    sessions: dict[str, str] = {}
    for n in range(1, players + 1):
        key = f"K{n:02d}"
        user = User.objects.create_user(f"bench-{first}-{key}", f"{key}@example.org", "pw")
        people.link_entry(first, key, user.username, actor=actor)
        client = Client()
        client.force_login(user)
        sessions[key] = client.cookies["sessionid"].value
    rows = models.Game.objects.filter(encounter__round__stage__event__slug=first).select_related(
        "encounter__round__stage"
    )
    ids = {}
    for row in rows:
        r = row.encounter.round
        ids[GameRef(r.number, row.encounter.board, row.number, r.stage.number, r.group)] = row.id
    return Tournament(first, list(ids), ids, sessions, models.Game.objects.count())


Mover = Callable[[Tournament, Any, str, int, str], None]


def tree_cpu(pid: int) -> float:
    """CPU seconds (user + system) of a process and its descendants, from /proc (Linux)."""
    ticks = os.sysconf("SC_CLK_TCK")
    children: dict[int, list[int]] = {}
    used: dict[int, float] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(entry.name))
        used[int(entry.name)] = (int(fields[11]) + int(fields[12])) / ticks
    total, todo = 0.0, [pid]
    while todo:
        current = todo.pop()
        total += used.get(current, 0.0)
        todo.extend(children.get(current, []))
    return total


def measure(
    tournament: Tournament,
    moves: int,
    rng: random.Random,
    play: Mover,
    cpu: Callable[[], float] = time.process_time,
    run: int = 1,
) -> tuple[list[float], float, int]:
    """Play `moves` random legal moves with `play(tournament, where, move, ply, player)`,
    `run` moves in a row in each game drawn (fewer when it ends); the time of each call, the
    CPU seconds `cpu()` counted during the calls, and the longest game in plies."""
    from mashindano.presets.kiba_bao.games import load_bao_game

    times: list[float] = []
    open_games = list(tournament.games)
    longest = 0
    used = 0.0
    while len(times) < moves and open_games:
        where = rng.choice(open_games)
        for _ in range(run):
            game = load_bao_game(tournament.slug, where)
            if not game.legal or game.to_move is None:
                open_games.remove(where)
                break
            move = rng.choice(game.legal)
            cpu_before = cpu()
            began = time.perf_counter()
            play(tournament, where, move, game.next_ply, str(game.to_move))
            times.append(time.perf_counter() - began)
            used += cpu() - cpu_before
            longest = max(longest, game.next_ply)
            if len(times) >= moves:
                break
    return times, used, longest


def by_use_case(tournament: Tournament, where: Any, move: str, ply: int, player: str) -> None:
    from mashindano.app.principals import local
    from mashindano.presets.kiba_bao.games import play_move

    play_move(tournament.slug, where, move, actor=local("bench"), ply=ply)


def by_test_client() -> Mover:
    from django.test import Client

    client = Client(HTTP_HX_REQUEST="true", HTTP_HOST="127.0.0.1")  # one handler, as a server
    client.get("/play/")  # the first request imports the URL configuration: not a move's cost

    def play(tournament: Tournament, where: Any, move: str, ply: int, player: str) -> None:
        client.cookies["sessionid"] = tournament.sessions[player]
        url = f"/play/{tournament.slug}/{tournament.ids[where]}/move/"
        answer = client.post(url, {"move": move, "ply": str(ply)})
        if answer.status_code != 200 or b"Not played" in answer.content:
            raise SystemExit(f"the move was refused: {answer.status_code} {answer.content[:300]!r}")

    return play


def by_http(base: str) -> Mover:
    def play(tournament: Tournament, where: Any, move: str, ply: int, player: str) -> None:
        url = f"{base}/play/{tournament.slug}/{tournament.ids[where]}/move/"
        body = urllib.parse.urlencode({"move": move, "ply": str(ply)}).encode()
        request = urllib.request.Request(url, data=body, method="POST")
        request.add_header("Cookie", f"sessionid={tournament.sessions[player]}; csrftoken={CSRF}")
        request.add_header("X-CSRFToken", CSRF)
        request.add_header("HX-Request", "true")
        request.add_header("Content-Type", "application/x-www-form-urlencoded")
        with urllib.request.urlopen(request, timeout=30) as answer:
            content = answer.read()
        if b"Not played" in content:
            raise SystemExit(f"the move was refused: {content[:300]!r}")

    return play


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _serve(db: str) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    env = {**os.environ, "MASHINDANO_DATABASE_URL": db}
    command = [sys.executable, "-m", "mashindano.cli.main", "serve", "--db", db]
    server = subprocess.Popen(
        [*command, "--port", str(port), "--no-worker"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(base + "/play/", timeout=2).close()
            return server, base
        except urllib.error.HTTPError:
            return server, base  # answering (a redirect to the log-in page is an answer)
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"the server did not start on {base}") from None
            time.sleep(0.3)


def _with_server_cpu(pid: int) -> Callable[[], float]:
    def counted() -> float:
        return time.process_time() + tree_cpu(pid)

    return counted


def run_one(db: str, players: int, tournaments: int, moves: int, seed: int, run: int) -> None:
    from mashindano.config.setup import database_description, setup

    setup(db)
    rng = random.Random(seed)
    began = time.perf_counter()
    tournament = build(players, tournaments, seed)
    built = time.perf_counter() - began
    print(f"== {database_description()}")
    print(
        f"  {tournaments} KIBA tournaments of {players} players, {tournament.stored_games} games "
        f"stored (built in {built:.0f} s); moves on the {len(tournament.games)} games of one,"
        f" {run} in a row in each game drawn"
    )
    tables: list[tuple[str, Mover]] = [
        ("play_move (use case)", by_use_case),
        ("POST move/ (test client)", by_test_client()),
    ]
    server, base = _serve(db)
    tables.append(("POST move/ (granian)", by_http(base)))
    print(
        "  (CPU: mean CPU time per move of this process and, for granian, of the server's"
        " processes; wall times include waiting for the disk and for the other processes of"
        f" this machine: load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)"
    )
    try:
        for name, play in tables:
            counted = _with_server_cpu(server.pid) if "granian" in name else time.process_time
            times, cpu, longest = measure(tournament, moves, rng, play, counted, run)
            print(
                f"  {name:<26} {len(times):5d} moves  p50 {statistics.median(times) * 1000:7.2f} ms"
                f"  p99 {_percentile(times, 0.99) * 1000:7.2f} ms"
                f"  max {max(times) * 1000:7.2f} ms  CPU {cpu / len(times) * 1000:6.1f} ms"
                f"  (games up to ply {longest})"
            )
    finally:
        server.terminate()
        server.wait(timeout=10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", help="Run once on this database (else SQLite, then PostgreSQL).")
    parser.add_argument("--players", type=int, default=34)
    parser.add_argument("--tournaments", type=int, default=7)
    parser.add_argument("--moves", type=int, default=500, help="Moves per table.")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--run",
        type=int,
        default=1,
        help="Moves played in a row in each game drawn (e.g. 60: games of 40+ plies).",
    )
    args = parser.parse_args()
    options = ["--players", str(args.players), "--tournaments", str(args.tournaments)]
    options += ["--moves", str(args.moves), "--seed", str(args.seed), "--run", str(args.run)]
    if args.db:
        run_one(args.db, args.players, args.tournaments, args.moves, args.seed, args.run)
        return
    with tempfile.TemporaryDirectory() as folder:
        sqlite = str(Path(folder) / "bench.sqlite3")
        subprocess.run([sys.executable, __file__, "--db", sqlite, *options], check=True)
    url = postgres_url(BENCH_DATABASE)
    if url is not None:
        try:
            subprocess.run([sys.executable, __file__, "--db", url, *options], check=True)
        finally:
            drop_postgres(BENCH_DATABASE, force=True)


if __name__ == "__main__":
    main()
