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

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import StrEnum

from django.utils.translation import gettext

from mashindano.app.errors import AppError
from mashindano.app.hooks import Hooks
from mashindano.app.locking import locked_event, pause_for_tests
from mashindano.app.notify import (
    Kind,
    News,
    news_for_arbiters,
    round_link,
    store_news,
)
from mashindano.app.principals import SYSTEM
from mashindano.app.queries import get_event_facts
from mashindano.app.results import GameRef, do_append_report, do_extend_encounter, get_game_at
from mashindano.engine.model import GameResult, Termination
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

REMINDER_OFFSETS: tuple[timedelta, ...] = (
    timedelta(hours=72),
    timedelta(hours=24),
    timedelta(hours=2),
)


class DueKind(StrEnum):
    REMINDER = "reminder"
    """Tells people (a reminder, a notice to the arbiters); writes nothing."""


@dataclass(frozen=True, slots=True)
class Ruling:
    """What a ruling kind of due item writes: the audit action and the result's termination."""

    action: str
    termination: Termination = Termination.NORMAL


@dataclass(frozen=True, slots=True)
class DueHooks:
    """A preset's part in what time does by itself (registered in `DUE_HOOKS`)."""

    due: Callable[[EventFacts, datetime, Sequence[timedelta]], Iterable[DueItem]]
    """Everything due at `now` in one running event (reminders at `offsets`)."""
    with_moves: bool = False
    """Whether `due` reads the games' moves (clocks)."""
    after_close: Callable[[EventFacts, datetime], Iterable[DueItem]] | None = None
    """What is still due once the event closed (a league's last month's new list)."""
    closed_news_for: timedelta = timedelta(0)
    """How long after closing `after_close` is asked."""


DUE_HOOKS: Hooks[DueHooks] = Hooks("deadlines")


@dataclass(frozen=True, slots=True)
class DueItem:
    kind: str
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
    ruling: Ruling | None = None
    """What the item writes when applied (None: it only tells people)."""


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
    for slug, preset_name in (
        models.Event.objects.filter(state=EventState.RUNNING.value)
        .order_by("id")
        .values_list("slug", "preset")
    ):
        hooks = DUE_HOOKS.get(preset_name)
        facts = get_event_facts(slug, with_moves=hooks is not None and hooks.with_moves)
        if hooks is not None:
            items.extend(hooks.due(facts, now, offsets))
        items.extend(_disputes_waiting(facts, now))
    for preset, hooks in DUE_HOOKS.items():
        if hooks.after_close is None:
            continue
        for slug in models.Event.objects.filter(
            state=EventState.CLOSED.value, preset=preset, closed_at__gte=now - hooks.closed_news_for
        ).values_list("slug", flat=True):
            # e.g. a season's last month closed with the event before the worker's next tick
            items.extend(hooks.after_close(get_event_facts(slug), now))
    items.sort(key=lambda i: (i.ruling is None, i.at, i.key))
    return items


def apply_due(now: datetime, *, offsets: Sequence[timedelta] = REMINDER_OFFSETS) -> Applied:
    """Apply everything due at `now`: rulings (each in its own transaction, checked again
    under the event's lock) and notifications (each created once, by key)."""
    rulings: list[DueItem] = []
    skipped: list[str] = []
    work = due_work(now, offsets=offsets)
    notifications = store_news([n for item in work if item.ruling is None for n in item.news], now)
    for item in work:
        if item.ruling is not None:
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


def reminder_offset(
    deadline: datetime, since: datetime, now: datetime, offsets: Sequence[timedelta]
) -> timedelta | None:
    """The nearest offset reached at `now` whose time falls after the waiting started."""
    reached = [o for o in offsets if deadline - o <= now < deadline and deadline - o > since]
    return min(reached, default=None)


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
                event_id = event_id_of(facts.slug)
            disputed = disputes[-1]
            key = f"dispute-waiting:{facts.slug}:g{game.id}:{disputed.isoformat()}"
            context = {
                **game_context(facts, game, names, players=("a", "b")),
                "disputed_at": when_text(disputed),
            }
            yield DueItem(
                DueKind.REMINDER,
                facts.slug,
                key,
                disputed + DISPUTE_WAITING_AFTER,
                f"{game.label}: disputed {when_text(disputed)}, not ruled",
                news=tuple(news_for_arbiters(key, Kind.DISPUTE_WAITING, event_id, context)),
            )


# -- applying a ruling ----------------------------------------------------------------------


def _apply_ruling(item: DueItem, now: datetime) -> bool:
    """Record the ruling if it is still due under the event's lock. True when written."""
    assert item.game is not None
    assert item.result is not None
    assert item.ruling is not None
    with locked_event(item.event, SYSTEM, item.ruling.action, now=now) as context:
        if not _still_due(item, now):
            # Nothing to write: leave the event as it was (version and audit untouched).
            raise _NothingToDo(gettext("{key} is no longer due").format(key=item.key))
        row = get_game_at(context.event, item.game)
        game = game_fact_of(row)
        report = ReportFact(
            ReportKind.RULING,
            item.result,
            item.ruling.termination,
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
    hooks = DUE_HOOKS.get(facts.preset)
    again = () if hooks is None else hooks.due(facts, now, ())
    return any(i.key == item.key and i.kind == item.kind for i in again)


# -- helpers --------------------------------------------------------------------------------


def game_context(
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


def event_id_of(slug: str) -> int:
    return models.Event.objects.values_list("id", flat=True).get(slug=slug)


def when_text(moment: datetime) -> str:
    return f"{moment:%Y-%m-%d %H:%M} UTC"


def duration_text(span: timedelta) -> str:
    seconds = max(int(span.total_seconds()), 0)
    days, rest = divmod(seconds, 86_400)
    return f"{days} d {rest // 3600} h {rest % 3600 // 60} min"
