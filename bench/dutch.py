"""Benchmark of the Dutch pairing: a random tournament paired round by round with our own
engine and random results, timing each round. Prints a small report; asserts nothing.

    .venv/bin/python bench/dutch.py --players 1000 --rounds 11 --upto 9
"""

from __future__ import annotations

import argparse
import random
import time

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
from mashindano.engine.pairing import pair_dutch


def simulate(players: int, rounds: int, upto: int, seed: int) -> list[tuple[int, float]]:
    rng = random.Random(seed)
    competitors = tuple(
        Competitor(CompetitorId(str(n)), f"Player {n}", 2800 - n, number=n)
        for n in range(1, players + 1)
    )
    games: list[Game] = []
    byes: list[Bye] = []
    timings: list[tuple[int, float]] = []
    for round_number in range(1, upto + 1):
        results = StageResults(competitors, tuple(games), tuple(byes), rounds=rounds)
        start = time.perf_counter()
        pairing = pair_dutch(results, round_number, total_rounds=rounds, initial_colour=Side.WHITE)
        timings.append((round_number, time.perf_counter() - start))
        for white, black in pairing.boards:
            outcome = rng.choices(
                [GameResult.FIRST_WINS, GameResult.DRAW, GameResult.SECOND_WINS], [4, 3, 3]
            )[0]
            games.append(Game(round_number, white, black, outcome))
        if pairing.bye is not None:
            byes.append(Bye(round_number, pairing.bye, ByeKind.PAIRING_ALLOCATED))
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--upto", type=int, default=9)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    timings = simulate(args.players, args.rounds, args.upto, args.seed)
    print(f"Dutch pairing, {args.players} players, {args.rounds} rounds, seed {args.seed}")
    for round_number, seconds in timings:
        print(f"  round {round_number:2d}: {seconds:8.3f} s")


if __name__ == "__main__":
    main()
