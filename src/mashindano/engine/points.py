"""Exact points. Points are `Fraction`s, never floats; rounding happens only for display."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from mashindano.engine.errors import ConfigError, ParseError

Points = Fraction

ZERO = Fraction(0)
HALF = Fraction(1, 2)
ONE = Fraction(1)


def parse_points(text: str) -> Points:
    """Read "1", "0.5", "½", "1/2" or "2.5" exactly."""
    cleaned = text.strip().replace("½", ".5").replace(",", ".")
    if cleaned.startswith(".") or cleaned.startswith("-."):
        cleaned = cleaned.replace(".", "0.", 1)
    try:
        if "/" in cleaned:
            return Fraction(cleaned)
        return Fraction(Decimal(cleaned))
    except (ValueError, ZeroDivisionError, InvalidOperation) as exc:
        raise ParseError(f"not a number of points: {text!r}", text=text) from exc


def format_points(value: Points, decimals: int = 1) -> str:
    """Display form with a fixed number of decimals, rounding half away from zero.

    Exact values that need more decimals than asked are still shown exactly when they
    terminate within three decimals (Neustadtl 2.75 shows as "2.75", not "2.8").
    """
    for places in range(decimals, 4):
        scaled = value * 10**places
        if scaled.denominator == 1:
            return _fixed(int(scaled), places)
    scaled = value * 10**decimals
    rounded = int(abs(scaled) + HALF) * (1 if scaled >= 0 else -1)
    return _fixed(rounded, decimals)


def _fixed(scaled: int, places: int) -> str:
    sign = "-" if scaled < 0 else ""
    digits = str(abs(scaled)).rjust(places + 1, "0")
    if places == 0:
        return sign + digits
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


def points_to_json(value: Points) -> int | float:
    """JSON number for exact points: an int when whole, else the nearest float (display only)."""
    if value.denominator == 1:
        return int(value)
    return float(value)


@dataclass(frozen=True, slots=True)
class PointSystem:
    """Points a player receives for each kind of game or bye. Data, not code.

    `sit_out` is the round-robin rest round (dummy opponent), distinct from a Swiss
    pairing-allocated bye.
    """

    win: Points = ONE
    draw: Points = HALF
    loss: Points = ZERO
    forfeit_win: Points | None = None
    forfeit_loss: Points | None = None
    pairing_bye: Points | None = None
    full_point_bye: Points | None = None
    half_point_bye: Points | None = None
    zero_point_bye: Points = ZERO
    sit_out: Points = ZERO

    def __post_init__(self) -> None:
        if not self.loss <= self.draw <= self.win:
            raise ConfigError(
                "points must satisfy loss <= draw <= win",
                win=self.win,
                draw=self.draw,
                loss=self.loss,
            )

    @property
    def forfeit_win_points(self) -> Points:
        return self.win if self.forfeit_win is None else self.forfeit_win

    @property
    def forfeit_loss_points(self) -> Points:
        return self.loss if self.forfeit_loss is None else self.forfeit_loss

    @property
    def pairing_bye_points(self) -> Points:
        return self.win if self.pairing_bye is None else self.pairing_bye

    @property
    def full_point_bye_points(self) -> Points:
        return self.win if self.full_point_bye is None else self.full_point_bye

    @property
    def half_point_bye_points(self) -> Points:
        return self.draw if self.half_point_bye is None else self.half_point_bye

    @classmethod
    def from_triple(cls, text: str) -> PointSystem:
        """Parse "1,0.5,0" (win, draw, loss)."""
        parts = text.split(",")
        if len(parts) != 3:
            raise ParseError(f"points must be three numbers win,draw,loss, got {text!r}", text=text)
        win, draw, loss = (parse_points(p) for p in parts)
        return cls(win=win, draw=draw, loss=loss)


CHESS = PointSystem()
"""1 / ½ / 0 (chess, Tasaselo); forfeit and pairing bye worth a win."""

THREE_ONE_ZERO = PointSystem(win=Fraction(3), draw=ONE, loss=ZERO)
"""3 / 1 / 0 (Tasaselo option)."""

WIN_LOSS = PointSystem(win=ONE, draw=HALF, loss=ZERO, sit_out=ZERO)
"""KIBA: 1 per game won, 0 per game lost; Bao has no drawn result (the draw value is unused)."""
