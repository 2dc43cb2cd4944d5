"""Replies by e-mail (issue 31 item 3): a player answers a mail, the answer acts.

Outgoing: a mail whose kind takes a reply (the preset's `ReplyHooks.target_of` names what a
reply acts on: a game's next move, a match's report, a game's result form) carries a
`Reply-To: reply+<token>@<MAIL_REPLY_DOMAIN>`. The token binds the person, the event, the
target and a nonce, signed with the site's secret (an HMAC, lower-case hex, so that a mail
server that folds the address's case does not break it):
`<user>-<event>-<target>-<nonce>-<mac>`. Nothing is stored when the mail goes out.

Incoming (`receive`, called by `mashindano mail-in` as an LMTP/SMTP listener or from a pipe):
the token is read from the envelope recipient (else the To, Cc, Delivered-To headers), its
signature checked, the sender checked against the person's address (and against the mail
server's verdict when it wrote `Authentication-Results` with `dmarc=fail`), the nonce checked
unused; the text part is decoded (any charset) and stripped of quoted history (`>` lines, the
"On ... wrote:" attribution and what follows, a signature after `-- `); an HTML-only mail is
refused (nothing to read reliably). The preset's `ReplyHooks.act` parses the text and calls the
same use case as the web form, in the transaction that stores the nonce as used
(`models.MailReply`): a refused reply stores nothing. Every mail is answered, in the person's
language: the outcome (the new board...) or the refusal and its reason. Mail sent by machines
(auto-replies, bounces, lists) is not answered, so that two robots do not talk forever.
"""

from __future__ import annotations

import logging
import re
import secrets
import smtplib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import getaddresses
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import EmailMessage as DjangoMessage
from django.core.mail import mailers
from django.db import IntegrityError, transaction
from django.utils import translation
from django.utils.crypto import constant_time_compare, salted_hmac
from django.utils.translation import gettext

from mashindano.app.error_texts import shown
from mashindano.app.hooks import Hooks
from mashindano.app.mail_language import recipient_language
from mashindano.app.principals import Principal
from mashindano.engine.errors import MashindanoError
from mashindano.store import models
from mashindano.store.facts import Json

LOG = logging.getLogger("mashindano.mail_in")
REPLY_SALT = "mashindano.mail.reply"
LOCAL_PREFIX = "reply+"
MAC_LENGTH = 16
_TARGET = re.compile(r"^[a-z0-9.]{1,40}$")
MAX_TEXT = 2000
"""Characters of a reply's text the presets read (the rest is ignored)."""


# -- what a preset says ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Reply:
    """A reply that passed the shared checks: who, in which event, to what, with which text."""

    slug: str
    event_id: int
    target: str
    principal: Principal
    text: str
    """The reply's own text: decoded, quoted history removed, stripped."""
    now: datetime


@dataclass(frozen=True, slots=True)
class ReplyHooks:
    """A preset's part in replies by e-mail (registered in `REPLY_HOOKS`)."""

    target_of: Callable[[str, Mapping[str, Json]], str | None]
    """What a reply to a notification (kind, context) acts on, as a short text of `a-z`,
    `0-9` and dots (`m123.7`); None: the mail takes no reply."""
    hint: Callable[[str], str]
    """The line the mail shows about replying, for a target (in the active language)."""
    act: Callable[[Reply], str]
    """Parse the reply and call the use case; the answer's text (the outcome). Refusals are
    raised (MashindanoError) and answered with their reason."""


REPLY_HOOKS: Hooks[ReplyHooks] = Hooks("replies by e-mail")


# -- tokens ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Token:
    user_id: int
    event_id: int
    target: str
    nonce: str


def _mac(body: str) -> str:
    return salted_hmac(REPLY_SALT, body, algorithm="sha256").hexdigest()[:MAC_LENGTH]


def make_token(user_id: int, event_id: int, target: str, *, nonce: str | None = None) -> str:
    if not _TARGET.match(target):
        raise ValueError(f"a reply target is a-z, 0-9 and dots: {target!r}")
    body = f"{user_id}-{event_id}-{target}-{nonce or secrets.token_hex(5)}"
    return f"{body}-{_mac(body)}"


