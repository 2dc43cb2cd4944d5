"""`mashindano tantrix ...`: a Tantrix knockout's result forms (R16-R24), tiebreak offers and
replies (R20-R22), opt-out agreements (R13-R15), one command per action the preset declares
(see `cli.actions`), and a match's status at a time (deadlines and the defaults they bring).
Times are ISO 8601 with a UTC offset (e.g. 2026-03-01T10:00+00:00).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table

from mashindano.cli.actions import add_action_commands
from mashindano.cli.event_common import (
    DbOption,
    JsonOption,
    event_command,
)
from mashindano.cli.output import console, print_json
from mashindano.engine.errors import ParseError
from mashindano.engine.timestamps import require_aware

if TYPE_CHECKING:
    from mashindano.presets.tantrix_knockout.use_cases import MatchWhere

app = typer.Typer(help="Tantrix knockout: result forms, tiebreak offers, opt-outs.")
add_action_commands(app, "tantrix")

Slug = Annotated[str, typer.Argument(help="The event's slug.")]
RoundOption = Annotated[int, typer.Option("--round", help="Round number.")]
BoardOption = Annotated[int, typer.Option("--board", help="Board number.")]
StageOption = Annotated[int, typer.Option("--stage", help="Stage (the plate is 2).")]
PlayerOption = Annotated[str, typer.Option("--player", help="The player (name or number).")]
AtOption = Annotated[
    str | None, typer.Option("--at", help="When it happened (ISO 8601 with offset; default now).")
]
EvidenceOption = Annotated[
    str, typer.Option("--evidence", help="The evidence, e.g. the e-mails copied to the AC.")
]


def parse_time(text: str | None, option: str) -> datetime | None:
    if text is None:
        return None
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise ParseError(f"{option} is not an ISO 8601 time: {text!r}") from None
    return require_aware(moment, option)


def _match(round_number: int, board: int, stage: int) -> MatchWhere:
    # Imported here: the app's modules need Django set up, which `event_command` does.
    from mashindano.presets.tantrix_knockout.use_cases import MatchWhere

    return MatchWhere(round_number, board, stage)


@app.command("status")
def status(
    slug: Slug,
    round_number: RoundOption,
    board: BoardOption,
    stage: StageOption = 1,
    at: Annotated[
        str | None, typer.Option("--at", help="The time to judge the deadlines at (default now).")
    ] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """A match's TPs, outcome, controller review, form deadlines and tiebreak arrangement."""
    now = parse_time(at, "--at") or datetime.now(UTC)
    with event_command(db):
        from mashindano.presets.tantrix_knockout.documents import build_match_status

        shown = build_match_status(slug, _match(round_number, board, stage), now)
    document: dict[str, Any] = shown.to_json()
    if as_json:
        print_json(document)
        return
    console.print(shown.title, markup=False)
    grid = Table(title=None)
    grid.add_column("Game")
    for heading in (f"{document['a']} TP", f"{document['b']} TP", "Totals", "Gap"):
        grid.add_column(heading, justify="right")
    for row in document["games"]:
        grid.add_row(row["label"], row["tp"][0], row["tp"][1], "-".join(row["total"]), row["gap"])
    console.print(grid)
    decided = document["decided"] or "not yet: the match goes on"
    console.print(f"decided: {decided}", markup=False)
    for key in ("winner", "ended_by", "controller_review", "opt_out", "follow_up"):
        console.print(f"{key}: {document[key]}", markup=False)
