"""Large fields pair without error (issue 3): 1,000 players, three rounds. Before packed weights
counted violations instead of criteria met, round 3 of this very tournament needed 122 bits and
failed; every round must now give each available player exactly one board or the bye, with no
rematch."""

from __future__ import annotations

import random

import pytest

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


@pytest.mark.slow
def test_dutch_pairs_a_thousand_players_for_three_rounds() -> None:
    players, rounds = 1000, 11
    rng = random.Random(1)
    competitors = tuple(
        Competitor(CompetitorId(str(n)), f"Player {n}", 2800 - n, number=n)
        for n in range(1, players + 1)
    )
    games: list[Game] = []
    byes: list[Bye] = []
    met: set[frozenset[CompetitorId]] = set()
    for number in range(1, 4):
        results = StageResults(competitors, tuple(games), tuple(byes), rounds=rounds)
        pairing = pair_dutch(results, number, total_rounds=rounds, initial_colour=Side.WHITE)
        seated = [player for board in pairing.boards for player in board]
        if pairing.bye is not None:
            seated.append(pairing.bye)
        assert sorted(seated) == sorted(c.id for c in competitors)
        for white, black in pairing.boards:
            assert frozenset((white, black)) not in met, f"round {number}: {white}-{black} again"
            met.add(frozenset((white, black)))
            outcome = rng.choices(
                [GameResult.FIRST_WINS, GameResult.DRAW, GameResult.SECOND_WINS], [4, 3, 3]
            )[0]
            games.append(Game(number, white, black, outcome))
        if pairing.bye is not None:
            byes.append(Bye(number, pairing.bye, ByeKind.PAIRING_ALLOCATED))
