"""Webhooks: an organiser subscribes a URL to some of an event's happenings; each happening is
one signed delivery, retried with backoff until the receiver answers 2xx.

Happenings are read from the event's audit log, so every write counts whichever front end made
it (API, web, CLI): `collect(slug)` turns the audit entries a subscription has not seen into
deliveries (one per type, message id `<webhook>.<version>.<type>`, unique, so collecting twice
adds nothing), and `deliver(id)` sends one with retries. The API collects after each write it
commits and asks the worker to deliver; the worker's tick collects for every subscribed event
(writes made by the web pages and the CLI count too) and runs `deliver_due(now)`: one try for
each due delivery, the next one `BASE_DELAY_SECONDS` later, doubling, until `MAX_ATTEMPTS`.

A try first claims its delivery (a conditional update pushing its next attempt `LEASE` ahead),
so two workers never send the same delivery at once, and a worker killed in the middle of a
try leaves a delivery that is tried again once the lease ends (at least once: receivers tell
repeats by `webhook-id`, which stays the same on every try).

Targets (issue 30 item 1): only `http(s)` URLs to public addresses, unless the deployment's
allow-list `MASHINDANO_WEBHOOK_ALLOW` names an internal one; checked when subscribing (a clear
early message) and again on every try after resolving the name, on every redirect, connecting
to the address that was checked (`app.webhook_targets`). A refused target is never contacted:
its delivery fails at once with `refused: <kind> address` in the log.

Signatures follow Standard Webhooks: headers `webhook-id`, `webhook-timestamp` and
`webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body" under the secret>`, the secret
shown once as `whsec_<base64>`. The timestamp is the wall-clock time of the try (receivers
check it against their own clock), whatever time the worker was told it is.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from mashindano.app import webhook_targets
from mashindano.app.errors import NotFound
from mashindano.app.locking import pause_for_tests
from mashindano.app.publish_folder import FOLDER, write_folder
from mashindano.engine.errors import ParseError
from mashindano.store import models as store
from mashindano.store.models import Webhook, WebhookDelivery

TYPES = ("round.published", "result.reported", "result.final", "standings.updated", "event.closed")

_BY_ACTION: dict[str, tuple[str, ...]] = {
    "round.pair": ("round.published",),
    "result.report": ("result.reported", "standings.updated"),
    "result.confirm": ("result.final",),
    "result.ruling": ("result.final", "standings.updated"),
    "result.correction": ("result.final", "standings.updated"),
    "tantrix.form": ("result.reported", "standings.updated"),
    "game.move": (),
    "game.resign": ("result.final", "standings.updated"),
    "player.withdraw": ("standings.updated",),
    "player.sanction": ("standings.updated",),
    "event.close": ("event.closed",),
}

MAX_ATTEMPTS = 6
BASE_DELAY_SECONDS = 5.0
"""Backoff between attempts: 5 s, 10 s, 20 s, ... (times `base_delay` in `deliver`)."""
TIMEOUT_SECONDS = 10.0
LEASE = timedelta(seconds=TIMEOUT_SECONDS * 3)
"""How long a claimed try keeps other workers away from its delivery."""
SECRET_PREFIX = "whsec_"


def types_for(action: str) -> tuple[str, ...]:
    return _BY_ACTION.get(action, ())


def check_types(types: list[str]) -> list[str]:
    wanted = list(dict.fromkeys(t.strip() for t in types)) or list(TYPES)
    unknown = [t for t in wanted if t not in TYPES]
    if unknown:
        raise ParseError(
            gettext("unknown webhook type {value!r}; known: {value2}").format(
                value=unknown[0], value2=", ".join(TYPES)
            ),
            type=unknown[0],
        )
    return wanted


_KINDS = {
    "unspecified": gettext_lazy("an unspecified address"),
    "loopback": gettext_lazy("a loopback address"),
    "link-local": gettext_lazy("a link-local address"),
    "multicast": gettext_lazy("a multicast address"),
    "shared": gettext_lazy("a shared (carrier-grade NAT) address"),
    "reserved": gettext_lazy("a reserved address"),
    "private": gettext_lazy("a private address"),
    "non-public": gettext_lazy("a non-public address"),
}


@lru_cache(maxsize=8)
def _parse_allow(text: str) -> tuple[webhook_targets.Allowed, ...]:
    return webhook_targets.parse_allow(text)


def allow_list() -> tuple[webhook_targets.Allowed, ...]:
    """The deployment's `MASHINDANO_WEBHOOK_ALLOW` (checked when the settings load)."""
    return _parse_allow(str(getattr(settings, "MASHINDANO_WEBHOOK_ALLOW", "")))


