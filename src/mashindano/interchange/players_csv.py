"""PLAYERS.csv: one competitor a row, columns `name,rating,games_played,country`.

Only `name` is required; the other columns may be missing or empty.
"""

from __future__ import annotations

import csv
import io

from mashindano.engine.errors import ParseError
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.interchange.csv_read import read_csv, separator_hint
from mashindano.interchange.limits import MAX_GAMES_PLAYED, MAX_PLAYERS, MAX_RATING

PLAYER_COLUMNS = ("name", "rating", "games_played", "country")


def parse_players_csv(text: str, *, source: str = "PLAYERS.csv") -> list[Competitor]:
    """Read competitors in file order; `number` is the 1-based row order."""
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
    competitors: list[Competitor] = []
    seen: dict[str, int] = {}
    for row in rows:
        line, cells = row.line, row.cells
        if len(competitors) >= MAX_PLAYERS:
            raise ParseError(
                f"{source}, line {line}: more than {MAX_PLAYERS} players", source=source, line=line
            )
        name = cells.get("name", "")
        if not name:
            if not any(cells.values()):
                continue
            raise ParseError(f"{source}, line {line}: empty name", source=source, line=line)
        if name in seen:
            raise ParseError(
                f"{source}, line {line}: duplicate player {name!r} (first on line {seen[name]})",
                source=source,
                line=line,
                name=name,
            )
        seen[name] = line
        competitors.append(
            Competitor(
                id=CompetitorId(name),
                name=name,
                rating=_optional_int(cells.get("rating", ""), "rating", source, line, MAX_RATING),
                games_played=_optional_int(
                    cells.get("games_played", ""), "games_played", source, line, MAX_GAMES_PLAYED
                ),
                country=cells.get("country") or None,
                number=len(competitors) + 1,
            )
        )
    return competitors


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