def read_token(text: str) -> Token | None:
    """The token's parts when its signature holds, else None (altered, or not this site's)."""
    parts = text.lower().split("-")
    if len(parts) != 5:
        return None
    user, event, target, nonce, mac = parts
    if not (user.isdigit() and event.isdigit() and _TARGET.match(target) and nonce.isalnum()):
        return None
    if not constant_time_compare(mac, _mac("-".join(parts[:4]))):
        return None
    return Token(int(user), int(event), target, nonce)


def reply_domain() -> str:
    """The domain reply addresses are at (`MASHINDANO_MAIL_REPLY_DOMAIN`); "" turns replies
    by e-mail off (no mail carries a reply address)."""
    return str(getattr(settings, "MAIL_REPLY_DOMAIN", "") or "")


def reply_address(user_id: int, event_id: int, target: str) -> str:
    return f"{LOCAL_PREFIX}{make_token(user_id, event_id, target)}@{reply_domain()}"


@dataclass(frozen=True, slots=True)
class Outgoing:
    """What a notification's mail adds for replies: the Reply-To address and the hint."""

    address: str
    hint: str


def outgoing_reply(
    preset: str, kind: str, context: Mapping[str, Json], user_id: int, event_id: int | None
) -> Outgoing | None:
    """The reply address of a notification's mail (in the active language), or None."""
    if event_id is None or not reply_domain():
        return None
    hooks = REPLY_HOOKS.get(preset)
    target = hooks.target_of(kind, context) if hooks is not None else None
    if hooks is None or target is None:
        return None
    return Outgoing(reply_address(user_id, event_id, target), hooks.hint(target))


# -- the reply's text -----------------------------------------------------------------------

_WROTE = re.compile(
    r"(wrote|a écrit|schrieb|escribió|a scris|kirjoitti|aliandika|نوشت)\s*:?\s*$", re.IGNORECASE
)
_OPENER = re.compile(r"^(on|le|am|el|pe|în|il|op|den|siku)\s", re.IGNORECASE)
_SEPARATORS = re.compile(
    r"^\s*(-{2,}\s*(original message|forwarded message|ujumbe)|_{8,}|from:\s|de:\s|von:\s)",
    re.IGNORECASE,
)


def reply_text(body: str) -> str:
    """The person's own words: quoted lines (`>`) dropped; the attribution line ("On ...
    wrote:", also split over two lines), an "Original Message" block and a signature (`-- `)
    end the text."""
    lines = body.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    kept: list[str] = []
    for index, line in enumerate(lines):
        text = line.strip()
        if line.rstrip() == "--" or _SEPARATORS.match(line) or _WROTE.search(text):
            break
        following = lines[index + 1].strip() if index + 1 < len(lines) else ""
        if _OPENER.match(text) and _WROTE.search(following):
            break  # "On Mon, 7 Dec 2026, Mashindano <...>" / "wrote:"
        if not text.startswith(">"):
            kept.append(line.rstrip())
    return "\n".join(kept).strip()[:MAX_TEXT]


# -- receiving ------------------------------------------------------------------------------


class Outcome:
    """Why a mail was answered the way it was (tests and the listener's log read it)."""

    ACTED = "acted"
    NO_TOKEN = "no-token"
    BAD_TOKEN = "bad-token"
    USED = "used"
    SPOOFED = "spoofed"
    HTML_ONLY = "html-only"
    EMPTY = "empty"
    REFUSED = "refused"
    IGNORED = "ignored"
    """Sent by a machine (or without a sender): not answered."""


@dataclass(frozen=True, slots=True)
class Answered:
    outcome: str
    to: str
    subject: str
    text: str
    language: str


_MACHINE_SENDERS = ("mailer-daemon", "postmaster", "no-reply", "noreply")


def _sender(message: EmailMessage) -> str:
    found = getaddresses([str(h) for h in message.get_all("From", [])])
    return found[0][1].strip() if found and "@" in found[0][1] else ""


def _is_machine(message: EmailMessage, sender: str) -> bool:
    auto = str(message.get("Auto-Submitted", "no")).strip().lower()
    precedence = str(message.get("Precedence", "")).strip().lower()
    local = sender.split("@")[0].lower()
    return (
        auto != "no"
        or precedence in {"bulk", "junk", "list"}
        or local in _MACHINE_SENDERS
        or local.startswith(LOCAL_PREFIX)
        or bool(message.get("List-Id"))
    )


