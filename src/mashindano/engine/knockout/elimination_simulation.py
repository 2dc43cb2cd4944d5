"""A whole single- or double-elimination event played with seeded random games (the
`knockout` preset's `mashindano simulate`).

Nothing here is a rule: each game is drawn from the FIDE expected score of the two ratings
(`engine.simulation.random_game_result`, unrated counts as 1500), drawn games are replayed
and the bracket's best-of rule decides each match. One `random.Random(seed)` draws the seeding
(when drawn) and then every game, so the same players, seed and options always give the same
event.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from mashindano.engine.errors import ConfigError
from mashindano.engine.knockout.elimination import (
    EliminationBracket,
    MatchResult,
    Placement,
    decide_games,
)
from mashindano.engine.knockout.elimination_options import (
    KNOCKOUT_OPTIONS,
    EliminationOptions,
    seed_entrants,
)
from mashindano.engine.model import Competitor, CompetitorId, GameResult
from mashindano.engine.simulation import random_game_result

DRAW_RATE = Fraction(1, 4)


@dataclass(frozen=True, slots=True)
class SimulatedEliminationMatch:
    """One played match: its games read from `a`'s side, drawn (replayed) games included."""

    id: str
    a: CompetitorId
    b: CompetitorId
    games: tuple[GameResult, ...]
    winner: CompetitorId

    @property
    def loser(self) -> CompetitorId:
        return self.b if self.winner == self.a else self.a


@dataclass(frozen=True, slots=True)
class EliminationSimulation:
    seed: int
    options: EliminationOptions
    entrants: tuple[Competitor, ...]
    """In seed order (seed 1 first)."""
    bracket: EliminationBracket
    """Finished: every result recorded."""
    matches: tuple[SimulatedEliminationMatch, ...]
    """The played matches in the order they were played (byes and skipped matches are in
    `bracket.matches` only)."""

    @property
    def champion(self) -> CompetitorId:
        champion = self.bracket.champion
        if champion is None:  # pragma: no cover - a simulated bracket always has one
            raise ConfigError("the simulated bracket has no champion")
        return champion

    @property
    def placements(self) -> tuple[Placement, ...]:
        return self.bracket.placements()


def simulate_elimination(
    players: Sequence[Competitor],
    seed: int,
    options: EliminationOptions = KNOCKOUT_OPTIONS,
    *,
    draw_rate: Fraction = DRAW_RATE,
) -> EliminationSimulation:
    """Play a whole elimination event: seed the players (by rating, or drawn from `seed`),
    then play the ready matches stage by stage, in bracket order, until the bracket is
    finished."""
    if not 0 <= draw_rate < 1:
        raise ConfigError(
            f"draw_rate must be at least 0 and below 1 (drawn games are replayed), got {draw_rate}",
            parameter="draw_rate",
        )
    rng = random.Random(seed)
    seeded = seed_entrants(players, options.seeding, rng)
    ratings = {c.id: c.rating for c in seeded}
    bracket = EliminationBracket([c.id for c in seeded], options)
    played: list[SimulatedEliminationMatch] = []
    while ready := bracket.ready_matches():
        stage: dict[str, MatchResult] = {}
        for match in ready:
            a, b = match.a.entrant, match.b.entrant
            if a is None or b is None:  # pragma: no cover - ready matches have both players
                raise ConfigError(f"match {match.id} is not ready")
            games: list[GameResult] = []
            while (side := decide_games(games, options.best_of)) is None:
                games.append(random_game_result(rng, ratings[a], ratings[b], draw_rate=draw_rate))
            winner = a if side == "a" else b
            stage[match.id] = MatchResult.played(winner, games)
            played.append(SimulatedEliminationMatch(match.id, a, b, tuple(games), winner))
        bracket = bracket.record_all(stage)
    return EliminationSimulation(
        seed=seed, options=options, entrants=seeded, bracket=bracket, matches=tuple(played)
    )