def check_url(url: str) -> str:
    """An http(s) URL with a host, not resolving to an address the worker would refuse (a
    name that does not resolve yet is accepted: every try checks it again)."""
    try:
        target = webhook_targets.parse_url(url)
    except webhook_targets.BadURL as exc:
        if exc.problem == "scheme":
            text = gettext("webhook URL {url!r} must start with http:// or https://")
        elif exc.problem == "credentials":
            text = gettext("webhook URL {url!r} must not contain a user name or password")
        else:
            text = gettext("webhook URL {url!r} has no valid host name")
        raise ParseError(text.format(url=url), url=url) from None
    try:
        webhook_targets.resolve(target, allow_list())
    except webhook_targets.Refused as exc:
        raise ParseError(
            gettext(
                "webhook URL {url!r} points to {kind}; webhooks go to public addresses only "
                "(MASHINDANO_WEBHOOK_ALLOW lets a site allow internal ones)"
            ).format(url=url, kind=_KINDS[exc.kind]),
            url=url,
        ) from None
    except webhook_targets.Unresolved:
        pass
    return url


def subscribe(slug: str, url: str, types: list[str], *, created_by: str) -> Webhook:
    version = store.Event.objects.filter(slug=slug).values_list("version", flat=True).first()
    if version is None:
        from mashindano.app.errors import UnknownEvent

        raise UnknownEvent(gettext("no event {slug!r}").format(slug=slug), event=slug)
    wanted = check_types(types)
    return Webhook.objects.create(
        event_slug=slug,
        url=check_url(url),
        types=wanted,
        secret=SECRET_PREFIX + base64.b64encode(secrets.token_bytes(24)).decode(),
        created_by=created_by,
        created_at=timezone.now(),
        seen_version=version,
    )


BUNDLE_TYPE = "round.bundle"
"""The type of a publisher's deliveries (`app.publishing`): a subscription with it is a
publisher, set up and removed as one (audited), not through the webhook calls."""


def unsubscribe(slug: str, webhook_id: int) -> None:
    """Remove webhook `webhook_id` of `slug`. A publisher is refused: its removal goes through
    `publishing.remove_publisher`, which records it in the event's log."""
    found = Webhook.objects.filter(event_slug=slug, id=webhook_id).first()
    if found is not None and BUNDLE_TYPE in (found.types or []):
        from mashindano.app.errors import WrongState

        raise WrongState(
            gettext(
                "webhook {webhook_id} of event {slug!r} is a publisher; remove it on the "
                "console's Publishing tab or with DELETE /events/{slug}/publishers/{webhook_id}, "
                "which records who removed it"
            ).format(webhook_id=webhook_id, slug=slug),
            webhook=webhook_id,
        )
    deleted, _ = Webhook.objects.filter(event_slug=slug, id=webhook_id).delete()
    if not deleted:
        raise NotFound(
            gettext("no webhook {webhook_id} for event {slug!r}").format(
                webhook_id=webhook_id, slug=slug
            ),
            webhook=webhook_id,
        )


def collect(slug: str, *, now: datetime | None = None) -> list[WebhookDelivery]:
    """Deliveries for what the subscriptions of `slug` have not seen yet (new rows only)."""
    hooks = list(Webhook.objects.filter(event_slug=slug, active=True))
    if not hooks:
        return []
    when = now or timezone.now()
    lowest = min(h.seen_version for h in hooks)
    entries = list(
        store.AuditEntry.objects.filter(event__slug=slug, version__gt=lowest).order_by("version")
    )
    made: list[WebhookDelivery] = []
    for hook in hooks:
        seen = hook.seen_version
        for entry in entries:
            if entry.version <= seen:
                continue
            for kind in types_for(entry.action):
                if kind not in hook.types:
                    continue
                made.append(
                    WebhookDelivery(
                        webhook=hook,
                        message_id=f"msg_{hook.id}.{entry.version}.{kind}",
                        type=kind,
                        version=entry.version,
                        payload={
                            "type": kind,
                            "timestamp": entry.at.isoformat(),
                            "data": {
                                "event": slug,
                                "version": entry.version,
                                "action": entry.action,
                                "actor": entry.actor,
                                "after": entry.after,
                            },
                        },
                        next_attempt_at=when,
                        created_at=when,
                    )
                )
        if entries and entries[-1].version > seen:
            Webhook.objects.filter(id=hook.id, seen_version__lt=entries[-1].version).update(
                seen_version=entries[-1].version
            )
    WebhookDelivery.objects.bulk_create(made, ignore_conflicts=True)
    return made


def collect_all(*, now: datetime | None = None) -> int:
    """`collect` for every event with an active subscription. Returns how many deliveries
    were made."""
    slugs = (
        Webhook.objects.filter(active=True)
        .order_by("event_slug")
        .values_list("event_slug", flat=True)
        .distinct()
    )
    return sum(len(collect(slug, now=now)) for slug in list(slugs))


def sign(secret: str, message_id: str, timestamp: int, body: bytes) -> str:
    key = base64.b64decode(secret.removeprefix(SECRET_PREFIX))
    signed = f"{message_id}.{timestamp}.".encode() + body
    return "v1," + base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()


