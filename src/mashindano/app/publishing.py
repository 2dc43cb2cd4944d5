"""Publishing after each round (issue 31 item 6): once every result of a round is in, the event
sends a bundle of that round to another site (Tasaselo's table goes to the national chess
site's page after each round): the round's pairings with results and the standings after it
as JSON (the documents' `to_json`), and a standalone HTML page of both.

When: a round's bundle is made once all its results are in, not when the next round is
paired: the other site gets the table as soon as it is final, the last round of an event
(never followed by a pairing) is published too, and a pairing that waits for days does not
hold the table back. A correction made after the bundle went does not send it again (the
feed and the pages show it).

Where: a publisher is a subscription (`Webhook` row of type `round.bundle`) to either
- an http(s) URL, treated as hostile exactly like a webhook's (`app.webhook_targets`: public
  addresses only unless `MASHINDANO_WEBHOOK_ALLOW` names it, checked on every try), each
  bundle one signed POST (Standard Webhooks headers) retried with backoff; or
- `folder:`, the deployment's folder `MASHINDANO_PUBLISH_FOLDER`: each bundle written under
  `<folder>/<event>/` as `<stage>-<group>-round-<n>.json` and `.html` (never a path of the
  organiser's choosing).

Exactly once: each (publisher, stage, group, round) is one delivery with a unique message id
(`bundle_<publisher>.<stage>.<group>.<round>`), made by `collect` (the worker's tick and the
API's `after_write`) and sent by the webhook machinery (`webhooks.deliver_due`), which records
it delivered; collecting again adds nothing.

Setting up (the use cases `add_publisher`, `remove_publisher`, `list_publishers`, shared by the
console's Publishing page, the API and the CLI): the event's organisers only (actions
`publisher.add`, `publisher.remove`, `publisher.read`); adding and removing go through the
event's lock and write the audit log (the target, never the signing secret). Removing a
publisher removes its deliveries too (nothing more is sent to it). Each publisher is listed
with one line per round: delivered, failing (with the last error; a refused target fails at
once, an unanswered one is tried again with backoff until it fails for good) or waiting (the
round is complete and its bundle not sent yet).
"""

from __future__ import annotations

import base64
import secrets
from dataclasses import dataclass
from datetime import datetime

from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext

from mashindano.app import webhooks
from mashindano.app.documents.feed import round_entry, standings_entry
from mashindano.app.documents.rounds import round_pairings
from mashindano.app.documents.standings import standings_after
from mashindano.app.errors import NotFound, UnknownEvent
from mashindano.app.locking import locked_event
from mashindano.app.permissions import authorise
from mashindano.app.principals import Principal
from mashindano.app.publish_folder import FOLDER, folder_root
from mashindano.app.queries import get_event_facts
from mashindano.engine.errors import ParseError
from mashindano.store import models as store
from mashindano.store.facts import EventFacts, Json, RoundFact
from mashindano.store.models import Webhook, WebhookDelivery

BUNDLE = webhooks.BUNDLE_TYPE


def subscribe(slug: str, target: str, *, created_by: str) -> Webhook:
    """A publisher of `slug`'s round bundles: an http(s) URL (checked like a webhook's) or
    `folder:` (the deployment's publish folder)."""
    version = store.Event.objects.filter(slug=slug).values_list("version", flat=True).first()
    if version is None:
        raise UnknownEvent(gettext("no event {slug!r}").format(slug=slug), event=slug)
    return _create(slug, check_target(target), created_by=created_by, version=version)


def check_target(target: str) -> str:
    """`folder:` when the site has a publish folder, else an http(s) URL that a webhook could
    be sent to (`webhooks.check_url`); ParseError naming the problem otherwise."""
    target = target.strip()
    if target == FOLDER:
        if folder_root() is None:
            raise ParseError(
                gettext(
                    "this site has no publish folder: set MASHINDANO_PUBLISH_FOLDER "
                    "or publish to a URL"
                ),
                url=target,
            )
        return target
    return webhooks.check_url(target)


