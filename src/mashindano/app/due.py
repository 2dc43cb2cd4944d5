"""What time does by itself: clocks and windows applied when they fall due.

`due_work(now)` lists what has fallen due at `now` in the running events; `apply_due(now)`
applies it. Both take the time as an argument (tests and the worker pass it), and
`apply_due` is idempotent: each item is checked again inside the event's write lock, so a
second call, or a call after a crash half-way, changes nothing that was already done.

- KIBA (R25): a player whose clock ran out loses the game. With `loss_on_time = automatic`
  (the default) the system records a ruling (1-0 or 0-1, termination `timeout`) with the
  reason and the deadline, audited as `due.loss-on-time` by the actor "mashindano"; the
  Mwamuzi corrects it like any result. With `proposal` the Mwamuzi is told and rules.
- Tantrix (R20-R22, A5, A9): a missed offer or reply limit loses the match: the system rules
  the open game a forfeit for the other player (`due.tantrix-default`). Without an open game
  to rule on, the controllers are told instead.
- Gomoku (R47): a validated result becomes final 24 h after its report unless disputed. The
  rules need no fact for it (the window is derived wherever it matters): the players are told.
- Reminders before deadlines (KIBA moves, Tantrix offers and replies, Gomoku reports) at the
  offsets `REMINDER_OFFSETS` (72 h, 24 h, 2 h); only the nearest offset already reached is
  sent, and none that would come before the waiting started. A Tantrix result form is due
  within the hour (R16): the player whose opponent filed is told at once.
- Gomoku months (R21, A14, R12-R15): each player's pairings when the player may start (day 1,
  day 8 for the lower third and newcomers); the new list to every player of a closed month.
- To the arbiters (else organisers): results still unreported at a deadline (a Gomoku month's
  report window, a Tantrix form's limit, a KIBA clock run out and left to the Mwamuzi for
  `UNREPORTED_AFTER`), and disputes waiting for a ruling.

Every item has a key naming it once; the notifications it makes are stored once by that key
(and the recipient), so a retry or a run after a crash sends nothing twice. Links go to the
public pages (`/e/<slug>/...`) or, for what a player must do, to `/me/`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import StrEnum

from django.utils.translation import gettext

from mashindano.app.clocks import GameClock, kiba_loss_on_time_mode, open_game_clocks
from mashindano.app.errors import AppError
from mashindano.app.formats.gomoku_league_history import (
    LEAGUE_STAGE,
    MonthRecord,
    derive_history,
    first_league_month,
    is_month_closed,
    league_event_parameters,
)
from mashindano.app.formats.tantrix_knockout import knockout_parameters
from mashindano.app.locking import locked_event, pause_for_tests
from mashindano.app.notify import (
    Kind,
    News,
    event_link,
    news_for_arbiters,
    news_for_players,
    player_link,
    round_link,
    store_news,
)
from mashindano.app.principals import SYSTEM
from mashindano.app.queries import get_event_facts
from mashindano.app.results import GameRef, do_append_report, do_extend_encounter, get_game_at
from mashindano.app.tantrix import FormDeadline, MatchWhere, match_status
from mashindano.engine.errors import MashindanoError
from mashindano.engine.gomoku.closing import reports_close_at
from mashindano.engine.gomoku.ladder import format_coefficient
from mashindano.engine.gomoku.parameters import PRESET_NAME as GOMOKU_PRESET
from mashindano.engine.kiba import PRESET_NAME as KIBA_PRESET
from mashindano.engine.knockout.deadlines import DeadlineLimits, ReportStatus
from mashindano.engine.knockout.parameters import PRESET_NAME as TANTRIX_PRESET
from mashindano.engine.model import GameResult, Side, Termination
from mashindano.engine.timestamps import require_aware
from mashindano.store import models
from mashindano.store.facts import (
    EventFacts,
    EventState,
    GameFact,
    Json,
    ReportFact,
    ReportKind,
    ResultStatus,
)
from mashindano.store.mapping import game_fact_of

DISPUTE_WAITING_AFTER = timedelta(hours=24)
"""The arbiters are told of a dispute not ruled this long after it was opened."""

UNREPORTED_AFTER = timedelta(hours=24)
"""KIBA: the arbiters are told of a game whose clock ran out and that has no result this long
after its deadline (when the Mwamuzi rules on losses on time)."""

LEAGUE_CLOSED_NEWS = timedelta(days=7)
"""A Gomoku league closed this recently still sends its last month's new list."""

