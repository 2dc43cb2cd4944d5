"""Benchmark of the drop-in pairing call as other software runs it (issue 20): the CPU time of
the whole `mashindano pair --dutch IN.trf -p OUT` process (user + system, from the child's own
rusage), median of `--repeat` runs, and its peak memory; and the same for `mashindano --help`.

Inputs: round 9 of 11 of `bench/dutch.py`'s own tournaments (generated once per size and seed
and kept in var/bench-cli/), and the large inputs of ../shared/fixtures/dutch-bench/ made by
another generator. Asserts nothing.

    .venv/bin/python bench/cli.py                          # 100, 500, 2000 players + dutch-bench
    .venv/bin/python bench/cli.py --sizes 100 --no-dutch-bench
    .venv/bin/python bench/cli.py --sizes 2000 --rounds 1-11 --no-dutch-bench
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

# bench/ is the script's folder, so its first entry on sys.path.
from dutch import PAIRED_ROUND, ROUNDS, generate
from mashindano.engine.model import Side
from mashindano.interchange.trf import stage_results_to_trf
from mashindano.interchange.trf_write import format_trf

REPOSITORY = Path(__file__).resolve().parents[1]
COMMAND = Path(sys.executable).with_name("mashindano")
DUTCH_BENCH = REPOSITORY.parent / "shared" / "fixtures" / "dutch-bench"
CACHE = REPOSITORY / "var" / "bench-cli"


def own_path(players: int, round_number: int, seed: int) -> Path:
    return CACHE / f"own_p{players}_s{seed}_round{round_number:02d}.trf"


def own_inputs(players: int, rounds: list[int], seed: int) -> list[Path]:
    """TRFs of `bench/dutch.py`'s tournament before each of `rounds` (made once, then kept)."""
    paths = [own_path(players, r, seed) for r in rounds]
    if not all(path.exists() for path in paths):
        # In a child process: a process started later would inherit this one's peak memory.
        last = str(max(rounds))
        command = [sys.executable, __file__, "--make", str(players), last, str(seed)]
        subprocess.run(command, check=True)
    return paths


def make_inputs(players: int, last_round: int, seed: int) -> None:
    """Play the tournament up to `last_round` once; write the TRF before each round."""
    played, _ = generate(players, last_round, seed, general=False)
    CACHE.mkdir(parents=True, exist_ok=True)
    for round_number in range(1, last_round + 1):
        trf = stage_results_to_trf(
            played.known_before_pairing(round_number),
            name=f"bench/dutch.py p{players} seed {seed} before round {round_number}",
            total_rounds=ROUNDS,
            initial_colour=Side.WHITE,
        )
        text = format_trf(trf)
        own_path(players, round_number, seed).write_text(text, encoding="utf-8")


def run(command: str, arguments: list[str]) -> tuple[float, float, int]:
    """CPU seconds (user + system), peak MiB and exit status of one whole process."""
    child = subprocess.Popen([command, *arguments], stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, child.returncode


def measure(command: str, label: str, arguments: list[str], repeat: int) -> None:
    cpu: list[float] = []
    peak = 0.0
    for _ in range(repeat):
        seconds, mib, code = run(command, arguments)
        if code != 0:
            print(f"{label:<32} failed with exit code {code}", flush=True)
            return
        cpu.append(seconds)
        peak = max(peak, mib)
    runs = " ".join(f"{s:.2f}" for s in cpu)
    print(f"{label:<32} {statistics.median(cpu):>9.3f} {peak:>9.1f}   {runs}", flush=True)


def parse_rounds(text: str) -> list[int]:
    if "-" in text:
        first, last = text.split("-")
        return list(range(int(first), int(last) + 1))
    return [int(r) for r in text.split(",")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="100,500,2000")
    parser.add_argument("--rounds", default=str(PAIRED_ROUND), help="e.g. 9, 2,9 or 1-11")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-dutch-bench", action="store_true")
    parser.add_argument("--command", default=str(COMMAND), help="the `mashindano` to run")
    parser.add_argument("--make", type=int, nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.make:
        make_inputs(*args.make)
        return
    print(f"Whole `mashindano` process: CPU seconds (median of {args.repeat}), peak MiB, each run")
    print(f"{'input':<32} {'CPU (s)':>9} {'peak MiB':>9}   runs")
    measure(args.command, "--help", ["--help"], args.repeat)
    with tempfile.TemporaryDirectory() as scratch:
        output = str(Path(scratch) / "out.pairs")
        for size in (int(s) for s in args.sizes.split(",")):
            rounds = parse_rounds(args.rounds)
            for round_number, source in zip(
                rounds, own_inputs(size, rounds, args.seed), strict=True
            ):
                label = f"own p{size} round {round_number}"
                arguments = ["pair", "--dutch", str(source), "-p", output]
                measure(args.command, label, arguments, args.repeat)
        if args.no_dutch_bench:
            return
        if not DUTCH_BENCH.is_dir():
            print(f"dutch-bench inputs not found: {DUTCH_BENCH}")
            return
        for source in sorted(DUTCH_BENCH.glob("*.trf")):
            label = f"dutch-bench {source.stem}"
            measure(
                args.command, label, ["pair", "--dutch", str(source), "-p", output], args.repeat
            )


if __name__ == "__main__":
    main()
