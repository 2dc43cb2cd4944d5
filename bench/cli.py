"""Benchmark of the drop-in pairing call as other software runs it (issue 20): the CPU time of
the whole `mashindano pair --dutch IN.trf -p OUT` process (user + system, from the child's own
rusage), median of `--repeat` runs, and its peak memory; and the same for `mashindano --help`.

First the start-up rows of issue 28, each against its CPU target (median of
`--startup-repeat` runs): `pair --dutch -p` of a 20-player TRF (round 9 of 11, < 0.15 s) and
`standings --trf` of a 300-player TRF (11 rounds played, < 0.5 s); then the same standings
with FIDE tie-breaks (`--tiebreaks BH-C1,BH,SB,ARO`, no target). Both files are made in a
temporary folder by a child process: the 20-player one by `bench/dutch.py`'s tournament, the
300-player one by its quick greedy Swiss.

Inputs: round 9 of 11 of `bench/dutch.py`'s own tournaments (generated once per size and seed
and kept in var/bench-cli/), and the large inputs of ../shared/fixtures/dutch-bench/ made by
another generator. Asserts nothing.

    .venv/bin/python bench/cli.py                          # 100, 500, 2000 players + dutch-bench
    .venv/bin/python bench/cli.py --sizes 100 --no-dutch-bench
    .venv/bin/python bench/cli.py --sizes 2000 --rounds 1-11 --no-dutch-bench
    .venv/bin/python bench/cli.py --startup-only              # the two start-up rows
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
from dutch import PAIRED_ROUND, ROUNDS, generate, generate_quick
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


STARTUP_PAIR_PLAYERS = 20
STARTUP_PAIR_TARGET = 0.15
STARTUP_STANDINGS_PLAYERS = 300
STARTUP_STANDINGS_TARGET = 0.5
STARTUP_TIEBREAKS = "BH-C1,BH,SB,ARO"


def make_startup_inputs(folder: Path, seed: int) -> None:
    """The start-up rows' inputs: p20 before round 9 (paired by `pair_dutch`), and p300 with
    all 11 rounds played (the quick greedy Swiss)."""
    played, _ = generate(STARTUP_PAIR_PLAYERS, PAIRED_ROUND, seed, general=False)
    small = stage_results_to_trf(
        played.known_before_pairing(PAIRED_ROUND),
        name=f"bench/cli.py p{STARTUP_PAIR_PLAYERS} seed {seed} before round {PAIRED_ROUND}",
        total_rounds=ROUNDS,
        initial_colour=Side.WHITE,
    )
    (folder / "startup_pair.trf").write_text(format_trf(small), encoding="utf-8")
    finished = generate_quick(STARTUP_STANDINGS_PLAYERS, ROUNDS + 1, seed)
    large = stage_results_to_trf(
        finished,
        name=f"bench/cli.py p{STARTUP_STANDINGS_PLAYERS} seed {seed}, {ROUNDS} rounds",
        total_rounds=ROUNDS,
        initial_colour=Side.WHITE,
    )
    (folder / "startup_standings.trf").write_text(format_trf(large), encoding="utf-8")


def measure_startup(command: str, repeat: int, seed: int, scratch: Path) -> None:
    """The two start-up rows, each with its target (issue 28)."""
    # In a child process, as `own_inputs`: a process started later would inherit its peak.
    make = [sys.executable, __file__, "--make-startup", str(scratch), str(seed)]
    subprocess.run(make, check=True)
    output = str(scratch / "startup.pairs")
    pair = ["pair", "--dutch", str(scratch / "startup_pair.trf"), "-p", output]
    label = f"start-up pair --dutch p{STARTUP_PAIR_PLAYERS}"
    measure(command, label, pair, repeat, target=STARTUP_PAIR_TARGET)
    standings = ["standings", "--trf", str(scratch / "startup_standings.trf")]
    label = f"start-up standings --trf p{STARTUP_STANDINGS_PLAYERS}"
    measure(command, label, standings, repeat, target=STARTUP_STANDINGS_TARGET)
    label = f"standings --trf p{STARTUP_STANDINGS_PLAYERS} {STARTUP_TIEBREAKS}"
    measure(command, label, [*standings, "--tiebreaks", STARTUP_TIEBREAKS], repeat)


def child_environment() -> dict[str, str]:
    """This environment without PYTHONDONTWRITEBYTECODE: a command compiling every module at
    each run (as it does when that is set, or under a read-only install) is not how it runs."""
    return {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run(command: str, arguments: list[str]) -> tuple[float, float, int]:
    """CPU seconds (user + system), peak MiB and exit status of one whole process."""
    child = subprocess.Popen(
        [command, *arguments], stdout=subprocess.DEVNULL, env=child_environment()
    )
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, child.returncode


def measure(
    command: str, label: str, arguments: list[str], repeat: int, target: float | None = None
) -> None:
    cpu: list[float] = []
    peak = 0.0
    if target is not None:
        run(command, arguments)  # a start-up row: one run first, which writes the bytecode
    for _ in range(repeat):
        seconds, mib, code = run(command, arguments)
        if code != 0:
            print(f"{label:<36} failed with exit code {code}", flush=True)
            return
        cpu.append(seconds)
        peak = max(peak, mib)
    runs = " ".join(f"{s:.2f}" for s in cpu)
    median = statistics.median(cpu)
    verdict = ""
    if target is not None:
        verdict = f"   target < {target:g} s: {'ok' if median < target else 'OVER'}"
    print(f"{label:<36} {median:>9.3f} {peak:>9.1f}   {runs}{verdict}", flush=True)


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
    parser.add_argument("--startup-repeat", type=int, default=7, help="runs of a start-up row")
    parser.add_argument("--startup-only", action="store_true", help="only the start-up rows")
    parser.add_argument("--make", type=int, nargs=3, help=argparse.SUPPRESS)
    parser.add_argument("--make-startup", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.make:
        make_inputs(*args.make)
        return
    if args.make_startup:
        make_startup_inputs(Path(args.make_startup[0]), int(args.make_startup[1]))
        return
    print(
        "Whole `mashindano` process: CPU seconds (median of "
        f"{args.startup_repeat} for start-up rows, else {args.repeat}), peak MiB, each run"
    )
    print(f"{'input':<36} {'CPU (s)':>9} {'peak MiB':>9}   runs")
    with tempfile.TemporaryDirectory() as scratch:
        measure_startup(args.command, args.startup_repeat, args.seed, Path(scratch))
    if args.startup_only:
        return
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
