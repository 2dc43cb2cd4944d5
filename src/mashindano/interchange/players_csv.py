"""PLAYERS.csv: one competitor a row, columns `name,rating,games_played,country`.

Only `name` is required; the other columns may be missing or empty.
"""

from __future__ import annotations

import csv
import io

from mashindano.engine.errors import ParseError
from mashindano.engine.model import Competitor, CompetitorId

PLAYER_COLUMNS = ("name", "rating", "games_played", "country")


def parse_players_csv(text: str, *, source: str = "PLAYERS.csv") -> list[Competitor]:
    """Read competitors in file order; `number` is the 1-based row order."""
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff")))
    header = [h.strip() for h in (reader.fieldnames or [])]
    if "name" not in header:
        raise ParseError(
            f"{source}, line 1: missing column 'name' (columns: {', '.join(PLAYER_COLUMNS)})",
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
    for row in reader:
        line = reader.line_num
        cells = {(k or "").strip(): (v or "").strip() for k, v in row.items() if k is not None}
        if None in row:
            raise ParseError(f"{source}, line {line}: too many fields", source=source, line=line)
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
                rating=_optional_int(cells.get("rating", ""), "rating", source, line),
                games_played=_optional_int(
                    cells.get("games_played", ""), "games_played", source, line
                ),
                country=cells.get("country") or None,
                number=len(competitors) + 1,
            )
        )
    return competitors


def _optional_int(text: str, column: str, source: str, line: int) -> int | None:
    if not text:
        return None
    try:
        value = int(text)
    except ValueError:
        raise ParseError(
            f"{source}, line {line}: {column} {text!r} is not a whole number",
            source=source,
            line=line,
            column=column,
        ) from None
    if value < 0:
        raise ParseError(
            f"{source}, line {line}: {column} {text!r} must not be negative",
            source=source,
            line=line,
            column=column,
        )
    return value


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
