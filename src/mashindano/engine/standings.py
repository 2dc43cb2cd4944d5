"""Standings and crosstables folded from a stage's results.

Ranking (chess R3, KIBA R28-R29, FIDE C.07): points first; then each tie-break in turn, only
inside the groups still tied. A type-A tie-break (direct encounter) is computed among each tied
group's players and re-applied to the smaller groups it leaves tied; the other tie-breaks give
every competitor a value at once. Players still tied after the whole list share a rank
("1", "2", "2", "4"; chess A10) and are listed by number, then id.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from mashindano.engine.errors import ConfigError
from mashindano.engine.model import (
    Competitor,
    CompetitorId,
    GameResult,
    Outcome,
    StageResults,
)
from mashindano.engine.points import Points
from mashindano.engine.sheets import GameStatus, ScoreTable
from mashindano.engine.tiebreaks import Better, Scope, TieBreak, TieValues

POINTS = "points"
"""`StandingRow.decided_by` when the points alone placed the competitor."""


@dataclass(frozen=True, slots=True)
class StandingRow:
    rank: int
    competitor: Competitor
    points: Points
    values: Mapping[str, Points | None]
    """Value per tie-break name; None where a competitor has none (no rated opponent, or a
    type-A tie-break computed only for tied groups the competitor was not in). A type-A value
    is the one from the smallest tied group it was computed in."""
    is_shared: bool
    """The rank is shared with another row (still tied after every tie-break)."""
    decided_by: str | None
    """`POINTS` or the name of the tie-break whose split last separated this row from the
    rows it was tied with; None when the rank is shared."""


@dataclass(frozen=True, slots=True)
class Standings:
    rows: tuple[StandingRow, ...]
    tiebreaks: tuple[str, ...]
    """The tie-break names in the order they were applied (the keys of `values`)."""

    def row(self, competitor_id: CompetitorId) -> StandingRow:
        for row in self.rows:
            if row.competitor.id == competitor_id:
                return row
        raise KeyError(competitor_id)

    @property
    def order(self) -> tuple[CompetitorId, ...]:
        return tuple(row.competitor.id for row in self.rows)


def compute_standings(results: StageResults, tiebreaks: Sequence[TieBreak] = ()) -> Standings:
    """Rank the stage's competitors by points, then by `tiebreaks` in order."""
    names = [tb.name for tb in tiebreaks]
    duplicates = sorted({name for name in names if names.count(name) > 1})
    if duplicates:
        raise ConfigError(
            f"tie-break {duplicates[0]!r} is listed twice", tiebreak=duplicates[0], names=names
        )
    table = ScoreTable.from_results(results)
    competitors = table.competitors
    scores = table.scores
    n = table.size

    # Python's sort is stable: whoever stays tied keeps this (number, id) order.
    fallback = sorted(range(n), key=lambda i: _listing_key(competitors[i]))
    fallback.sort(key=lambda i: -scores[i])
    groups = _split(fallback, scores.__getitem__)
    decided = [POINTS] * n
    columns: list[list[Points | None]] = []
    for tiebreak in tiebreaks:
        if tiebreak.scope is Scope.FIELD:
            values = tiebreak.compute_table(table)
            columns.append(_fractions(values))
            keys = _sort_keys(values, tiebreak.better)
            groups = _refine(groups, keys.__getitem__, tiebreak.name, decided)
        else:
            column: list[Points | None] = [None] * n
            columns.append(column)
            refined: list[list[int]] = []
            for group in groups:
                refined.extend(_apply_among_tied(tiebreak, table, group, column, decided))
            groups = refined

    points_of: dict[int, Points] = {}
    rows: list[StandingRow] = []
    for group in groups:
        rank = len(rows) + 1
        shared = len(group) > 1
        for i in group:
            score = scores[i]
            points = points_of.get(score)
            if points is None:
                points = points_of[score] = table.to_points(score)
            rows.append(
                StandingRow(
                    rank=rank,
                    competitor=competitors[i],
                    points=points,
                    values={name: column[i] for name, column in zip(names, columns, strict=True)},
                    is_shared=shared,
                    decided_by=None if shared else decided[i],
                )
            )
    return Standings(rows=tuple(rows), tiebreaks=tuple(names))


def _listing_key(competitor: Competitor) -> tuple[bool, int, str]:
    number = competitor.number
    return (number is None, number or 0, competitor.id)


def _split(ordered: list[int], key: Callable[[int], object]) -> list[list[int]]:
    """Cut an ordered list into runs of equal keys."""
    groups: list[list[int]] = []
    previous: object = _NOTHING
    for i in ordered:
        k = key(i)
        if k != previous:
            groups.append([])
            previous = k
        groups[-1].append(i)
    return groups


_NOTHING = object()


def _refine(
    groups: list[list[int]], key: Callable[[int], float], name: str, decided: list[str]
) -> list[list[int]]:
    refined: list[list[int]] = []
    for group in groups:
        if len(group) == 1:
            refined.append(group)
            continue
        parts = _split(sorted(group, key=key), key)
        if len(parts) > 1:
            for i in group:
                decided[i] = name
        refined.extend(parts)
    return refined


