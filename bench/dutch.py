"""Benchmark of the Dutch pairing (issue 3): round 9 of an 11-round random tournament.

For each size, a child process generates the tournament with our own engine (rounds 1-8 paired
by `pair_dutch`, results drawn from a seeded `random.Random`: 40 % first-player wins, 30 % draws,
30 % second-player wins), then pairs round 9 `--repeat` times. Printed per size: the median time
of the round-9 pairing (wall clock, and the process's CPU time), the child's peak resident
memory (`ru_maxrss` of the child process, generation included), and the time to generate
rounds 1-8. Asserts nothing.

    .venv/bin/python bench/dutch.py                       # 100, 500, 1000, 2000 players
    .venv/bin/python bench/dutch.py --sizes 100,500 --repeat 1
    .venv/bin/python bench/dutch.py --sizes 200 --general  # the slow reference path
    .venv/bin/python bench/dutch.py --sizes 2000 --no-dutch-bench

Then the large inputs made by another generator (../shared/fixtures/dutch-bench, see its README)
are timed the same way: each TRF is read in a child process and its next round
paired `--repeat` times (the "rounds 1-8" column is then the time to read the file).

`--curve` prints the scale curve instead (issue 28 item 7): for 1,000 / 2,000 / 5,000 / 9,999
players (`--curve-sizes`), round 1 with an odd and with an even field (the size and its
neighbour), and rounds 2 and 9 of 11. The histories of rounds 2 and 9 are made by a quick
greedy Swiss (score order, first unmet opponent below, colours by colour difference, seeded
results as above), not by `pair_dutch`, so that 9,999 players take seconds to set up. Each
cell is one child process: CPU seconds of the pairing (median of `--repeat`) and the child's
peak resident memory (history included). Ratings run from 2800 down to 1200 at any size.

    .venv/bin/python bench/dutch.py --curve --repeat 1
    .venv/bin/python bench/dutch.py --curve --curve-sizes 1000,2000 --repeat 3
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from mashindano.engine.model import (
    Bye,
    ByeKind,
    Competitor,
    CompetitorId,
    Game,
    GameResult,
    Side,
    StageResults,
)
from mashindano.engine.pairing.dutch import SwissPairing, pair_dutch, pair_dutch_general
from mashindano.interchange.trf import parse_trf, trf_to_stage_results
from mashindano.interchange.trf_model import count_paired_rounds

ROUNDS = 11
PAIRED_ROUND = 9
DUTCH_BENCH = Path(__file__).resolve().parents[1].parent / "shared" / "fixtures" / "dutch-bench"


def _pair(results: StageResults, round_number: int, general: bool) -> SwissPairing:
    pair = pair_dutch_general if general else pair_dutch
    return pair(results, round_number, total_rounds=ROUNDS, initial_colour=Side.WHITE)


def generate(players: int, upto: int, seed: int, general: bool) -> tuple[StageResults, list[float]]:
    """The tournament as it stands before round `upto`, and the time each round took to pair."""
    rng = random.Random(seed)
    competitors = tuple(
        Competitor(CompetitorId(str(n)), f"Player {n}", 2800 - n, number=n)
        for n in range(1, players + 1)
    )
    games: list[Game] = []
    byes: list[Bye] = []
    timings: list[float] = []
    for round_number in range(1, upto):
        results = StageResults(competitors, tuple(games), tuple(byes), rounds=ROUNDS)
        start = time.perf_counter()
        pairing = _pair(results, round_number, general)
        timings.append(time.perf_counter() - start)
        for white, black in pairing.boards:
            outcome = rng.choices(
                [GameResult.FIRST_WINS, GameResult.DRAW, GameResult.SECOND_WINS], [4, 3, 3]
            )[0]
            games.append(Game(round_number, white, black, outcome))
        if pairing.bye is not None:
            byes.append(Bye(round_number, pairing.bye, ByeKind.PAIRING_ALLOCATED))
    return StageResults(competitors, tuple(games), tuple(byes), rounds=ROUNDS), timings


def measure(players: int, repeat: int, seed: int, general: bool) -> dict[str, object]:
    """Runs in the child process."""
    results, timings = generate(players, PAIRED_ROUND, seed, general)
    runs: list[float] = []
    cpu: list[float] = []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        _pair(results, PAIRED_ROUND, general)
        runs.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return {
        "players": players,
        "median": statistics.median(runs),
        "cpu_median": statistics.median(cpu),
        "runs": runs,
        "generation": sum(timings),
        "rounds": timings,
        # Linux reports kilobytes.
        "peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


def _rating(number: int, players: int) -> int:
    """2800 for number 1 down to 1200 for the last, at any size (always positive)."""
    return 2800 - (number - 1) * 1600 // max(players - 1, 1)


def generate_quick(players: int, upto: int, seed: int) -> StageResults:
    """Rounds 1..`upto`-1 of a tournament paired by a quick greedy Swiss (see the module)."""
    rng = random.Random(seed)
    ids = [CompetitorId(str(n)) for n in range(1, players + 1)]
    competitors = tuple(
        Competitor(c, f"Player {n}", _rating(n, players), number=n)
        for n, c in enumerate(ids, start=1)
    )
    score = dict.fromkeys(ids, 0.0)
    balance = dict.fromkeys(ids, 0)
    met: dict[CompetitorId, set[CompetitorId]] = {c: set() for c in ids}
    had_bye: set[CompetitorId] = set()
    games: list[Game] = []
    byes: list[Bye] = []
    for round_number in range(1, upto):
        order = sorted(ids, key=lambda c: (-score[c], int(c)))
        if len(order) % 2:
            receiver = next((c for c in reversed(order) if c not in had_bye), order[-1])
            order.remove(receiver)
            had_bye.add(receiver)
            score[receiver] += 1
            byes.append(Bye(round_number, receiver, ByeKind.PAIRING_ALLOCATED))
        waiting = list(order)
        while waiting:
            first = waiting.pop(0)
            k = next((i for i, c in enumerate(waiting[:50]) if c not in met[first]), 0)
            second = waiting.pop(k)
            white, black = (
                (first, second)
                if balance[first] <= balance[second]
                else (
                    second,
                    first,
                )
            )
            outcome = rng.choices(
                [GameResult.FIRST_WINS, GameResult.DRAW, GameResult.SECOND_WINS], [4, 3, 3]
            )[0]
            games.append(Game(round_number, white, black, outcome))
            met[white].add(black)
            met[black].add(white)
            balance[white] += 1
            balance[black] -= 1
            score[white] += {"1-0": 1.0, "1/2": 0.5, "0-1": 0.0}[_short(outcome)]
            score[black] += {"1-0": 0.0, "1/2": 0.5, "0-1": 1.0}[_short(outcome)]
    return StageResults(competitors, tuple(games), tuple(byes), rounds=ROUNDS)


def _short(outcome: GameResult) -> str:
    if outcome is GameResult.FIRST_WINS:
        return "1-0"
    return "0-1" if outcome is GameResult.SECOND_WINS else "1/2"


def measure_curve(players: int, round_number: int, repeat: int, seed: int) -> dict[str, object]:
    """Runs in the child process: one cell of the curve."""
    results = generate_quick(players, round_number, seed)
    cpu: list[float] = []
    for _ in range(repeat):
        start_cpu = time.process_time()
        _pair(results, round_number, False)
        cpu.append(time.process_time() - start_cpu)
    return {
        "players": players,
        "round": round_number,
        "cpu_median": statistics.median(cpu),
        "peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


def print_curve(sizes: list[int], repeat: int, seed: int) -> None:
    script = str(Path(__file__).resolve())
    print(f"Dutch pairing scale curve (issue 28 item 7), CPU median of {repeat}, seed {seed}")
    print("cells: CPU seconds of the pairing / peak MiB of the child process (history included)")
    header = ["players", "round 1 odd", "round 1 even", "round 2", "round 9"]
    print(" ".join(f"{h:>22}" for h in header))
    for size in sizes:
        odd, even = (size, size - 1) if size % 2 else (size - 1, size)
        cells = [str(size)]
        for players, round_number in ((odd, 1), (even, 1), (size, 2), (size, 9)):
            command = [sys.executable, script, "--curve-child", f"{players}:{round_number}"]
            command += ["--repeat", str(repeat), "--seed", str(seed)]
            output = subprocess.run(command, check=True, stdout=subprocess.PIPE, text=True).stdout
            row = json.loads(output)
            label = f"{players}: " if round_number == 1 else ""
            cells.append(f"{label}{row['cpu_median']:.2f} s / {row['peak_mib']:.0f} MiB")
        print(" ".join(f"{c:>22}" for c in cells), flush=True)


def measure_file(path: Path, repeat: int, general: bool) -> dict[str, object]:
    """Runs in the child process: pair the next round of a TRF file."""
    start = time.perf_counter()
    tournament = parse_trf(path.read_text(encoding="utf-8"), source=str(path))
    results = trf_to_stage_results(tournament)
    reading = time.perf_counter() - start
    round_number = count_paired_rounds(tournament.players) + 1
    total = max(tournament.rounds or round_number, round_number)
    pair = pair_dutch_general if general else pair_dutch
    runs: list[float] = []
    cpu: list[float] = []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        pair(
            results,
            round_number,
            total_rounds=total,
            initial_colour=tournament.initial_colour or Side.WHITE,
        )
        runs.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return {
        "players": path.stem,
        "median": statistics.median(runs),
        "cpu_median": statistics.median(cpu),
        "runs": runs,
        "generation": reading,
        "rounds": [],
        "peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


def print_row(command: list[str], rounds_detail: bool) -> None:
    output = subprocess.run(command, check=True, stdout=subprocess.PIPE, text=True).stdout
    row = json.loads(output)
    if "error" in row:
        print(f"{row['players']:>19} failed: {row['error']}", flush=True)
        return
    print(
        f"{row['players']:>19} {row['median']:>19.3f} {row['cpu_median']:>15.3f}"
        f" {row['peak_mib']:>9.1f} {row['generation']:>15.2f}",
        flush=True,
    )
    if rounds_detail:
        detail = ", ".join(f"{t:.2f}" for t in row["rounds"])
        print(f"{'':>19} rounds 1-8: {detail}; round 9 runs: {row['runs']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="100,500,1000,2000")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--general", action="store_true", help="use the slow reference path")
    parser.add_argument("--rounds-detail", action="store_true", help="print rounds 1-8 times")
    parser.add_argument("--no-dutch-bench", action="store_true", help="skip the dutch-bench inputs")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--child-file", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--curve", action="store_true", help="print the scale curve")
    parser.add_argument("--curve-sizes", default="1000,2000,5000,9999")
    parser.add_argument("--curve-child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.curve_child is not None:
        players, round_number = (int(x) for x in args.curve_child.split(":"))
        print(json.dumps(measure_curve(players, round_number, args.repeat, args.seed)))
        return
    if args.curve:
        print_curve([int(s) for s in args.curve_sizes.split(",")], args.repeat, args.seed)
        return
    if args.child is not None or args.child_file is not None:
        try:
            if args.child_file is not None:
                row = measure_file(args.child_file, args.repeat, args.general)
            else:
                row = measure(args.child, args.repeat, args.seed, args.general)
        except Exception as error:  # a benchmark reports a failure as a row and goes on
            name = args.child if args.child is not None else args.child_file.stem
            row = {"players": name, "error": f"{type(error).__name__}: {error}"}
        print(json.dumps(row))
        return
    path = "general path" if args.general else "pair_dutch"
    print(f"Dutch pairing ({path}), round {PAIRED_ROUND} of {ROUNDS}, seed {args.seed}")
    print("peak memory: ru_maxrss of a child process per size (generation included)")
    print("CPU: process time of the same runs (what other work on the machine does not inflate)")
    print(
        f"{'players':>19} {'round 9 median (s)':>19} {'CPU median (s)':>15} {'peak MiB':>9}"
        f" {'rounds 1-8 (s)':>15}"
    )
    common = ["--repeat", str(args.repeat), "--seed", str(args.seed)]
    if args.general:
        common.append("--general")
    script = str(Path(__file__).resolve())
    for size in (int(s) for s in args.sizes.split(",")):
        print_row([sys.executable, script, "--child", str(size), *common], args.rounds_detail)
    if args.no_dutch_bench:
        return
    if not DUTCH_BENCH.is_dir():
        print(f"dutch-bench inputs not found: {DUTCH_BENCH}")
        return
    print(f"dutch-bench inputs ({DUTCH_BENCH}): next round of each file; last column: reading")
    for path in sorted(DUTCH_BENCH.glob("*.trf")):
        print_row([sys.executable, script, "--child-file", str(path), *common], False)


if __name__ == "__main__":
    main()
