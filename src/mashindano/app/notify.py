"""Notifications: who is told what, each piece of news once.

A notification is a row of the outbox (`models.Notification`) for one user, with a unique
`key` naming the news (`report:123:to:7`, `reminder:kiba:g40:m3:24h:to:7`): creating the same
notification twice does nothing, so every producer may run again after a crash. They come
from two places:

- what people and the system did: new published rounds, result reports (report, confirm,
  dispute, ruling, correction) and moves, read from those append-only tables past a cursor
  (`models.NotificationCursor`) that moves in the same transaction as the rows it produces;
- what time did: reminders before deadlines, results that became final, proposals to the
  Mwamuzi (`mashindano.app.due`).

Players are reached through the account linked to their entry (`Entry.user`); entries
without one are skipped. Disputes and proposals go to the event's arbiters (its organisers
when it has none). Sending, preferences and digests are in `mashindano.app.mail`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from django.conf import settings
from django.db import transaction
from django.urls import reverse

from mashindano.app.hooks import Hooks
from mashindano.app.on_site import is_running_on_site, play_link
from mashindano.app.principals import SYSTEM_NAME
from mashindano.app.queries import get_event_facts
from mashindano.engine.model import CompetitorId
from mashindano.store import models
from mashindano.store.facts import EncounterFact, EventFacts, Json, ReportKind


class Kind(StrEnum):
    """The kinds a user can set a preference for."""

    ROUND_PUBLISHED = "round-published"
    OPPONENT_REPORTED = "opponent-reported"
    RESULT_FINAL = "result-final"
    DISPUTE_OPENED = "dispute-opened"
    DISPUTE_RULED = "dispute-ruled"
    LOSS_ON_TIME = "loss-on-time"
    KIBA_YOUR_MOVE = "kiba-your-move"
    DEADLINE_REMINDER = "deadline-reminder"
    TANTRIX_OFFER_DUE = "tantrix-offer-due"
    TANTRIX_REPLY_DUE = "tantrix-reply-due"
    TANTRIX_DEFAULT = "tantrix-default"
    PROPOSAL = "proposal"
    """To the Mwamuzi: a clock ran out and the event asks the director to rule."""
    REPORT_DUE = "report-due"
    """To the players of a match not reported yet: the report window is closing."""
    UNREPORTED = "unreported"
    """To the arbiters (else organisers): a result still unreported at its deadline."""
    DISPUTE_WAITING = "dispute-waiting"
    """To the arbiters (else organisers): a dispute still waiting for a ruling."""
    GOMOKU_PAIRINGS = "gomoku-pairings"
    """Gomoku: the month's pairings, on day 1 (day 8 for the lower third, R21, A14)."""
    MONTH_CLOSED = "month-closed"
    """Gomoku: a month was closed; the new list (R12-R15)."""
    TANTRIX_FORM_DUE = "tantrix-form-due"
    """Tantrix: the opponent filed a result form; yours is due (R16)."""
    GAME_TALK = "game-talk"
    """To the other player: a message in the talk of a game played on the site."""
    OFFICIAL_REPORT = "official-report"
    """To the arbiters (else organisers): a report or message to the event's officials."""
    OFFICIAL_ANSWER = "official-answer"
    """To the reporter: the officials' answer or ruling on their report."""
    MATCH_TIME = "match-time"
    """To the other player: times proposed, counter-proposed or declined for a match; to both
    players: a time agreed (`app.match_times`)."""
    JOINED = "joined"
    """To a player who joined: the registration, with the announced start."""
    START_REMINDER = "start-reminder"
    """To each registered player: the announced start is near."""
    WAITING = "waiting"
    """To the arbiters (else organisers): what the event was to do by itself at a set time
    (pair and publish a round on schedule, start at the announced start) could not be done."""
    TEAM_LINEUP_DUE = "team-lineup-due"
    """To a team's captain: the team's line-up for a match is not in and its deadline is near
    (`app.teams.mails`)."""
    TEAM_LINEUPS_IN = "team-lineups-in"
    """To both captains of a team match: both line-ups are in and shown on the match sheet."""
    TEAM_BOARD_REPORTED = "team-board-reported"
    """To the other side of a board (its captain, its player): a result was reported; confirm
    or dispute it."""
    DIGEST = "digest"


@dataclass(frozen=True, slots=True)
class News:
    """One notification to create: `key` names the news; the recipient is appended to it."""

    key: str
    kind: Kind
    event_id: int | None
    user_id: int
    context: dict[str, Json]


