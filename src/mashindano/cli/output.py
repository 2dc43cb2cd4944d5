"""Shared output helpers: one console, JSON printing, display of exact values."""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from typing import Any

from rich.console import Console

from mashindano.engine.points import format_points, points_to_json

console = Console()


def print_json(document: Any) -> None:
    json.dump(document, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def display_value(value: object) -> str:
    """A tie-break value for people: whole values as integers (counts, ratings), others exact
    with their usual decimals."""
    if isinstance(value, Fraction):
        return str(value.numerator) if value.denominator == 1 else format_points(value)
    return "" if value is None else str(value)


def json_value(value: object) -> object:
    """A tie-break or score for scripts: exact points as JSON numbers."""
    if isinstance(value, Fraction):
        return points_to_json(value)
    return value
