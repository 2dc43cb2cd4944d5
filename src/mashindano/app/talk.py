"""A game's talk (issue 31 item 1): a conversation between the game's two players, kept with
the game, mailed to the other player like a move (within their preferences, kind
`game-talk`), read by the event's officials, who may hide a message with a reason.

Only games played on the site have a talk (their preset registers `on_site.OnSite`, whose
game page shows it); shared code never names the preset. Messages are facts
(`models.GameMessage`), never edited; hiding one appends a `GameMessageHiding` (who, when,
why). Every write goes through the event's lock and leaves an audit entry naming the game and
the message, not its text: the audit log travels in the event's public JSON export, the talk
does not. Texts are plain (escaped wherever shown), at most `MAX_LENGTH` characters, and an
account writes at most `RATE_COUNT` messages in `RATE_WINDOW` in one event.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.utils.translation import gettext

from mashindano.app.errors import Duplicate, NotAllowed, NotFound, Refused
from mashindano.app.locking import EventContext, locked_event
from mashindano.app.notify import Kind, News, event_link, player_users, store_news
from mashindano.app.on_site import played_by_preset
from mashindano.app.principals import Principal
from mashindano.engine.errors import ParseError
from mashindano.interchange.limits import text_problem
from mashindano.store import models
from mashindano.store.facts import Json
from mashindano.store.mapping import game_fact_of

MAX_LENGTH = 2000
"""Characters in one message (a letter, not a book)."""
RATE_COUNT = 10
RATE_WINDOW = timedelta(minutes=5)
"""At most RATE_COUNT messages by one account in one event within RATE_WINDOW."""
MAX_REASON = 500


class UnknownGame(NotFound):
    code = "unknown_game"


class UnknownMessage(NotFound):
    code = "unknown_message"


class TooFast(Refused):
    code = "too_fast"


def clean_text(text: str, *, what: str, limit: int, event: str) -> str:
    """The text as stored: line breaks kept (as \\n), outer blanks cut. Refused: empty, over
    the limit, control characters."""
    cleaned = text.replace("\r\n", "\n").replace("\r", "\n").strip()
    if not cleaned:
        raise ParseError(
            gettext("{what} needs some text").format(what=what), code="empty_text", event=event
        )
    problem = text_problem(cleaned, multiline=True)
    if problem is not None:
        raise ParseError(
            gettext("{what} {problem}").format(what=what, problem=problem),
            code="bad_text",
            event=event,
        )
    if len(cleaned) > limit:
        raise ParseError(
            gettext("{what} has at most {limit} characters (this one has {count})").format(
                what=what, limit=limit, count=len(cleaned)
            ),
            code="text_too_long",
            event=event,
        )
    return cleaned


def game_row(event: models.Event, game: int) -> models.Game:
    """The event's game `game` (its id), when the event's games are played on the site."""
    if played_by_preset(event) is None:
        raise UnknownGame(
            gettext("the games of event {slug!r} are not played on the site: no talk").format(
                slug=event.slug
            ),
            event=event.slug,
        )
    row = (
        models.Game.objects.filter(id=game, encounter__round__stage__event=event)
        .select_related("encounter__round__stage", "first", "second")
        .first()
    )
    if row is None:
        raise UnknownGame(
            gettext("event {slug!r} has no game {game}").format(slug=event.slug, game=game),
            event=event.slug,
            game=game,
        )
    return row


def own_side(context: EventContext, row: models.Game) -> models.Entry:
    """The side of the game the principal plays; refused to anyone else (officials and
    superusers too: only the two players talk)."""
    user_id = context.principal.user_id
    for entry in (row.first, row.second):
        if user_id is not None and entry.user_id == user_id:
            return entry
    raise NotAllowed(
        gettext("only the two players of {game} write in its talk").format(
            game=game_fact_of(row).label
        ),
        action=context.action,
    )


def check_rate(context: EventContext) -> None:
    since = context.now - RATE_WINDOW
    recent = models.GameMessage.objects.filter(
        game__encounter__round__stage__event=context.event,
        actor=context.actor,
        at__gt=since,
    ).count()
    if recent >= RATE_COUNT:
        raise TooFast(
            gettext(
                "{name} wrote {count} messages in the last {minutes} minutes; wait a little"
            ).format(
                name=context.actor, count=recent, minutes=int(RATE_WINDOW.total_seconds() // 60)
            ),
            event=context.event.slug,
        )


def write_message(
    slug: str, game: int, text: str, *, actor: Principal, now: datetime | None = None
) -> int:
    """Append a message of one of the game's players to its talk; the other player is told
    (kind `game-talk`). Returns the message's id."""
    with locked_event(slug, actor, "talk.write", now=now) as context:
        row = game_row(context.event, game)
        side = own_side(context, row)
        cleaned = clean_text(text, what=gettext("a message"), limit=MAX_LENGTH, event=slug)
        check_rate(context)
        message = models.GameMessage.objects.create(
            game=row,
            entry=side,
            text=cleaned,
            at=context.now,
            actor=context.actor,
            user_id=context.principal.user_id,
        )
        label = game_fact_of(row).label
        context.record(after={"game": row.id, "label": label, "message": message.id})
        other = row.second if side.id == row.first_id else row.first
        store_news(_talk_news(context.event, row, message, side, other), context.now)
    return message.id


def _talk_news(
    event: models.Event,
    row: models.Game,
    message: models.GameMessage,
    side: models.Entry,
    other: models.Entry,
) -> list[News]:
    users = player_users(event.id)
    if other.key not in users:
        return []
    hooks = played_by_preset(event)
    path = hooks.path(event.slug, row.id) if hooks is not None else ""
    link = f"{settings.BASE_URL}{path}" if path else event_link(event.slug)
    context: dict[str, Json] = {
        "event": event.name,
        "slug": event.slug,
        "link": link,
        "round": row.encounter.round.number,
        "board": row.encounter.board,
        "game": row.number,
        "opponent": side.name,
        "text": message.text,
    }
    return [News(f"talk:{message.id}", Kind.GAME_TALK, event.id, users[other.key], context)]


def hide_message(
    slug: str, message: int, reason: str, *, actor: Principal, now: datetime | None = None
) -> None:
    """An official hides a message of a game's talk, with a reason (kept with the message
    and in the audit log). Refused: no reason, a message of another event, one hidden
    already."""
    with locked_event(slug, actor, "talk.hide", now=now) as context:
        why = clean_text(reason, what=gettext("the reason"), limit=MAX_REASON, event=slug)
        row = (
            models.GameMessage.objects.filter(
                id=message, game__encounter__round__stage__event=context.event
            )
            .select_related("game__encounter__round__stage", "game__first", "game__second")
            .first()
        )
        if row is None:
            raise UnknownMessage(
                gettext("event {slug!r} has no message {message}").format(
                    slug=slug, message=message
                ),
                event=slug,
                id=message,
            )
        if models.GameMessageHiding.objects.filter(message=row).exists():
            raise Duplicate(
                gettext("message {message} is hidden already").format(message=message),
                event=slug,
                id=message,
            )
        models.GameMessageHiding.objects.create(
            message=row, at=context.now, actor=context.actor, reason=why
        )
        context.record(
            before={"message": row.id, "game": row.game_id, "by": row.actor},
            after={"message": row.id, "hidden": True, "reason": why},
        )
