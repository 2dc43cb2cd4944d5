"""Tantrix's part in what time does by itself (R16, R20-R22, A5, A9): a missed offer or reply
limit loses the match (the open game ruled a forfeit for the other player, audited
`due.tantrix-default`; without an open game the controllers are told), reminders before
offers, replies and result forms, and the controllers told of forms still missing."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import datetime, timedelta

from mashindano.app.due import (
    DueHooks,
    DueItem,
    DueKind,
    Ruling,
    duration_text,
    event_id_of,
    reminder_offset,
    when_text,
)
from mashindano.app.notify import (
    Kind,
    news_for_arbiters,
    news_for_players,
    player_link,
    round_link,
)
from mashindano.app.results import GameRef
from mashindano.engine.errors import MashindanoError
from mashindano.engine.knockout.deadlines import DeadlineLimits, ReportStatus
from mashindano.engine.model import GameResult
from mashindano.presets.tantrix_knockout.adapter import knockout_parameters
from mashindano.presets.tantrix_knockout.use_cases import FormDeadline, MatchWhere, match_status
from mashindano.store.facts import (
    EventFacts,
    Json,
)

# -- Tantrix --------------------------------------------------------------------------------


def _tantrix_due(
    facts: EventFacts, now: datetime, offsets: Sequence[timedelta]
) -> Iterator[DueItem]:
    event_id = event_id_of(facts.slug)
    names = {str(c.id): c.name for c in facts.competitors}
    limits = DeadlineLimits.from_parameters(knockout_parameters(facts.parameters))
    for round_fact in facts.rounds:
        for encounter in round_fact.encounters:
            if encounter.second is None:
                continue
            where = MatchWhere(round_fact.number, encounter.board, round_fact.stage)
            try:
                status = match_status(facts.slug, where, now)
            except MashindanoError:
                continue
            context: dict[str, Json] = {
                "event": facts.name,
                "slug": facts.slug,
                "link": round_link(
                    facts.slug, round_fact.number, round_fact.stage, round_fact.group
                ),
                "stage": round_fact.stage,
                "round": round_fact.number,
                "board": encounter.board,
                "a": names.get(str(status.a), str(status.a)),
                "b": names.get(str(status.b), str(status.b)),
            }
            match = f"s{round_fact.stage}r{round_fact.number}b{encounter.board}"
            for form in status.form_deadlines:
                yield from _tantrix_forms_due(facts, event_id, match, form, context, limits)
            state = status.follow_up
            if state is None:
                continue
            if status.is_derived_default and state.default is not None:
                default = state.default
                open_games = [g for g in encounter.games if not g.result.is_decided]
                winner = status.winner
                why = (
                    "no offer of tiebreak dates within 24 hours (R20, A5)"
                    if default.reason.value == "no-offer"
                    else "no reply to the offer of dates within 48 hours (R22, A9)"
                )
                loser = status.a if default.loser == "a" else status.b
                reason = (
                    f"default: {names.get(str(loser), loser)} lost the match, {why}; "
                    f"limit {when_text(default.deadline)}"
                )
                key = f"tantrix-default:{facts.slug}:{match}"
                if not open_games:
                    yield DueItem(
                        DueKind.REMINDER,
                        facts.slug,
                        key,
                        default.deadline,
                        reason,
                        news=tuple(
                            news_for_arbiters(
                                key, Kind.TANTRIX_DEFAULT, event_id, {**context, "reason": reason}
                            )
                        ),
                    )
                    continue
                game = open_games[0]
                result = (
                    GameResult.FIRST_WINS_BY_FORFEIT
                    if game.first == winner
                    else GameResult.SECOND_WINS_BY_FORFEIT
                )
                ref = GameRef(round_fact.number, encounter.board, game.number, round_fact.stage)
                yield DueItem(
                    DEFAULT,
                    facts.slug,
                    key,
                    default.deadline,
                    reason,
                    ref,
                    result,
                    reason,
                    ruling=_RULING,
                )
                continue
            waiting = state.waiting_for
            if waiting is None:
                continue
            player = status.a if waiting == "a" else status.b
            if state.offer is None:
                deadline, kind, since = state.offer_deadline, Kind.TANTRIX_OFFER_DUE, None
            elif state.reply_deadline is not None:
                deadline, kind = state.reply_deadline, Kind.TANTRIX_REPLY_DUE
                since = state.offer.sent_at
            else:
                continue
            start = since if since is not None else deadline - limits.offer
            reminder = reminder_offset(deadline, start, now, offsets)
            if reminder is None:
                continue
            hours = int(reminder.total_seconds() // 3600)
            key = (
                f"{kind.value}:{facts.slug}:s{round_fact.stage}r{round_fact.number}"
                f"b{encounter.board}:{deadline.isoformat()}:{hours}h"
            )
            yield DueItem(
                DueKind.REMINDER,
                facts.slug,
                key,
                deadline - reminder,
                f"{where.label()}: {player} must act by {when_text(deadline)}",
                news=tuple(
                    news_for_players(
                        key,
                        kind,
                        event_id,
                        [player],
                        {
                            **context,
                            "link": player_link(),
                            "deadline": when_text(deadline),
                            "time_left": duration_text(deadline - now),
                        },
                    )
                ),
            )


def _tantrix_forms_due(
    facts: EventFacts,
    event_id: int,
    match: str,
    form: FormDeadline,
    context: dict[str, Json],
    limits: DeadlineLimits,
) -> Iterator[DueItem]:
    """R16: once a player filed a game's result form, the opponent's is due (1 hour after the
    end of the game by default): the opponent is told once; a form still missing at the limit
    goes to the arbiters (else organisers), once per game."""
    about = {**context, "game": form.game, "deadline": when_text(form.due)}
    place = f"{match}g{form.game}"
    for player, report in sorted(form.forms.items()):
        if report is not ReportStatus.PENDING:
            continue
        key = f"tantrix-form-due:{facts.slug}:{place}:{player}"
        yield DueItem(
            DueKind.REMINDER,
            facts.slug,
            key,
            form.due - limits.report,
            f"{place}: {player}'s result form due by {when_text(form.due)} (R16)",
            news=tuple(
                news_for_players(
                    key,
                    Kind.TANTRIX_FORM_DUE,
                    event_id,
                    [player],
                    {**about, "link": player_link()},
                )
            ),
        )
    missing = sorted(p for p, report in form.forms.items() if report is ReportStatus.MISSING)
    if missing:
        key = f"unreported:{facts.slug}:{place}"
        yield DueItem(
            DueKind.REMINDER,
            facts.slug,
            key,
            form.due,
            f"{place}: no result form from {', '.join(missing)} by {when_text(form.due)} (R16)",
            news=tuple(news_for_arbiters(key, Kind.UNREPORTED, event_id, about)),
        )


DEFAULT = "tantrix-default"
_RULING = Ruling("due.tantrix-default")


DUE = DueHooks(_tantrix_due)
