"""Standings tables as documents, without a database: rows with ranks (shared ranks marked),
points, each tie-break value with its column's definition, the preset's note and the flags the
facts give (withdrawn, on leave). `standings` builds them for a stored event; the per-preset
documents (KIBA groups, Tasaselo prize groups...) reuse them."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext

from mashindano.app.documents.place import PlayerRef
from mashindano.app.documents.tiebreaks import (
    ColumnDefinition,
    column_definition,
    dropped_column,
    is_rating_based,
)
from mashindano.app.documents.values import format_shown
from mashindano.app.formats.base import StandingsTable
from mashindano.engine.points import Points, points_to_json
from mashindano.store.facts import EventFacts, Json

NOT_RANKED = "\u2013"
"""The rank shown for a player listed but not ranked (an en dash)."""


@dataclass(frozen=True, slots=True)
class TieBreakValue:
    column: ColumnDefinition
    value: Points | None

    @property
    def text(self) -> str:
        """The value as pages show it (the column's published decimals, or exact)."""
        return "" if self.value is None else format_shown(self.value, self.column.decimals)


@dataclass(frozen=True, slots=True)
class StandingsRow:
    rank: int | None
    """None: shown but not ranked (a Gomoku league player on leave, R49)."""
    shared: bool
    player: PlayerRef
    points: Points
    values: tuple[TieBreakValue, ...]
    note: str
    """The preset's note (qualified, champion, league-star...)."""
    flags: tuple[str, ...] = ()
    """What the event's facts say about the player: withdrawn, on leave."""

    @property
    def rank_label(self) -> str:
        """The rank as pages show it: "=3" when shared, an en dash when not ranked."""
        if self.rank is None:
            return NOT_RANKED
        return ("=" if self.shared else "") + str(self.rank)

    def to_json(self) -> dict[str, Json]:
        return {
            "rank": self.rank,
            "shared": self.shared,
            "player": self.player.id,
            "name": self.player.name,
            "points": points_to_json(self.points),
            "exact_points": str(self.points),
            "tiebreaks": {
                v.column.name: None if v.value is None else str(v.value) for v in self.values
            },
            "note": self.note,
        }


@dataclass(frozen=True, slots=True)
class StandingsSection:
    """One table: the whole event, a stage, a group, a draw, a league list."""

    title: str
    columns: tuple[ColumnDefinition, ...]
    rows: tuple[StandingsRow, ...]
    ratings: bool = True
    """Whether the preset's lists show ratings (not a Gomoku league list: its coefficient
    orders it)."""

    @property
    def has_ratings(self) -> bool:
        """Whether the table shows a rating column: the preset shows ratings and a player of
        the table has one."""
        return self.ratings and any(row.player.rating is not None for row in self.rows)

    def to_json(self) -> dict[str, Json]:
        return {
            "title": self.title,
            "columns": [c.name for c in self.columns],
            "rows": [r.to_json() for r in self.rows],
        }


def standings_section(
    table: StandingsTable,
    flags: dict[str, tuple[str, ...]] | None = None,
    *,
    ratings: bool = True,
    preset: str = "",
) -> StandingsSection:
    """The table as pages show it; `preset` finds the preset's own column definitions."""
    columns = tuple(
        dropped_column(column_definition(name, preset))
        if _dropped_for_unrated(table, name)
        else column_definition(name, preset)
        for name in table.columns
    )
    rows = tuple(
        StandingsRow(
            rank=line.rank,
            shared=line.is_shared,
            player=PlayerRef.of(line.competitor),
            points=line.points,
            values=tuple(TieBreakValue(c, line.values.get(c.name)) for c in columns),
            note=line.note,
            flags=(flags or {}).get(line.competitor.id, ()),
        )
        for line in table.lines
    )
    return StandingsSection(table.title, columns, rows, ratings)


def _dropped_for_unrated(table: StandingsTable, name: str) -> bool:
    """A FIDE rating-based code with no value at all while a player is unrated (C.07 art. 10:
    dropped unless the event rates unrated players, `ARO-U1400`)."""
    return (
        is_rating_based(name)
        and bool(table.lines)
        and any(not line.competitor.rating for line in table.lines)
        and all(line.values.get(name) is None for line in table.lines)
    )


def player_flags(facts: EventFacts) -> dict[str, tuple[str, ...]]:
    """Withdrawn (from round N) and on leave (rounds A-B), from the event's facts."""
    flags: dict[str, list[str]] = {}
    for w in facts.withdrawals:
        flags.setdefault(w.competitor, []).append(
            gettext("withdrawn from round {round}").format(round=w.from_round)
        )
    for leave in facts.leaves:
        rounds = f"{leave.from_round}-{leave.to_round}"
        if leave.from_round == leave.to_round:
            rounds = str(leave.from_round)
        flags.setdefault(leave.competitor, []).append(
            gettext("on leave round {rounds}").format(rounds=rounds)
        )
    return {player: tuple(found) for player, found in flags.items()}
