"""Benchmark of the Tasaselo pairing: a 200-player tournament is played with random results
up to round 14, then round 15 is paired several times; the median is reported (target:
under 0.5 s). Prints a small table; asserts nothing.

    .venv/bin/python bench/tasaselo.py --players 200 --rounds 15 --runs 7
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import time

from mashindano.engine.model import Competitor, CompetitorId
from mashindano.engine.tasaselo import (
    TasaseloEvent,
    pair_next_round_or_regardless_of_colours,
    simulate_tasaselo,
)


def played_event(players: int, rounds: int, seed: int) -> TasaseloEvent:
    """The tournament after `rounds` − 1 rounds, ready to pair its last round."""
    field = [
        Competitor(CompetitorId(f"p{n}"), f"Player {n}", 2400 - 5 * n)
        for n in range(1, players + 1)
    ]
    played = simulate_tasaselo(field, rounds, seed).event
    return dataclasses.replace(played, played=played.played[: rounds - 1])


def time_pairing(event: TasaseloEvent, runs: int, seed: int) -> list[float]:
    timings = []
    for run in range(runs):
        start = time.perf_counter()
        pair_next_round_or_regardless_of_colours(event, seed + run)
        timings.append(time.perf_counter() - start)
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    args = parser.parse_args()
    print(f"Tasaselo pairing of round {args.rounds}, {args.players} players, {args.runs} runs")
    print(f"{'seed':>6} {'regardless':>10} {'median s':>10} {'min s':>8} {'max s':>8}")
    for seed in args.seeds:
        event = played_event(args.players, args.rounds, seed)
        timings = time_pairing(event, args.runs, seed)
        regardless = pair_next_round_or_regardless_of_colours(event, seed).regardless_of_colours
        print(
            f"{seed:>6} {regardless!s:>10} {statistics.median(timings):>10.4f} "
            f"{min(timings):>8.4f} {max(timings):>8.4f}"
        )


if __name__ == "__main__":
    main()