def _token_text(message: EmailMessage, recipients: Sequence[str]) -> str | None:
    headers = [str(h) for name in ("To", "Cc", "Delivered-To") for h in message.get_all(name, [])]
    for address in [*recipients, *(a for _, a in getaddresses(headers))]:
        local = address.strip().strip("<>").rsplit("@", 1)[0]
        if local.lower().startswith(LOCAL_PREFIX):
            return local[len(LOCAL_PREFIX) :]
    return None


def _dmarc_failed(message: EmailMessage) -> bool:
    return any(
        re.search(r"\bdmarc=fail\b", str(h), re.IGNORECASE)
        for h in message.get_all("Authentication-Results", [])
    )


def _plain_text(message: EmailMessage) -> str | None:
    """The text/plain part, decoded from its charset; None when the mail has none."""
    part = message.get_body(preferencelist=("plain",))
    if part is None:
        return None
    try:
        content = part.get_content()
    except (LookupError, UnicodeError):
        payload = part.get_payload(decode=True)
        content = payload.decode("utf-8", "replace") if isinstance(payload, bytes) else ""
    return str(content)


def parse_mail(raw: bytes) -> EmailMessage:
    parsed = BytesParser(policy=policy.default).parsebytes(raw)
    assert isinstance(parsed, EmailMessage)
    return parsed


def receive(
    raw: bytes,
    now: datetime,
    *,
    recipients: Sequence[str] = (),
    send: bool = True,
    after_act: Callable[[str], None] | None = None,
) -> Answered | None:
    """Read one incoming mail, act on it when it is a valid reply, and answer it (`send`:
    through the site's mailer). Returns the answer (None: a machine's mail, not answered).
    `after_act(slug)` runs after a reply acted and committed (the listener enqueues the
    worker's tick there so that the opponent's mail goes out)."""
    message = parse_mail(raw)
    sender = _sender(message)
    if not sender or _is_machine(message, sender):
        return None
    answered, slug = _judge(message, sender, recipients, now)
    if send:
        try:
            _send_answer(message, answered)
        except (OSError, smtplib.SMTPException):
            if answered.outcome != Outcome.ACTED:
                raise  # nothing was stored: the mail server delivers the reply again later
            # What the reply did is committed; a second delivery would only be told "used".
            LOG.exception("the answer to a reply that acted could not be sent to %s", answered.to)
    if answered.outcome == Outcome.ACTED and after_act is not None and slug:
        after_act(slug)
    return answered


def _language_of_address(address: str) -> str:
    """The language of the account with this address (English for a stranger)."""
    found = get_user_model().objects.filter(email__iexact=address).values_list("id", flat=True)
    user_id = found.first()
    return settings.LANGUAGE_CODE if user_id is None else recipient_language(int(user_id))


@dataclass(frozen=True, slots=True)
class _Bound:
    """A reply whose token holds: the person and the event it names."""

    token: Token
    user: Any
    event: models.Event


def _judge(
    message: EmailMessage, sender: str, recipients: Sequence[str], now: datetime
) -> tuple[Answered, str]:
    """The answer to a mail from `sender` (and the event's slug when the reply acted)."""
    subject = _answer_subject(message)
    bound = _bound(message, recipients)
    if not isinstance(bound, _Bound):
        with translation.override(_language_of_address(sender)):
            return _answer(bound, sender, subject, _token_refusal(bound)), ""
    address = str(bound.user.email or "")
    with translation.override(recipient_language(bound.user.id, bound.event.id)):
        spoofed = _spoofing(message, sender, address)
        if spoofed:
            # Told to the person the address belongs to, not to whoever wrote the From line.
            return _answer(Outcome.SPOOFED, address or sender, subject, spoofed), ""
        outcome, text = _act(message, bound, now)
        slug = bound.event.slug if outcome == Outcome.ACTED else ""
        return _answer(outcome, address, subject, text), slug


def _bound(message: EmailMessage, recipients: Sequence[str]) -> _Bound | str:
    """The token's person and event, or why there is none (NO_TOKEN, BAD_TOKEN)."""
    raw_token = _token_text(message, recipients)
    if raw_token is None:
        return Outcome.NO_TOKEN
    token = read_token(raw_token)
    if token is None:
        return Outcome.BAD_TOKEN
    user = get_user_model().objects.filter(id=token.user_id).first()
    event = models.Event.objects.filter(id=token.event_id).first()
    if user is None or event is None or REPLY_HOOKS.get(event.preset) is None:
        return Outcome.BAD_TOKEN
    return _Bound(token, user, event)


