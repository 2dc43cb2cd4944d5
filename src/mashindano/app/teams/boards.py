"""Board results of team matches (fide_teams.md §2; issue 32 item 3): reported by a captain or
a board's player, confirmed or disputed by the other side (the confirmation rule of
`permissions.refuses_answer`, with the team as the side), ruled or corrected by an official.
The log per board is append-only like a game's (`store.facts.fold_reports`); the result reads
from the first-named team's player, and the preset says which results a game takes."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime

from django.utils.translation import gettext

from mashindano.app.errors import DuplicateReport, NotAllowed, OwnReport, WrongState
from mashindano.app.formats.parts import RESULTS
from mashindano.app.formats.registry import part
from mashindano.app.locking import EventContext, locked_event
from mashindano.app.permissions import refuses_answer, team_sides
from mashindano.app.principals import Principal
from mashindano.app.teams.facts import MatchFact, TeamEventFacts, load_team_facts
from mashindano.app.teams.mails import tell_board_reported
from mashindano.app.teams.setup import refuse_closed
from mashindano.engine.errors import ParseError
from mashindano.engine.model import GameResult
from mashindano.store import models
from mashindano.store.facts import ReportFact, ReportKind, ResultStatus


@dataclass(frozen=True, slots=True)
class BoardChange:
    round: int
    match: int
    board: int
    result: GameResult
    status: ResultStatus


@dataclass(frozen=True, slots=True)
class _Board:
    facts: TeamEventFacts
    match: MatchFact
    seat: tuple[str, str]
    label: str


def _board(context: EventContext, round_number: int, match: int, board: int) -> _Board:
    facts = load_team_facts(context.event)
    found = facts.match(round_number, match)
    if not 1 <= board <= facts.mode.boards:
        raise ParseError(
            gettext("board: a match has boards 1 to {boards}, got {board}").format(
                boards=facts.mode.boards, board=board
            ),
            parameter="board",
        )
    seated = facts.seated(found, context.now)
    label = gettext("round {round}, match {match}, board {board}").format(
        round=round_number, match=match, board=board
    )
    if seated is None:
        raise WrongState(
            gettext("{label}: the line-ups are not both in yet").format(label=label),
            round=round_number,
        )
    seat = seated[board - 1]
    if not (seat[0] and seat[1]):
        raise WrongState(
            gettext("{label} has an empty seat: it is decided by forfeit").format(label=label),
            round=round_number,
            board=board,
        )
    return _Board(facts, found, seat, label)


@contextmanager
def _opened(
    slug: str,
    round_number: int,
    match: int,
    board: int,
    *,
    actor: Principal,
    action: str,
    now: datetime | None,
) -> Iterator[tuple[EventContext, _Board]]:
    """The event locked for `action` (refused once closed) and the board it is about."""
    with locked_event(slug, actor, action, now=now) as context:
        refuse_closed(context)
        yield context, _board(context, round_number, match, board)


def _own_team(
    context: EventContext, found: _Board, refusal: str, action: str
) -> frozenset[int] | None:
    """The sides (1 the first-named team, 2 the other) the actor acts for on the board: None
    for an official; NotAllowed (`refusal` with the name and label) for neither side."""
    sides = team_sides(context.principal, context.event.slug, found.match.teams, found.seat)
    if sides is not None and not sides:
        raise NotAllowed(refusal.format(name=context.actor, label=found.label), action=action)
    return sides


def _side(sides: frozenset[int] | None) -> int:
    """The side a log row is written for: 0 for an official."""
    return 0 if sides is None else min(sides)


def _write(
    context: EventContext,
    found: _Board,
    board: int,
    kind: ReportKind,
    result: GameResult | None,
    side: int,
    reason: str,
) -> BoardChange:
    row = models.TeamMatch.objects.get(
        event=context.event, round=found.match.round, number=found.match.number
    )
    before, before_status, _ = _current(found, board)
    models.BoardReport.objects.create(
        match=row,
        board=board,
        kind=kind.value,
        result=result.value if result is not None else "",
        side=side,
        actor=context.actor,
        at=context.now,
        reason=reason,
    )
    after = load_team_facts(context.event)
    now_result, now_status, _ = after.board_result(
        after.match(found.match.round, found.match.number), board, found.seat
    )
    context.record(
        before={"result": before.value, "status": before_status.value},
        after={
            "round": found.match.round,
            "match": found.match.number,
            "board": board,
            "kind": kind.value,
            "result": now_result.value,
            "status": now_status.value,
        },
    )
    return BoardChange(found.match.round, found.match.number, board, now_result, now_status)


def _current(found: _Board, board: int) -> tuple[GameResult, ResultStatus, bool]:
    return found.facts.board_result(found.match, board, found.seat)


def report_board(
    slug: str,
    round: int,
    match: int,
    board: int,
    result: str,
    *,
    actor: Principal,
    reason: str = "",
    now: datetime | None = None,
) -> BoardChange:
    """Report a board's result (read from the first-named team's player: 1-0 is a win for
    them), by a captain of either team, one of the board's two players, or an official."""
    with _opened(slug, round, match, board, actor=actor, action="team.board-report", now=now) as (
        context,
        found,
    ):
        parsed = part(context.event.preset, RESULTS).parse_result(result)
        sides = _own_team(
            context,
            found,
            gettext("{name} may report only boards of their own team's matches: not {label}"),
            "team.board-report",
        )
        current, status, _ = _current(found, board)
        if status is not ResultStatus.PENDING:
            raise DuplicateReport(
                gettext(
                    "{label} already has {value} ({status}); confirm or dispute it, or ask an "
                    "arbiter to correct it"
                ).format(label=found.label, value=current.value, status=status.value),
                round=round,
                board=board,
            )
        side = _side(sides)
        done = _write(context, found, board, ReportKind.REPORT, parsed, side, reason)
        report = models.BoardReport.objects.filter(
            match__event=context.event,
            match__round=round,
            match__number=match,
            board=board,
        ).latest("id")
        tell_board_reported(
            context, found.facts, found.match, board, found.seat, parsed.value, side, report.id
        )
        return done