def event_link(slug: str, page: str = "event", **arguments: int | str) -> str:
    """The address of a public page of the event (`/e/<slug>/...`): `page` names the route
    (`event`, `round`, `standings`, `month`...), `arguments` its other parts."""
    return f"{settings.BASE_URL}{reverse(f'public:{page}', kwargs={'slug': slug, **arguments})}"


def round_link(slug: str, number: int, stage: int = 1, group: str = "") -> str:
    """The address of a round's pairings, for any stage and group."""
    if group:
        return event_link(slug, "group-round", stage=stage, group=group, number=number)
    if stage != 1:
        return event_link(slug, "stage-round", stage=stage, number=number)
    return event_link(slug, "round", number=number)


def player_link() -> str:
    """The address of the player's own page (`/me/`), where a player acts."""
    return f"{settings.BASE_URL}{reverse('player:me')}"


def player_users(event_id: int) -> dict[str, int]:
    """Entry key -> user id, for the entries linked to an account."""
    return {
        key: user
        for key, user in models.Entry.objects.filter(event_id=event_id, user__isnull=False)
        .values_list("key", "user_id")
        .iterator()
        if user is not None
    }


def arbiter_users(event_id: int) -> list[int]:
    """The event's arbiters, or its organisers when it has none."""
    roles = models.EventRole.objects.filter(event_id=event_id)
    arbiters = list(roles.filter(role="arbiter").values_list("user_id", flat=True))
    return arbiters or list(roles.filter(role="organiser").values_list("user_id", flat=True))


def store_news(news: Iterable[News], now: datetime) -> int:
    """Create the notifications not created before (by key). Returns how many are new."""
    rows = [
        models.Notification(
            key=f"{n.key}:to:{n.user_id}"[:200],
            kind=n.kind.value,
            user_id=n.user_id,
            event_id=n.event_id,
            context=n.context,
            created_at=now,
        )
        for n in news
    ]
    if not rows:
        return 0
    with transaction.atomic():
        before = models.Notification.objects.count()
        for start in range(0, len(rows), 500):
            models.Notification.objects.bulk_create(
                rows[start : start + 500], ignore_conflicts=True
            )
        return models.Notification.objects.count() - before


def _names(facts: EventFacts) -> dict[str, str]:
    return {str(c.id): c.name for c in facts.competitors}


def _base(facts: EventFacts) -> dict[str, Json]:
    return {"event": facts.name, "slug": facts.slug, "link": event_link(facts.slug)}


def _when(moment: datetime) -> str:
    return f"{moment:%Y-%m-%d %H:%M} UTC"


# -- from the fact tables ------------------------------------------------------------------


def collect_news(now: datetime, *, limit: int = 2000) -> int:
    """Turn rounds, reports and moves appended since the last call into notifications.
    Idempotent and crash-safe: the cursors move in the transaction that stores the news."""
    created = 0
    for name, reader in (("round", _round_news), ("report", _report_news), ("move", _move_news)):
        with transaction.atomic():
            cursor, _ = models.NotificationCursor.objects.select_for_update().get_or_create(
                name=name
            )
            news, last = reader(cursor.last_id, limit)
            created += store_news(news, now)
            if last > cursor.last_id:
                cursor.last_id = last
                cursor.save(update_fields=["last_id"])
    return created


class _FactsCache:
    def __init__(self) -> None:
        self._facts: dict[int, EventFacts] = {}
        self._users: dict[int, dict[str, int]] = {}

    def facts(self, event: models.Event) -> EventFacts:
        if event.id not in self._facts:
            self._facts[event.id] = get_event_facts(event.slug, with_moves=True)
        return self._facts[event.id]

    def users(self, event_id: int) -> dict[str, int]:
        if event_id not in self._users:
            self._users[event_id] = player_users(event_id)
        return self._users[event_id]


@dataclass(frozen=True, slots=True)
class NotifyHooks:
    """A preset's part in the notifications (registered in `NOTIFY_HOOKS`)."""

    round_news: bool = True
    """Whether a published round is mailed to its players at once (a league's month is
    mailed by its own deadline hook instead)."""
    round_deadline: Callable[[EventFacts, datetime], datetime | None] | None = None
    """The deadline a published round's mail names (KIBA: the first move's)."""
    confirm_before: Callable[[EventFacts, datetime], datetime] | None = None
    """Until when the opponent may answer a report made at a time (a league's R47 window)."""
    move_context: Callable[[EventFacts, models.Game, int], dict[str, Json]] | None = None
    """What a "your move" mail says after move `ply` of a game played on the site (clock,
    position, link); presets without it send no move mail."""