def _token_refusal(outcome: str) -> str:
    if outcome == Outcome.NO_TOKEN:
        return gettext(
            "This address only takes replies to Mashindano's mails, and your mail was not sent "
            "to a reply address: nothing was done. Use your e-mail program's Reply on the mail "
            "you are answering."
        )
    return gettext(
        "The reply address of your mail is not valid (changed, or not from this site): nothing "
        "was done. Use your e-mail program's Reply on the mail you are answering, or act on the "
        "site."
    )


def _spoofing(message: EmailMessage, sender: str, address: str) -> str:
    """Why the mail cannot be the person's own (empty: it can)."""
    if not address or address.lower() != sender.lower():
        return gettext(
            "A reply to one of your Mashindano mails came from {sender}, not from your address "
            "{address}: it was refused and nothing was done. Reply from the address the mail "
            "was sent to."
        ).format(sender=sender, address=address)
    if _dmarc_failed(message):
        return gettext(
            "A reply to one of your Mashindano mails gave your address as its sender, but the "
            "mail server found it was not sent by your mail provider (DMARC): it was refused "
            "and nothing was done."
        )
    return ""


def _act(message: EmailMessage, bound: _Bound, now: datetime) -> tuple[str, str]:
    """Read the reply's text and act on it, storing the nonce as used in the same transaction;
    (outcome, the answer's text)."""
    from mashindano.app.people import principal_for_user

    used = models.MailReply.objects.filter(nonce=bound.token.nonce).first()
    if used is not None:
        return Outcome.USED, _used_text(used)
    body = _plain_text(message)
    if body is None:
        return Outcome.HTML_ONLY, gettext(
            "Your reply has no plain-text part (HTML only), so it could not be read and nothing "
            "was done. Send it again as plain text, with your answer on the first line."
        )
    own = reply_text(body)
    if not own:
        return Outcome.EMPTY, gettext(
            "Your reply is empty once the quoted mail is left out: nothing was done. Write your "
            "answer on the first line, above the quoted mail."
        )
    principal = principal_for_user(bound.user)
    hooks = REPLY_HOOKS.get(bound.event.preset)
    assert principal is not None
    assert hooks is not None
    reply = Reply(bound.event.slug, bound.event.id, bound.token.target, principal, own, now)
    try:
        with transaction.atomic():
            models.MailReply.objects.create(
                nonce=bound.token.nonce,
                user=bound.user,
                event=bound.event,
                target=bound.token.target,
                used_at=now,
                message_id=str(message.get("Message-ID", ""))[:300],
            )
            outcome = hooks.act(reply)
    except IntegrityError:  # the same reply, delivered twice at once
        used = models.MailReply.objects.filter(nonce=bound.token.nonce).first()
        return Outcome.USED, _used_text(used) if used is not None else ""
    except MashindanoError as error:
        return Outcome.REFUSED, gettext(
            "Your reply was refused and nothing was done: {reason}"
        ).format(reason=shown(error))
    return Outcome.ACTED, outcome


def _answer(outcome: str, to: str, subject: str, text: str) -> Answered:
    return Answered(outcome, to, subject, text, translation.get_language() or "en")


def _used_text(used: models.MailReply) -> str:
    return gettext(
        "This mail was already answered (at {moment}); a mail takes one reply: nothing more was "
        "done. Reply to the latest mail, or act on the site."
    ).format(moment=f"{used.used_at:%Y-%m-%d %H:%M} UTC")


def _answer_subject(message: EmailMessage) -> str:
    subject = str(message.get("Subject", "")).strip()
    if not subject:
        return "Mashindano"
    return subject if subject.lower().startswith("re:") else f"Re: {subject}"


def _send_answer(message: EmailMessage, answered: Answered) -> None:
    headers = {
        "Auto-Submitted": "auto-replied",
        "X-Mashindano-Reply": answered.outcome,
        "Content-Language": answered.language,
    }
    original = str(message.get("Message-ID", "")).strip()
    if original:
        headers["In-Reply-To"] = original
        headers["References"] = original
    mail = DjangoMessage(
        subject=answered.subject,
        body=answered.text,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[answered.to],
        headers=headers,
    )
    connection = mailers.default
    connection.send_messages([mail])
