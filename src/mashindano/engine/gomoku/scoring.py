"""Monthly points (R32-R39, A2-A8, A11, A28): match and game points, bonuses, position rules.

Only validated games are facts here: a match reported late (A28) or never played is passed in as
unplayed (or simply left out). The whole breakdown is kept, so every total can be explained.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from mashindano.engine.errors import IllegalResult
from mashindano.engine.gomoku.ladder import Ladder
from mashindano.engine.gomoku.pairing import (
    LadderMatch,
    compute_pairings,
    count_mandatory_games,
    is_edge_position,
    match_rule,
)
from mashindano.engine.gomoku.parameters import GOMOKU_LEAGUE, GomokuParameters
from mashindano.engine.matches import GamePoints
from mashindano.engine.model import CompetitorId

ZERO = Fraction(0)
ONE = Fraction(1)


class GameWinner(StrEnum):
    """Who won one game of a match; a drawn game counts for neither player (A2)."""

    UPPER = "upper"
    LOWER = "lower"
    DRAW = "draw"


_GAME_LETTERS = {"U": GameWinner.UPPER, "L": GameWinner.LOWER, "D": GameWinner.DRAW}


def parse_games(text: str) -> tuple[GameWinner, ...]:
    """Read a match's games as letters: U (upper player won), L (lower won), D (drawn)."""
    winners: list[GameWinner] = []
    for letter in text.replace(" ", "").replace(",", "").upper():
        if letter not in _GAME_LETTERS:
            raise IllegalResult(
                f"unknown game letter {letter!r} in {text!r} (use U, L or D)", text=text
            )
        winners.append(_GAME_LETTERS[letter])
    return tuple(winners)


def format_games(games: Iterable[GameWinner]) -> str:
    return "".join(game.value[0].upper() for game in games)


class MatchStatus(StrEnum):
    PLAYED = "played"
    """At least one validated game (A6)."""
    NO_SHOW = "no-show"
    """One player did not turn up; the other wins by forfeit (A11)."""
    UNPLAYED = "unplayed"
    """Not played, or reported too late to be validated (A28)."""


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The validated facts of one match: the games played, or who did not show up."""

    match: LadderMatch
    games: tuple[GameWinner, ...] = ()
    absent: CompetitorId | None = None

    def __post_init__(self) -> None:
        if self.absent is not None:
            if not self.match.involves(self.absent):
                raise IllegalResult(
                    f"{self.absent} cannot be absent from the match "
                    f"{self.match.upper}-{self.match.lower}",
                    competitor=self.absent,
                )
            if self.games:
                raise IllegalResult(
                    f"match {self.match.upper}-{self.match.lower}: a no-show has no games",
                    competitor=self.absent,
                )

    @classmethod
    def played(cls, match: LadderMatch, games: str | Iterable[GameWinner]) -> MatchResult:
        winners = parse_games(games) if isinstance(games, str) else tuple(games)
        return cls(match, winners)

    @classmethod
    def no_show(cls, match: LadderMatch, absent: CompetitorId) -> MatchResult:
        return cls(match, absent=absent)

    @classmethod
    def unplayed(cls, match: LadderMatch) -> MatchResult:
        return cls(match)

    @property
    def status(self) -> MatchStatus:
        if self.absent is not None:
            return MatchStatus.NO_SHOW
        return MatchStatus.PLAYED if self.games else MatchStatus.UNPLAYED

    def game_points(self) -> tuple[GamePoints, ...]:
        """The games as (upper, lower) points, the shape the shared match rules read."""
        half = Fraction(1, 2)
        table = {
            GameWinner.UPPER: (ONE, ZERO),
            GameWinner.LOWER: (ZERO, ONE),
            GameWinner.DRAW: (half, half),
        }
        return tuple(table[game] for game in self.games)

    def wins(self, parameters: GomokuParameters = GOMOKU_LEAGUE) -> tuple[int, int]:
        """Games won by the upper and the lower player; refuses more games than a match has."""
        if len(self.games) > parameters.games_per_match:
            raise IllegalResult(
                f"match {self.match.upper}-{self.match.lower}: {len(self.games)} games reported, "
                f"a match has {parameters.games_per_match}",
                games=len(self.games),
            )
        state = match_rule(parameters).state(self.game_points())
        return state.wins_a, state.wins_b


def index_results(
    ladder: Ladder,
    results: Iterable[MatchResult],
    parameters: GomokuParameters = GOMOKU_LEAGUE,
) -> dict[LadderMatch, MatchResult]:
    """Every match of the stage with its result; a match without one is unplayed."""
    pairings = compute_pairings(ladder, parameters)
    known = set(pairings)
    given: dict[LadderMatch, MatchResult] = {}
    for result in results:
        if result.match not in known:
            raise IllegalResult(
                f"{result.match.upper} (position {result.match.upper_position}) and "
                f"{result.match.lower} (position {result.match.lower_position}) are not paired "
                "in this stage",
                upper=result.match.upper,
                lower=result.match.lower,
            )
        if result.match in given:
            raise IllegalResult(
                f"two results for the match {result.match.upper}-{result.match.lower}",
                upper=result.match.upper,
                lower=result.match.lower,
            )
        result.wins(parameters)
        given[result.match] = result
    return {match: given.get(match, MatchResult.unplayed(match)) for match in pairings}


@dataclass(frozen=True, slots=True)
class PointsBreakdown:
    """One player's monthly points, item by item (R32-R39)."""

    competitor: CompetitorId
    position: int
    games_played: int
    mandatory_games: int
    matches_played: int
    match_points: Fraction
    game_points: Fraction
    compensation: Fraction
    participation_bonus: Fraction
    completion_bonus: Fraction
    top_match_bonus: Fraction
    multiplier: Fraction
    ex_officio: Fraction
    played_nothing_at_bottom: bool
    """R38, R39, A7: a bottom-two player with no game at all scores 0, compensation included."""
    total: Fraction

    @property
    def subtotal(self) -> Fraction:
        """R32-R35, the 0.5-per-match bonus and compensation: what the multiplier applies to."""
        return (
            self.match_points
            + self.game_points
            + self.compensation
            + self.participation_bonus
            + self.completion_bonus
            + self.top_match_bonus
        )


