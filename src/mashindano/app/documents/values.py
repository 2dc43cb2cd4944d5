"""How documents write values: exact points and figures, in one place for every document.

- `points_to_json`: points as JSON numbers (exact: 1.5, 2);
- `format_exact`: an exact value as text: an integer ("22"), a terminating decimal ("12.5") or
  a fraction when no decimal ends ("50/3");
- `tiebreak_json`: a tie-break value for scripts (exact points as JSON numbers).
"""

from __future__ import annotations

from fractions import Fraction

from mashindano.engine.points import points_to_json

__all__ = ["format_exact", "optional_exact", "points_to_json", "tiebreak_json", "tp_to_json"]


def format_exact(value: Fraction | int) -> str:
    """The exact value as text: "22", "12.5", or "50/3" when no finite decimal exists."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    rest = value.denominator
    twos = fives = 0
    while rest % 2 == 0:
        rest //= 2
        twos += 1
    while rest % 5 == 0:
        rest //= 5
        fives += 1
    if rest != 1:
        return f"{value.numerator}/{value.denominator}"
    places = max(twos, fives)
    digits = str(abs(value.numerator) * 10**places // value.denominator).rjust(places + 1, "0")
    sign = "-" if value < 0 else ""
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


def optional_exact(value: Fraction | None) -> str | None:
    return None if value is None else format_exact(value)


def tiebreak_json(value: object) -> object:
    """A tie-break or score for scripts: exact points as JSON numbers."""
    if isinstance(value, Fraction):
        return points_to_json(value)
    return value


def tp_to_json(value: Fraction | int) -> float:
    """Tantrix TPs for JSON: rounded half up to one decimal."""
    tenths = (Fraction(value) * 10 + Fraction(1, 2)).__floor__()
    return float(Fraction(tenths, 10))
