"""Prizes (R51-R54, A22-A25): the league star, the top-3 point prizes and progress prizes.

The prize switch (default off, R51) stops the point prizes only; the league star is an honour
and is still recorded (A24), unless `league_star_despite_suspension` is turned off.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from mashindano.engine.gomoku.ladder import Ladder
from mashindano.engine.gomoku.parameters import GOMOKU_LEAGUE, GomokuParameters
from mashindano.engine.model import CompetitorId


class PrizeKind(StrEnum):
    LEAGUE_STAR = "league-star"
    PLACE = "place"
    PROGRESS = "progress"


@dataclass(frozen=True, slots=True)
class Prize:
    kind: PrizeKind
    competitor: CompetitorId
    points: int | None = None
    """Site points; None for the league star."""
    place: int | None = None
    places_gained: int | None = None


def compute_progress_prize(
    coefficient: Fraction, parameters: GomokuParameters = GOMOKU_LEAGUE
) -> int:
    """R54: 30 × K rounded up to the next multiple of 10 (in the player's favour)."""
    rule = parameters.progress_prize
    return math.ceil(rule.factor * Fraction(coefficient) / rule.round_to) * rule.round_to


def is_progress_eligible(
    start_position: int, end_position: int, parameters: GomokuParameters = GOMOKU_LEAGUE
) -> bool:
    """R54, A25: at least 5 places climbed from the start list to the updated list."""
    return start_position - end_position >= parameters.progress_prize.min_places


def compute_prizes(
    updated: Ladder,
    start_positions: Mapping[CompetitorId, int],
    parameters: GomokuParameters = GOMOKU_LEAGUE,
) -> tuple[Prize, ...]:
    """The month's prizes from the updated list and each player's position at the start."""
    prizes: list[Prize] = []
    star_place = parameters.league_star_place
    star_recorded = parameters.prizes_enabled or parameters.league_star_despite_suspension
    if star_recorded and star_place <= len(updated):
        prizes.append(
            Prize(PrizeKind.LEAGUE_STAR, updated.at(star_place).competitor, place=star_place)
        )
    if not parameters.prizes_enabled:
        return tuple(prizes)
    for place, points in enumerate(parameters.top3_prize_points, start=1):
        if place <= len(updated):
            prizes.append(
                Prize(PrizeKind.PLACE, updated.at(place).competitor, points=points, place=place)
            )
    for end_position, entry in enumerate(updated, start=1):
        start = start_positions[entry.competitor]
        if is_progress_eligible(start, end_position, parameters):
            prizes.append(
                Prize(
                    PrizeKind.PROGRESS,
                    entry.competitor,
                    points=compute_progress_prize(entry.coefficient, parameters),
                    place=end_position,
                    places_gained=start - end_position,
                )
            )
    return tuple(prizes)
