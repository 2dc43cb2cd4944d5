"""RESULTS.csv: results to enter in bulk (`result import`), one game a line.

Columns: `round`, `board`, `result` (required); `game` (the game of a multi-game match,
default 1), `stage` (default 1), `group` (default none), `at` (when it was played, ISO 8601
with a UTC offset; default: the time of the import). A result is written as for `result
report` (1-0, 1/2-1/2, 0-1, +-, -+, --); the preset checks it when it is stored.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from mashindano.engine.errors import ParseError
from mashindano.interchange.csv_read import read_csv, separator_hint

RESULT_COLUMNS = ("round", "board", "game", "stage", "group", "result", "at")
REQUIRED = ("round", "board", "result")
MAX_LINES = 100_000


@dataclass(frozen=True, slots=True)
class ResultRecord:
    line: int
    round: int
    board: int
    game: int
    stage: int
    group: str
    result: str
    at: datetime | None


def parse_results_csv(text: str, *, source: str = "RESULTS.csv") -> list[ResultRecord]:
    """Every line of the file, checked for form (numbers, times); ParseError naming the line."""
    header, rows = read_csv(text, source=source)
    missing = [c for c in REQUIRED if c not in header]
    if missing:
        raise ParseError(
            f"{source}, line 1: missing column(s) {', '.join(missing)} "
            f"(columns: {', '.join(RESULT_COLUMNS)})" + separator_hint(header),
            source=source,
            line=1,
        )
    unknown = [h for h in header if h and h not in RESULT_COLUMNS]
    if unknown:
        raise ParseError(
            f"{source}, line 1: unknown column(s) {', '.join(unknown)} "
            f"(expected: {', '.join(RESULT_COLUMNS)})",
            source=source,
            line=1,
        )
    records: list[ResultRecord] = []
    seen: dict[tuple[int, str, int, int, int], int] = {}
    for row in rows:
        line, cells = row.line, row.cells
        if not any(cells.values()):
            continue
        if len(records) >= MAX_LINES:
            raise ParseError(f"{source}, line {line}: more than {MAX_LINES} results", line=line)

        result = cells.get("result", "").strip()
        if not result:
            raise ParseError(f"{source}, line {line}: empty result", source=source, line=line)
        record = ResultRecord(
            line=line,
            round=_number(cells, "round", None, source, line),
            board=_number(cells, "board", None, source, line),
            game=_number(cells, "game", 1, source, line),
            stage=_number(cells, "stage", 1, source, line),
            group=cells.get("group", "").strip(),
            result=result,
            at=_time(cells.get("at", "").strip(), source, line),
        )
        key = (record.stage, record.group, record.round, record.board, record.game)
        if key in seen:
            raise ParseError(
                f"{source}, line {line}: round {record.round}, board {record.board}, game "
                f"{record.game} is already on line {seen[key]}",
                source=source,
                line=line,
            )
        seen[key] = line
        records.append(record)
    if not records:
        raise ParseError(f"{source}: no results in the file", source=source)
    return records


def _number(cells: dict[str, str], column: str, default: int | None, source: str, line: int) -> int:
    text = cells.get(column, "").strip()
    if not text and default is not None:
        return default
    if not text.isdigit() or len(text) > 6 or int(text) < 1:
        raise ParseError(
            f"{source}, line {line}: {column} must be a whole number from 1, got {text!r}",
            source=source,
            line=line,
            column=column,
        )
    return int(text)


def _time(text: str, source: str, line: int) -> datetime | None:
    if not text:
        return None
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise ParseError(
            f"{source}, line {line}: at {text!r} is not an ISO 8601 time", source=source, line=line
        ) from None
    if moment.utcoffset() is None:
        raise ParseError(
            f"{source}, line {line}: at {text!r} needs a UTC offset (e.g. +00:00)",
            source=source,
            line=line,
        )
    return moment