def _apply_among_tied(
    tiebreak: TieBreak,
    table: ScoreTable,
    group: list[int],
    column: list[Points | None],
    decided: list[str],
) -> list[list[int]]:
    """Split `group` by a type-A tie-break, re-applying it to every smaller group left tied."""
    if len(group) == 1:
        return [group]
    values = tiebreak.compute_table(table, group)
    fractions = _fractions(values)
    keys = _sort_keys(values, tiebreak.better)
    key_of = dict(zip(group, keys, strict=True))
    for i, value in zip(group, fractions, strict=True):
        column[i] = value
    parts = _split(sorted(group, key=key_of.__getitem__), key_of.__getitem__)
    if len(parts) == 1:
        return [group]
    for i in group:
        decided[i] = tiebreak.name
    refined: list[list[int]] = []
    for part in parts:
        refined.extend(_apply_among_tied(tiebreak, table, part, column, decided))
    return refined


def _sort_keys(values: TieValues, better: Better) -> list[float]:
    """Ascending sort keys (best first); a missing value sorts last either way."""
    source = values.numerators if values.split_keys is None else values.split_keys
    if better is Better.HIGHER:
        return [math.inf if v is None else -v for v in source]
    return [math.inf if v is None else v for v in source]


def _fractions(values: TieValues) -> list[Points | None]:
    """Exact values, one Fraction per distinct numerator (10,000 players share few values)."""
    denominator = values.denominator
    cache: dict[int, Fraction] = {}
    column: list[Points | None] = []
    append = column.append
    for numerator in values.numerators:
        if numerator is None:
            append(None)
            continue
        value = cache.get(numerator)
        if value is None:
            value = cache[numerator] = Fraction(numerator, denominator)
        append(value)
    return column


class ResultNotation(Enum):
    """How a crosstable writes one game from the row player's side."""

    SCORE = "score"
    """Chess: "1", "½", "0" over the board, "+" and "-" for forfeits; several games are
    separated by spaces."""
    WIN_LOSS = "win-loss"
    """KIBA (R31, E6): "+" for a game won, "-" for a game lost, one character per game, so a
    two-game pairing reads "++", "+-", "-+" or "--"."""


@dataclass(frozen=True, slots=True)
class CrosstableRow:
    competitor: Competitor
    score: Points
    cells: tuple[str, ...]
    """One cell per column of `Crosstable.competitors`; "" on the diagonal and where the
    two did not play."""


@dataclass(frozen=True, slots=True)
class Crosstable:
    competitors: tuple[Competitor, ...]
    rows: tuple[CrosstableRow, ...]

    def cell(self, row: CompetitorId, column: CompetitorId) -> str:
        ids = [c.id for c in self.competitors]
        return self.rows[ids.index(row)].cells[ids.index(column)]


def compute_crosstable(
    results: StageResults,
    *,
    notation: ResultNotation = ResultNotation.SCORE,
    order: Sequence[CompetitorId] | None = None,
) -> Crosstable:
    """Each competitor's results against each other, in `order` (default: as listed).

    The games of a cell are written in round order, then in the order of `results.games`,
    the same order for both players, so every cell mirrors its opposite cell. Games without a
    result yet are left out.
    """
    table = ScoreTable.from_results(results)
    positions = _column_order(table, order)
    column_of = {competitor: k for k, competitor in enumerate(positions)}
    codes: list[list[list[str]]] = [[[] for _ in positions] for _ in positions]
    for game in sorted(table.resolved_games(), key=lambda g: (g.round, g.position)):
        if game.status is GameStatus.PENDING:
            continue
        result = results.games[game.position].result
        first, second = column_of[game.first], column_of[game.second]
        codes[first][second].append(_code(result, result.outcome_for_first(), notation))
        codes[second][first].append(_code(result, result.outcome_for_second(), notation))
    separator = " " if notation is ResultNotation.SCORE else ""
    rows = tuple(
        CrosstableRow(
            competitor=table.competitors[i],
            score=table.to_points(table.scores[i]),
            cells=tuple(separator.join(cell) for cell in codes[k]),
        )
        for k, i in enumerate(positions)
    )
    return Crosstable(competitors=tuple(table.competitors[i] for i in positions), rows=rows)


def _column_order(table: ScoreTable, order: Sequence[CompetitorId] | None) -> list[int]:
    if order is None:
        return list(range(table.size))
    if sorted(order) != sorted(table.index):
        raise ConfigError(
            "a crosstable order must list every competitor exactly once", order=list(order)
        )
    return [table.index[competitor] for competitor in order]


_WIN_LOSS_CODES = {Outcome.WIN: "+", Outcome.DRAW: "=", Outcome.LOSS: "-"}
_SCORE_CODES = {Outcome.WIN: "1", Outcome.DRAW: "½", Outcome.LOSS: "0"}


def _code(result: GameResult, outcome: Outcome | None, notation: ResultNotation) -> str:
    # Only decided games reach here, and every decided result has an outcome for both sides.
    assert outcome is not None
    if notation is ResultNotation.WIN_LOSS:
        return _WIN_LOSS_CODES[outcome]
    if result.is_forfeit:
        return "+" if outcome is Outcome.WIN else "-"
    return _SCORE_CODES[outcome]
