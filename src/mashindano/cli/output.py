"""Shared output helpers: one console, JSON printing, display of exact values."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from rich.console import Console, ConsoleDimensions

from mashindano.engine.points import format_points, points_to_json

PIPED_WIDTH = 1000
"""Output that goes to a file or a pipe is as wide as its tables need (up to this), never
wrapped at 80 columns: `COLUMNS` sets a width when wanted."""


def _width() -> int | None:
    """The console width: the terminal's (Rich asks it), `COLUMNS` when set, otherwise wide
    enough that a table piped to a file or a pager keeps one line per row."""
    if "COLUMNS" in os.environ:
        return None  # Rich reads COLUMNS itself
    try:
        if sys.stdout.isatty():
            return None
    except (AttributeError, ValueError):
        pass
    return PIPED_WIDTH


class _Console(Console):
    """Rich settles the width once, when the console is made (COLUMNS included); this one asks
    again at every use, so a process that runs several commands (the tests, with their own
    COLUMNS each) writes each at the width it was given."""

    @property
    def size(self) -> ConsoleDimensions:
        self._width = _width()
        return super().size

    @size.setter
    def size(self, new_size: tuple[int, int]) -> None:
        Console.size.fset(self, new_size)  # type: ignore[attr-defined]


console = _Console(width=_width())


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
