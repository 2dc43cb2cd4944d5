"""PLAYERS.csv: one competitor a row, columns `name,rating,games_played,country`.

Only `name` is required; the other columns may be missing or empty.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from mashindano.engine.errors import ParseError
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.interchange.csv_read import read_csv, separator_hint
from mashindano.interchange.limits import MAX_GAMES_PLAYED, MAX_PLAYERS, MAX_RATING

PLAYER_COLUMNS = ("name", "rating", "games_played", "country")


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """One row of a PLAYERS.csv: the competitor it gives, or the problem with it."""

    line: int
    cells: dict[str, str]
    competitor: Competitor | None
    error: ParseError | None = None


def parse_players_csv(text: str, *, source: str = "PLAYERS.csv") -> list[Competitor]:
    """Read competitors in file order; `number` is the 1-based row order. ParseError for the
    first problem (the header, or a row)."""
    competitors: list[Competitor] = []
    for row in read_players_csv(text, source=source):
        if row.error is not None:
            raise row.error
        assert row.competitor is not None
        competitors.append(row.competitor)
    return competitors


def read_players_csv(text: str, *, source: str = "PLAYERS.csv") -> list[PlayerRow]:
    """Every row with its competitor or its own problem (a preview shows them all); a problem
    of the file itself (header, quoting) is raised as ParseError."""
    header, rows = read_csv(text, source=source)
    if "name" not in header:
        raise ParseError(
            f"{source}, line 1: missing column 'name' (columns: {', '.join(PLAYER_COLUMNS)})"
            + separator_hint(header),
            source=source,
            line=1,
        )
    unknown = [h for h in header if h and h not in PLAYER_COLUMNS]
    if unknown:
        raise ParseError(
            f"{source}, line 1: unknown column(s) {', '.join(unknown)} "
            f"(expected: {', '.join(PLAYER_COLUMNS)})",
            source=source,
            line=1,
        )
    found: list[PlayerRow] = []
    seen: dict[str, int] = {}
    count = 0
    for row in rows:
        line, cells = row.line, row.cells
        if count >= MAX_PLAYERS:
            raise ParseError(
                f"{source}, line {line}: more than {MAX_PLAYERS} players", source=source, line=line
            )
        name = cells.get("name", "")
        if not name and not any(cells.values()):
            continue
        try:
            competitor = _row_competitor(cells, name, seen, source, line, count + 1)
        except ParseError as error:
            found.append(PlayerRow(line, cells, None, error))
            continue
        seen[name] = line
        count += 1
        found.append(PlayerRow(line, cells, competitor))
    return found


def _row_competitor(
    cells: dict[str, str], name: str, seen: dict[str, int], source: str, line: int, number: int
) -> Competitor:
    if not name:
        raise ParseError(f"{source}, line {line}: empty name", source=source, line=line)
    if name in seen:
        raise ParseError(
            f"{source}, line {line}: duplicate player {name!r} (first on line {seen[name]})",
            source=source,
            line=line,
            name=name,
        )
    return Competitor(
        id=CompetitorId(name),
        name=name,
        rating=_optional_int(cells.get("rating", ""), "rating", source, line, MAX_RATING),
        games_played=_optional_int(
            cells.get("games_played", ""), "games_played", source, line, MAX_GAMES_PLAYED
        ),
        country=cells.get("country") or None,
        number=number,
    )


def _optional_int(text: str, column: str, source: str, line: int, highest: int) -> int | None:
    if not text:
        return None
    digits = text.removeprefix("-")
    if not digits.isascii() or not digits.isdigit():
        raise ParseError(
            f"{source}, line {line}: {column} {text!r} is not a whole number",
            source=source,
            line=line,
            column=column,
        )
    if text.startswith("-"):
        raise ParseError(
            f"{source}, line {line}: {column} {text!r} must not be negative",
            source=source,
            line=line,
            column=column,
        )
    value = int(digits.lstrip("0") or "0") if len(digits.lstrip("0")) <= 12 else highest + 1
    if value > highest:
        raise ParseError(
            f"{source}, line {line}: {column} {_clip(text)} is more than {highest}",
            source=source,
            line=line,
            column=column,
        )
    return value


def _clip(text: str, size: int = 20) -> str:
    return text if len(text) <= size else f"{text[:size]}... ({len(text)} digits)"


def format_players_csv(competitors: list[Competitor]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(PLAYER_COLUMNS)
    for c in competitors:
        writer.writerow(
            [
                c.name,
                "" if c.rating is None else c.rating,
                "" if c.games_played is None else c.games_played,
                c.country or "",
            ]
        )
    return out.getvalue()
