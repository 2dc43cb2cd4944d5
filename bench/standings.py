"""Benchmark of standings with tie-breaks on a large Swiss-like event: every round pairs
random opponents (no real pairing needed), results drawn from a seeded generator with a few
forfeits, and a pairing-allocated bye when the number of players is odd. Times
`compute_standings` only (median of several runs) and prints a small table; asserts nothing.

    .venv/bin/python bench/standings.py --players 10000 --rounds 15
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from mashindano.engine.model import (
    Bye,
    ByeKind,
    Competitor,
    CompetitorId,
    Game,
    GameResult,
    StageResults,
)
from mashindano.engine.standings import compute_standings
from mashindano.engine.tiebreaks import tiebreaks_by_names

DEFAULT_TIEBREAKS = "buchholz,buchholz-cut1,median-buchholz,sb,wins"
RESULTS = [
    GameResult.FIRST_WINS,
    GameResult.DRAW,
    GameResult.SECOND_WINS,
    GameResult.FIRST_WINS_BY_FORFEIT,
    GameResult.SECOND_WINS_BY_FORFEIT,
]
WEIGHTS = [40, 25, 33, 1, 1]


def build_event(players: int, rounds: int, seed: int) -> StageResults:
    rng = random.Random(seed)
    competitors = tuple(
        Competitor(CompetitorId(f"P{n:05d}"), f"Player {n}", rng.randrange(1000, 2800), number=n)
        for n in range(1, players + 1)
    )
    ids = [c.id for c in competitors]
    games: list[Game] = []
    byes: list[Bye] = []
    for round_number in range(1, rounds + 1):
        rng.shuffle(ids)
        outcomes = rng.choices(RESULTS, WEIGHTS, k=players // 2)
        games.extend(
            Game(round_number, ids[2 * k], ids[2 * k + 1], outcome)
            for k, outcome in enumerate(outcomes)
        )
        if players % 2:
            byes.append(Bye(round_number, ids[-1], ByeKind.PAIRING_ALLOCATED))
    return StageResults(competitors, tuple(games), tuple(byes), rounds=rounds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--tiebreaks", default=DEFAULT_TIEBREAKS)
    args = parser.parse_args()

    results = build_event(args.players, args.rounds, args.seed)
    tiebreaks = tiebreaks_by_names(args.tiebreaks)
    timings = []
    for _ in range(args.runs):
        start = time.perf_counter()
        compute_standings(results, tiebreaks)
        timings.append(time.perf_counter() - start)

    print(f"Standings benchmark, seed {args.seed}, median of {args.runs} runs")
    print(f"{'players':>8} {'rounds':>6} {'games':>7} {'tie-breaks':<48} {'median s':>9}")
    print(
        f"{args.players:>8} {args.rounds:>6} {len(results.games):>7} "
        f"{','.join(t.name for t in tiebreaks):<48} {statistics.median(timings):>9.3f}"
    )


if __name__ == "__main__":
    main()
