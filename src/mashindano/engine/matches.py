"""Match rules: when an encounter of one or more games between A and B is over, and who won.

A game is given as the pair of points (A's, B's) it earned: chess (1, 0) or (1/2, 1/2), Bao
(1, 0), Tantrix tournament points such as (12.4, 7.6). Every rule answers from the list of
games played so far, so the games are the only facts; nothing is stored between calls.

Sources: KIBA R20, R32, A13, E7 (shared/spec/kiba-bao.md); Gomoku R29, A2 (4-game matches);
Tantrix R3-R13, A1-A3, A7 (shared/spec/tantrix-knockout.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from typing import Literal, Protocol

from mashindano.engine.errors import ConfigError, IllegalResult
from mashindano.engine.points import Points

MatchSide = Literal["a", "b"]
GamePoints = tuple[Points, Points]
"""(A's points, B's points) for one game."""

TANTRIX_GAME_TOTAL = Fraction(20)
"""Tantrix R5 / A8: the two players' tournament points for one game add up to 20."""
TANTRIX_MARGIN = Fraction(5)
TANTRIX_TIEBREAK_GAMES = 3

STANDARD = "standard"
"""The scheduled games decided the match (or left a fixed match drawn)."""
BEST_OF = "best-of"
OPT_OUT = "opt-out"
SUDDEN_DEATH = "sudden-death"


@dataclass(frozen=True, slots=True)
class MatchState:
    """The standing of a match after `games` games.

    `how` is None while the match goes on; once it is decided, `winner` is the side that took
    it, or None for a drawn fixed-length match.
    """

    games: int
    score_a: Points
    score_b: Points
    wins_a: int
    wins_b: int
    winner: MatchSide | None = None
    how: str | None = None

    @property
    def is_decided(self) -> bool:
        return self.how is not None

    @property
    def leader(self) -> MatchSide | None:
        if self.score_a > self.score_b:
            return "a"
        if self.score_b > self.score_a:
            return "b"
        return None

    @property
    def gap(self) -> Points:
        return abs(self.score_a - self.score_b)


class MatchRule(Protocol):
    """What every match rule answers, always from the games played so far."""

    def state(self, games: Sequence[GamePoints]) -> MatchState: ...

    def is_decided(self, games: Sequence[GamePoints]) -> bool: ...

    def winner(self, games: Sequence[GamePoints]) -> MatchSide | None: ...

    def needs_another_game(self, games: Sequence[GamePoints]) -> bool: ...

    def score(self, games: Sequence[GamePoints]) -> tuple[Points, Points]: ...

    def how_decided(self, games: Sequence[GamePoints]) -> str | None: ...

    def first_side_of_game(self, index: int, a_moves_first: bool) -> MatchSide: ...

    @property
    def max_games(self) -> int | None: ...


class _GameByGame:
    """Shared machinery: fold the games one at a time, validating each, into a MatchState.

    Subclasses (frozen dataclasses) say when the match ends (`_conclude`) and may refuse a
    game the rule cannot accept (`_check_game`).
    """

    __slots__ = ()

    game_total: Points | None

    def state(self, games: Sequence[GamePoints]) -> MatchState:
        """The match after `games` (IllegalResult for a game it cannot take). The same rule
        and games always give the same state, so it is kept (standings read each match's
        state once per player and per tie-break)."""
        played = tuple(games)
        try:
            return _state_of(self, played)
        except TypeError:  # a game given as a list: not hashable, folded each time
            return self._fold(played)

    def _fold(self, games: Sequence[GamePoints]) -> MatchState:
        current = MatchState(games=0, score_a=Fraction(0), score_b=Fraction(0), wins_a=0, wins_b=0)
        for index, game in enumerate(games):
            number = index + 1
            if current.is_decided:
                raise IllegalResult(
                    f"game {number}: the match was already decided ({current.how}) "
                    f"after game {current.games}",
                    game=number,
                    how=current.how,
                )
            a, b = _check_points(game, number, self.game_total)
            self._check_game(a, b, number)
            current = MatchState(
                games=number,
                score_a=current.score_a + a,
                score_b=current.score_b + b,
                wins_a=current.wins_a + (a > b),
                wins_b=current.wins_b + (b > a),
            )
            decision = self._conclude(current)
            if decision is not None:
                winner, how = decision
                current = replace(current, winner=winner, how=how)
        return current

    def is_decided(self, games: Sequence[GamePoints]) -> bool:
        return self.state(games).is_decided

    def winner(self, games: Sequence[GamePoints]) -> MatchSide | None:
        return self.state(games).winner

    def needs_another_game(self, games: Sequence[GamePoints]) -> bool:
        return not self.state(games).is_decided

    def score(self, games: Sequence[GamePoints]) -> tuple[Points, Points]:
        current = self.state(games)
        return current.score_a, current.score_b

    def how_decided(self, games: Sequence[GamePoints]) -> str | None:
        return self.state(games).how

    def first_side_of_game(self, index: int, a_moves_first: bool) -> MatchSide:
        """Who takes the first side (White/South) in game `index` (0-based).

        Sides alternate game by game, starting with the player who moves first in game 0.
        """
        _check_index(index)
        a_first = a_moves_first if index % 2 == 0 else not a_moves_first
        return "a" if a_first else "b"

    def _check_game(self, a: Points, b: Points, number: int) -> None:
        """Refuse a game this rule cannot score; every game is acceptable by default."""

    def _conclude(self, current: MatchState) -> tuple[MatchSide | None, str] | None:
        raise NotImplementedError


