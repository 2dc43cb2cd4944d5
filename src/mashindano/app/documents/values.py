"""How documents write values: exact points and figures, in one place for every document.

- `points_to_json`: points as JSON numbers (exact: 1.5, 2);
- `format_exact`: an exact value as text: an integer ("22"), a terminating decimal ("12.5") or
  a fraction when no decimal ends ("50/3");
- `format_shown`: an exact value as pages show it: an integer, a terminating decimal, or a
  mixed number ("16⅔", "3 ⁵⁄₇") instead of an improper fraction; with `decimals`, the fixed
  decimals a rule book publishes (Gomoku coefficients, A17);
- `tiebreak_json`: a tie-break value for scripts (exact points as JSON numbers).
"""

from __future__ import annotations

from fractions import Fraction

from mashindano.engine.points import format_points, points_to_json

__all__ = [
    "format_exact",
    "format_shown",
    "optional_exact",
    "points_to_json",
    "tiebreak_json",
    "tp_to_json",
]

VULGAR = {
    (1, 2): "½", (1, 3): "⅓", (2, 3): "⅔", (1, 4): "¼", (3, 4): "¾", (1, 5): "⅕", (2, 5): "⅖",
    (3, 5): "⅗", (4, 5): "⅘", (1, 6): "⅙", (5, 6): "⅚", (1, 7): "⅐", (1, 8): "⅛", (3, 8): "⅜",
    (5, 8): "⅝", (7, 8): "⅞", (1, 9): "⅑", (1, 10): "⅒",
}  # fmt: skip
SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
SUBSCRIPT = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


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


def format_shown(value: Fraction | int, decimals: int | None = None) -> str:
    """The exact value as pages show it: "22", "12.5", "16⅔" (a mixed number where no finite
    decimal exists, never "50/3"), "-1⅓", "3 ⁵⁄₁₁"; with `decimals`, rounded to that many
    places as the rule book publishes it (e.g. Gomoku coefficients, three decimals)."""
    if not isinstance(value, Fraction):
        value = Fraction(value)
    if decimals is not None:
        return format_points(value, decimals)
    denominator = value.denominator
    if denominator == 1:  # the common cases first: a 1,000-row table writes 4,000 values
        return str(value.numerator)
    if denominator == 2:
        whole = abs(value.numerator) // 2
        return f"{'-' if value < 0 else ''}{whole}.5"
    text = format_exact(value)
    if "/" not in text:
        return text
    sign = "-" if value < 0 else ""
    whole, part = divmod(abs(value.numerator), value.denominator)
    fraction = VULGAR.get((part, value.denominator))
    if fraction is None:
        upper = str(part).translate(SUPERSCRIPT)
        lower = str(value.denominator).translate(SUBSCRIPT)
        fraction = f"{upper}⁄{lower}"
        return f"{sign}{whole} {fraction}" if whole else f"{sign}{fraction}"
    return f"{sign}{whole}{fraction}" if whole else f"{sign}{fraction}"


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
