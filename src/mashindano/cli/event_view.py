"""Rendering of events, rounds and standings for people (Rich) and scripts (JSON)."""

from __future__ import annotations

from rich.table import Table

from mashindano.app.formats.base import StandingsTable
from mashindano.app.records import Json, RoundFact
from mashindano.cli.output import display_column
from mashindano.engine.points import format_points

_BYE_NAMES = {
    "U": "bye (pairing)",
    "F": "full-point bye",
    "H": "half-point bye",
    "Z": "zero-point bye",
    "sit-out": "sits out",
}


def round_json(round_fact: RoundFact) -> dict[str, Json]:
    return {
        "stage": round_fact.stage,
        "group": round_fact.group,
        "round": round_fact.number,
        "published_at": round_fact.published_at.isoformat(),
        "boards": [
            {
                "board": e.board,
                "first": e.first,
                "second": e.second,
                "bye": e.bye_kind.value if e.bye_kind is not None else None,
                "games": [
                    {
                        "game": g.number,
                        "first": g.first,
                        "second": g.second,
                        "first_side": g.first_side.value,
                        "result": g.result.value,
                        "status": g.status.value,
                        "detail": g.detail,
                    }
                    for g in e.games
                ],
            }
            for e in round_fact.encounters
        ],
    }


def round_table(round_fact: RoundFact) -> Table:
    group = f" group {round_fact.group}" if round_fact.group else ""
    grid = Table(title=f"Round {round_fact.number}{group}", title_justify="left")
    grid.add_column("Board", justify="right")
    grid.add_column("First (White)")
    grid.add_column("Result", justify="center")
    grid.add_column("Second (Black)")
    grid.add_column("Status")
    for encounter in round_fact.encounters:
        if encounter.second is None:
            kind = encounter.bye_kind.value if encounter.bye_kind is not None else "Z"
            grid.add_row(str(encounter.board), encounter.first, _BYE_NAMES.get(kind, kind), "", "")
            continue
        for game in encounter.games:
            board = str(encounter.board) + (f".{game.number}" if len(encounter.games) > 1 else "")
            shown = game.result.value if game.result.is_decided else ""
            grid.add_row(board, game.first, shown, game.second, game.status.value)
    return grid


def standings_grid(table: StandingsTable) -> Table:
    grid = Table(title=table.title, title_justify="left")
    grid.add_column("Rank", justify="right")
    grid.add_column("Player")
    grid.add_column("Rating", justify="right")
    grid.add_column("Points", justify="right")
    for name in table.columns:
        grid.add_column(name, justify="right")
    grid.add_column("Note")
    cells = [display_column([line.values[name] for line in table.lines]) for name in table.columns]
    for index, line in enumerate(table.lines):
        grid.add_row(
            ("=" if line.is_shared else "") + str(line.rank),
            line.competitor.name,
            str(line.competitor.rating or ""),
            format_points(line.points),
            *(column[index] for column in cells),
            line.note,
        )
    return grid
