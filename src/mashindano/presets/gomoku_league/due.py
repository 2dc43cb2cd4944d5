"""The league's part in what time does by itself: a validated result final 24 h after its
report unless disputed (R47), reminders before a month's report window closes and the arbiters
told of what is unreported (R45, A21), each player's pairings when they may start (R21, A14)
and the new list of a closed month (R12-R15), also for the season's last month closed with the
event."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import datetime, timedelta

from mashindano.app.due import (
    DueHooks,
    DueItem,
    DueKind,
    duration_text,
    event_id_of,
    game_context,
    reminder_offset,
    when_text,
)
from mashindano.app.notify import (
    Kind,
    event_link,
    news_for_arbiters,
    news_for_players,
    player_link,
)
from mashindano.engine.errors import MashindanoError
from mashindano.engine.gomoku.closing import reports_close_at
from mashindano.engine.gomoku.ladder import format_coefficient
from mashindano.presets.gomoku_league.history import (
    LEAGUE_STAGE,
    MonthRecord,
    derive_history,
    first_league_month,
    is_month_closed,
    league_event_parameters,
)
from mashindano.store.facts import (
    EventFacts,
    GameFact,
    Json,
    ResultStatus,
)

LEAGUE_CLOSED_NEWS = timedelta(days=7)
"""A Gomoku league closed this recently still sends its last month's new list."""

# -- Gomoku ---------------------------------------------------------------------------------


def _gomoku_due(facts: EventFacts, now: datetime) -> Iterator[DueItem]:
    league = league_event_parameters(facts.parameters).league
    event_id = event_id_of(facts.slug)
    names = {str(c.id): c.name for c in facts.competitors}
    for round_fact in facts.rounds:
        for game in round_fact.games():
            final_at = gomoku_final_at(game, league.dispute_window_hours)
            if final_at is None or now < final_at:
                continue
            key = f"gomoku-final:{facts.slug}:g{game.id}"
            context = {
                **game_context(facts, game, names),
                "result": game.result.value,
                "final_at": when_text(final_at),
                "report": "final",
            }
            yield DueItem(
                FINAL,
                facts.slug,
                key,
                final_at,
                f"{game.label}: {game.result.value} final since {when_text(final_at)} (R47)",
                news=tuple(
                    news_for_players(
                        key, Kind.RESULT_FINAL, event_id, [game.first, game.second], context
                    )
                ),
            )


