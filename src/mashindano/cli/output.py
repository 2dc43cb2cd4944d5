"""Shared output helpers: one console, JSON printing, display of exact values."""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from rich.cells import cell_len
from rich.console import Console, ConsoleDimensions
from rich.segment import Segment
from rich.table import Table

from mashindano.engine.points import format_points, points_to_json

PIPED_WIDTH = 1000
RULE_WIDTH = 100
"""A heading line (`console.rule`) is at most this wide: piped output is wide for its tables,
not for a line of dashes."""
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

    def rule(
        self,
        title: Any = "",
        *,
        characters: str = "─",
        style: Any = "rule.line",
        align: Any = "center",
    ) -> None:
        """As Rich's rule, at most `RULE_WIDTH` wide."""
        from rich.rule import Rule

        line = Rule(title, characters=characters, style=style, align=align)
        self.print(line, width=min(self.width, RULE_WIDTH))

    def print(self, *objects: Any, **settings: Any) -> None:
        """As Rich prints, with a shortcut for a plain table: see `plain_table`."""
        text = plain_table(self, objects[0]) if len(objects) == 1 and not settings else None
        if text is None:
            super().print(*objects, **settings)
            return
        with self:  # through Rich's buffer, as its own `print` writes (capture, record...)
            self._buffer.append(Segment(text))


console = _Console(width=_width())


_MARKUP = re.compile(r"[\\[\x00-\x1f\x7f]|:\S*?:")
"""What Rich would read as markup or an emoji code, or a control character: such a cell is
left to Rich."""


def plain_table(console: Console, table: object) -> str | None:
    """The text Rich would print for `table`, when that is a plain table drawn without colours
    (output to a file or a pipe, `NO_COLOR`...): the default settings, every cell a string
    without markup that fits on its line at the console's width. None otherwise: Rich prints
    it. Rich measures, wraps and styles each cell of a table; a 300-player standings table took
    longer to print than to compute. A test compares both on many tables."""
    if not isinstance(table, Table) or console.color_system is not None or not table.columns:
        return None
    plain = Table()
    settings = (
        "width",
        "min_width",
        "expand",
        "show_header",
        "show_footer",
        "show_edge",
        "show_lines",
        "leading",
        "collapse_padding",
        "pad_edge",
        "padding",
        "caption",
        "title_justify",
    )
    if table.box is None or any(getattr(table, s) != getattr(plain, s) for s in settings):
        return None
    title = table.title
    if title is not None and not (isinstance(title, str) and _is_plain(title)):
        return None
    if any(row.end_section for row in table.rows):
        return None
    columns: list[tuple[bool, list[str]]] = []
    for column in table.columns:
        cells = [c for c in (column.header, *column._cells) if isinstance(c, str) and _is_plain(c)]
        if (
            column.justify not in ("left", "right")
            or (column.width, column.min_width, column.max_width, column.ratio)
            != (None, None, None, None)
            or len(cells) != len(column._cells) + 1
        ):
            return None
        columns.append((column.justify == "right", cells))
    widths = [max(cell_len(c) for c in texts) + 2 for _, texts in columns]
    table_width = sum(widths) + len(widths) + 1
    if table_width > console.options.max_width:
        return None
    safe = console.safe_box if table.safe_box is None else table.safe_box
    box = table.box.substitute(console.options, safe=safe)
    lines: list[str] = []
    if title:
        if cell_len(title) > table_width:
            return None
        before = (table_width - cell_len(title)) // 2
        lines.append(" " * before + title + " " * (table_width - cell_len(title) - before))
    lines.append(box.get_top(widths))
    rows = len(columns[0][1])
    for index in range(rows):
        if index == 0:
            left, divider, right = box.head_left, box.head_vertical, box.head_right
        elif index == rows - 1:
            left, divider, right = box.foot_left, box.foot_vertical, box.foot_right
        else:
            left, divider, right = box.mid_left, box.mid_vertical, box.mid_right
        shown: list[str] = []
        for width, (is_right, cells) in zip(widths, columns, strict=True):
            pad = " " * (width - 2 - cell_len(cells[index]))
            shown.append(f" {pad}{cells[index]} " if is_right else f" {cells[index]}{pad} ")
        lines.append(left + divider.join(shown) + right)
        if index == 0:
            lines.append(box.get_row(widths, "head", edge=True))
    lines.append(box.get_bottom(widths))
    return "\n".join(lines) + "\n"


def _is_plain(text: str) -> bool:
    return text == text.strip() and _MARKUP.search(text) is None


def print_json(document: Any) -> None:
    json.dump(document, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def display_column(values: Sequence[object], decimals: int | None = None) -> list[str]:
    """A column of tie-break values for people: all whole (counts, ratings) shown as integers,
    otherwise every value with the same exact decimals, so a column reads consistently; with
    `decimals`, the fixed decimals the rule book publishes (Gomoku coefficients: 1.050, A17)."""
    whole = decimals is None and all(
        not isinstance(v, Fraction) or v.denominator == 1 for v in values
    )
    shown: list[str] = []
    for value in values:
        if value is None:
            shown.append("")
        elif isinstance(value, Fraction) and decimals is not None:
            shown.append(format_points(value, decimals))
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
