"""The `tasaselo` preset: every parameter of the spec's list (section 5), by its name.

Compound parameters (the point system, the expected-score table, per-group sizes) also accept
their text form, so `override(TASASELO, {"scoring": "3,1,0"})` works from a command line or a
form exactly like a number does.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from mashindano.engine.errors import ConfigError, ParseError
from mashindano.engine.model import CompetitorId
from mashindano.engine.points import CHESS, HALF, PointSystem, parse_points
from mashindano.engine.ratings import FIDE_TABLE_8_1_2, ExpectedScoreTable

K_FACTOR_MIN = 20
K_FACTOR_MAX = 300
"""R13: K must lie between 20 and 300 (both allowed); this range is a rule, not a setting."""

ELO_ORIGINAL_TABLE = FIDE_TABLE_8_1_2
"""A3: "Elo's original table". Its anchors (0-3 -> .50, 4-10 -> .51, 99-106 -> .64,
392-411 -> .92, above 735 -> 1.00) are exactly the bands of FIDE table 8.1.2, so the same data
serves. Tasaselo reads it without the FIDE 400-point cap: A3 puts 1.00 above 735."""

CHESS_SCALE_VALUES = (Fraction(0), HALF, Fraction(1))
"""Results on the 1 / ½ / 0 scale, the only scale ratings and comparisons use (R14)."""


class ComparisonBasis(StrEnum):
    """A12: whose selos the comparison figure averages."""

    STARTING_SELO = "starting-selo"
    """The opponents' selos brought to the tournament (default: stable and checkable)."""
    VARIABLE_SELO = "variable-selo"
    """The opponents' variable selos before the round of the game."""


def check_k_factor(k: int) -> int:
    """R13 and E3: refuse a K factor outside 20-300 with a ConfigError naming the value."""
    if isinstance(k, bool) or not isinstance(k, int) or not K_FACTOR_MIN <= k <= K_FACTOR_MAX:
        raise ConfigError(
            f"parameter 'k_factor': K must be a whole number between {K_FACTOR_MIN} and "
            f"{K_FACTOR_MAX} (R13), got {k}",
            code="k_factor_out_of_range",
            parameter="k_factor",
            value=k,
        )
    return k


def _require(condition: bool, parameter: str, message: str, value: object) -> None:
    if not condition:
        raise ConfigError(
            f"parameter {parameter!r}: {message} (got {value})", parameter=parameter, value=value
        )


def parse_scoring(text: str, parameter: str = "scoring") -> PointSystem:
    """ "1,0.5,0", "3,1,0" or the same with slashes ("3/1/0"): win, draw, loss."""
    cleaned = text.strip()
    parts = cleaned.split(",") if "," in cleaned else cleaned.split("/")
    if len(parts) != 3:
        raise ConfigError(
            f"parameter {parameter!r}: expected win,draw,loss such as 1,0.5,0 or 3,1,0, "
            f"got {text!r}",
            parameter=parameter,
            value=text,
        )
    try:
        win, draw, loss = (parse_points(part) for part in parts)
    except ParseError as exc:
        raise ConfigError(
            f"parameter {parameter!r}: {exc.message}", parameter=parameter, value=text
        ) from exc
    return PointSystem(win=win, draw=draw, loss=loss)


def parse_expected_score_table(
    text: str, parameter: str = "expected_score_table"
) -> ExpectedScoreTable:
    """ "elo" (the default table, also "fide") or the bands' upper bounds "3,10,17,...",
    each band worth one hundredth more than the one before, from 0.50."""
    cleaned = text.strip().lower()
    if cleaned in ("elo", "fide", "original", "default"):
        return ELO_ORIGINAL_TABLE
    try:
        bounds = tuple(int(part) for part in re.split(r"[,;\s]+", cleaned) if part)
    except ValueError as exc:
        raise ConfigError(
            f"parameter {parameter!r}: expected 'elo' or comma-separated band bounds, got {text!r}",
            parameter=parameter,
            value=text,
        ) from exc
    return ExpectedScoreTable(upper_bounds=bounds)


def _parse_sizes(text: str, parameter: str) -> tuple[int, ...]:
    try:
        return tuple(int(part) for part in re.split(r"[,;\s]+", text.strip()) if part)
    except ValueError as exc:
        raise ConfigError(
            f"parameter {parameter!r}: expected whole numbers such as 10,14,14, got {text!r}",
            parameter=parameter,
            value=text,
        ) from exc


def _parse_optional_int(text: str, parameter: str) -> int | None:
    cleaned = text.strip().lower()
    if cleaned in ("", "none", "auto", "default"):
        return None
    try:
        return int(cleaned)
    except ValueError as exc:
        raise ConfigError(
            f"parameter {parameter!r}: {text!r} is not a whole number", parameter=parameter
        ) from exc