def _gomoku_reports_due(
    facts: EventFacts, now: datetime, offsets: Sequence[timedelta]
) -> Iterator[DueItem]:
    """R45, A21: a match of an open month not reported yet: its players are reminded before
    the month's report window closes (the offsets), the arbiters told once when it closed
    with nothing reported."""
    parameters = league_event_parameters(facts.parameters)
    first = first_league_month(facts, parameters)
    if first is None:
        return
    event_id = event_id_of(facts.slug)
    names = {str(c.id): c.name for c in facts.competitors}
    for round_fact in facts.rounds:
        if is_month_closed(facts, round_fact.number):
            continue
        closes = reports_close_at(first.plus(round_fact.number - 1), parameters.league)
        for encounter in round_fact.encounters:
            if encounter.second is None:
                continue
            if any(r.result is not None for g in encounter.games for r in g.reports):
                continue
            where = f"r{round_fact.number}b{encounter.board}"
            context: dict[str, Json] = {
                "event": facts.name,
                "slug": facts.slug,
                "link": event_link(facts.slug, "month", month=round_fact.number),
                "round": round_fact.number,
                "board": encounter.board,
                "a": names.get(str(encounter.first), str(encounter.first)),
                "b": names.get(str(encounter.second), str(encounter.second)),
                "deadline": when_text(closes),
            }
            if now >= closes:
                key = f"unreported:{facts.slug}:{where}"
                yield DueItem(
                    DueKind.REMINDER,
                    facts.slug,
                    key,
                    closes,
                    f"round {round_fact.number}, board {encounter.board}: not reported by "
                    f"{when_text(closes)} (R45)",
                    news=tuple(news_for_arbiters(key, Kind.UNREPORTED, event_id, context)),
                )
                continue
            reminder = reminder_offset(closes, round_fact.published_at, now, offsets)
            if reminder is None:
                continue
            hours = int(reminder.total_seconds() // 3600)
            key = f"report-due:{facts.slug}:{where}:{hours}h"
            yield DueItem(
                DueKind.REMINDER,
                facts.slug,
                key,
                closes - reminder,
                f"round {round_fact.number}, board {encounter.board}: "
                f"report by {when_text(closes)}",
                news=tuple(
                    news_for_players(
                        key,
                        Kind.REPORT_DUE,
                        event_id,
                        [encounter.first, encounter.second],
                        {
                            **context,
                            "link": player_link(),
                            "time_left": duration_text(closes - now),
                        },
                    )
                ),
            )


def _gomoku_months_due(facts: EventFacts, now: datetime) -> Iterator[DueItem]:
    """R21, A14: each player of an open month is sent the month's pairings when the player may
    start playing: day 1, or day 8 (when registration has closed) for the lower third and the
    newcomers; never before the month was paired, nor after its report window closed. R12-R15:
    when a month is closed, every player of it is sent the new list, once (the latest month
    only, so that an account linked later is not sent the old ones)."""
    parameters = league_event_parameters(facts.parameters)
    try:
        history = derive_history(facts, parameters, now)
    except MashindanoError:
        return  # a league its documents cannot replay either: nothing to announce from it
    if not history.months:
        return
    event_id = event_id_of(facts.slug)
    names = {str(c.id): c.name for c in facts.competitors}
    closed = [m for m in history.months if m.is_closed]
    if closed:
        yield _month_closed(facts, closed[-1], event_id, names)
    for record in history.months:
        if record.is_closed or record.round is None:
            continue
        if now >= reports_close_at(record.month, parameters.league):
            continue
        for player in record.stage.ladder.ids:
            matches = [p for p in record.planned if p.match.involves(player)]
            if not matches:
                continue
            starts = max(min(p.may_play_from for p in matches), record.round.published_at)
            if now < starts:
                continue
            key = f"gomoku-pairings:{facts.slug}:m{record.number}:{player}"
            listed: list[Json] = [
                {
                    "opponent": names.get(str(other), str(other)),
                    "from": when_text(p.may_play_from),
                }
                for p in matches
                for other in (p.match.lower if p.match.upper == player else p.match.upper,)
            ]
            context = _month_context(facts, record, {"from": when_text(starts), "matches": listed})
            yield DueItem(
                DueKind.REMINDER,
                facts.slug,
                key,
                starts,
                f"month {record.number}: {player}'s pairings, "
                f"to play from {when_text(starts)} (R21)",
                news=tuple(
                    news_for_players(key, Kind.GOMOKU_PAIRINGS, event_id, [player], context)
                ),
            )


def _month_context(
    facts: EventFacts, record: MonthRecord, more: dict[str, Json]
) -> dict[str, Json]:
    """What every mail about a league month says: the event, the month and its page."""
    return {
        "event": facts.name,
        "slug": facts.slug,
        "link": event_link(facts.slug, "month", month=record.number),
        "month": str(record.month),
        "round": record.number,
        **more,
    }


def _month_closed(
    facts: EventFacts, record: MonthRecord, event_id: int, names: dict[str, str]
) -> DueItem:
    ranking = record.outcome.ranking
    removed = set(ranking.removed)
    standings: list[Json] = [
        {
            "rank": rank,
            "name": names.get(str(entry.competitor), str(entry.competitor)),
            "coefficient": format_coefficient(entry.coefficient),
            "removed": entry.competitor in removed,
        }
        for rank, entry in enumerate(ranking.updated, start=1)
    ]
    key = f"month-closed:{facts.slug}:m{record.number}"
    context = _month_context(facts, record, {"standings": standings})
    players = list(record.stage.ladder.ids)
    closed_at = facts.period_closed_at.get((LEAGUE_STAGE, record.number), record.month.ends_at)
    return DueItem(
        DueKind.REMINDER,
        facts.slug,
        key,
        closed_at,
        f"month {record.number} closed: the new list to its {len(players)} players (R12-R15)",
        news=tuple(news_for_players(key, Kind.MONTH_CLOSED, event_id, players, context)),
    )


def gomoku_final_at(game: GameFact, dispute_window_hours: int) -> datetime | None:
    """R47: when a reported, undisputed result becomes final (None while no report, or when
    it was confirmed, disputed, ruled or corrected: those are final or waiting by a fact)."""
    if game.status is not ResultStatus.REPORTED:
        return None
    reported = min(r.at for r in game.reports if r.result is not None)
    return reported + timedelta(hours=dispute_window_hours)


FINAL = "gomoku-final"


def gomoku_due(facts: EventFacts, now: datetime, offsets: Sequence[timedelta]) -> Iterator[DueItem]:
    yield from _gomoku_due(facts, now)
    yield from _gomoku_reports_due(facts, now, offsets)
    yield from _gomoku_months_due(facts, now)


DUE = DueHooks(
    gomoku_due,
    after_close=_gomoku_months_due,
    closed_news_for=LEAGUE_CLOSED_NEWS,
)