REMINDER_OFFSETS: tuple[timedelta, ...] = (
    timedelta(hours=72),
    timedelta(hours=24),
    timedelta(hours=2),
)


class DueKind(StrEnum):
    KIBA_LOSS_ON_TIME = "kiba-loss-on-time"
    KIBA_PROPOSAL = "kiba-loss-on-time-proposal"
    TANTRIX_DEFAULT = "tantrix-default"
    GOMOKU_FINAL = "gomoku-final"
    REMINDER = "reminder"


WRITES = frozenset({DueKind.KIBA_LOSS_ON_TIME, DueKind.TANTRIX_DEFAULT})
"""The kinds that append a fact (a ruling); the others only tell people."""


@dataclass(frozen=True, slots=True)
class DueItem:
    kind: DueKind
    event: str
    key: str
    """Names the work once: the same item found again has the same key."""
    at: datetime
    """When it fell due (the deadline passed, the window closed, the reminder's time)."""
    description: str
    game: GameRef | None = None
    result: GameResult | None = None
    reason: str = ""
    news: tuple[News, ...] = field(default=(), compare=False)


@dataclass(frozen=True, slots=True)
class Applied:
    rulings: tuple[DueItem, ...]
    notifications: int
    skipped: tuple[str, ...]
    """Items that were no longer due when their turn came (someone acted first)."""


def due_work(now: datetime, *, offsets: Sequence[timedelta] = REMINDER_OFFSETS) -> list[DueItem]:
    """Everything due at `now` in the running events, rulings first."""
    require_aware(now, "now")
    items: list[DueItem] = []
    for slug, preset in (
        models.Event.objects.filter(state=EventState.RUNNING.value)
        .order_by("id")
        .values_list("slug", "preset")
    ):
        facts = get_event_facts(slug, with_moves=preset == KIBA_PRESET)
        if preset == KIBA_PRESET:
            items.extend(_kiba_due(facts, now, offsets))
        elif preset == TANTRIX_PRESET:
            items.extend(_tantrix_due(facts, now, offsets))
        elif preset == GOMOKU_PRESET:
            items.extend(_gomoku_due(facts, now))
            items.extend(_gomoku_reports_due(facts, now, offsets))
            items.extend(_gomoku_months_due(facts, now))
        items.extend(_disputes_waiting(facts, now))
    for slug in models.Event.objects.filter(
        state=EventState.CLOSED.value, preset=GOMOKU_PRESET, closed_at__gte=now - LEAGUE_CLOSED_NEWS
    ).values_list("slug", flat=True):
        # the season's last month may be closed with the event before the worker's next tick
        items.extend(_gomoku_months_due(get_event_facts(slug), now))
    items.sort(key=lambda i: (i.kind not in WRITES, i.at, i.key))
    return items


def apply_due(now: datetime, *, offsets: Sequence[timedelta] = REMINDER_OFFSETS) -> Applied:
    """Apply everything due at `now`: rulings (each in its own transaction, checked again
    under the event's lock) and notifications (each created once, by key)."""
    rulings: list[DueItem] = []
    skipped: list[str] = []
    work = due_work(now, offsets=offsets)
    notifications = store_news(
        [n for item in work if item.kind not in WRITES for n in item.news], now
    )
    for item in work:
        if item.kind in WRITES:
            try:
                done = _apply_ruling(item, now)
            except AppError as refused:
                skipped.append(f"{item.key}: {refused.message}")
                continue
            if done:
                rulings.append(item)
            else:
                skipped.append(item.key)
    return Applied(tuple(rulings), notifications, tuple(skipped))


# -- KIBA -----------------------------------------------------------------------------------