NOTIFY_HOOKS: Hooks[NotifyHooks] = Hooks("notifications")
_NO_HOOKS = NotifyHooks()


def _round_news(after: int, limit: int) -> tuple[list[News], int]:
    rows = list(
        models.Round.objects.filter(id__gt=after)
        .select_related("stage__event")
        .order_by("id")[:limit]
    )
    cache = _FactsCache()
    news: list[News] = []
    for row in rows:
        event = row.stage.event
        hooks = NOTIFY_HOOKS.get_or(event.preset, _NO_HOOKS)
        if not hooks.round_news:
            continue  # e.g. a league month's pairings go out on day 1 or day 8 (its due hook)
        users = cache.users(event.id)
        if not users:
            continue
        facts = cache.facts(event)
        names = _names(facts)
        published = next(
            (
                r
                for r in facts.rounds
                if (r.stage, r.group, r.number) == (row.stage.number, row.group, row.number)
            ),
            None,
        )
        if published is None:
            continue
        deadline = _round_deadline(facts, published.published_at)
        # One mail per player and round, listing all their games of it: a KIBA stage pairs
        # a player with every other player of the group at once (issue 29 item 14).
        games: dict[CompetitorId, list[dict[str, Json]]] = {}
        for encounter in published.encounters:
            for player in (encounter.first, encounter.second):
                if player is None or player not in users:
                    continue
                other = encounter.second if player == encounter.first else encounter.first
                pairing = _pairing(facts, names, encounter, player, other)
                games.setdefault(player, []).append(pairing)
        for mailed, pairings in games.items():
            shown = [p for p in pairings if not p["bye"]] or pairings[:1]
            first = shown[0]
            news.append(
                News(
                    f"round:{row.id}:b{first['board']}",
                    Kind.ROUND_PUBLISHED,
                    event.id,
                    users[mailed],
                    {
                        **_base(facts),
                        "link": round_link(
                            facts.slug, published.number, published.stage, published.group
                        ),
                        "stage": published.stage,
                        "round": published.number,
                        "deadline": _when(deadline) if deadline else "",
                        **first,
                        "play": [link for p in shown for link in _links(p)],
                        "games": list(shown) if len(shown) > 1 else [],
                    },
                )
            )
    return news, rows[-1].id if rows else after


def _pairing(
    facts: EventFacts,
    names: Mapping[str, str],
    encounter: EncounterFact,
    player: CompetitorId,
    other: CompetitorId | None,
) -> dict[str, Json]:
    """One of a player's pairings in a published round, as a round mail tells it: opponent,
    board, side and the game pages of its games running on the site."""
    game = encounter.games[0] if encounter.games else None
    side = ""
    if game is not None:
        side = game.first_side.value if game.first == player else _other_side(game.first_side.value)
    return {
        "opponent": names.get(str(other), "") if other else "",
        "board": encounter.board,
        "bye": other is None,
        "side": side,
        "play": [
            play_link(facts, g)
            for g in encounter.games
            if other is not None and is_running_on_site(facts, g)
        ],
    }


def _links(pairing: Mapping[str, Json]) -> list[str]:
    found = pairing.get("play")
    return [str(link) for link in found] if isinstance(found, list) else []


def _other_side(side: str) -> str:
    return {"white": "black", "black": "white", "south": "north", "north": "south"}.get(side, "")


def _round_deadline(facts: EventFacts, published_at: datetime) -> datetime | None:
    hooks = NOTIFY_HOOKS.get_or(facts.preset, _NO_HOOKS)
    return None if hooks.round_deadline is None else hooks.round_deadline(facts, published_at)


_REPORT_KINDS: Mapping[str, Kind] = {
    ReportKind.REPORT.value: Kind.OPPONENT_REPORTED,
    ReportKind.CONFIRM.value: Kind.RESULT_FINAL,
    ReportKind.DISPUTE.value: Kind.DISPUTE_OPENED,
    ReportKind.RULING.value: Kind.DISPUTE_RULED,
    ReportKind.CORRECTION.value: Kind.RESULT_FINAL,
}