@lru_cache(maxsize=8192)
def _state_of(rule: _GameByGame, games: tuple[GamePoints, ...]) -> MatchState:
    return rule._fold(games)


@dataclass(frozen=True, slots=True)
class SingleGame(_GameByGame):
    """One game; a drawn game is a drawn encounter (winner None)."""

    game_total: Points | None = None

    @property
    def max_games(self) -> int | None:
        return 1

    def first_side_of_game(self, index: int, a_moves_first: bool) -> MatchSide:
        _check_index(index)
        return "a" if a_moves_first else "b"

    def _conclude(self, current: MatchState) -> tuple[MatchSide | None, str] | None:
        return current.leader, STANDARD


@dataclass(frozen=True, slots=True)
class FixedGames(_GameByGame):
    """Exactly `count` games, decided on total points; level totals make a drawn match.

    KIBA pairings: 2 games, South then North (R20). Gomoku: 4 games (R29), where a drawn game
    scored (1/2, 1/2) changes no one's lead, as A2 asks.
    """

    count: int
    alternate_sides: bool = True
    game_total: Points | None = None

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ConfigError(
                f"a fixed match needs at least one game, got {self.count}", count=self.count
            )

    @property
    def max_games(self) -> int | None:
        return self.count

    def first_side_of_game(self, index: int, a_moves_first: bool) -> MatchSide:
        _check_index(index)
        a_first = (
            a_moves_first if (index % 2 == 0 or not self.alternate_sides) else not a_moves_first
        )
        return "a" if a_first else "b"

    def _conclude(self, current: MatchState) -> tuple[MatchSide | None, str] | None:
        if current.games < self.count:
            return None
        return current.leader, STANDARD


@dataclass(frozen=True, slots=True)
class BestOf(_GameByGame):
    """Best of `count` (odd): the first to win a majority of the games takes the match.

    KIBA final (R32, A13): best of 3, the higher KIBA score South in games 1 and 3; sides
    alternate from the player who moves first. Every game must have a winner, otherwise the
    match could outlast `count` games; a drawn game is refused.
    """

    count: int
    game_total: Points | None = None

    def __post_init__(self) -> None:
        if self.count < 1 or self.count % 2 == 0:
            raise ConfigError(
                f"best-of needs an odd, positive number of games, got {self.count}",
                count=self.count,
            )

    @property
    def max_games(self) -> int | None:
        return self.count

    @property
    def wins_needed(self) -> int:
        return self.count // 2 + 1

    def _check_game(self, a: Points, b: Points, number: int) -> None:
        if a == b:
            raise IllegalResult(
                f"game {number}: a best-of match needs a winner in every game, got {a}-{b}",
                game=number,
            )

    def _conclude(self, current: MatchState) -> tuple[MatchSide | None, str] | None:
        if current.wins_a >= self.wins_needed:
            return "a", BEST_OF
        if current.wins_b >= self.wins_needed:
            return "b", BEST_OF
        return None


