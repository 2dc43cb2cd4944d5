"""Benchmark of Bao played on the site (issue 19): a stored KIBA tournament of 34 players, its
qualification paired (every player with ten games running: a South and a North game against
each group opponent), then random legal moves played one use case at a time across all games.
Prints the time of one move (`bao_games.play_move`: permission, replay of the stored moves,
engine validation, the write and the audit entry) as p50/p99 on SQLite and, when reachable,
PostgreSQL. Asserts nothing.

    .venv/bin/python bench/bao_play.py                     # SQLite, then PostgreSQL
    .venv/bin/python bench/bao_play.py --db sqlite:///tmp/b.sqlite3 --moves 500
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from store import drop_postgres, postgres_url


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def run_one(db: str, players: int, moves: int, seed: int) -> None:
    from mashindano.config.setup import database_description, setup

    setup(db)
    from mashindano.app import events, rounds
    from mashindano.app.bao_games import load_bao_game, play_move
    from mashindano.app.players import register_players
    from mashindano.app.principals import local
    from mashindano.app.results import GameRef
    from mashindano.engine.model import Competitor, CompetitorId

    actor = local("bench")
    rng = random.Random(seed)
    start = datetime.now(UTC)
    slug = f"bao-bench-{rng.randrange(10**9)}"
    roster = [
        Competitor(
            CompetitorId(f"K{n:02d}"), f"Player {n:02d}", rating=1500 + 15 * n, games_played=n
        )
        for n in range(1, players + 1)
    ]
    events.create_event(slug, "kiba-bao", actor=actor, seed=seed, now=start)
    register_players(slug, roster, actor=actor, now=start)
    events.start_event(slug, actor=actor, now=start)
    published = rounds.pair_next_round(slug, actor=actor, now=start)
    games = [
        GameRef(published.number, e.board, g.number)
        for e in published.encounters
        if e.second is not None
        for g in e.games
    ]
    running = {str(g.first) for e in published.encounters for g in e.games} | {
        str(g.second) for e in published.encounters for g in e.games
    }
    times: list[float] = []
    clock = start
    open_games = list(games)
    while len(times) < moves and open_games:
        where = rng.choice(open_games)
        clock += timedelta(seconds=30)
        game = load_bao_game(slug, where, now=clock)
        if not game.legal:
            open_games.remove(where)
            continue
        move = rng.choice(game.legal)
        began = time.perf_counter()
        play_move(slug, where, move, actor=actor, ply=game.next_ply, now=clock)
        times.append(time.perf_counter() - began)
    plies = [len(load_bao_game(slug, g, now=clock).moves) for g in games]
    print(f"== {database_description()}")
    print(
        f"  {players} players, {len(games)} games running ({len(running)} players in play), "
        f"{len(times)} moves, up to {max(plies)} plies a game"
    )
    print(
        f"  one move (play_move)  p50 {statistics.median(times) * 1000:7.2f} ms"
        f"  p99 {_percentile(times, 0.99) * 1000:7.2f} ms  max {max(times) * 1000:7.2f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", help="Run once on this database (else SQLite, then PostgreSQL).")
    parser.add_argument("--players", type=int, default=34)
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    options = ["--players", str(args.players), "--moves", str(args.moves), "--seed", str(args.seed)]
    if args.db:
        run_one(args.db, args.players, args.moves, args.seed)
        return
    with tempfile.TemporaryDirectory() as folder:
        sqlite = str(Path(folder) / "bench.sqlite3")
        subprocess.run([sys.executable, __file__, "--db", sqlite, *options], check=True)
    url = postgres_url()
    if url is not None:
        try:
            subprocess.run([sys.executable, __file__, "--db", url, *options], check=True)
        finally:
            drop_postgres()


if __name__ == "__main__":
    main()