def _create(slug: str, url: str, *, created_by: str, version: int) -> Webhook:
    return Webhook.objects.create(
        event_slug=slug,
        url=url,
        types=[BUNDLE],
        secret=webhooks.SECRET_PREFIX + base64.b64encode(secrets.token_bytes(24)).decode(),
        created_by=created_by,
        created_at=timezone.now(),
        seen_version=version,
    )


# -- setting up (organisers) ---------------------------------------------------------------


class UnknownPublisher(NotFound):
    code = "unknown_publisher"


WAITING = "waiting"
DELIVERED = "delivered"
FAILING = "failing"


@dataclass(frozen=True, slots=True)
class DeliveryLine:
    """One round's bundle to one publisher."""

    stage: int
    group: str
    round: int
    status: str
    """`delivered`, `failing` (tried, not received; `final` when no more tries follow) or
    `waiting` (not tried yet)."""
    attempts: int = 0
    last_error: str = ""
    final: bool = False
    delivered_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class PublisherView:
    id: int
    target: str
    """The URL, or `folder:` for the site's publish folder."""
    is_folder: bool
    created_by: str
    created_at: datetime
    deliveries: tuple[DeliveryLine, ...]
    secret: str = ""
    """The signing secret: only in the answer to `add_publisher` (shown once)."""


def _publishers(slug: str) -> list[Webhook]:
    return [
        h
        for h in Webhook.objects.filter(event_slug=slug).order_by("id")
        if BUNDLE in (h.types or [])
    ]


def _line(row: WebhookDelivery) -> DeliveryLine:
    payload = row.payload if isinstance(row.payload, dict) else {}
    if row.state == WebhookDelivery.DELIVERED:
        status = DELIVERED
    elif row.state == WebhookDelivery.FAILED or row.attempts:
        status = FAILING
    else:
        status = WAITING
    return DeliveryLine(
        stage=int(payload.get("stage") or 1),
        group=str(payload.get("group") or ""),
        round=int(payload.get("round") or 0),
        status=status,
        attempts=row.attempts,
        last_error=row.last_error,
        final=row.state == WebhookDelivery.FAILED,
        delivered_at=row.delivered_at,
    )


def _view(hook: Webhook, complete: list[RoundFact], *, secret: str = "") -> PublisherView:
    made = {
        (line.stage, line.group, line.round): line
        for line in map(_line, hook.deliveries.filter(type=BUNDLE))
    }
    for shown in complete:  # complete rounds not collected yet (the worker's next tick)
        made.setdefault(
            (shown.stage, shown.group, shown.number),
            DeliveryLine(shown.stage, shown.group, shown.number, WAITING),
        )
    return PublisherView(
        id=hook.id,
        target=hook.url,
        is_folder=hook.url == FOLDER,
        created_by=hook.created_by,
        created_at=hook.created_at,
        deliveries=tuple(made[key] for key in sorted(made)),
        secret=secret,
    )


def list_publishers(slug: str, *, actor: Principal) -> list[PublisherView]:
    """The event's publishers with each round's delivery (organisers)."""
    authorise(actor, "publisher.read", slug)
    hooks = _publishers(slug)
    if not hooks:
        return []
    complete = [r for r in get_event_facts(slug).rounds if r.is_complete()]
    return [_view(hook, complete) for hook in hooks]


def add_publisher(
    slug: str, target: str, *, actor: Principal, now: datetime | None = None
) -> PublisherView:
    """Publish `slug`'s round bundles to `target` (an http(s) URL, checked like a webhook's,
    or `folder:`). Refused: a target that cannot be reached or may not be (nothing stored),
    the same target twice."""
    authorise(actor, "publisher.add", slug)
    url = check_target(target)  # resolves a name: before the lock, not inside it
    with locked_event(slug, actor, "publisher.add", now=now) as context:
        if any(h.url == url for h in _publishers(slug)):
            raise ParseError(
                gettext("event {slug!r} publishes to {target!r} already").format(
                    slug=slug, target=url
                ),
                url=url,
            )
        hook = _create(slug, url, created_by=context.actor, version=context.event.version + 1)
        context.record(after={"publisher": hook.id, "target": url})
    return _view(hook, [], secret=hook.secret)


