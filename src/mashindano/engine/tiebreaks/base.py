"""What a tie-break is: a named pure function from a stage's results to one value per
competitor, with the direction in which values are better and the players it looks at.

FIDE (C.07) sorts tie-breaks into types: A uses only the games among the tied players (direct
encounter), B the player's own results, C the opponents' final results, D the opponents' known
data such as ratings. Types B, C and D give every competitor a value at once (`Scope.FIELD`);
type A is computed inside each group still tied (`Scope.TIED`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum, StrEnum
from fractions import Fraction

from mashindano.engine.errors import ConfigError
from mashindano.engine.model import CompetitorId, StageResults
from mashindano.engine.sheets import ScoreTable


class Better(Enum):
    """Which values rank higher."""

    HIGHER = "higher"
    LOWER = "lower"
    """Previous list position, drawn lots: number 1 ranks first."""


class Scope(Enum):
    FIELD = "field"
    """Types B, C, D: one value per competitor, the same whoever else is tied."""
    TIED = "tied"
    """Type A: computed among the tied players only, and re-applied to groups still tied."""


class Unplayed(StrEnum):
    """How opponent-based tie-breaks treat rounds without a game over the board.

    `SKIP` (chess-manager A6/A7, the default): a player's own bye, sit-out or missing round
    adds nothing. `FIDE2023` (C.07 2023-2026, fide_tiebreaks.md §4.2): each of the player's
    unplayed rounds (bye, forfeit, absence) counts as a game against a dummy opponent whose
    score is the player's own final score, with the result credited; opponents' requested
    byes and forfeit losses that are followed only by more of the same (withdrawals) count as
    draws in their scores; and Cut/Median modifiers cut voluntary unplayed rounds first.
    This is C.07's Swiss treatment: forfeits count as unplayed rounds (in round robins C.07
    keeps forfeits as games), and a round with no game and no bye counts as a zero-point
    bye. The pre-2023 virtual opponent is not implemented; the FIDE codes in capitals
    (`fide.py`: `BH`, `SB`, ... with the 2026 caps, `BH:fide2023` without) follow the TEC
    checker exactly.
    """

    SKIP = "skip"
    FIDE2023 = "fide2023"

    @classmethod
    def parse(cls, value: Unplayed | str) -> Unplayed:
        try:
            return cls(value)
        except ValueError:
            valid = ", ".join(repr(m.value) for m in cls)
            raise ConfigError(
                f"unknown treatment of unplayed rounds {value!r} (expected one of {valid})",
                value=value,
            ) from None


@dataclass(frozen=True, slots=True)
class TieValues:
    """Exact values as integer numerators over one common denominator.

    `numerators` hold None where a competitor has no value (an unrated field's ARO, no list
    position); None ranks last. `split_keys`, when given, decide the order instead of the
    numerators (direct encounter shows the mini-table points but may only separate the players
    whose place no missing game could change); they follow the same `Better` direction.
    """

    numerators: Sequence[int | None]
    denominator: int = 1
    split_keys: Sequence[int] | None = None

    def __post_init__(self) -> None:
        if self.denominator <= 0:
            raise ValueError(f"denominator must be positive, got {self.denominator}")

    def value(self, k: int) -> Fraction | None:
        numerator = self.numerators[k]
        return None if numerator is None else Fraction(numerator, self.denominator)

    @classmethod
    def from_fractions(cls, values: Sequence[Fraction | None]) -> TieValues:
        denominator = math.lcm(1, *(v.denominator for v in values if v is not None))
        return cls(
            [None if v is None else int(v * denominator) for v in values],
            denominator,
        )


FieldFunction = Callable[[ScoreTable], TieValues]
"""Values for every competitor, aligned with the table's positions."""
TiedFunction = Callable[[ScoreTable, Sequence[int]], TieValues]
"""Values for the tied competitors given by position, aligned with that sequence."""


@dataclass(frozen=True, slots=True)
class TieBreak:
    """One named tie-break, ready to be placed in an ordered list.

    `name` is the registry name including options (`buchholz:fide2023`, `lots:42`) and keys
    the values in the standings; `acronym` is the FIDE-style column heading.
    """

    name: str
    acronym: str
    better: Better
    over_field: FieldFunction | None = None
    among_tied: TiedFunction | None = None
    needs_ratings: bool = False
    """A FIDE rating-based code (C.07 art. 10): it gives no value when a player is unrated
    and no rating for unrated players is set; the standings say so."""

    def __post_init__(self) -> None:
        if (self.over_field is None) == (self.among_tied is None):
            raise ValueError(f"tie-break {self.name!r} needs exactly one compute function")

    @property
    def scope(self) -> Scope:
        return Scope.FIELD if self.over_field is not None else Scope.TIED

    def compute_table(self, table: ScoreTable, members: Sequence[int] | None = None) -> TieValues:
        """Values aligned with `members` for a type-A tie-break, else with all positions.

        A type-A tie-break given no members is computed as if the whole field were tied.
        """
        if self.over_field is not None:
            return self.over_field(table)
        assert self.among_tied is not None
        return self.among_tied(table, range(table.size) if members is None else members)

    def compute_values(self, results: StageResults) -> dict[CompetitorId, Fraction | None]:
        """Each competitor's value; a type-A tie-break treats the whole field as tied."""
        table = ScoreTable.from_results(results)
        values = self.compute_table(table)
        return {c.id: values.value(k) for k, c in enumerate(table.competitors)}
