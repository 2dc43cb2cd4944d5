"""A whole Tantrix knockout event played with seeded random games, for the CLI and demos.

Nothing here is a rule: it invents plausible tile scores and occasional time penalties, turns
them into TPs with the configured converter and lets the match rule and the bracket decide.
The same players, seed and parameters always give the same event.

Game model: each player scores 8-31 tiles, the higher-rated player gets a bonus of up to 8
tiles following the FIDE expected score of the rating difference (unrated counts as 1500);
about one player in twelve runs over the 15-minute limit by up to four minutes. Before a main-
draw match the players agree an opt-out with probability `opt_out_rate`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from fractions import Fraction

from mashindano.engine.errors import ConfigError
from mashindano.engine.knockout.bracket import (
    Bracket,
    BracketMatch,
    MatchRef,
    build_bracket,
    plate_bracket,
    seed_competitors,
)
from mashindano.engine.knockout.parameters import (
    TANTRIX_KNOCKOUT,
    Phase,
    TantrixKnockoutParameters,
    match_rule_for,
)
from mashindano.engine.knockout.tantrix import (
    TileScore,
    convert_tile_score,
    count_time_penalties,
    tp_formula_by_name,
)
from mashindano.engine.knockout.tp_match import EndedBy, conclude_tp_match
from mashindano.engine.matches import GamePoints
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.engine.points import Points
from mashindano.engine.ratings import expected_score_fide

DEFAULT_RATING = 1500
OPT_OUT_RATE = Fraction(1, 10)
_SLOW_PLAYER_RATE = Fraction(1, 12)
_MAX_RATING_BONUS_TILES = 16
"""Tiles for an expected score of 1 (so at most +8 at the FIDE cap)."""


@dataclass(frozen=True, slots=True)
class SimulatedGame:
    tiles_a: int
    tiles_b: int
    penalties_a: int
    penalties_b: int
    tps: GamePoints


@dataclass(frozen=True, slots=True)
class SimulatedMatch:
    """One match of the event; a bye has `b` None, no games and ends by "bye"."""

    ref: MatchRef
    a: CompetitorId
    b: CompetitorId | None
    games: tuple[SimulatedGame, ...]
    winner: CompetitorId
    ended_by: str
    standard_games: int
    opt_out: bool = False
    is_third_place: bool = False

    @property
    def tps(self) -> tuple[GamePoints, ...]:
        return tuple(game.tps for game in self.games)

    @property
    def totals(self) -> GamePoints:
        return (
            sum((g.tps[0] for g in self.games), Fraction(0)),
            sum((g.tps[1] for g in self.games), Fraction(0)),
        )


@dataclass(frozen=True, slots=True)
class SimulatedBracket:
    """A bracket played to the end; the third-place match, if any, closes the last round."""

    phase: Phase
    bracket: Bracket
    rounds: tuple[tuple[SimulatedMatch, ...], ...]

    @property
    def champion(self) -> CompetitorId:
        champion = self.bracket.champion
        if champion is None:  # pragma: no cover - a simulated bracket is always finished
            raise ConfigError("the simulated bracket has no champion")
        return champion


@dataclass(frozen=True, slots=True)
class KnockoutSimulation:
    seed: int
    parameters: TantrixKnockoutParameters
    standard_games: int
    entrants: tuple[Competitor, ...]
    """In seed order (seed 1 first)."""
    main: SimulatedBracket
    plate: SimulatedBracket | None = None
    """Played when `parameters.plate` is set and there are at least two first-round losers."""

    @property
    def rounds(self) -> tuple[tuple[SimulatedMatch, ...], ...]:
        return self.main.rounds

    @property
    def champion(self) -> CompetitorId:
        return self.main.champion


def simulate_knockout(
    players: Sequence[Competitor],
    seed: int,
    parameters: TantrixKnockoutParameters = TANTRIX_KNOCKOUT,
    standard_games: int | None = None,
    *,
    opt_out_rate: Fraction = OPT_OUT_RATE,
) -> KnockoutSimulation:
    """Play a whole knockout event. Seeds follow `parameters.seeding` (rating by default,
    or the players' list order); `standard_games` overrides `parameters.standard_games`."""
    games = parameters.standard_games if standard_games is None else standard_games
    match_rule_for(parameters, standard_games=games)  # refuses a bad number of games up front
    if not 0 <= opt_out_rate <= 1:
        raise ConfigError(f"opt_out_rate must be within 0..1, got {opt_out_rate}")
    rng = random.Random(seed)
    seeded = seed_competitors(players, parameters.seeding)
    by_id = {c.id: c for c in seeded}
    player = _Player(rng, parameters, by_id, games, opt_out_rate)
    main = player.play(
        build_bracket([c.id for c in seeded], third_place_match=parameters.third_place_match),
        Phase.MAIN,
    )
    plate: SimulatedBracket | None = None
    if parameters.plate and len(main.bracket.first_round_losers()) >= 2:
        plate = player.play(plate_bracket(main.bracket), Phase.PLATE)
    return KnockoutSimulation(
        seed=seed,
        parameters=parameters,
        standard_games=games,
        entrants=seeded,
        main=main,
        plate=plate,
    )


class _Player:
    """Plays brackets with one random stream, so the whole event replays from the seed."""

    def __init__(
        self,
        rng: random.Random,
        parameters: TantrixKnockoutParameters,
        competitors: dict[CompetitorId, Competitor],
        standard_games: int,
        opt_out_rate: Fraction,
    ) -> None:
        self.rng = rng
        self.parameters = parameters
        self.competitors = competitors
        self.standard_games = standard_games
        self.opt_out_rate = opt_out_rate
        self.formula = tp_formula_by_name(parameters.tp_formula)

    def play(self, bracket: Bracket, phase: Phase) -> SimulatedBracket:
        played: dict[MatchRef, SimulatedMatch] = {}
        for match in bracket.rounds[0]:
            if match.is_bye and match.a is not None:
                played[match.ref] = SimulatedMatch(
                    match.ref, match.a, None, (), match.a, EndedBy.BYE.value, 0
                )
        while ready := bracket.ready_matches():
            for match in ready:
                result = self._play_match(match, phase)
                played[match.ref] = result
                bracket = bracket.record_winner(match.ref, result.winner)
        rounds: list[tuple[SimulatedMatch, ...]] = [
            tuple(played[m.ref] for m in matches) for matches in bracket.rounds
        ]
        if bracket.third_place is not None:
            rounds[-1] = (*rounds[-1], played[bracket.third_place.ref])
        return SimulatedBracket(phase=phase, bracket=bracket, rounds=tuple(rounds))

    def _play_match(self, match: BracketMatch, phase: Phase) -> SimulatedMatch:
        a, b = match.a, match.b
        if a is None or b is None:  # pragma: no cover - ready matches have both players
            raise ConfigError(f"match {match.ref} is not ready")
        enabled = self.parameters.is_decisive_rule_enabled(phase)
        opt_out = enabled and _chance(self.rng, self.opt_out_rate)
        rule = match_rule_for(
            self.parameters, phase, standard_games=self.standard_games, opt_out=opt_out
        )
        bonus = self._rating_bonus(a, b)
        games: list[SimulatedGame] = []
        while not rule.is_decided([g.tps for g in games]):
            games.append(self._play_game(bonus, len(games) + 1))
        conclusion = conclude_tp_match(rule, [g.tps for g in games], decisive_rule_enabled=enabled)
        if conclusion.winner is None or conclusion.ended_by is None:  # pragma: no cover
            raise ConfigError(f"match {match.ref} ended without a winner")
        return SimulatedMatch(
            ref=match.ref,
            a=a,
            b=b,
            games=tuple(games),
            winner=a if conclusion.winner == "a" else b,
            ended_by=conclusion.ended_by,
            standard_games=self.standard_games,
            opt_out=opt_out,
            is_third_place=match.is_third_place,
        )

    def _rating_bonus(self, a: CompetitorId, b: CompetitorId) -> int:
        rating_a = self.competitors[a].rating or DEFAULT_RATING
        rating_b = self.competitors[b].rating or DEFAULT_RATING
        expected: Points = expected_score_fide(rating_a - rating_b)
        return round((expected - Fraction(1, 2)) * _MAX_RATING_BONUS_TILES)

    def _play_game(self, bonus_for_a: int, number: int) -> SimulatedGame:
        tiles_a = max(0, 8 + self.rng.randrange(24) + max(bonus_for_a, 0))
        tiles_b = max(0, 8 + self.rng.randrange(24) + max(-bonus_for_a, 0))
        penalties_a = self._penalties()
        penalties_b = self._penalties()
        score = TileScore(tiles_a, tiles_b, penalties_a, penalties_b)
        tps = convert_tile_score(
            score,
            formula=self.formula,
            tp_per_game=self.parameters.tp_per_game,
            tp_per_penalty=self.parameters.time_penalty_tp,
            game=number,
        )
        return SimulatedGame(tiles_a, tiles_b, penalties_a, penalties_b, tps)

    def _penalties(self) -> int:
        if not _chance(self.rng, _SLOW_PLAYER_RATE):
            return 0
        limit = timedelta(minutes=self.parameters.time_limit_minutes)
        over = timedelta(seconds=self.rng.randrange(240))
        return count_time_penalties(limit + over, limit)


def _chance(rng: random.Random, probability: Fraction) -> bool:
    """True with exactly `probability`, drawn on integers so every platform replays it."""
    return rng.randrange(probability.denominator) < probability.numerator