@dataclass(frozen=True, slots=True)
class PointsMargin(_GameByGame):
    """Tantrix "decisive victory" (R7-R13): a match on cumulative points with extra games.

    After the `standard_games` the match ends when the gap is at least `margin` (exactly the
    margin is decisive, A1). Otherwise tiebreak games are played one at a time, ending as soon
    as the gap reaches the margin; after the last tiebreak the leader wins however small the
    lead. Exactly level then means sudden death: the first player ahead at the end of any game
    wins (R9, A3). With `opt_out` (R13) the leader after the standard games wins however small
    the lead, and an exact tie goes straight to sudden death (A7).

    The gap is checked only at the end of a game (A2). Sides alternate game by game.
    """

    standard_games: int
    margin: Points = TANTRIX_MARGIN
    tiebreak_games: int = TANTRIX_TIEBREAK_GAMES
    opt_out: bool = False
    game_total: Points | None = None

    def __post_init__(self) -> None:
        if self.standard_games < 1:
            raise ConfigError(
                f"a points-margin match needs at least one standard game, "
                f"got {self.standard_games}",
                standard_games=self.standard_games,
            )
        if self.margin <= 0:
            raise ConfigError(f"the margin must be positive, got {self.margin}", margin=self.margin)
        if self.tiebreak_games < 0:
            raise ConfigError(
                f"the number of tiebreak games cannot be negative, got {self.tiebreak_games}",
                tiebreak_games=self.tiebreak_games,
            )

    @classmethod
    def tantrix(cls, standard_games: int, *, opt_out: bool = False) -> PointsMargin:
        """The Tantrix defaults: margin 5.0 TPs, 3 tiebreak games, 20 TPs per game."""
        return cls(standard_games=standard_games, opt_out=opt_out, game_total=TANTRIX_GAME_TOTAL)

    @property
    def max_games(self) -> int | None:
        return None  # sudden death has no bound

    @property
    def minimum_decisive_total(self) -> Points | None:
        """The smallest total that wins without tiebreaks (R11: 10s + 2.5 for Tantrix)."""
        if self.game_total is None:
            return None
        return (self.game_total * self.standard_games + self.margin) / 2

    def _conclude(self, current: MatchState) -> tuple[MatchSide | None, str] | None:
        played = current.games
        standard = self.standard_games
        leader = current.leader
        if played < standard:
            return None
        if self.opt_out:
            if played == standard:
                if leader is None:
                    return None
                return leader, STANDARD if current.gap >= self.margin else OPT_OUT
            return (leader, SUDDEN_DEATH) if leader is not None else None
        last_tiebreak = standard + self.tiebreak_games
        if played > last_tiebreak:
            return (leader, SUDDEN_DEATH) if leader is not None else None
        if current.gap >= self.margin:
            return leader, _margin_label(played - standard)
        if played == last_tiebreak and leader is not None:
            return leader, _leader_label(self.tiebreak_games)
        return None


def _margin_label(tiebreak: int) -> str:
    return STANDARD if tiebreak == 0 else f"tiebreak-{tiebreak}"


def _leader_label(tiebreaks: int) -> str:
    return "leader-after-standard" if tiebreaks == 0 else f"leader-after-tiebreak-{tiebreaks}"


def _check_points(
    game: GamePoints, number: int, game_total: Points | None
) -> tuple[Points, Points]:
    if len(game) != 2:
        raise IllegalResult(
            f"game {number}: expected a pair of points (A, B), got {game!r}", game=number
        )
    a, b = Fraction(game[0]), Fraction(game[1])
    if a < 0 or b < 0:
        raise IllegalResult(
            f"game {number}: points cannot be negative, got {a}-{b}", game=number, a=a, b=b
        )
    if game_total is not None and a + b != game_total:
        raise IllegalResult(
            f"game {number}: the points must add up to {game_total}, got {a}-{b} = {a + b}",
            game=number,
            a=a,
            b=b,
            expected_total=game_total,
        )
    return a, b


def _check_index(index: int) -> None:
    if index < 0:
        raise IllegalResult(f"a game index cannot be negative, got {index}", index=index)
