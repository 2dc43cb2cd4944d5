"""Seeded random results, for demos, simulations and benchmarks.

Nothing here is a rule: it only invents plausible results. Every function takes a
`random.Random` (or a seed), so a simulation can be replayed exactly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction

from mashindano.engine.model import Bye, ByeKind, Competitor, CompetitorId, Game, GameResult
from mashindano.engine.ratings import expected_score_fide
from mashindano.engine.schedules import ScheduleTable, round_robin_schedule

DEFAULT_RATING = 1500


def random_game_result(
    rng: random.Random,
    first_rating: int | None,
    second_rating: int | None,
    *,
    draw_rate: Fraction = Fraction(1, 4),
) -> GameResult:
    """A played result whose odds follow the FIDE expected score of the two ratings.

    The draw share is taken out of the middle, so the stronger player's expected score is
    kept: P(first wins) = E - draw_rate / 2, clipped to [0, 1 - draw_rate].
    """
    expected = expected_score_fide(
        (first_rating or DEFAULT_RATING) - (second_rating or DEFAULT_RATING)
    )
    win = min(max(expected - draw_rate / 2, Fraction(0)), 1 - draw_rate)
    roll = Fraction(rng.randrange(10_000), 10_000)
    if roll < win:
        return GameResult.FIRST_WINS
    if roll < win + draw_rate:
        return GameResult.DRAW
    return GameResult.SECOND_WINS


def play_round_robin(
    competitors: Sequence[Competitor],
    seed: int,
    *,
    table: ScheduleTable = ScheduleTable.FIDE,
    cycles: int = 1,
    draw_rate: Fraction = Fraction(1, 4),
) -> tuple[list[list[tuple[CompetitorId, CompetitorId | None]]], list[Game], list[Bye]]:
    """Schedule a round-robin over `competitors` (Berger numbers in the given order) and draw
    every result from `seed`. Returns the rounds (pairs, None for the sit-out), games and byes.
    """
    rng = random.Random(seed)
    schedule = round_robin_schedule(len(competitors), table=table, cycles=cycles)
    rounds: list[list[tuple[CompetitorId, CompetitorId | None]]] = []
    games: list[Game] = []
    byes: list[Bye] = []
    for round_number, pairs in enumerate(schedule.rounds, start=1):
        listed: list[tuple[CompetitorId, CompetitorId | None]] = []
        for a, b in pairs:
            if schedule.dummy in (a, b):
                sitting = competitors[(b if a == schedule.dummy else a) - 1]
                byes.append(Bye(round_number, sitting.id, ByeKind.SIT_OUT))
                listed.append((sitting.id, None))
                continue
            first, second = competitors[a - 1], competitors[b - 1]
            result = random_game_result(rng, first.rating, second.rating, draw_rate=draw_rate)
            games.append(Game(round_number, first.id, second.id, result))
            listed.append((first.id, second.id))
        rounds.append(listed)
    return rounds, games, byes