@dataclass(frozen=True, slots=True)
class Answer:
    status: int | None
    error: str = ""
    refused: bool = False
    """The target was refused (nothing was sent): the delivery fails without more tries."""

    @property
    def ok(self) -> bool:
        return self.status is not None and 200 <= self.status < 300


Sender = Callable[[str, bytes, dict[str, str]], Answer]


def post(url: str, body: bytes, headers: dict[str, str]) -> Answer:
    """POST to a checked target (`webhook_targets.post`): the receiver's status, or a fixed
    phrase saying why not (`refused: ...` when the target may not be reached)."""
    out = webhook_targets.post(url, body, headers, allow=allow_list(), timeout=TIMEOUT_SECONDS)
    return Answer(out.status, out.error, out.refused)


def attempt(delivery: WebhookDelivery, *, send: Sender = post, now: datetime | None = None) -> bool:
    """One try: sign, send, record the answer; schedule the next try on failure."""
    hook = delivery.webhook
    body = json.dumps(delivery.payload, separators=(",", ":")).encode()
    when = now or timezone.now()
    stamp = int(time.time())
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "mashindano-webhooks",
        "webhook-id": delivery.message_id,
        "webhook-timestamp": str(stamp),
        "webhook-signature": sign(hook.secret, delivery.message_id, stamp, body),
    }
    if hook.url.startswith(FOLDER):  # a round bundle for the publish folder
        error = write_folder(delivery.payload)
        answer = Answer(None if error else 200, error)
    else:
        answer = send(hook.url, body, headers)
    delivery.attempts += 1
    delivery.last_status = answer.status
    delivery.last_error = answer.error
    if answer.ok:
        delivery.state = WebhookDelivery.DELIVERED
        delivery.delivered_at = when
    elif answer.refused or delivery.attempts >= MAX_ATTEMPTS:
        delivery.state = WebhookDelivery.FAILED
    else:
        delay = BASE_DELAY_SECONDS * 2 ** (delivery.attempts - 1)
        delivery.next_attempt_at = when + timedelta(seconds=delay)
    delivery.save(
        update_fields=[
            "attempts",
            "last_status",
            "last_error",
            "state",
            "delivered_at",
            "next_attempt_at",
        ]
    )
    return answer.ok


def claim(delivery_id: int, now: datetime) -> WebhookDelivery | None:
    """Take a due delivery for one try (None when it is not pending and due any more, e.g.
    another worker took it): its next attempt moves `LEASE` ahead, so that a try cut short
    by a crash is made again later."""
    taken = WebhookDelivery.objects.filter(
        id=delivery_id, state=WebhookDelivery.PENDING, next_attempt_at__lte=now
    ).update(next_attempt_at=now + LEASE)
    if not taken:
        return None
    return WebhookDelivery.objects.select_related("webhook").get(id=delivery_id)


def deliver(
    delivery_id: int,
    *,
    send: Sender = post,
    sleep: Callable[[float], Any] = time.sleep,
    base_delay: float = BASE_DELAY_SECONDS,
) -> WebhookDelivery:
    """Send one delivery until it succeeds or MAX_ATTEMPTS fail, waiting base_delay, 2x, 4x...
    between tries (the body of a background task)."""
    delivery = WebhookDelivery.objects.select_related("webhook").get(id=delivery_id)
    while delivery.state == WebhookDelivery.PENDING:
        if attempt(delivery, send=send):
            break
        if delivery.state == WebhookDelivery.PENDING:
            sleep(base_delay * 2 ** (delivery.attempts - 1))
    return delivery


def due_ids(now: datetime) -> list[int]:
    return list(
        WebhookDelivery.objects.filter(state=WebhookDelivery.PENDING, next_attempt_at__lte=now)
        .order_by("id")
        .values_list("id", flat=True)
    )


def deliver_due(*, send: Sender = post, now: datetime | None = None) -> int:
    """One try for every pending delivery that is due at `now` (a worker's tick). Returns how
    many were delivered."""
    when = now or timezone.now()
    delivered = 0
    for delivery_id in due_ids(when):
        delivery = claim(delivery_id, when)
        if delivery is not None and attempt(delivery, send=send, now=when):
            delivered += 1
        pause_for_tests("webhook")
    return delivered


def next_attempt_at() -> datetime | None:
    """When the earliest pending delivery is tried next (None when none waits)."""
    return (
        WebhookDelivery.objects.filter(state=WebhookDelivery.PENDING)
        .order_by("next_attempt_at")
        .values_list("next_attempt_at", flat=True)
        .first()
    )


def list_webhooks(slug: str) -> list[Webhook]:
    return list(Webhook.objects.filter(event_slug=slug).order_by("id"))


def delivery_log(slug: str, webhook_id: int, *, limit: int = 200) -> list[WebhookDelivery]:
    """The deliveries of one subscription, latest first."""
    rows = WebhookDelivery.objects.filter(webhook__event_slug=slug, webhook_id=webhook_id)
    return list(rows.order_by("-id")[:limit])
