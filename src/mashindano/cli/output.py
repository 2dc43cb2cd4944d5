"""Shared output helpers: one console, JSON printing, display of exact values."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from rich.console import Console

from mashindano.engine.points import format_points, points_to_json

console = Console()


def print_json(document: Any) -> None:
    json.dump(document, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def display_column(values: Sequence[object]) -> list[str]:
    """A column of tie-break values for people: all whole (counts, ratings) shown as integers,
    otherwise every value with the same exact decimals, so a column reads consistently."""
    whole = all(not isinstance(v, Fraction) or v.denominator == 1 for v in values)
    shown: list[str] = []
    for value in values:
        if value is None:
            shown.append("")
        elif isinstance(value, Fraction):
            shown.append(str(value.numerator) if whole else format_points(value))
        else:
            shown.append(str(value))
    return shown


def json_value(value: object) -> object:
    """A tie-break or score for scripts: exact points as JSON numbers."""
    if isinstance(value, Fraction):
        return points_to_json(value)
    return value