def _report_news(after: int, limit: int) -> tuple[list[News], int]:
    rows = list(
        models.ResultReport.objects.filter(id__gt=after)
        .select_related("game__encounter__round__stage__event", "game__first", "game__second")
        .order_by("id")[:limit]
    )
    cache = _FactsCache()
    news: list[News] = []
    for row in rows:
        game = row.game
        event = game.encounter.round.stage.event
        first, second = game.first, game.second
        context: dict[str, Json] = {
            "event": event.name,
            "slug": event.slug,
            "link": event_link(event.slug),
            "stage": game.encounter.round.stage.number,
            "round": game.encounter.round.number,
            "board": game.encounter.board,
            "game": game.number,
            "first": first.name,
            "second": second.name,
            "result": row.result,
            "report": row.kind,
            "reason": row.reason,
            "by": row.actor,
            "system": row.actor == SYSTEM_NAME,
        }
        kind = _REPORT_KINDS[row.kind]
        if kind is Kind.DISPUTE_OPENED:
            targets = arbiter_users(event.id)
        else:
            users = cache.users(event.id)
            targets = [users[e.key] for e in (first, second) if e.key in users]
            if kind is Kind.OPPONENT_REPORTED:
                # the reporter knows; tell the other player (both when staff reported)
                targets = [u for u in targets if _username(u) != row.actor]
                context["confirm_before"] = _confirm_before(cache.facts(event), row.at)
        if kind is Kind.DISPUTE_RULED and row.termination == "timeout" and row.actor == SYSTEM_NAME:
            kind = Kind.LOSS_ON_TIME
        for user in targets:
            news.append(News(f"report:{row.id}", kind, event.id, user, context))
    return news, rows[-1].id if rows else after


def _username(user_id: int) -> str:
    from django.contrib.auth import get_user_model

    found = get_user_model().objects.filter(id=user_id).values_list("username", flat=True).first()
    return str(found or "")


def _confirm_before(facts: EventFacts, reported_at: datetime) -> str:
    """Until when the opponent can confirm or dispute (a league: 24 h, R47; others: until the
    next round is paired, shown as nothing)."""
    hooks = NOTIFY_HOOKS.get_or(facts.preset, _NO_HOOKS)
    if hooks.confirm_before is None:
        return ""
    return _when(hooks.confirm_before(facts, reported_at))


def _move_news(after: int, limit: int) -> tuple[list[News], int]:
    rows = list(
        models.Move.objects.filter(id__gt=after)
        .select_related("game__encounter__round__stage__event", "game__first", "game__second")
        .order_by("id")[:limit]
    )
    cache = _FactsCache()
    news: list[News] = []
    for row in rows:
        game = row.game
        event = game.encounter.round.stage.event
        move_context = NOTIFY_HOOKS.get_or(event.preset, _NO_HOOKS).move_context
        if move_context is None:
            continue
        users = cache.users(event.id)
        mover = game.first if row.ply % 2 == 1 else game.second
        opponent = game.second if mover == game.first else game.first
        if opponent.key not in users:
            continue
        facts = cache.facts(event)
        context: dict[str, Json] = {
            **_base(facts),
            "round": game.encounter.round.number,
            "board": game.encounter.board,
            "game": game.number,
            "game_id": game.id,
            "opponent": mover.name,
            "move": row.notation,
            "ply": row.ply,
        }
        context.update(move_context(facts, game, row.ply))
        news.append(
            News(f"move:{row.id}", Kind.KIBA_YOUR_MOVE, event.id, users[opponent.key], context)
        )
    return news, rows[-1].id if rows else after


def news_for_players(
    key: str,
    kind: Kind,
    event_id: int,
    players: Sequence[str],
    context: dict[str, Json],
) -> list[News]:
    users = player_users(event_id)
    return [News(key, kind, event_id, users[p], context) for p in players if p in users]


def news_for_arbiters(key: str, kind: Kind, event_id: int, context: dict[str, Json]) -> list[News]:
    return [News(key, kind, event_id, u, context) for u in arbiter_users(event_id)]


def console_link(slug: str) -> str:
    """The address of the event's console page (`/console/<slug>/`), where officials act."""
    return f"{settings.BASE_URL}{reverse('console:event', kwargs={'slug': slug})}"


def tell_waiting(
    event: models.Event,
    *,
    task: str,
    due_at: datetime,
    due: str,
    why: str,
    now: datetime,
    round_number: int | None = None,
) -> int:
    """Tell the event's arbiters (else organisers), once per task and due time, that what it
    was to do by itself at `due` could not be done and why: `task` is "round" (pair and
    publish round `round_number` on schedule) or "start" (start at the announced start); `due`
    is `due_at` as the event shows it.
    Returns how many notifications are new."""
    context: dict[str, Json] = {
        "event": event.name,
        "slug": event.slug,
        "task": task,
        "round": round_number,
        "due": due,
        "why": why,
        "link": console_link(event.slug),
    }
    key = f"waiting:{event.id}:{task}:{due_at.isoformat()}"
    return store_news(news_for_arbiters(key, Kind.WAITING, event.id, context), now)
