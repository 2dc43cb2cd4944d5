"""The league list: players in position order with their coefficients (R11-R14).

Position 1 is the top. A `Ladder` is a value: every change (month end, newcomers, returning
players) builds a new one.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

from mashindano.engine.errors import ConfigError, IllegalResult
from mashindano.engine.gomoku.parameters import GOMOKU_LEAGUE, GomokuParameters
from mashindano.engine.model import CompetitorId
from mashindano.engine.points import format_points


@dataclass(frozen=True, slots=True)
class LadderEntry:
    competitor: CompetitorId
    coefficient: Fraction


@dataclass(frozen=True, slots=True)
class Ladder:
    """Players in position order (index 0 is position 1)."""

    entries: tuple[LadderEntry, ...] = ()

    def __post_init__(self) -> None:
        seen: set[CompetitorId] = set()
        for entry in self.entries:
            if entry.competitor in seen:
                raise IllegalResult(
                    f"{entry.competitor} appears twice on the list (R7: one nickname, "
                    "one coefficient)",
                    competitor=entry.competitor,
                )
            seen.add(entry.competitor)

    @classmethod
    def of(cls, pairs: Sequence[tuple[str, Fraction]]) -> Ladder:
        return cls(tuple(LadderEntry(CompetitorId(c), Fraction(k)) for c, k in pairs))

    def __len__(self) -> int:
        return len(self.entries)

    def __iter__(self) -> Iterator[LadderEntry]:
        return iter(self.entries)

    def __contains__(self, competitor: object) -> bool:
        return any(entry.competitor == competitor for entry in self.entries)

    @property
    def ids(self) -> tuple[CompetitorId, ...]:
        return tuple(entry.competitor for entry in self.entries)

    def position_of(self, competitor: CompetitorId) -> int:
        for index, entry in enumerate(self.entries):
            if entry.competitor == competitor:
                return index + 1
        raise IllegalResult(f"{competitor} is not on the list", competitor=competitor)

    def positions(self) -> dict[CompetitorId, int]:
        return {entry.competitor: index for index, entry in enumerate(self.entries, start=1)}

    def at(self, position: int) -> LadderEntry:
        if not 1 <= position <= len(self.entries):
            raise IllegalResult(
                f"position {position} is outside the list of {len(self.entries)} players",
                position=position,
            )
        return self.entries[position - 1]

    def coefficient_of(self, competitor: CompetitorId) -> Fraction:
        return self.at(self.position_of(competitor)).coefficient

    def without(self, competitors: frozenset[CompetitorId]) -> Ladder:
        return Ladder(tuple(e for e in self.entries if e.competitor not in competitors))

    def is_sorted(self) -> bool:
        """True when coefficients never increase down the list (R13)."""
        return all(
            upper.coefficient >= lower.coefficient
            for upper, lower in zip(self.entries, self.entries[1:], strict=False)
        )


def compute_founding_coefficient(
    position: int, size: int, parameters: GomokuParameters = GOMOKU_LEAGUE
) -> Fraction:
    """R11: K = 1 + (2/n)(n − k) for player k of n on the founding list."""
    if size < 1 or not 1 <= position <= size:
        raise ConfigError(
            f"founding position {position} is outside a list of {size} players",
            position=position,
            size=size,
        )
    rule = parameters.founding_coefficient
    return rule.base + rule.spread / size * (size - position)


def found_ladder(
    ranked: Sequence[CompetitorId], parameters: GomokuParameters = GOMOKU_LEAGUE
) -> Ladder:
    """The founding list (R11, A18): players in their ranked order with founding coefficients."""
    size = len(ranked)
    return Ladder(
        tuple(
            LadderEntry(competitor, compute_founding_coefficient(position, size, parameters))
            for position, competitor in enumerate(ranked, start=1)
        )
    )


def insert_by_coefficient(ladder: Ladder, entry: LadderEntry) -> Ladder:
    """Place `entry` by its coefficient (A27), below everyone with the same or a higher one.

    A player coming back was not on the previous list, so R14's "whoever was higher before
    stays higher" puts the listed players with an equal coefficient above them.
    """
    index = 0
    while index < len(ladder.entries) and ladder.entries[index].coefficient >= entry.coefficient:
        index += 1
    return Ladder((*ladder.entries[:index], entry, *ladder.entries[index:]))


def lower_third_size(size: int) -> int:
    """A14: the lower third is the bottom ceil(n/3) positions."""
    return math.ceil(size / 3)


def format_coefficient(coefficient: Fraction) -> str:
    """A17: coefficients are shown with 3 decimals (stored exactly)."""
    return format_points(coefficient, 3)
