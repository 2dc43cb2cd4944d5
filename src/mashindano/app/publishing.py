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
"""

from __future__ import annotations

import base64
import secrets
from datetime import datetime

from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext

from mashindano.app import webhooks
from mashindano.app.documents.feed import round_entry, standings_entry
from mashindano.app.documents.rounds import round_pairings
from mashindano.app.documents.standings import standings_after
from mashindano.app.errors import UnknownEvent
from mashindano.app.publish_folder import FOLDER, folder_root
from mashindano.app.queries import get_event_facts
from mashindano.engine.errors import ParseError
from mashindano.store import models as store
from mashindano.store.facts import EventFacts, Json, RoundFact
from mashindano.store.models import Webhook, WebhookDelivery

BUNDLE = "round.bundle"


def subscribe(slug: str, target: str, *, created_by: str) -> Webhook:
    """A publisher of `slug`'s round bundles: an http(s) URL (checked like a webhook's) or
    `folder:` (the deployment's publish folder)."""
    version = store.Event.objects.filter(slug=slug).values_list("version", flat=True).first()
    if version is None:
        raise UnknownEvent(gettext("no event {slug!r}").format(slug=slug), event=slug)
    if target == FOLDER:
        if folder_root() is None:
            raise ParseError(
                gettext(
                    "this site has no publish folder: set MASHINDANO_PUBLISH_FOLDER "
                    "or publish to a URL"
                ),
                url=target,
            )
        url = target
    else:
        url = webhooks.check_url(target)
    return Webhook.objects.create(
        event_slug=slug,
        url=url,
        types=[BUNDLE],
        secret=webhooks.SECRET_PREFIX + base64.b64encode(secrets.token_bytes(24)).decode(),
        created_by=created_by,
        created_at=timezone.now(),
        seen_version=version,
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
