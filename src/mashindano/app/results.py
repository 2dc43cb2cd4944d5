"""Results: report, confirm, dispute, rule, correct (an append-only log per game).

The current result of a game is the latest report, ruling or correction (`facts.fold_reports`);
nothing is overwritten. Players report and confirm within the preset's window (chess: the
current round), and a report is confirmed or disputed by the opponent or an official, never by
its reporter (`permissions.check_answer`); arbiters rule and correct at any time while the
event is not closed, and the standings of later rounds follow because they are recomputed from
the log.

A report may carry a per-game `detail` (a JSON object, exact values as strings: Tantrix TPs);
the preset's adapter reads the result text and the detail together (`parse_report`). Once
every game of an encounter has a result, the adapter may ask for more (`plan_extra_games`: a
Tantrix tiebreak game, the KIBA final's game 3); they are appended in the same transaction
and named in the same audit entry. Before anything is written the adapter may refuse a
result change where the event stands (`check_result_change`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from datetime import datetime

from django.db.models import Max
from django.utils.translation import gettext

from mashindano.app.errors import DuplicateReport, WrongState
from mashindano.app.formats.base import ParsedResult, PlannedGame, ReportWindow
from mashindano.app.formats.parts import (
    BOARD_GROUPS,
    EXTRA_GAMES,
    RESULT_CHANGES,
    RESULT_DETAILS,
    RESULTS,
)
from mashindano.app.formats.registry import part
from mashindano.app.locking import SYSTEM_ACTOR, EventContext, locked_event, pause_for_tests
from mashindano.app.permissions import check_answer
from mashindano.app.principals import Principal
from mashindano.app.queries import get_game
from mashindano.engine.errors import ParseError
from mashindano.engine.model import GameResult, Termination
from mashindano.store import models
from mashindano.store.facts import (
    EncounterFact,
    EventState,
    GameFact,
    Json,
    ReportFact,
    ReportKind,
    ResultDetail,
    ResultStatus,
)
from mashindano.store.mapping import encounter_fact_of, game_fact_of, report_fields, state_of


@dataclass(frozen=True, slots=True)
class GameRef:
    """Which game: round and board (and the game number inside a multi-game encounter)."""

    round: int
    board: int
    game: int = 1
    stage: int = 1
    group: str = ""


def get_game_at(event: models.Event, where: GameRef) -> models.Game:
    """The stored game `where` names (UnknownGame when there is none). Where one stored round
    holds several groups (KIBA: groups A and B in one round), the group names the board's
    group in that round (the preset's `board_groups`), as the round's pages show it."""
    group = where.group
    if (
        group
        and not models.Round.objects.filter(
            stage__event=event, stage__number=where.stage, group=group, number=where.round
        ).exists()
    ):
        from mashindano.app.errors import UnknownGame
        from mashindano.store.mapping import load_event_facts

        found = get_game(event, where.round, where.board, game=where.game, stage=where.stage)
        groups = part(event.preset, BOARD_GROUPS).board_groups(
            load_event_facts(event), where.stage, where.round
        )
        if groups.get(where.board) != group:
            raise UnknownGame(
                gettext(
                    "event {slug!r}: round {round}, board {board} is not in group {group}"
                ).format(slug=event.slug, round=where.round, board=where.board, group=group),
                event=event.slug,
                round=where.round,
                board=where.board,
            )
        return found
    return get_game(
        event, where.round, where.board, game=where.game, stage=where.stage, group=group
    )


@dataclass(frozen=True, slots=True)
class ResultChange:
    game: GameFact
    """The game as it stands after the change."""
    before: tuple[GameResult, ResultStatus]
    added: tuple[GameFact, ...] = ()
    """Games appended to the encounter because its match rule needs another one."""


def _window(context: EventContext, game: GameFact) -> ReportWindow:
    latest = models.Round.objects.filter(
        stage__event=context.event, stage__number=game.stage, group=game.group
    ).aggregate(latest=Max("number"))["latest"]
    return ReportWindow(
        state_of(context.event), game, latest or game.round, context.now, context.facts
    )


def _refuse_closed(context: EventContext) -> None:
    if context.event.state == EventState.CLOSED.value:
        raise WrongState(
            gettext("event {slug!r} is closed; its results can no longer change").format(
                slug=context.event.slug
            ),
            event=context.event.slug,
        )


def check_report(context: EventContext, game: GameFact) -> None:
    part(context.event.preset, RESULTS).check_report_window(_window(context, game))
    result, _, status = game.current
    if status is not ResultStatus.PENDING:
        who = game.reports[-1]
        raise DuplicateReport(
            gettext(
                "{label} already has {value} ({value2} by {actor} at "
                "{at:%Y-%m-%d %H:%M}); confirm or dispute it, or ask an "
                "arbiter to correct it"
            ).format(
                label=game.label,
                value=result.value,
                value2=status.value,
                actor=who.actor,
                at=who.at,
            ),
            round=game.round,
            board=game.board,
            result=result.value,
        )


def check_confirm(context: EventContext, game: GameFact) -> None:
    part(context.event.preset, RESULTS).check_report_window(_window(context, game))
    status = game.status
    if status is ResultStatus.PENDING:
        raise WrongState(
            gettext("{label} has no result to confirm").format(label=game.label), round=game.round
        )
    if status is ResultStatus.CONFIRMED:
        raise DuplicateReport(
            gettext("{label}: the result is already confirmed").format(label=game.label),
            round=game.round,
        )
    if status is ResultStatus.DISPUTED:
        raise WrongState(
            gettext("{label} is disputed and awaits an arbiter's ruling").format(label=game.label)
        )


def check_dispute(context: EventContext, game: GameFact) -> None:
    part(context.event.preset, RESULTS).check_report_window(_window(context, game))
    status = game.status
    if status is ResultStatus.PENDING:
        raise WrongState(
            gettext("{label} has no result to dispute").format(label=game.label), round=game.round
        )
    if status is ResultStatus.DISPUTED:
        raise DuplicateReport(
            gettext("{label} is already disputed").format(label=game.label), round=game.round
        )
    if status is not ResultStatus.REPORTED:
        raise WrongState(
            gettext("{label} is {value}; ask an arbiter to correct it").format(
                label=game.label, value=status.value
            ),
            round=game.round,
        )


def check_ruling(context: EventContext, game: GameFact) -> None:
    _refuse_closed(context)
    if game.status not in (ResultStatus.PENDING, ResultStatus.DISPUTED):
        raise WrongState(
            gettext("{label} is {value}, not disputed; use a correction to change it").format(
                label=game.label, value=game.status.value
            ),
            round=game.round,
        )


def check_correction(
    context: EventContext, game: GameFact, parsed: ParsedResult, reason: str
) -> None:
    _refuse_closed(context)
    if game.status is ResultStatus.PENDING:
        raise WrongState(
            gettext("{label} has no result to correct; report it").format(label=game.label),
            round=game.round,
        )
    if game.result is parsed.result and game.detail == parsed.detail:
        detail = f" {json.dumps(parsed.detail)}" if parsed.detail is not None else ""
        shown = parsed.result.value + detail
        raise DuplicateReport(
            gettext("{label} is already {shown}").format(label=game.label, shown=shown),
            round=game.round,
        )
    if not reason.strip():
        raise ParseError(gettext("a correction needs a reason"), round=game.round, board=game.board)


def _apply(
    slug: str,
    where: GameRef,
    kind: ReportKind,
    *,
    actor: Principal,
    result_text: str | None = None,
    detail: ResultDetail | None = None,
    termination: Termination = Termination.NORMAL,
    reason: str = "",
    now: datetime | None = None,
    expected_version: int | None = None,
) -> ResultChange:
    with locked_event(
        slug, actor, f"result.{kind.value}", now=now, expected_version=expected_version
    ) as context:
        row = get_game_at(context.event, where)
        game = game_fact_of(row)
        context.grant.require_own((game.first, game.second), what=game.label)
        parsed = (
            part(context.event.preset, RESULT_DETAILS).parse_report(
                result_text, detail, game=game, parameters=context.event.parameters
            )
            if result_text is not None
            else None
        )
        match kind:
            case ReportKind.REPORT:
                check_report(context, game)
            case ReportKind.CONFIRM:
                check_confirm(context, game)
                check_answer(context.grant, context.event.slug, game)
            case ReportKind.DISPUTE:
                check_dispute(context, game)
                check_answer(context.grant, context.event.slug, game)
            case ReportKind.RULING:
                check_ruling(context, game)
            case ReportKind.CORRECTION:
                assert parsed is not None
                check_correction(context, game, parsed, reason)
        if parsed is not None:
            part(context.event.preset, RESULT_CHANGES).check_result_change(
                game, parsed, context.facts
            )
        report = ReportFact(
            kind,
            parsed.result if parsed is not None else None,
            termination,
            actor.name,
            context.now,
            reason,
            parsed.detail if parsed is not None else None,
        )
        change = do_append_report(context, row, game, report)
        if report.result is not None:
            change = do_extend_encounter(context, row.encounter, change)
    return change


def _audit_game(game: GameFact, result: GameResult, status: ResultStatus) -> dict[str, Json]:
    audit: dict[str, Json] = {"game": game.label, "result": result.value, "status": status.value}
    detail = game.detail
    if detail is not None:
        audit["detail"] = detail
    return audit


def do_append_report(
    context: EventContext, row: models.Game, game: GameFact, report: ReportFact
) -> ResultChange:
    before = (game.result, game.status)
    models.ResultReport.objects.create(game=row, **report_fields(report))
    pause_for_tests("report")
    after = replace(game, reports=(*game.reports, report))
    context.record(
        before=_audit_game(game, *before),
        after={**_audit_game(after, after.result, after.status), "reason": report.reason},
    )
    return ResultChange(after, before)


def do_extend_encounter(
    context: EventContext, encounter_row: models.Encounter, change: ResultChange
) -> ResultChange:
    """Append the games the match rule asks for once every game of the encounter has a
    result (none while one is still open, so each needed game is added exactly once)."""
    if context.event.state != EventState.RUNNING.value:
        return change
    encounter = encounter_fact_of(encounter_row)
    if not all(g.result.is_decided for g in encounter.games):
        return change
    planned = part(context.event.preset, EXTRA_GAMES).plan_extra_games(
        context.event.parameters, encounter, context.facts
    )
    if not planned:
        return change
    added = tuple(
        do_add_game(context, encounter_row, encounter, number, game)
        for number, game in enumerate(planned, start=len(encounter.games) + 1)
    )
    if isinstance(context.after, dict):
        context.after["added_games"] = [
            {
                "game": g.number,
                "first": g.first,
                "second": g.second,
                "first_side": g.first_side.value,
                "result": g.result.value,
            }
            for g in added
        ]
    return replace(change, added=added)


def do_add_game(
    context: EventContext,
    encounter_row: models.Encounter,
    encounter: EncounterFact,
    number: int,
    planned: PlannedGame,
) -> GameFact:
    entries = {e.key: e for e in (encounter_row.first, encounter_row.second) if e is not None}
    row = models.Game.objects.create(
        encounter=encounter_row,
        number=number,
        first=entries[planned.first],
        second=entries[planned.second],
        first_side=planned.first_side.value,
    )
    reports: tuple[ReportFact, ...] = ()
    if planned.decided is not None:
        decided = ReportFact(
            ReportKind.RULING,
            planned.decided,
            Termination.NORMAL,
            SYSTEM_ACTOR,
            context.now,
            planned.reason,
        )
        models.ResultReport.objects.create(game=row, **report_fields(decided))
        reports = (decided,)
    template = encounter.games[-1]
    return replace(
        template,
        id=row.id,
        number=number,
        first=planned.first,
        second=planned.second,
        first_side=planned.first_side,
        reports=reports,
        moves=(),
    )


def report_result(
    slug: str,
    where: GameRef,
    result: str,
    *,
    actor: Principal,
    detail: ResultDetail | None = None,
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
        detail=detail,
        termination=termination,
        now=now,
        expected_version=expected_version,
    )


def confirm_result(
    slug: str, where: GameRef, *, actor: Principal, now: datetime | None = None
) -> ResultChange:
    return _apply(slug, where, ReportKind.CONFIRM, actor=actor, now=now)


def dispute_result(
    slug: str, where: GameRef, *, actor: Principal, reason: str = "", now: datetime | None = None
) -> ResultChange:
    """A dispute says why (issue 29 item 11): an empty reason is refused, naming the field."""
    if not reason.strip():
        raise ParseError(
            gettext("a dispute needs a reason: say why the result is wrong"),
            code="missing_parameter",
            parameter="reason",
            round=where.round,
            board=where.board,
        )
    return _apply(slug, where, ReportKind.DISPUTE, actor=actor, reason=reason, now=now)


def rule_result(
    slug: str,
    where: GameRef,
    result: str,
    *,
    actor: Principal,
    detail: ResultDetail | None = None,
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
        detail=detail,
        termination=termination,
        reason=reason,
        now=now,
    )


def correct_result(
    slug: str,
    where: GameRef,
    result: str,
    *,
    actor: Principal,
    detail: ResultDetail | None = None,
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
        detail=detail,
        termination=termination,
        reason=reason,
        now=now,
    )