@dataclass(slots=True)
class _Tally:
    games_played: int = 0
    matches_played: int = 0
    match_points: Fraction = ZERO
    game_points: Fraction = ZERO
    compensation: Fraction = ZERO


def _tally_match(
    tally: _Tally,
    competitor: CompetitorId,
    result: MatchResult,
    sanctioned: frozenset[CompetitorId],
    parameters: GomokuParameters,
) -> None:
    opponent = result.match.opponent_of(competitor)
    points = parameters.match_points
    # R42, A8, A11: a player who could not play a sanctioned opponent gets compensation, in
    # place of the forfeit win; a sanctioned player gets none from another sanctioned player.
    compensated = opponent in sanctioned and competitor not in sanctioned
    match result.status:
        case MatchStatus.PLAYED:
            upper_wins, lower_wins = result.wins(parameters)
            own, other = (
                (upper_wins, lower_wins)
                if competitor == result.match.upper
                else (lower_wins, upper_wins)
            )
            tally.games_played += len(result.games)
            tally.matches_played += 1
            tally.game_points += own * parameters.points_per_game_won
            if own > other:
                tally.match_points += points.win
            elif own == other:
                tally.match_points += points.draw
            else:
                tally.match_points += points.loss
        case MatchStatus.NO_SHOW:
            if result.absent == competitor:
                tally.match_points += points.no_show
            elif compensated:
                tally.compensation += parameters.compensation_points
            else:
                tally.match_points += points.win
        case MatchStatus.UNPLAYED:
            if compensated:
                tally.compensation += parameters.compensation_points


def score_player(
    competitor: CompetitorId,
    ladder: Ladder,
    results: Mapping[LadderMatch, MatchResult],
    parameters: GomokuParameters = GOMOKU_LEAGUE,
    sanctioned: frozenset[CompetitorId] = frozenset(),
) -> PointsBreakdown:
    """One player's monthly points from the stage's (indexed) results."""
    position = ladder.position_of(competitor)
    size = len(ladder)
    tally = _Tally()
    for match, result in results.items():
        if match.involves(competitor):
            _tally_match(tally, competitor, result, sanctioned, parameters)

    mandatory = count_mandatory_games(position, size, parameters)
    threshold = (
        parameters.participation_threshold_edge
        if is_edge_position(position, size, parameters)
        else parameters.participation_threshold_middle
    )
    participation = parameters.participation_bonus if tally.games_played >= threshold else ZERO
    complete = mandatory > 0 and tally.games_played >= mandatory
    completion = parameters.completion_bonus if complete else ZERO

    # R36, R37, A4, A5: the top two get 0.5 per match played and a multiplier on everything.
    top_bonus = ZERO
    multiplier = ONE
    if position in (1, 2):
        top_bonus = parameters.top_match_bonus * tally.matches_played
        multipliers = parameters.top_multipliers
        multiplier = multipliers.first if position == 1 else multipliers.second

    # R38, R39, A7: the bottom two (never also a top position) get ex-officio points from
    # `min_games` games, and nothing at all when they played no game.
    ex_officio = ZERO
    played_nothing = False
    if position > 2 and position >= size - 1:
        rule = parameters.bottom_ex_officio
        if tally.games_played == 0:
            played_nothing = True
        elif tally.games_played >= rule.min_games:
            ex_officio = rule.last if position == size else rule.penultimate

    subtotal = (
        tally.match_points
        + tally.game_points
        + tally.compensation
        + participation
        + completion
        + top_bonus
    )
    total = ZERO if played_nothing else subtotal * multiplier + ex_officio
    return PointsBreakdown(
        competitor=competitor,
        position=position,
        games_played=tally.games_played,
        mandatory_games=mandatory,
        matches_played=tally.matches_played,
        match_points=tally.match_points,
        game_points=tally.game_points,
        compensation=tally.compensation,
        participation_bonus=participation,
        completion_bonus=completion,
        top_match_bonus=top_bonus,
        multiplier=multiplier,
        ex_officio=ex_officio,
        played_nothing_at_bottom=played_nothing,
        total=total,
    )


def compute_stage_points(
    ladder: Ladder,
    results: Iterable[MatchResult],
    parameters: GomokuParameters = GOMOKU_LEAGUE,
    sanctioned: frozenset[CompetitorId] = frozenset(),
) -> dict[CompetitorId, PointsBreakdown]:
    """Every player's monthly points, in list order. Missing results count as unplayed."""
    for competitor in sorted(sanctioned):
        if competitor not in ladder:
            raise IllegalResult(
                f"{competitor} is sanctioned but is not on this stage's list",
                competitor=competitor,
            )
    indexed = index_results(ladder, results, parameters)
    return {
        entry.competitor: score_player(entry.competitor, ladder, indexed, parameters, sanctioned)
        for entry in ladder
    }