@dataclass(frozen=True, slots=True)
class TasaseloParameters:
    """The spec's parameter list with its defaults, plus the choices the A-notes leave open.

    Spec names: `players` is `min_players`..`max_players`; `reserve_player` names the reserve.
    Extras: `prize_group_sizes` (A18: the organiser changes each group's size, from the top),
    `prizes_per_group` (the spec leaves the count to the invitation), `reserve_prize_eligible`
    (A10, default not eligible) and `unrated_selo` (the estimate a simulation gives a player
    without a selo; None: the lowest selo of the field, see `simulate_tasaselo`).

    `ghost_opponent_points` and `round1_rest_points` are results on the 1 / ½ / 0 scale
    (1 = a win, ½ = a draw); under 3/1/0 they score 3 and 1 (A1, A9).
    """

    min_players: int = 6
    max_players: int = 200
    max_rounds: int = 15
    max_late_entries: int = 10
    k_factor: int = 100
    expected_score_table: ExpectedScoreTable = ELO_ORIGINAL_TABLE
    scoring: PointSystem = CHESS
    prize_group_size: int | None = None
    """None: 2 × the number of rounds (R8)."""
    prize_group_sizes: tuple[int, ...] = ()
    prize_groups_fixed_before_round: int = 2
    prizes_per_group: int = 3
    performance_prizes: int = 3
    one_prize_per_player: bool = True
    comparison_basis: ComparisonBasis = ComparisonBasis.STARTING_SELO
    round1_draw: bool = True
    reserve_player: CompetitorId | None = None
    ghost_opponent_points: Fraction = Fraction(1)
    round1_rest_points: Fraction = HALF
    ignore_colours: bool = False
    reserve_prize_eligible: bool = False
    unrated_selo: int | None = None

    def __post_init__(self) -> None:
        self._convert_text()
        self._check()

    def _convert_text(self) -> None:
        converters: dict[str, Callable[[str, str], object]] = {
            "scoring": parse_scoring,
            "expected_score_table": parse_expected_score_table,
            "prize_group_sizes": _parse_sizes,
            "prize_group_size": _parse_optional_int,
            "unrated_selo": _parse_optional_int,
        }
        for name, convert in converters.items():
            value = getattr(self, name)
            if isinstance(value, str):
                object.__setattr__(self, name, convert(value, name))
        if isinstance(self.comparison_basis, str) and not isinstance(
            self.comparison_basis, ComparisonBasis
        ):
            try:
                basis = ComparisonBasis(self.comparison_basis.strip().lower())
            except ValueError as exc:
                known = ", ".join(b.value for b in ComparisonBasis)
                raise ConfigError(
                    f"parameter 'comparison_basis': {self.comparison_basis!r} is not one of "
                    f"{known}",
                    parameter="comparison_basis",
                    value=self.comparison_basis,
                ) from exc
            object.__setattr__(self, "comparison_basis", basis)
        if isinstance(self.reserve_player, str):
            reserve = self.reserve_player.strip()
            object.__setattr__(self, "reserve_player", CompetitorId(reserve) if reserve else None)

    def _check(self) -> None:
        check_k_factor(self.k_factor)
        _require(
            2 <= self.min_players <= self.max_players,
            "min_players",
            "needs 2 <= min_players <= max_players",
            f"{self.min_players}-{self.max_players}",
        )
        _require(self.max_rounds >= 1, "max_rounds", "must be at least 1", self.max_rounds)
        for name in ("max_late_entries", "prizes_per_group", "performance_prizes"):
            value = getattr(self, name)
            _require(value >= 0, name, "must not be negative", value)
        _require(
            self.prize_group_size is None or self.prize_group_size >= 1,
            "prize_group_size",
            "a prize group needs at least one player",
            self.prize_group_size,
        )
        _require(
            all(size >= 1 for size in self.prize_group_sizes),
            "prize_group_sizes",
            "a prize group needs at least one player",
            self.prize_group_sizes,
        )
        _require(
            self.prize_groups_fixed_before_round >= 1,
            "prize_groups_fixed_before_round",
            "rounds start at 1",
            self.prize_groups_fixed_before_round,
        )
        for name in ("ghost_opponent_points", "round1_rest_points"):
            value = getattr(self, name)
            _require(
                value in CHESS_SCALE_VALUES,
                name,
                "must be a result on the 1 / 0.5 / 0 scale (1 = a win, 0.5 = a draw)",
                value,
            )
        _require(
            self.unrated_selo is None or self.unrated_selo > 0,
            "unrated_selo",
            "an estimated selo must be positive",
            self.unrated_selo,
        )

    def names(self) -> tuple[str, ...]:
        """Every parameter name, as `override` accepts it."""
        return tuple(f.name for f in dataclasses.fields(self))

    def prize_group_size_for(self, rounds: int) -> int:
        """R8: the chosen size, or 2 × the number of rounds."""
        return self.prize_group_size if self.prize_group_size is not None else 2 * rounds


TASASELO = TasaseloParameters()
"""The preset `tasaselo` with the spec's defaults."""
