"""Results: report, confirm, dispute, rule, correct (an append-only log per game), and moves.

The current result of a game is the latest report, ruling or correction (`facts.fold_reports`);
nothing is overwritten. Players report and confirm within the preset's window (chess: the
current round); arbiters rule and correct at any time while the event is not closed, and the
standings of later rounds follow because they are recomputed from the log.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from django.db.models import Max

from mashindano.app.errors import DuplicateReport, WrongState
from mashindano.app.formats import adapter_for
from mashindano.app.formats.base import ReportWindow
from mashindano.app.locking import EventContext, locked_event, pause_for_tests
from mashindano.app.queries import get_game
from mashindano.engine.errors import ParseError
from mashindano.engine.model import GameResult, Termination
from mashindano.store import models
from mashindano.store.facts import (
    EventState,
    GameFact,
    ReportFact,
    ReportKind,
    ResultStatus,
)
from mashindano.store.mapping import game_fact_of, report_fields, state_of


@dataclass(frozen=True, slots=True)
class GameRef:
    """Which game: round and board (and the game number inside a multi-game encounter)."""

    round: int
    board: int
    game: int = 1
    stage: int = 1
    group: str = ""


@dataclass(frozen=True, slots=True)
class ResultChange:
    game: GameFact
    """The game as it stands after the change."""
    before: tuple[GameResult, ResultStatus]


def _window(context: EventContext, game: GameFact) -> ReportWindow:
    latest = models.Round.objects.filter(
        stage__event=context.event, stage__number=game.stage, group=game.group
    ).aggregate(latest=Max("number"))["latest"]
    return ReportWindow(state_of(context.event), game, latest or game.round, context.now)


def _refuse_closed(context: EventContext) -> None:
    if context.event.state == EventState.CLOSED.value:
        raise WrongState(
            f"event {context.event.slug!r} is closed; its results can no longer change",
            event=context.event.slug,
        )


def check_report(context: EventContext, game: GameFact) -> None:
    adapter_for(context.event.preset).check_report_window(_window(context, game))
    result, _, status = game.current
    if status is not ResultStatus.PENDING:
        who = game.reports[-1]
        raise DuplicateReport(
            f"{game.label} already has {result.value} ({status.value} by {who.actor} at "
            f"{who.at:%Y-%m-%d %H:%M}); confirm or dispute it, or ask an arbiter to correct it",
            round=game.round,
            board=game.board,
            result=result.value,
        )


def check_confirm(context: EventContext, game: GameFact) -> None:
    adapter_for(context.event.preset).check_report_window(_window(context, game))
    status = game.status
    if status is ResultStatus.PENDING:
        raise WrongState(f"{game.label} has no result to confirm", round=game.round)
    if status is ResultStatus.CONFIRMED:
        raise DuplicateReport(f"{game.label}: the result is already confirmed", round=game.round)
    if status is ResultStatus.DISPUTED:
        raise WrongState(f"{game.label} is disputed and awaits an arbiter's ruling")


def check_dispute(context: EventContext, game: GameFact) -> None:
    adapter_for(context.event.preset).check_report_window(_window(context, game))
    status = game.status
    if status is ResultStatus.PENDING:
        raise WrongState(f"{game.label} has no result to dispute", round=game.round)
    if status is ResultStatus.DISPUTED:
        raise DuplicateReport(f"{game.label} is already disputed", round=game.round)
    if status is not ResultStatus.REPORTED:
        raise WrongState(
            f"{game.label} is {status.value}; ask an arbiter to correct it", round=game.round
        )


def check_ruling(context: EventContext, game: GameFact) -> None:
    _refuse_closed(context)
    if game.status not in (ResultStatus.PENDING, ResultStatus.DISPUTED):
        raise WrongState(
            f"{game.label} is {game.status.value}, not disputed; use a correction to change it",
            round=game.round,
        )


def check_correction(
    context: EventContext, game: GameFact, result: GameResult, reason: str
) -> None:
    _refuse_closed(context)
    if game.status is ResultStatus.PENDING:
        raise WrongState(f"{game.label} has no result to correct; report it", round=game.round)
    if game.result is result:
        raise DuplicateReport(f"{game.label} is already {result.value}", round=game.round)
    if not reason.strip():
        raise ParseError("a correction needs a reason", round=game.round, board=game.board)


def _apply(
    slug: str,
    where: GameRef,
    kind: ReportKind,
    *,
    actor: str,
    result_text: str | None = None,
    termination: Termination = Termination.NORMAL,
    reason: str = "",
    now: datetime | None = None,
    expected_version: int | None = None,
) -> ResultChange:
    with locked_event(
        slug, actor, f"result.{kind.value}", now=now, expected_version=expected_version
    ) as context:
        row = get_game(
            context.event,
            where.round,
            where.board,
            game=where.game,
            stage=where.stage,
            group=where.group,
        )
        game = game_fact_of(row)
        result = (
            adapter_for(context.event.preset).parse_result(result_text)
            if result_text is not None
            else None
        )
        match kind:
            case ReportKind.REPORT:
                check_report(context, game)
            case ReportKind.CONFIRM:
                check_confirm(context, game)
            case ReportKind.DISPUTE:
                check_dispute(context, game)
            case ReportKind.RULING:
                check_ruling(context, game)
            case ReportKind.CORRECTION:
                assert result is not None
                check_correction(context, game, result, reason)
        change = do_append_report(
            context, row, game, ReportFact(kind, result, termination, actor, context.now, reason)
        )
    return change


def do_append_report(
    context: EventContext, row: models.Game, game: GameFact, report: ReportFact
) -> ResultChange:
    before = (game.result, game.status)
    models.ResultReport.objects.create(game=row, **report_fields(report))
    pause_for_tests("report")
    after = replace(game, reports=(*game.reports, report))
    context.record(
        before={"game": game.label, "result": before[0].value, "status": before[1].value},
        after={
            "game": game.label,
            "result": after.result.value,
            "status": after.status.value,
            "reason": report.reason,
        },
    )
    return ResultChange(after, before)


def report_result(
    slug: str,
    where: GameRef,
    result: str,
    *,
    actor: str,
    termination: Termination = Termination.NORMAL,
    now: datetime | None = None,
    expected_version: int | None = None,
) -> ResultChange:
    return _apply(
        slug,
        where,
        ReportKind.REPORT,
        actor=actor,
        result_text=result,
        termination=termination,
        now=now,
        expected_version=expected_version,
    )


def confirm_result(
    slug: str, where: GameRef, *, actor: str, now: datetime | None = None
) -> ResultChange:
    return _apply(slug, where, ReportKind.CONFIRM, actor=actor, now=now)


def dispute_result(
    slug: str, where: GameRef, *, actor: str, reason: str = "", now: datetime | None = None
) -> ResultChange:
    return _apply(slug, where, ReportKind.DISPUTE, actor=actor, reason=reason, now=now)


def rule_result(
    slug: str,
    where: GameRef,
    result: str,
    *,
    actor: str,
    reason: str = "",
    termination: Termination = Termination.NORMAL,
    now: datetime | None = None,
) -> ResultChange:
    return _apply(
        slug,
        where,
        ReportKind.RULING,
        actor=actor,
        result_text=result,
        termination=termination,
        reason=reason,
        now=now,
    )


def correct_result(
    slug: str,
    where: GameRef,
    result: str,
    *,
    actor: str,
    reason: str,
    termination: Termination = Termination.NORMAL,
    now: datetime | None = None,
) -> ResultChange:
    return _apply(
        slug,
        where,
        ReportKind.CORRECTION,
        actor=actor,
        result_text=result,
        termination=termination,
        reason=reason,
        now=now,
    )


# -- moves ------------------------------------------------------------------------------------


def record_move(
    slug: str, where: GameRef, notation: str, *, actor: str, now: datetime | None = None
) -> int:
    """Append a move with its time (for day clocks). Returns its ply number."""
    with locked_event(slug, actor, "game.move", now=now) as context:
        row = get_game(
            context.event,
            where.round,
            where.board,
            game=where.game,
            stage=where.stage,
            group=where.group,
        )
        game = game_fact_of(row)
        if context.event.state != EventState.RUNNING.value or game.result.is_decided:
            raise WrongState(
                f"{game.label}: moves are recorded only while the game is in progress",
                round=game.round,
                board=game.board,
            )
        if not notation.strip():
            raise ParseError("a move needs its notation", round=game.round, board=game.board)
        ply = models.Move.objects.filter(game=row).count() + 1
        models.Move.objects.create(
            game=row, ply=ply, notation=notation.strip(), played_at=context.now, actor=actor
        )
        context.record(after={"game": game.label, "ply": ply, "move": notation.strip()})
    return ply
