"""Benchmark of the Bao engine (issue 18): positions expanded per second on random games.

Expanding a position means generating all its legal moves and applying each of them (what
`legal_results` does: every result, with its takasia, its end and its canonical form). For
each variant, `--games` random games are played from the standard set-up with a seeded
`random.Random`, expanding every position on the way; a run is timed as a whole and repeated
`--repeat` times. Printed per variant: positions expanded, moves applied, the median of the runs
(wall clock and process CPU time) and positions per second from the median. Asserts nothing.

    .venv/bin/python bench/bao.py                 # 30 games per variant, median of 3
    .venv/bin/python bench/bao.py --games 100 --repeat 5
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from mashindano.engine.bao import (
    DEFAULT_PARAMETERS,
    KUJIFUNZA_PARAMETERS,
    BaoParameters,
    legal_results,
    standard_position,
)

MAX_PLIES = 2000


def play(variant: str, parameters: BaoParameters, games: int, seed: int) -> tuple[int, int]:
    """Positions expanded and moves applied in `games` random games."""
    rng = random.Random(seed)
    positions = moves = 0
    for _ in range(games):
        position = standard_position(variant)
        for _ply in range(MAX_PLIES):
            results = legal_results(position, parameters)
            positions += 1
            moves += len(results)
            if not results:
                break
            chosen = rng.choice(results)
            if chosen.end is not None:
                break
            position = chosen.position
    return positions, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"Bao engine: random games from the standard set-up, seed {args.seed}")
    print("expanded = all legal moves generated and applied; median of the runs")
    print(
        f"{'variant':>10} {'games':>6} {'positions':>10} {'moves':>8} {'median (s)':>11}"
        f" {'CPU median (s)':>15} {'positions/s':>12}"
    )
    for variant, parameters in (
        ("kiswahili", DEFAULT_PARAMETERS),
        ("kujifunza", KUJIFUNZA_PARAMETERS),
    ):
        runs: list[float] = []
        cpu: list[float] = []
        counts = (0, 0)
        for _ in range(args.repeat):
            start, start_cpu = time.perf_counter(), time.process_time()
            counts = play(variant, parameters, args.games, args.seed)
            runs.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
        median, cpu_median = statistics.median(runs), statistics.median(cpu)
        positions, moves = counts
        print(
            f"{variant:>10} {args.games:>6} {positions:>10} {moves:>8} {median:>11.3f}"
            f" {cpu_median:>15.3f} {positions / median:>12.0f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
