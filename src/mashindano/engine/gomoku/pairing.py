"""Monthly pairings: a 4-game match against every player up to two positions away (R18-R20).

The "double-clavecin Swiss variant" of the source is this fixed neighbour ladder (A1): no score
groups, no colour history, just positions.
"""

from __future__ import annotations

from dataclasses import dataclass

from mashindano.engine.errors import IllegalResult, NoValidPairing
from mashindano.engine.gomoku.ladder import Ladder
from mashindano.engine.gomoku.parameters import GOMOKU_LEAGUE, GomokuParameters
from mashindano.engine.matches import FixedGames
from mashindano.engine.model import CompetitorId


@dataclass(frozen=True, slots=True)
class LadderMatch:
    """One match of the stage; `upper` is the higher-ranked player (smaller position)."""

    upper: CompetitorId
    lower: CompetitorId
    upper_position: int
    lower_position: int

    def involves(self, competitor: CompetitorId) -> bool:
        return competitor in (self.upper, self.lower)

    def opponent_of(self, competitor: CompetitorId) -> CompetitorId:
        if competitor == self.upper:
            return self.lower
        if competitor == self.lower:
            return self.upper
        raise IllegalResult(
            f"{competitor} does not play in the match {self.upper}-{self.lower}",
            competitor=competitor,
        )

    @property
    def key(self) -> frozenset[CompetitorId]:
        return frozenset((self.upper, self.lower))

    def __str__(self) -> str:
        return f"{self.upper_position}-{self.lower_position}"


def match_rule(parameters: GomokuParameters = GOMOKU_LEAGUE) -> FixedGames:
    """The match shape (R29): a fixed number of games with the first move alternating."""
    return FixedGames(parameters.games_per_match, alternate_sides=True)


def count_stage_matches(size: int, parameters: GomokuParameters = GOMOKU_LEAGUE) -> int:
    """R20: 2n − 3 with the default distance 2; in general, pairs at most d positions apart."""
    distance = parameters.neighbour_distance
    return sum(max(size - gap, 0) for gap in range(1, distance + 1))


def count_mandatory_matches(
    position: int, size: int, parameters: GomokuParameters = GOMOKU_LEAGUE
) -> int:
    """R19: 2 matches at positions 1 and n, 3 at 2 and n − 1, 4 elsewhere (distance 2)."""
    distance = parameters.neighbour_distance
    above = min(position - 1, distance)
    below = min(size - position, distance)
    return above + below


def count_mandatory_games(
    position: int, size: int, parameters: GomokuParameters = GOMOKU_LEAGUE
) -> int:
    """R19: 8, 12 or 16 games (E1)."""
    return count_mandatory_matches(position, size, parameters) * parameters.games_per_match


def is_edge_position(
    position: int, size: int, parameters: GomokuParameters = GOMOKU_LEAGUE
) -> bool:
    """Positions with fewer than the full 2d matches: 1, 2, n − 1 and n by default (R34)."""
    full = 2 * parameters.neighbour_distance
    return count_mandatory_matches(position, size, parameters) < full


def compute_pairings(
    ladder: Ladder, parameters: GomokuParameters = GOMOKU_LEAGUE
) -> tuple[LadderMatch, ...]:
    """Every match of the stage, ordered by the upper then the lower position (E3)."""
    size = len(ladder)
    if size < parameters.min_players:
        raise NoValidPairing(
            f"a stage needs at least {parameters.min_players} players (A26), the list has {size}",
            players=size,
            minimum=parameters.min_players,
        )
    entries = ladder.entries
    matches: list[LadderMatch] = []
    for upper_index in range(size):
        last = min(size, upper_index + parameters.neighbour_distance + 1)
        for lower_index in range(upper_index + 1, last):
            matches.append(
                LadderMatch(
                    upper=entries[upper_index].competitor,
                    lower=entries[lower_index].competitor,
                    upper_position=upper_index + 1,
                    lower_position=lower_index + 1,
                )
            )
    return tuple(matches)


def opponents_of(
    competitor: CompetitorId, matches: tuple[LadderMatch, ...]
) -> tuple[CompetitorId, ...]:
    return tuple(m.opponent_of(competitor) for m in matches if m.involves(competitor))