_ANSWERS = {ReportKind.CONFIRM: "team.board-confirm", ReportKind.DISPUTE: "team.board-dispute"}


def _answer(
    kind: ReportKind,
    slug: str,
    round_number: int,
    match: int,
    board: int,
    *,
    actor: Principal,
    reason: str,
    now: datetime | None,
) -> BoardChange:
    """A confirmation or dispute (`kind`) of the board's reported result."""
    action = _ANSWERS[kind]
    with _opened(slug, round_number, match, board, actor=actor, action=action, now=now) as (
        context,
        found,
    ):
        _, status, _ = _current(found, board)
        if status is ResultStatus.PENDING:
            raise WrongState(
                gettext("{label} has no result to answer").format(label=found.label),
                round=round_number,
            )
        if status is not ResultStatus.REPORTED:
            raise DuplicateReport(
                gettext("{label} is already {status}").format(
                    label=found.label, status=status.value
                ),
                round=round_number,
            )
        sides = _own_team(
            context,
            found,
            gettext("{name} may answer only boards of their own team's matches: not {label}"),
            action,
        )
        log = found.match.boards[board]
        answered = _answered(log.reports)
        report = log.reports[answered] if answered is not None else None
        reporter_side = log.sides[answered] if answered is not None else 0
        if report is not None and refuses_answer(
            context.principal,
            report.actor,
            acting_for=None if sides is None else frozenset(str(s) for s in sides),
            reporter_keys=frozenset({str(reporter_side)}) if reporter_side else frozenset(),
        ):
            raise OwnReport(
                gettext(
                    "{label}: {name} may not answer a result reported by themselves or their "
                    "team ({reporter}); the other team or an official confirms it"
                ).format(label=found.label, name=context.actor, reporter=report.actor),
                action=action,
                round=round_number,
                board=board,
            )
        return _write(context, found, board, kind, None, _side(sides), reason)


def _answered(reports: tuple[ReportFact, ...]) -> int | None:
    """Where the report a confirmation or dispute answers is in the log: the latest report,
    when no ruling or correction came after it (as `permissions.answered_report`)."""
    for index in range(len(reports) - 1, -1, -1):
        if reports[index].result is not None:
            return index if reports[index].kind is ReportKind.REPORT else None
    return None


def confirm_board(
    slug: str,
    round: int,
    match: int,
    board: int,
    *,
    actor: Principal,
    reason: str = "",
    now: datetime | None = None,
) -> BoardChange:
    """Confirm the board's reported result: the other team's captain or player, or an
    official; never the reporter or their team."""
    return _answer(
        ReportKind.CONFIRM, slug, round, match, board, actor=actor, reason=reason, now=now
    )


def dispute_board(
    slug: str,
    round: int,
    match: int,
    board: int,
    *,
    actor: Principal,
    reason: str = "",
    now: datetime | None = None,
) -> BoardChange:
    """Dispute the board's reported result (an arbiter then rules). A dispute says why, as
    a game's does (issue 29 item 11): an empty reason is refused, naming the field."""
    if not reason.strip():
        raise ParseError(
            gettext("a dispute needs a reason: say why the result is wrong"), parameter="reason"
        )
    return _answer(
        ReportKind.DISPUTE, slug, round, match, board, actor=actor, reason=reason.strip(), now=now
    )


def correct_board(
    slug: str,
    round: int,
    match: int,
    board: int,
    result: str,
    *,
    actor: Principal,
    reason: str,
    now: datetime | None = None,
) -> BoardChange:
    """An official's ruling (on a disputed or missing result) or correction, with a reason."""
    with locked_event(slug, actor, "team.board-correct", now=now) as context:
        refuse_closed(context)
        if not reason.strip():
            raise ParseError(
                gettext("a correction needs a reason (kept in the log)"), parameter="reason"
            )
        found = _board(context, round, match, board)
        parsed = part(context.event.preset, RESULTS).parse_result(result)
        _, status, _ = _current(found, board)
        kind = (
            ReportKind.RULING
            if status in (ResultStatus.PENDING, ResultStatus.DISPUTED)
            else ReportKind.CORRECTION
        )
        return _write(context, found, board, kind, parsed, 0, reason.strip())