def remove_publisher(
    slug: str, publisher: int, *, actor: Principal, now: datetime | None = None
) -> None:
    """Stop publishing to publisher number `publisher` (its deliveries go with it)."""
    with locked_event(slug, actor, "publisher.remove", now=now) as context:
        hook = next((h for h in _publishers(slug) if h.id == publisher), None)
        if hook is None:
            raise UnknownPublisher(
                gettext("event {slug!r} has no publisher {publisher}").format(
                    slug=slug, publisher=publisher
                ),
                event=slug,
                publisher=publisher,
            )
        sent = hook.deliveries.filter(state=WebhookDelivery.DELIVERED).count()
        hook.delete()
        context.record(
            before={"publisher": publisher, "target": hook.url, "delivered": sent},
            after=None,
        )


def bundle(facts: EventFacts, shown: RoundFact) -> dict[str, Json]:
    """One round's bundle: its pairings with results, the standings after it, and both as a
    standalone HTML page."""
    pairings = round_pairings(facts, shown)
    standings = standings_after(facts, shown.number)
    return {
        "type": BUNDLE,
        "event": facts.slug,
        "name": facts.name,
        "stage": shown.stage,
        "group": shown.group,
        "round": shown.number,
        "title": pairings.place.label,
        "pairings": pairings.to_json(),
        "standings": standings.to_json(),
        "html": bundle_html(facts, shown),
    }


def bundle_html(facts: EventFacts, shown: RoundFact) -> str:
    games = round_entry(facts, shown)
    table = standings_entry(facts, shown.number)

    def items(lines: tuple[str, ...]) -> str:
        return format_html_join("", "<li>{}</li>", ((line,) for line in lines))

    return format_html(
        '<!doctype html>\n<html><head><meta charset="utf-8"><title>{} · {}</title></head>'
        "<body><h1>{}</h1><h2>{}</h2><ul>{}</ul><h2>{}</h2><ol>{}</ol></body></html>\n",
        games.title,
        facts.name,
        facts.name,
        games.title,
        items(games.lines),
        table.title,
        items(table.lines),
    )


def message_id(hook: Webhook, shown: RoundFact) -> str:
    return f"bundle_{hook.id}.{shown.stage}.{shown.group}.{shown.number}"


def collect(slug: str, *, now: datetime | None = None) -> list[WebhookDelivery]:
    """A delivery for each complete round of `slug` each of its publishers has not had yet
    (new rows only: collecting twice adds nothing)."""
    hooks = [
        h for h in Webhook.objects.filter(event_slug=slug, active=True) if BUNDLE in (h.types or [])
    ]
    if not hooks:
        return []
    facts = get_event_facts(slug)
    complete = [r for r in facts.rounds if r.is_complete()]
    made_ids = set(
        WebhookDelivery.objects.filter(webhook__in=hooks, type=BUNDLE).values_list(
            "message_id", flat=True
        )
    )
    when = now or timezone.now()
    bundles: dict[tuple[int, str, int], dict[str, Json]] = {}
    made: list[WebhookDelivery] = []
    for hook in hooks:
        for shown in complete:
            key = message_id(hook, shown)
            if key in made_ids:
                continue
            place = (shown.stage, shown.group, shown.number)
            if place not in bundles:
                bundles[place] = bundle(facts, shown)
            made.append(
                WebhookDelivery(
                    webhook=hook,
                    message_id=key,
                    type=BUNDLE,
                    version=facts.version,
                    payload=bundles[place],
                    next_attempt_at=when,
                    created_at=when,
                )
            )
    WebhookDelivery.objects.bulk_create(made, ignore_conflicts=True)
    return made


def collect_all(*, now: datetime | None = None) -> int:
    """`collect` for every event with a publisher. Returns how many deliveries were made."""
    slugs = sorted(
        {
            h.event_slug
            for h in Webhook.objects.filter(active=True).only("event_slug", "types")
            if BUNDLE in (h.types or [])
        }
    )
    return sum(len(collect(slug, now=now)) for slug in slugs)
