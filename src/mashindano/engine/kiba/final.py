"""The final: best of 3 between the two semifinal group winners (R15, R22, R32, A12, A13).

The finalist with the higher KIBA score moves first: South in games 1 and 3, North in game 2
(A13). Equal KIBA scores go to the better seed. The games are played one after another and
game 3 only when games 1 and 2 were split. The match rule itself is `BestOf` from
engine/matches.py; this module only maps finalists to its sides "a" and "b".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from mashindano.engine.errors import IllegalResult
from mashindano.engine.kiba.parameters import KIBA_BAO, KibaParameters
from mashindano.engine.kiba.seeding import SeededPlayer
from mashindano.engine.matches import BestOf, GamePoints, MatchState
from mashindano.engine.model import CompetitorId, Game, GameResult, Outcome, Termination

FINAL_ENCOUNTER = 1


@dataclass(frozen=True, slots=True)
class FinalMatch:
    """Two finalists; `first` moves first in game 1 (higher KIBA score, then better seed)."""

    first: SeededPlayer
    second: SeededPlayer
    rule: BestOf

    def __post_init__(self) -> None:
        if self.first.id == self.second.id:
            raise IllegalResult(
                f"{self.first.name} cannot play a final against themselves",
                competitor=self.first.id,
            )

    @property
    def players(self) -> tuple[SeededPlayer, SeededPlayer]:
        return self.first, self.second

    def has(self, competitor: CompetitorId) -> bool:
        return competitor in (self.first.id, self.second.id)

    def opponent_of(self, competitor: CompetitorId) -> SeededPlayer:
        if competitor == self.first.id:
            return self.second
        if competitor == self.second.id:
            return self.first
        raise IllegalResult(f"{competitor!r} is not a finalist", competitor=competitor)

    def south_of_game(self, number: int) -> SeededPlayer:
        """South of game `number` (1-based): A13 alternates from the first mover."""
        side = self.rule.first_side_of_game(number - 1, a_moves_first=True)
        return self.first if side == "a" else self.second

    def game(
        self, number: int, winner: CompetitorId, termination: Termination = Termination.NORMAL
    ) -> Game:
        """Game `number` of the final won by `winner`, with the sides A13 gives it."""
        if self.rule.max_games is not None and not 1 <= number <= self.rule.max_games:
            raise IllegalResult(
                f"the final has games 1 to {self.rule.max_games}, not game {number}",
                game=number,
            )
        south = self.south_of_game(number)
        north = self.opponent_of(south.id)
        if winner == south.id:
            result = GameResult.FIRST_WINS
        elif winner == north.id:
            result = GameResult.SECOND_WINS
        else:
            raise IllegalResult(
                f"final game {number}: {winner!r} is not a finalist", competitor=winner
            )
        return Game(number, south.id, north.id, result, termination, encounter=FINAL_ENCOUNTER)


def final_match(
    finalist_a: SeededPlayer, finalist_b: SeededPlayer, parameters: KibaParameters = KIBA_BAO
) -> FinalMatch:
    """R22: the finalist with the higher KIBA score moves first; equal scores: better seed."""
    ordered = sorted((finalist_a, finalist_b), key=lambda p: (-p.kiba_score, p.seed))
    return FinalMatch(first=ordered[0], second=ordered[1], rule=parameters.final_rule)


@dataclass(frozen=True, slots=True)
class FinalState:
    """The final after the games played so far."""

    match: FinalMatch
    games: tuple[Game, ...]
    wins_first: int
    wins_second: int
    winner: SeededPlayer | None

    @property
    def is_decided(self) -> bool:
        return self.winner is not None

    @property
    def next_game(self) -> int | None:
        """The number of the game to play next; None once the final is decided."""
        return None if self.is_decided else len(self.games) + 1

    @property
    def next_south(self) -> SeededPlayer | None:
        number = self.next_game
        return None if number is None else self.match.south_of_game(number)

    def wins_of(self, competitor: CompetitorId) -> int:
        if competitor == self.match.first.id:
            return self.wins_first
        if competitor == self.match.second.id:
            return self.wins_second
        raise IllegalResult(f"{competitor!r} is not a finalist", competitor=competitor)


def compute_final(match: FinalMatch, games: Sequence[Game]) -> FinalState:
    """Fold the final's games (in order) through the best-of rule.

    Each game must have the sides A13 gives it and a winner; a game after the final was
    decided is refused (IllegalResult naming the game).
    """
    points: list[GamePoints] = []
    for number, game in enumerate(games, start=1):
        south = match.south_of_game(number)
        if (game.first, game.second) != (south.id, match.opponent_of(south.id).id):
            raise IllegalResult(
                f"final game {number}: {south.name} must be South against "
                f"{match.opponent_of(south.id).name}",
                game=number,
            )
        outcome = game.outcome_for(match.first.id)
        if outcome not in (Outcome.WIN, Outcome.LOSS):
            raise IllegalResult(
                f"final game {number} has no winner (result {game.result.value}); Bao games "
                "end in a win or a loss (A23)",
                game=number,
            )
        points.append(
            (Fraction(1), Fraction(0)) if outcome is Outcome.WIN else (Fraction(0), Fraction(1))
        )
    state: MatchState = match.rule.state(points)
    winner = None
    if state.winner == "a":
        winner = match.first
    elif state.winner == "b":
        winner = match.second
    return FinalState(
        match=match,
        games=tuple(games),
        wins_first=state.wins_a,
        wins_second=state.wins_b,
        winner=winner,
    )
