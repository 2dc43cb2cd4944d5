"""E-mail: preferences, rendering, one-click unsubscribe, sending each notification once.

Messages go through Django's mail framework (SMTP in production, files under `var/mail/` in
`make run`; see the settings). Each has a plain-text and an HTML part rendered from
`app/templates/mail/<kind>.txt|.html` (English for now, strings marked for translation),
and the headers `List-Unsubscribe` (a signed one-click link) and `List-Unsubscribe-Post`
(RFC 8058). The link changes one preference of one user, without logging in. A mail the
preset lets players answer by e-mail also has a signed `Reply-To` and a line saying what to
reply (`app/mail_replies.py`, when `MAIL_REPLY_DOMAIN` is set).

Sending is idempotent: `deliver_all(now, ids)` reads and renders a batch first, then for
each notification, in its own transaction, claims it with a conditional update (nothing
unless it is still pending), applies the recipient's preference for its kind (at once, daily
digest, never), and hands it to the SMTP server before the commit. A crash before the commit
leaves it pending, to be sent by the next attempt; the one window left is between the SMTP
server's acceptance and the commit (a message accepted then is sent again after a restart).
Each message is written in `recipient_language(user)`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.core.mail import EmailMultiAlternatives, mailers
from django.core.mail.backends.base import BaseEmailBackend
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext as _

from mashindano.app.errors import NotFound
from mashindano.app.locking import pause_for_tests
from mashindano.app.mail_language import recipient_language as recipient_language
from mashindano.app.mail_replies import Outgoing, outgoing_reply, reply_domain
from mashindano.app.notify import Kind, event_link
from mashindano.store import models
from mashindano.store.facts import Json
from mashindano.store.models import NotificationMode, NotificationState

UNSUBSCRIBE_SALT = "mashindano.mail.unsubscribe"
DEFAULT_MODE = NotificationMode.IMMEDIATELY


class BadToken(NotFound):
    """An unsubscribe link that was altered or does not belong to this site."""


# -- preferences ----------------------------------------------------------------------------


def get_preference(user_id: int, kind: str) -> NotificationMode:
    mode = (
        models.NotificationPreference.objects.filter(user_id=user_id, kind=kind)
        .values_list("mode", flat=True)
        .first()
    )
    return NotificationMode(mode) if mode else DEFAULT_MODE


def set_preference(user_id: int, kind: str, mode: NotificationMode, now: datetime) -> None:
    if kind not in {k.value for k in Kind}:
        raise NotFound(gettext("no notification kind {kind!r}").format(kind=kind), kind=kind)
    models.NotificationPreference.objects.update_or_create(
        user_id=user_id, kind=kind, defaults={"mode": mode.value, "changed_at": now}
    )


def unsubscribe_token(user_id: int, kind: str) -> str:
    return signing.dumps({"u": user_id, "k": kind}, salt=UNSUBSCRIBE_SALT, compress=True)


@dataclass(frozen=True, slots=True)
class Unsubscribed:
    user_id: int
    kind: str


def read_unsubscribe_token(token: str) -> Unsubscribed:
    try:
        value = signing.loads(token, salt=UNSUBSCRIBE_SALT)
    except signing.BadSignature:
        raise BadToken(gettext("this unsubscribe link is not valid")) from None
    if not isinstance(value, dict) or not isinstance(value.get("u"), int):
        raise BadToken(gettext("this unsubscribe link is not valid"))
    return Unsubscribed(int(value["u"]), str(value.get("k", "")))


def unsubscribe(token: str, now: datetime) -> Unsubscribed:
    """The one-click unsubscribe: `never` for that user and kind, nothing else."""
    found = read_unsubscribe_token(token)
    if not get_user_model().objects.filter(id=found.user_id).exists():
        raise BadToken(gettext("this unsubscribe link is for an account that no longer exists"))
    set_preference(found.user_id, found.kind, NotificationMode.NEVER, now)
    return found


def unsubscribe_url(user_id: int, kind: str) -> str:
    path = reverse("mail-unsubscribe", kwargs={"token": unsubscribe_token(user_id, kind)})
    return f"{settings.BASE_URL}{path}"


# -- rendering ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Rendered:
    subject: str
    text: str
    html: str


SUBJECTS: dict[str, str] = {
    Kind.ROUND_PUBLISHED: gettext_noop("{event}: round {round} is published"),
    Kind.OPPONENT_REPORTED: gettext_noop(
        "{event}: a result was reported for round {round}, board {board}"
    ),
    Kind.RESULT_FINAL: gettext_noop("{event}: the result of round {round}, board {board} is final"),
    Kind.DISPUTE_OPENED: gettext_noop(
        "{event}: a result is disputed (round {round}, board {board})"
    ),
    Kind.DISPUTE_RULED: gettext_noop("{event}: ruling on round {round}, board {board}"),
    Kind.LOSS_ON_TIME: gettext_noop(
        "{event}: loss on time in round {round}, board {board}, game {game}"
    ),
    Kind.KIBA_YOUR_MOVE: gettext_noop(
        "{event}: your move (round {round}, board {board}, game {game})"
    ),
    Kind.DEADLINE_REMINDER: gettext_noop("{event}: your move is due by {deadline}"),
    Kind.TANTRIX_OFFER_DUE: gettext_noop("{event}: offer tiebreak dates by {deadline}"),
    Kind.TANTRIX_REPLY_DUE: gettext_noop("{event}: reply to the offer of dates by {deadline}"),
    Kind.TANTRIX_DEFAULT: gettext_noop(
        "{event}: a match is lost by default (round {round}, board {board})"
    ),
    Kind.PROPOSAL: gettext_noop("{event}: a clock ran out; your ruling is needed"),
    Kind.DIGEST: gettext_noop("Mashindano: your daily digest ({count} messages)"),
    Kind.REPORT_DUE: gettext_noop(
        "{event}: report the result of round {round}, board {board} by {deadline}"
    ),
    Kind.UNREPORTED: gettext_noop("{event}: no result reported for round {round}, board {board}"),
    Kind.GOMOKU_PAIRINGS: gettext_noop("{event}: your matches of {month}"),
    Kind.MONTH_CLOSED: gettext_noop("{event}: {month} is closed; the new list"),
    Kind.TANTRIX_FORM_DUE: gettext_noop(
        "{event}: file your result form for round {round}, board {board}, game {game} by {deadline}"
    ),
    Kind.DISPUTE_WAITING: gettext_noop(
        "{event}: a dispute waits for your ruling (round {round}, board {board})"
    ),
    Kind.GAME_TALK: gettext_noop(
        "{event}: {opponent} wrote to you (round {round}, board {board}, game {game})"
    ),
    Kind.OFFICIAL_REPORT: gettext_noop("{event}: {by} wrote to the officials"),
    Kind.OFFICIAL_ANSWER: gettext_noop("{event}: the officials answered your report"),
    Kind.MATCH_TIME: gettext_noop("{event}: the time of your match (round {round}, board {board})"),
    Kind.JOINED: gettext_noop("{event}: you are registered"),
    Kind.START_REMINDER: gettext_noop("{event} starts {start}"),
    Kind.WAITING: gettext_noop("{event}: waiting for you since {due}"),
    Kind.TEAM_LINEUP_DUE: gettext_noop(
        "{event}: the line-up of {team} for round {round} is due by {deadline}"
    ),
    Kind.TEAM_LINEUPS_IN: gettext_noop(
        "{event}: both line-ups are in ({first} - {second}, round {round})"
    ),
    Kind.TEAM_BOARD_REPORTED: gettext_noop(
        "{event}: a result was reported for round {round}, match {match}, board {board}"
    ),
}


def render(
    kind: str, context: dict[str, Json], user_id: int, *, link: str | None = None
) -> Rendered:
    """The subject and both parts for one notification, in the active language (`link`: the
    unsubscribe link, when already made)."""
    data = {**context, "kind": kind, "unsubscribe": link or unsubscribe_url(user_id, kind)}
    subject = _(SUBJECTS[kind]).format_map(_Missing(data))
    data["subject"] = subject
    text = render_to_string(f"mail/{kind}.txt", data)
    html = render_to_string(f"mail/{kind}.html", data)
    return Rendered(subject, text, html)


class _Missing(dict[str, object]):
    def __missing__(self, key: str) -> str:
        return ""


def build_message(
    notification: models.Notification, address: str, *, language: str | None = None
) -> EmailMultiAlternatives:
    """The e-mail for one notification, rendered in `language` (default: the recipient's)."""
    if language is None:
        language = recipient_language(notification.user_id, notification.event_id)
    link = unsubscribe_url(notification.user_id, notification.kind)
    context = dict(notification.context or {})
    with translation.override(language):
        reply = _outgoing_reply(notification, context)
        if reply is not None:
            context["reply_hint"] = reply.hint
        rendered = render(notification.kind, context, notification.user_id, link=link)
    message = EmailMultiAlternatives(
        subject=rendered.subject,
        body=rendered.text,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[address],
        headers={
            "List-Unsubscribe": f"<{link}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            "Message-ID": f"<{notification.key.replace(':', '.')}@mashindano>",
            "X-Mashindano-Key": notification.key,
            "Content-Language": language,
        },
    )
    if reply is not None:
        message.reply_to = [reply.address]
    message.attach_alternative(rendered.html, "text/html")
    return message


def _outgoing_reply(notification: models.Notification, context: dict[str, Json]) -> Outgoing | None:
    """The reply address and hint of a mail that takes a reply (issue 31 item 3), when the
    site takes replies (`MAIL_REPLY_DOMAIN`)."""
    if notification.event_id is None or not reply_domain():
        return None
    preset = (
        models.Event.objects.filter(id=notification.event_id)
        .values_list("preset", flat=True)
        .first()
    )
    if preset is None:
        return None
    return outgoing_reply(
        str(preset), notification.kind, context, notification.user_id, notification.event_id
    )


# -- sending --------------------------------------------------------------------------------


def pending_ids(limit: int | None = None) -> list[int]:
    ids = models.Notification.objects.filter(state=NotificationState.PENDING).values_list(
        "id", flat=True
    )
    return list(ids[:limit] if limit else ids)


def deliver(
    notification_id: int, now: datetime, *, connection: BaseEmailBackend | None = None
) -> str:
    """Send one notification if it is still pending; returns its state afterwards."""
    owned = connection is None
    connection = connection or mailers.default
    if owned:
        connection.open()
    try:
        return _Batch([notification_id], now).deliver_all(connection)[0]
    finally:
        if owned:
            connection.close()


def deliver_all(now: datetime, ids: list[int] | None = None) -> dict[str, int]:
    """Deliver the given (or every pending) notification over one SMTP connection."""
    counts: dict[str, int] = {}
    wanted = pending_ids() if ids is None else ids
    if not wanted:
        return counts
    connection = mailers.default
    connection.open()
    try:
        for state in _Batch(wanted, now).deliver_all(connection):
            counts[state] = counts.get(state, 0) + 1
    finally:
        connection.close()
    return counts


class _Batch:
    """A batch of notifications sent over one connection. What needs no lock is read and
    rendered for the whole batch first (rows, addresses, preferences, languages: a few
    queries); then each notification is claimed and sent in its own short transaction: a
    conditional update to its final state (nothing if another worker got there first), the
    message handed to the SMTP server, commit. A crash before the commit leaves it pending."""

    def __init__(self, ids: list[int], now: datetime) -> None:
        self.now = now
        self.rows = {
            row.id: row
            for row in models.Notification.objects.filter(id__in=ids).select_related("user")
        }
        self.ids = ids
        users = {row.user_id for row in self.rows.values()}
        self.modes = {
            (user_id, kind): NotificationMode(mode)
            for user_id, kind, mode in models.NotificationPreference.objects.filter(
                user_id__in=users
            ).values_list("user_id", "kind", "mode")
        }
        self.languages: dict[tuple[int, int | None], str] = {}

    def mode(self, row: models.Notification) -> NotificationMode:
        if row.kind == Kind.DIGEST:
            return DEFAULT_MODE
        return self.modes.get((row.user_id, row.kind), DEFAULT_MODE)

    def language(self, row: models.Notification) -> str:
        key = (row.user_id, row.event_id)
        if key not in self.languages:
            self.languages[key] = recipient_language(row.user_id, row.event_id)
        return self.languages[key]

    def deliver_all(self, connection: BaseEmailBackend) -> list[str]:
        return [self.deliver(notification_id, connection) for notification_id in self.ids]

    def deliver(self, notification_id: int, connection: BaseEmailBackend) -> str:
        row = self.rows.get(notification_id)
        if row is None:
            return "missing"
        if row.state != NotificationState.PENDING:
            return str(row.state)
        address = row.user.email
        mode = self.mode(row)
        message = None
        if mode is NotificationMode.NEVER or not address:
            state, sent_at = NotificationState.SKIPPED, None
        elif mode is NotificationMode.DAILY:
            state, sent_at = NotificationState.DIGEST, None
        else:
            state, sent_at = NotificationState.SENT, self.now
            message = build_message(row, address, language=self.language(row))
        with transaction.atomic():
            claimed = models.Notification.objects.filter(
                id=notification_id, state=NotificationState.PENDING
            ).update(state=state, sent_at=sent_at)
            if not claimed:
                current = (
                    models.Notification.objects.filter(id=notification_id)
                    .values_list("state", flat=True)
                    .first()
                )
                return str(current or "missing")
            if message is not None:
                connection.send_messages([message])
        if state == NotificationState.SENT:
            pause_for_tests("deliver")
        return str(state)


# -- daily digests --------------------------------------------------------------------------


def make_digests(now: datetime) -> int:
    """Gather each user's notifications waiting for a digest from before today (UTC) into one
    digest notification (key: user and day), once. Returns how many digests were made."""
    day_start = now.replace(hour=0, minute=0, second=0, microsecond=0)
    made = 0
    users = (
        models.Notification.objects.filter(state=NotificationState.DIGEST, created_at__lt=day_start)
        .values_list("user_id", flat=True)
        .distinct()
    )
    for user_id in list(users):
        with transaction.atomic():
            items = list(
                models.Notification.objects.select_for_update().filter(
                    user_id=user_id, state=NotificationState.DIGEST, created_at__lt=day_start
                )
            )
            if not items:
                continue
            day = (day_start - timedelta(days=1)).date().isoformat()
            entries: list[Json] = [
                {
                    "subject": _subject(i),
                    "link": str((i.context or {}).get("link", "")),
                }
                for i in items
            ]
            digest, created = models.Notification.objects.get_or_create(
                key=f"digest:{user_id}:{day}:{items[0].id}",
                defaults={
                    "kind": Kind.DIGEST.value,
                    "user_id": user_id,
                    "context": {"items": entries, "count": len(items), "day": day},
                    "created_at": now,
                },
            )
            models.Notification.objects.filter(id__in=[i.id for i in items]).update(
                state=NotificationState.DIGESTED, digest=digest
            )
            made += int(created)
    return made


def _subject(notification: models.Notification) -> str:
    data = _Missing({"link": event_link(str((notification.context or {}).get("slug", "")))})
    data.update(notification.context or {})
    return _(SUBJECTS[notification.kind]).format_map(data)