def _kiba_due(facts: EventFacts, now: datetime, offsets: Sequence[timedelta]) -> Iterator[DueItem]:
    mode = kiba_loss_on_time_mode(facts)
    event_id = _event_id(facts.slug)
    names = {str(c.id): c.name for c in facts.competitors}
    for clock in open_game_clocks(facts, now):
        game = clock.game
        where = GameRef(game.round, game.board, game.number, game.stage, game.group)
        loser = clock.to_move
        context: dict[str, Json] = {
            "event": facts.name,
            "slug": facts.slug,
            "link": round_link(facts.slug, game.round, game.stage, game.group),
            "round": game.round,
            "board": game.board,
            "game": game.number,
            "player": names.get(str(loser), str(loser)),
            "opponent": names.get(str(clock.opponent), str(clock.opponent)),
            "deadline": _when(clock.deadline),
            "moves": len(clock.reading.moves),
        }
        if clock.reading.flagged is not None:
            side = clock.reading.flagged
            result = GameResult.SECOND_WINS if side is Side.SOUTH else GameResult.FIRST_WINS
            reason = (
                f"loss on time: {side.value} ({names.get(str(loser), loser)}) did not move by "
                f"{_when(clock.deadline)} (R25)"
            )
            key = f"kiba-flag:{facts.slug}:g{game.id}:m{len(clock.reading.moves)}"
            if mode == "automatic":
                yield DueItem(
                    DueKind.KIBA_LOSS_ON_TIME,
                    facts.slug,
                    key,
                    clock.deadline,
                    reason,
                    where,
                    result,
                    reason,
                )
            else:
                proposal = {**context, "result": result.value, "reason": reason}
                yield DueItem(
                    DueKind.KIBA_PROPOSAL,
                    facts.slug,
                    key,
                    clock.deadline,
                    reason,
                    where,
                    result,
                    reason,
                    tuple(news_for_arbiters(key, Kind.PROPOSAL, event_id, proposal)),
                )
                if now >= clock.deadline + UNREPORTED_AFTER:
                    yield _kiba_unreported(facts, clock, event_id, names, where)
            continue
        reminder = _reminder(clock.deadline, _waiting_since(clock), now, offsets)
        if reminder is not None:
            hours = int(reminder.total_seconds() // 3600)
            key = f"reminder:{facts.slug}:g{game.id}:m{len(clock.reading.moves)}:{hours}h"
            context["time_left"] = _duration(clock.deadline - now)
            context["link"] = player_link()
            yield DueItem(
                DueKind.REMINDER,
                facts.slug,
                key,
                clock.deadline - reminder,
                f"{game.label}: {loser} to move by {_when(clock.deadline)}",
                where,
                news=tuple(
                    news_for_players(key, Kind.DEADLINE_REMINDER, event_id, [loser], context)
                ),
            )


def _kiba_unreported(
    facts: EventFacts, clock: GameClock, event_id: int, names: dict[str, str], where: GameRef
) -> DueItem:
    """A clock ran out, the Mwamuzi was asked to rule (`loss_on_time = proposal`), and the game
    still has no result `UNREPORTED_AFTER` later: the arbiters (else organisers) are told once."""
    game = clock.game
    key = f"unreported:{facts.slug}:g{game.id}:m{len(clock.reading.moves)}"
    context = {
        **_game_context(facts, game, names, players=("a", "b")),
        "deadline": _when(clock.deadline),
    }
    return DueItem(
        DueKind.REMINDER,
        facts.slug,
        key,
        clock.deadline + UNREPORTED_AFTER,
        f"{game.label}: no result recorded since the clock ran out at {_when(clock.deadline)}",
        where,
        news=tuple(news_for_arbiters(key, Kind.UNREPORTED, event_id, context)),
    )


def _waiting_since(clock: GameClock) -> datetime:
    moves = clock.reading.moves
    return moves[-1].at if moves else clock.start


def _reminder(
    deadline: datetime, since: datetime, now: datetime, offsets: Sequence[timedelta]
) -> timedelta | None:
    """The nearest offset reached at `now` whose time falls after the waiting started."""
    reached = [o for o in offsets if deadline - o <= now < deadline and deadline - o > since]
    return min(reached, default=None)


# -- Tantrix --------------------------------------------------------------------------------


def _tantrix_due(
    facts: EventFacts, now: datetime, offsets: Sequence[timedelta]
) -> Iterator[DueItem]:
    event_id = _event_id(facts.slug)
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
                    f"limit {_when(default.deadline)}"
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
                    DueKind.TANTRIX_DEFAULT,
                    facts.slug,
                    key,
                    default.deadline,
                    reason,
                    ref,
                    result,
                    reason,
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
            reminder = _reminder(deadline, start, now, offsets)
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
                f"{where.label()}: {player} must act by {_when(deadline)}",
                news=tuple(
                    news_for_players(
                        key,
                        kind,
                        event_id,
                        [player],
                        {
                            **context,
                            "link": player_link(),
                            "deadline": _when(deadline),
                            "time_left": _duration(deadline - now),
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
    about = {**context, "game": form.game, "deadline": _when(form.due)}
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
            f"{place}: {player}'s result form due by {_when(form.due)} (R16)",
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
            f"{place}: no result form from {', '.join(missing)} by {_when(form.due)} (R16)",
            news=tuple(news_for_arbiters(key, Kind.UNREPORTED, event_id, about)),
        )


# -- Gomoku ---------------------------------------------------------------------------------


def _gomoku_due(facts: EventFacts, now: datetime) -> Iterator[DueItem]:
    league = league_event_parameters(facts.parameters).league
    event_id = _event_id(facts.slug)
    names = {str(c.id): c.name for c in facts.competitors}
    for round_fact in facts.rounds:
        for game in round_fact.games():
            final_at = gomoku_final_at(game, league.dispute_window_hours)
            if final_at is None or now < final_at:
                continue
            key = f"gomoku-final:{facts.slug}:g{game.id}"
            context = {
                **_game_context(facts, game, names),
                "result": game.result.value,
                "final_at": _when(final_at),
                "report": "final",
            }
            yield DueItem(
                DueKind.GOMOKU_FINAL,
                facts.slug,
                key,
                final_at,
                f"{game.label}: {game.result.value} final since {_when(final_at)} (R47)",
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
    event_id = _event_id(facts.slug)
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
                "deadline": _when(closes),
            }
            if now >= closes:
                key = f"unreported:{facts.slug}:{where}"
                yield DueItem(
                    DueKind.REMINDER,
                    facts.slug,
                    key,
                    closes,
                    f"round {round_fact.number}, board {encounter.board}: not reported by "
                    f"{_when(closes)} (R45)",
                    news=tuple(news_for_arbiters(key, Kind.UNREPORTED, event_id, context)),
                )
                continue
            reminder = _reminder(closes, round_fact.published_at, now, offsets)
            if reminder is None:
                continue
            hours = int(reminder.total_seconds() // 3600)
            key = f"report-due:{facts.slug}:{where}:{hours}h"
            yield DueItem(
                DueKind.REMINDER,
                facts.slug,
                key,
                closes - reminder,
                f"round {round_fact.number}, board {encounter.board}: report by {_when(closes)}",
                news=tuple(
                    news_for_players(
                        key,
                        Kind.REPORT_DUE,
                        event_id,
                        [encounter.first, encounter.second],
                        {**context, "link": player_link(), "time_left": _duration(closes - now)},
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
    event_id = _event_id(facts.slug)
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
                    "from": _when(p.may_play_from),
                }
                for p in matches
                for other in (p.match.lower if p.match.upper == player else p.match.upper,)
            ]
            context = _month_context(facts, record, {"from": _when(starts), "matches": listed})
            yield DueItem(
                DueKind.REMINDER,
                facts.slug,
                key,
                starts,
                f"month {record.number}: {player}'s pairings, to play from {_when(starts)} (R21)",
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


def _disputes_waiting(facts: EventFacts, now: datetime) -> Iterator[DueItem]:
    """A disputed result not ruled `DISPUTE_WAITING_AFTER` after the dispute: the arbiters
    (else the organisers) are told, once per dispute."""
    event_id: int | None = None
    names = {str(c.id): c.name for c in facts.competitors}
    for round_fact in facts.rounds:
        for game in round_fact.games():
            if game.status is not ResultStatus.DISPUTED:
                continue
            disputes = [r.at for r in game.reports if r.kind is ReportKind.DISPUTE]
            if not disputes or now < disputes[-1] + DISPUTE_WAITING_AFTER:
                continue
            if event_id is None:
                event_id = _event_id(facts.slug)
            disputed = disputes[-1]
            key = f"dispute-waiting:{facts.slug}:g{game.id}:{disputed.isoformat()}"
            context = {
                **_game_context(facts, game, names, players=("a", "b")),
                "disputed_at": _when(disputed),
            }
            yield DueItem(
                DueKind.REMINDER,
                facts.slug,
                key,
                disputed + DISPUTE_WAITING_AFTER,
                f"{game.label}: disputed {_when(disputed)}, not ruled",
                news=tuple(news_for_arbiters(key, Kind.DISPUTE_WAITING, event_id, context)),
            )


def gomoku_final_at(game: GameFact, dispute_window_hours: int) -> datetime | None:
    """R47: when a reported, undisputed result becomes final (None while no report, or when
    it was confirmed, disputed, ruled or corrected: those are final or waiting by a fact)."""
    if game.status is not ResultStatus.REPORTED:
        return None
    reported = min(r.at for r in game.reports if r.result is not None)
    return reported + timedelta(hours=dispute_window_hours)


# -- applying a ruling ----------------------------------------------------------------------


def _apply_ruling(item: DueItem, now: datetime) -> bool:
    """Record the ruling if it is still due under the event's lock. True when written."""
    assert item.game is not None
    assert item.result is not None
    action = "due.loss-on-time" if item.kind is DueKind.KIBA_LOSS_ON_TIME else "due.tantrix-default"
    with locked_event(item.event, SYSTEM, action, now=now) as context:
        if not _still_due(item, now):
            # Nothing to write: leave the event as it was (version and audit untouched).
            raise _NothingToDo(gettext("{key} is no longer due").format(key=item.key))
        row = get_game_at(context.event, item.game)
        game = game_fact_of(row)
        report = ReportFact(
            ReportKind.RULING,
            item.result,
            Termination.TIMEOUT if item.kind is DueKind.KIBA_LOSS_ON_TIME else Termination.NORMAL,
            SYSTEM.name,
            now,
            item.reason,
        )
        change = do_append_report(context, row, game, report)
        pause_for_tests("due")
        do_extend_encounter(context, row.encounter, change)
        if isinstance(context.after, dict):
            context.after["due"] = item.key
            context.after["deadline"] = item.at.isoformat()
    return True


class _NothingToDo(AppError):
    pass


def _still_due(item: DueItem, now: datetime) -> bool:
    facts = get_event_facts(item.event, with_moves=True)
    again = (
        _kiba_due(facts, now, ())
        if item.kind is DueKind.KIBA_LOSS_ON_TIME
        else _tantrix_due(facts, now, ())
    )
    return any(i.key == item.key and i.kind is item.kind for i in again)


# -- helpers --------------------------------------------------------------------------------


def _game_context(
    facts: EventFacts,
    game: GameFact,
    names: dict[str, str],
    *,
    players: tuple[str, str] = ("first", "second"),
) -> dict[str, Json]:
    """What every mail about one game says: the event, the game's place and its players (under
    the names `players`), and the link to its round's pairings."""
    first, second = players
    return {
        "event": facts.name,
        "slug": facts.slug,
        "link": round_link(facts.slug, game.round, game.stage, game.group),
        "round": game.round,
        "board": game.board,
        "game": game.number,
        first: names.get(str(game.first), str(game.first)),
        second: names.get(str(game.second), str(game.second)),
    }


def _event_id(slug: str) -> int:
    return models.Event.objects.values_list("id", flat=True).get(slug=slug)


def _when(moment: datetime) -> str:
    return f"{moment:%Y-%m-%d %H:%M} UTC"


def _duration(span: timedelta) -> str:
    seconds = max(int(span.total_seconds()), 0)
    days, rest = divmod(seconds, 86_400)
    return f"{days} d {rest // 3600} h {rest % 3600 // 60} min"
