"""Invariants of the Dutch pairing on random tournaments generated with our own pairing."""

from __future__ import annotations

import random
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from mashindano.engine.errors import NoValidPairing
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
from mashindano.engine.pairing import SwissPairing, build_swiss_state, pair_dutch


@dataclass
class Played:
    results: StageResults
    pairings: list[tuple[StageResults, SwissPairing]]
    total_rounds: int


def _play(players: int, rounds: int, seed: int, mixed: bool) -> Played:
    rng = random.Random(seed)
    competitors = tuple(
        Competitor(CompetitorId(str(n)), f"P{n}", 2500 - n, number=n) for n in range(1, players + 1)
    )
    games: list[Game] = []
    byes: list[Bye] = []
    pairings: list[tuple[StageResults, SwissPairing]] = []
    for number in range(1, rounds + 1):
        if mixed:
            for c in competitors:
                if rng.random() < 0.06:
                    kind = rng.choice([ByeKind.HALF_POINT, ByeKind.ZERO_POINT])
                    byes.append(Bye(number, c.id, kind))
        before = StageResults(competitors, tuple(games), tuple(byes), rounds=rounds)
        try:
            pairing = pair_dutch(before, number, total_rounds=rounds, initial_colour=Side.WHITE)
        except NoValidPairing:
            break
        pairings.append((before, pairing))
        for white, black in pairing.boards:
            choices = [GameResult.FIRST_WINS, GameResult.DRAW, GameResult.SECOND_WINS]
            if mixed:
                choices.append(GameResult.FIRST_WINS_BY_FORFEIT)
            games.append(Game(number, white, black, rng.choice(choices)))
        if pairing.bye is not None:
            byes.append(Bye(number, pairing.bye, ByeKind.PAIRING_ALLOCATED))
    final = StageResults(competitors, tuple(games), tuple(byes), rounds=rounds)
    return Played(final, pairings, rounds)


tournaments = st.builds(
    _play,
    players=st.integers(min_value=2, max_value=18),
    rounds=st.integers(min_value=1, max_value=7),
    seed=st.integers(min_value=0, max_value=10**6),
    mixed=st.booleans(),
)


@settings(max_examples=40, deadline=None)
@given(tournaments)
def test_dutch_C1_no_rematch_and_nobody_paired_twice(played: Played) -> None:
    met: set[frozenset[CompetitorId]] = set()
    for number, (_, pairing) in enumerate(played.pairings, start=1):
        seen = [p for board in pairing.boards for p in board]
        if pairing.bye is not None:
            seen.append(pairing.bye)
        assert len(seen) == len(set(seen))
        for board in pairing.boards:
            assert frozenset(board) not in met
        for game in played.results.games:
            if game.round == number and game.result.is_played:
                met.add(frozenset((game.first, game.second)))


@settings(max_examples=40, deadline=None)
@given(tournaments)
def test_dutch_C2_at_most_one_bye_to_an_eligible_player(played: Played) -> None:
    for number, (before, pairing) in enumerate(played.pairings, start=1):
        states = {s.id: s for s in build_swiss_state(before, number)}
        available = [s for s in states.values() if s.is_available]
        assert (pairing.bye is not None) == (len(available) % 2 == 1)
        if pairing.bye is not None:
            assert states[pairing.bye].is_bye_eligible
        assert 2 * len(pairing.boards) + (pairing.bye is not None) == len(available)


@settings(max_examples=40, deadline=None)
@given(tournaments)
def test_dutch_C3_colour_limits_except_final_round_topscorers(played: Played) -> None:
    final = build_swiss_state(played.results, len(played.pairings) + 1)
    last = played.total_rounds
    for state in final:
        colours = state.colours
        for upto in range(1, len(colours) + 1):
            prefix = colours[:upto]
            whites = sum(1 for c in prefix if c is Side.WHITE)
            difference = 2 * whites - len(prefix)
            three = upto >= 3 and len(set(prefix[-3:])) == 1
            if abs(difference) > 2 or three:
                # Only a topscorer (or his opponent) in the final round may break the limits.
                assert upto == len(colours)
                assert len(played.pairings) == last


@settings(max_examples=25, deadline=None)
@given(tournaments)
def test_dutch_pairing_is_deterministic(played: Played) -> None:
    for number, (before, pairing) in enumerate(played.pairings, start=1):
        again = pair_dutch(
            before, number, total_rounds=played.total_rounds, initial_colour=Side.WHITE
        )
        assert again == pairing
