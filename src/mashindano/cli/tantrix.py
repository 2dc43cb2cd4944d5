"""`mashindano tantrix ...`: a Tantrix knockout's result forms (R16-R24), tiebreak offers and
replies (R20-R22), opt-out agreements (R13-R15) and a match's status at a time (deadlines and
the defaults they bring). Times are ISO 8601 with a UTC offset (e.g. 2026-03-01T10:00+00:00).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Annotated

import typer

from mashindano.cli.event_common import (
    ActorOption,
    DbOption,
    JsonOption,
    acting_principal,
    event_command,
)
from mashindano.cli.output import console, print_json
from mashindano.cli.result import DetailOption, parse_detail
from mashindano.engine.errors import ParseError
from mashindano.engine.timestamps import require_aware

if TYPE_CHECKING:
    from mashindano.app.tantrix import MatchWhere

app = typer.Typer(help="Tantrix knockout: result forms, tiebreak offers, opt-outs.")

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
    from mashindano.app.tantrix import MatchWhere

    return MatchWhere(round_number, board, stage)


@app.command("form")
def form(
    slug: Slug,
    result: Annotated[str, typer.Argument(help="The game's TPs, first player's first: 12.4-7.6.")],
    round_number: RoundOption,
    board: BoardOption,
    player: PlayerOption,
    game: Annotated[int, typer.Option("--game", help="Game of the match.")] = 1,
    status: Annotated[
        str, typer.Option("--status", help="N, or 1-8 for the last standard and tiebreak games.")
    ] = "N",
    finish_when: Annotated[
        str | None, typer.Option("--when", help='Option 3: "When will you finish your match?"')
    ] = None,
    ended_at: Annotated[
        str | None, typer.Option("--ended-at", help="When the game ended (default now).")
    ] = None,
    stage: StageOption = 1,
    detail: DetailOption = None,
    db: DbOption = None,
    actor: ActorOption = None,
    as_json: JsonOption = False,
) -> None:
    """File a player's result form for one game."""
    with event_command(db):
        from mashindano.app.results import GameRef
        from mashindano.app.tantrix import file_form

        filed = file_form(
            slug,
            GameRef(round_number, board, game, stage),
            player,
            result,
            status=status,
            actor=acting_principal(actor),
            finish_when=finish_when,
            detail=parse_detail(detail),
            ended_at=parse_time(ended_at, "--ended-at"),
        )
    change, review = filed.change, filed.review
    review_text = [r.value for r in review.reasons]
    if as_json:
        print_json(
            {
                "round": change.game.round,
                "board": change.game.board,
                "game": change.game.number,
                "result": change.game.result.value,
                "status": change.game.status.value,
                "detail": change.game.detail,
                "controller_review": review_text,
                "added_games": [g.number for g in change.added],
            }
        )
        return
    console.print(f"{change.game.label}: form filed ({change.game.status.value})", markup=False)
    if review_text:
        console.print(f"flagged for a controller: {', '.join(review_text)}", markup=False)
    for added in change.added:
        console.print(f"added {added.label}", markup=False)


@app.command("opt-out")
def opt_out(
    slug: Slug,
    players: Annotated[list[str], typer.Argument(help="Both players (name or number).")],
    round_number: RoundOption,
    board: BoardOption,
    evidence: EvidenceOption,
    stage: StageOption = 1,
    agreed_at: AtOption = None,
    last_sitting: Annotated[
        str | None,
        typer.Option("--last-sitting", help="When the sitting of the last standard game starts."),
    ] = None,
    db: DbOption = None,
    actor: ActorOption = None,
) -> None:
    """Record both players' agreement not to play beyond the standard games (R13, A11)."""
    with event_command(db):
        from mashindano.app.tantrix import record_opt_out

        agreement = record_opt_out(
            slug,
            _match(round_number, board, stage),
            players,
            evidence=evidence,
            actor=acting_principal(actor),
            agreed_at=parse_time(agreed_at, "--at"),
            last_sitting_start=parse_time(last_sitting, "--last-sitting"),
        )
    console.print(
        f"Opt-out recorded for round {round_number}, board {board} "
        f"(agreed {agreement.agreed_at.isoformat()})",
        markup=False,
    )


MessageEvidence = Annotated[str, typer.Option("--evidence", help="The e-mail.")]


def _record_message(
    kind: str,
    slug: str,
    where: tuple[int, int, int],
    player: str,
    sent_at: str | None,
    evidence: str,
    db: str | None,
    actor: str | None,
) -> None:
    with event_command(db):
        from mashindano.app.tantrix import record_offer, record_reply

        record = record_offer if kind == "offer" else record_reply
        state = record(
            slug,
            _match(*where),
            player,
            actor=acting_principal(actor),
            sent_at=parse_time(sent_at, "--at"),
            evidence=evidence,
        )
    due = state.reply_deadline.isoformat() if state.reply_deadline else "-"
    arranged = "; tiebreak arranged" if state.is_arranged else ""
    console.print(f"{kind.capitalize()} recorded; reply due {due}{arranged}", markup=False)


@app.command("offer")
def offer(
    slug: Slug,
    round_number: RoundOption,
    board: BoardOption,
    player: PlayerOption,
    stage: StageOption = 1,
    sent_at: AtOption = None,
    evidence: MessageEvidence = "",
    db: DbOption = None,
    actor: ActorOption = None,
) -> None:
    """Record an offer of tiebreak dates (R20, R21; either player may send it, A5)."""
    where = (round_number, board, stage)
    _record_message("offer", slug, where, player, sent_at, evidence, db, actor)


@app.command("reply")
def reply(
    slug: Slug,
    round_number: RoundOption,
    board: BoardOption,
    player: PlayerOption,
    stage: StageOption = 1,
    sent_at: AtOption = None,
    evidence: MessageEvidence = "",
    db: DbOption = None,
    actor: ActorOption = None,
) -> None:
    """Record the opponent's reply to an offer of tiebreak dates (R22)."""
    where = (round_number, board, stage)
    _record_message("reply", slug, where, player, sent_at, evidence, db, actor)


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
        from mashindano.app.documents.tantrix import build_match_status

        shown = build_match_status(slug, _match(round_number, board, stage), now)
    document = shown.to_json()
    if as_json:
        print_json(document)
        return
    console.print(shown.title, markup=False)
    for key in ("winner", "ended_by", "controller_review", "opt_out", "follow_up"):
        console.print(f"{key}: {document[key]}", markup=False)
