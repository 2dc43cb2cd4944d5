"""Reading a comma-separated file with a header row, strictly: every problem is a `ParseError`
naming the source and the line where the record starts.

Refused: a quote left open (the csv module would read the rest of the file into one field), a
quoted field over several lines (what an unbalanced quote looks like), a field longer than
`MAX_FIELD_CHARS`, a row with more fields than the header; a header that lacks the expected
columns gets a hint when it looks separated by semicolons or tabs.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import NoReturn

from mashindano.engine.errors import ParseError
from mashindano.interchange.limits import MAX_FIELD_CHARS


@dataclass(frozen=True, slots=True)
class CsvRow:
    line: int
    """The 1-based line where the record starts."""
    cells: dict[str, str]
    """Values by (stripped) column name; a missing trailing field is ""."""


def _fail(source: str, line: int, message: str) -> NoReturn:
    raise ParseError(f"{source}, line {line}: {message}", source=source, line=line)


def read_csv(text: str, *, source: str) -> tuple[list[str], Iterator[CsvRow]]:
    """The header (stripped names) and an iterator over the records below it."""
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff"), newline=""), strict=True)
    records = _records(reader, source)
    try:
        line, header = next(records)
    except StopIteration:
        return [], iter(())
    del line
    names = [name.strip() for name in header]
    return names, _rows(names, records, source)


def _records(reader: Iterator[list[str]], source: str) -> Iterator[tuple[int, list[str]]]:
    ends = 0  # the line on which the previous record ended
    while True:
        start = ends + 1
        try:
            fields = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            message = str(exc)
            if "unexpected end of data" in message or "newline inside string" in message:
                _fail(source, start, 'a quoted field is not closed (an unbalanced ")')
            if "field larger than field limit" in message:
                _fail(source, start, f"a field is longer than {MAX_FIELD_CHARS} characters")
            if "NUL" in message:
                _fail(source, start, "the line contains a NUL character (not a text file?)")
            _fail(source, start, f"not valid CSV ({message})")
        ends = reader.line_num  # type: ignore[attr-defined]
        for field in fields:
            if "\n" in field or "\r" in field:
                _fail(
                    source,
                    start,
                    'a quoted field runs over several lines (an unbalanced " earlier?)',
                )
            if len(field) > MAX_FIELD_CHARS:
                _fail(source, start, f"a field is longer than {MAX_FIELD_CHARS} characters")
        yield start, fields


def _rows(
    names: list[str], records: Iterator[tuple[int, list[str]]], source: str
) -> Iterator[CsvRow]:
    for line, fields in records:
        if len(fields) > len(names):
            _fail(source, line, f"too many fields ({len(fields)}; the header has {len(names)})")
        cells = dict.fromkeys(names, "")
        for name, value in zip(names, fields, strict=False):
            if name:
                cells[name] = value.strip()
        yield CsvRow(line, cells)


def separator_hint(header: Sequence[str]) -> str:
    """A hint when a header that lacks the expected columns looks separated by something
    other than commas ("" otherwise)."""
    if len(header) == 1:
        for separator, name in ((";", "semicolons"), ("\t", "tabs"), ("|", "bars")):
            if separator in header[0]:
                return f"; the columns look separated by {name}: separate them by commas"
    return ""
