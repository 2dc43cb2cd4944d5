"""The `gomoku-league` preset: every parameter of the spec's list (section 5), by its name.

Compound parameters (the 3/2/1/0 match points, the ×2 and ×4/3 multipliers, ...) are small
frozen dataclasses. Each also accepts its text form, so `override(GOMOKU_LEAGUE,
{"match_points": "3,1,0,0"})` works from a command line or a form exactly like a number does.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Self

from mashindano.engine.errors import ConfigError, ParseError
from mashindano.engine.points import parse_points

PRINTED_TOP3_PRIZE_POINTS = (150, 100, 125)
"""R53 as printed; A22 ships the monotone 150 / 125 / 100 and keeps this as an alternative."""


def _parse_numbers(text: str, parameter: str, counts: tuple[int, ...]) -> list[Fraction]:
    parts = [p for p in re.split(r"[,;\s]+", text.strip()) if p]
    if len(parts) not in counts:
        expected = " or ".join(str(c) for c in counts)
        raise ConfigError(
            f"parameter {parameter!r}: expected {expected} comma-separated numbers, got {text!r}",
            parameter=parameter,
            value=text,
        )
    try:
        return [parse_points(p) for p in parts]
    except ParseError as exc:
        raise ConfigError(
            f"parameter {parameter!r}: {exc.message}", parameter=parameter, value=text
        ) from exc


def _whole(value: Fraction, parameter: str) -> int:
    if value.denominator != 1:
        raise ConfigError(
            f"parameter {parameter!r}: {value} is not a whole number",
            parameter=parameter,
            value=str(value),
        )
    return int(value)


def _require(condition: bool, parameter: str, message: str, value: object) -> None:
    if not condition:
        raise ConfigError(
            f"parameter {parameter!r}: {message} (got {value})", parameter=parameter, value=value
        )


def _check_days(first: int, last: int, parameter: str) -> None:
    # Day 28 exists in every month, so a window never runs past a month's end.
    _require(
        1 <= first <= last <= 28,
        parameter,
        "a day range must satisfy 1 <= first <= last <= 28",
        f"{first}-{last}",
    )


@dataclass(frozen=True, slots=True)
class DayRange:
    """Days `first`..`last` of a month, both included (UTC calendar days)."""

    first: int
    last: int

    def __post_init__(self) -> None:
        _check_days(self.first, self.last, "days")

    @classmethod
    def parse(cls, text: str, parameter: str = "days") -> Self:
        first, last = _parse_numbers(text.replace("-", ","), parameter, (2,))
        _check_days(_whole(first, parameter), _whole(last, parameter), parameter)
        return cls(int(first), int(last))

    def __str__(self) -> str:
        return f"{self.first}-{self.last}"


@dataclass(frozen=True, slots=True)
class MatchPoints:
    """R32: points for the result of a whole 4-game match."""

    win: Fraction = Fraction(3)
    draw: Fraction = Fraction(2)
    loss: Fraction = Fraction(1)
    no_show: Fraction = Fraction(0)

    def __post_init__(self) -> None:
        _require(
            0 <= self.no_show <= self.loss <= self.draw <= self.win,
            "match_points",
            "must satisfy 0 <= no-show <= loss <= draw <= win",
            f"{self.win}/{self.draw}/{self.loss}/{self.no_show}",
        )

    @classmethod
    def parse(cls, text: str, parameter: str = "match_points") -> Self:
        win, draw, loss, no_show = _parse_numbers(text, parameter, (4,))
        return cls(win, draw, loss, no_show)


@dataclass(frozen=True, slots=True)
class TopMultipliers:
    """R36, R37: multipliers of positions 1 and 2 (they play fewer matches)."""

    first: Fraction = Fraction(2)
    second: Fraction = Fraction(4, 3)

    def __post_init__(self) -> None:
        _require(
            self.first > 0 and self.second > 0,
            "top_multipliers",
            "multipliers must be positive",
            f"{self.first},{self.second}",
        )

    @classmethod
    def parse(cls, text: str, parameter: str = "top_multipliers") -> Self:
        first, second = _parse_numbers(text, parameter, (2,))
        return cls(first, second)


@dataclass(frozen=True, slots=True)
class BottomExOfficio:
    """R38, R39: ex-officio points of positions n − 1 and n, given from `min_games` played."""

    penultimate: Fraction = Fraction(3)
    last: Fraction = Fraction(7)
    min_games: int = 4

    def __post_init__(self) -> None:
        _require(
            self.penultimate >= 0 and self.last >= 0 and self.min_games >= 0,
            "bottom_ex_officio",
            "points and games must not be negative",
            f"{self.penultimate},{self.last},{self.min_games}",
        )

    @classmethod
    def parse(cls, text: str, parameter: str = "bottom_ex_officio") -> Self:
        numbers = _parse_numbers(text, parameter, (2, 3))
        if len(numbers) == 2:
            return cls(numbers[0], numbers[1])
        return cls(numbers[0], numbers[1], _whole(numbers[2], parameter))


@dataclass(frozen=True, slots=True)
class SuspensionStages:
    """R40, R41, A10: stages of a suspension, and of one that follows a suspension directly."""

    first: int = 1
    repeated: int = 3

    def __post_init__(self) -> None:
        _require(
            self.first >= 1 and self.repeated >= 1,
            "suspension_stages",
            "a suspension lasts at least one stage",
            f"{self.first},{self.repeated}",
        )

    @classmethod
    def parse(cls, text: str, parameter: str = "suspension_stages") -> Self:
        first, repeated = _parse_numbers(text, parameter, (2,))
        return cls(_whole(first, parameter), _whole(repeated, parameter))


@dataclass(frozen=True, slots=True)
class StageCoefficient:
    """R12: Kstage = points / `points_divisor`; Knew = w·Kold + (1 − w)·Kstage, w = `old_weight`."""

    points_divisor: Fraction = Fraction(10)
    old_weight: Fraction = Fraction(1, 2)

    def __post_init__(self) -> None:
        _require(
            self.points_divisor > 0 and 0 <= self.old_weight <= 1,
            "stage_coefficient",
            "needs a positive divisor and a weight between 0 and 1",
            f"{self.points_divisor},{self.old_weight}",
        )

    @classmethod
    def parse(cls, text: str, parameter: str = "stage_coefficient") -> Self:
        divisor, weight = _parse_numbers(text, parameter, (2,))
        return cls(divisor, weight)


@dataclass(frozen=True, slots=True)
class FoundingCoefficient:
    """R11: K = base + (spread / n)(n − k) for player k of n on the founding list."""

    base: Fraction = Fraction(1)
    spread: Fraction = Fraction(2)

    @classmethod
    def parse(cls, text: str, parameter: str = "founding_coefficient") -> Self:
        base, spread = _parse_numbers(text, parameter, (2,))
        return cls(base, spread)


@dataclass(frozen=True, slots=True)
class ProgressPrize:
    """R54: from `min_places` climbed, `factor` × K rounded up to a multiple of `round_to`."""

    min_places: int = 5
    factor: Fraction = Fraction(30)
    round_to: int = 10

    def __post_init__(self) -> None:
        _require(
            self.min_places >= 1 and self.factor >= 0 and self.round_to >= 1,
            "progress_prize",
            "needs min_places >= 1, factor >= 0 and round_to >= 1",
            f"{self.min_places},{self.factor},{self.round_to}",
        )

    @classmethod
    def parse(cls, text: str, parameter: str = "progress_prize") -> Self:
        places, factor, round_to = _parse_numbers(text, parameter, (3,))
        return cls(_whole(places, parameter), factor, _whole(round_to, parameter))


def _parse_prize_table(text: str) -> tuple[int, ...]:
    numbers = _parse_numbers(text, "top3_prize_points", (1, 2, 3))
    return tuple(_whole(n, "top3_prize_points") for n in numbers)


_COMPOUND_PARSERS = {
    "registration_window_days": DayRange.parse,
    "challenge_window_days": DayRange.parse,
    "match_points": MatchPoints.parse,
    "top_multipliers": TopMultipliers.parse,
    "bottom_ex_officio": BottomExOfficio.parse,
    "suspension_stages": SuspensionStages.parse,
    "stage_coefficient": StageCoefficient.parse,
    "founding_coefficient": FoundingCoefficient.parse,
    "progress_prize": ProgressPrize.parse,
}


@dataclass(frozen=True, slots=True)
class GomokuParameters:
    """The spec's parameter list with its defaults, plus the few choices the A-notes leave open.

    Fields named as in the spec table; the extras are `participation_bonus` (R34's 1 point),
    `min_players` (A26), `league_star_place` (A23) and `league_star_despite_suspension` (A24).
    """

    registration_window_days: DayRange = DayRange(1, 7)
    newcomer_min_site_games: int = 300
    games_per_match: int = 4
    neighbour_distance: int = 2
    match_points: MatchPoints = MatchPoints()
    points_per_game_won: Fraction = Fraction(1)
    participation_threshold_edge: int = 4
    participation_threshold_middle: int = 8
    participation_bonus: Fraction = Fraction(1)
    completion_bonus: Fraction = Fraction(1)
    top_match_bonus: Fraction = Fraction(1, 2)
    top_multipliers: TopMultipliers = TopMultipliers()
    bottom_ex_officio: BottomExOfficio = BottomExOfficio()
    compensation_points: Fraction = Fraction(5)
    suspension_stages: SuspensionStages = SuspensionStages()
    stage_coefficient: StageCoefficient = StageCoefficient()
    removal_threshold: Fraction = Fraction(1, 2)
    founding_coefficient: FoundingCoefficient = FoundingCoefficient()
    newcomer_default_coefficient: Fraction = Fraction(1)
    pro_opening_threshold: Fraction = Fraction(2)
    move_time_seconds: int = 40
    result_report_hours: int = 48
    dispute_window_hours: int = 24
    challenge_window_days: DayRange = DayRange(15, 25)
    max_leaves_per_year: int = 3
    prizes_enabled: bool = False
    top3_prize_points: tuple[int, ...] = (150, 125, 100)
    progress_prize: ProgressPrize = ProgressPrize()
    min_players: int = 4
    league_star_place: int = 1
    league_star_despite_suspension: bool = True

    def __post_init__(self) -> None:
        for name, parse in _COMPOUND_PARSERS.items():
            value = getattr(self, name)
            if isinstance(value, str):
                object.__setattr__(self, name, parse(value, name))
        if isinstance(self.top3_prize_points, str):
            table = _parse_prize_table(self.top3_prize_points)
            object.__setattr__(self, "top3_prize_points", table)
        self._check()

    def _check(self) -> None:
        positive = ("games_per_match", "neighbour_distance", "move_time_seconds")
        for name in positive:
            _require(getattr(self, name) >= 1, name, "must be at least 1", getattr(self, name))
        not_negative = (
            "newcomer_min_site_games",
            "points_per_game_won",
            "participation_threshold_edge",
            "participation_threshold_middle",
            "participation_bonus",
            "completion_bonus",
            "top_match_bonus",
            "compensation_points",
            "removal_threshold",
            "newcomer_default_coefficient",
            "pro_opening_threshold",
            "result_report_hours",
            "dispute_window_hours",
            "max_leaves_per_year",
        )
        for name in not_negative:
            _require(getattr(self, name) >= 0, name, "must not be negative", getattr(self, name))
        _require(
            self.min_players >= 2, "min_players", "a league needs at least 2", self.min_players
        )
        _require(
            self.league_star_place >= 1,
            "league_star_place",
            "places start at 1",
            self.league_star_place,
        )
        _require(
            all(points >= 0 for points in self.top3_prize_points),
            "top3_prize_points",
            "prizes must not be negative",
            self.top3_prize_points,
        )

    def names(self) -> tuple[str, ...]:
        """Every parameter name, as `override` accepts it."""
        return tuple(f.name for f in dataclasses.fields(self))


GOMOKU_LEAGUE = GomokuParameters()
"""The preset `gomoku-league` with the spec's defaults (A22: monotone prizes 150/125/100)."""
