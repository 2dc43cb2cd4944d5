"""The crosstable of an event scored as one stage (chess, Tasaselo): players in standings
order, each row's results against every column, as the engine writes them.

An event where players do not all meet (a Swiss: fewer rounds than opponents) is shown round
by round instead (issue 29 item 9): each row's cell of a round names the opponent by their line
in the table, the side (w: the first side, White; b: the second) and the result, "12w1"; a
round-robin keeps the grid of results against every column."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext

from mashindano.app.documents.place import PlayerRef
from mashindano.app.errors import WrongState
from mashindano.app.formats.parts import STAGE_EXPORT, STANDINGS
from mashindano.app.formats.registry import part
from mashindano.app.queries import get_event_facts
from mashindano.engine.model import ByeKind, CompetitorId, GameResult, StageResults
from mashindano.engine.points import Points, format_points, points_to_json
from mashindano.engine.standings import compute_crosstable
from mashindano.store.facts import EventFacts, Json


@dataclass(frozen=True, slots=True)
class CrosstableRow:
    rank: int
    player: PlayerRef
    points: Points
    cells: tuple[str, ...]
    """One per column, in the order of `Crosstable.players`; "" on the diagonal and where the
    two did not meet."""
    by_round: tuple[str, ...] = ()
    """One per round, 1 to `Crosstable.rounds`: "12w1" (against line 12, first side, won),
    "+" / "½" / "-" for a bye worth a point, half or nothing, "" where the player had no game."""

    def to_json(self) -> dict[str, Json]:
        return {
            "rank": self.rank,
            "player": self.player.id,
            "name": self.player.name,
            "number": self.player.number,
            "points": points_to_json(self.points),
            "exact_points": format_points(self.points),
            "cells": list(self.cells),
            "by_round": list(self.by_round),
        }


@dataclass(frozen=True, slots=True)
class Crosstable:
    event: str
    name: str
    players: tuple[PlayerRef, ...]
    rows: tuple[CrosstableRow, ...]
    rounds: int = 0
    """The rounds of the stage (the columns of `CrosstableRow.by_round`)."""
    by_rounds: bool = False
    """Shown round by round (players do not all meet: a Swiss), else as a grid."""

    def to_json(self) -> dict[str, Json]:
        return {
            "event": self.event,
            "name": self.name,
            "layout": "rounds" if self.by_rounds else "grid",
            "rounds": self.rounds,
            "columns": [p.id for p in self.players],
            "rows": [r.to_json() for r in self.rows],
        }


def build_crosstable(slug: str) -> Crosstable:
    return crosstable_document(get_event_facts(slug))


def crosstable_document(facts: EventFacts) -> Crosstable:
    results = part(facts.preset, STAGE_EXPORT).stage_results(facts)
    if results is None:
        raise WrongState(
            gettext(
                "event {slug!r} ({preset}) is played in several stages or "
                "groups; its crosstables are in its standings and round views"
            ).format(slug=facts.slug, preset=facts.preset),
            event=facts.slug,
        )
    tables = part(facts.preset, STANDINGS).compute_standings(facts)
    lines = tables[0].lines if tables else ()
    order = [line.competitor.id for line in lines]
    known = {c.id for c in results.competitors}
    order = [c for c in order if c in known] + [
        c.id for c in results.competitors if c.id not in order
    ]
    rank = {line.competitor.id: line.rank for line in lines if line.rank is not None}
    table = compute_crosstable(results, order=order)
    players = {c.id: PlayerRef.of(c) for c in facts.competitors}
    refs = tuple(players.get(c.id) or PlayerRef.of(c) for c in table.competitors)
    rounds = max(
        [results.rounds or 0, *(g.round for g in results.games), *(b.round for b in results.byes)]
    )
    line = {ref.id: k for k, ref in enumerate(refs, start=1)}
    by_round = _by_round(results, line, rounds)
    return Crosstable(
        event=facts.slug,
        name=facts.name,
        players=refs,
        rows=tuple(
            CrosstableRow(rank.get(ref.id, 0), ref, row.score, row.cells, by_round[ref.id])
            for ref, row in zip(refs, table.rows, strict=True)
        ),
        rounds=rounds,
        by_rounds=0 < rounds < len(refs) - 1,
    )


_FIRST_CODES = {
    GameResult.FIRST_WINS: "1",
    GameResult.DRAW: "½",
    GameResult.SECOND_WINS: "0",
    GameResult.FIRST_WINS_BY_FORFEIT: "+",
    GameResult.SECOND_WINS_BY_FORFEIT: "-",
    GameResult.DOUBLE_FORFEIT: "-",
    GameResult.NOT_PLAYED: "",
}
_SECOND_CODES = {
    GameResult.FIRST_WINS: "0",
    GameResult.DRAW: "½",
    GameResult.SECOND_WINS: "1",
    GameResult.FIRST_WINS_BY_FORFEIT: "-",
    GameResult.SECOND_WINS_BY_FORFEIT: "+",
    GameResult.DOUBLE_FORFEIT: "-",
    GameResult.NOT_PLAYED: "",
}
_BYE_CODES = {
    ByeKind.PAIRING_ALLOCATED: "+",
    ByeKind.FULL_POINT: "+",
    ByeKind.HALF_POINT: "½",
    ByeKind.ZERO_POINT: "-",
    ByeKind.SIT_OUT: "",
}


def _by_round(
    results: StageResults, line: dict[CompetitorId, int], rounds: int
) -> dict[CompetitorId, tuple[str, ...]]:
    """Each player's cells round by round: opponent's line, side letter, result."""
    cells: dict[CompetitorId, list[list[str]]] = {c: [[] for _ in range(rounds)] for c in line}
    for game in results.games:
        if game.first in cells:
            cells[game.first][game.round - 1].append(
                f"{line.get(game.second, '?')}w{_FIRST_CODES[game.result]}"
            )
        if game.second in cells:
            cells[game.second][game.round - 1].append(
                f"{line.get(game.first, '?')}b{_SECOND_CODES[game.result]}"
            )
    for bye in results.byes:
        if bye.competitor in cells and not cells[bye.competitor][bye.round - 1]:
            cells[bye.competitor][bye.round - 1].append(_BYE_CODES[bye.kind])
    return {c: tuple(" ".join(codes) for codes in row) for c, row in cells.items()}
