"""The live view for a projector: the latest round's pairings and the standings in large
type, shown in turn. The page loads `live.js`, which asks for the panels again every second
with the ETag it holds; the page cache answers 304 until the event's version changes, so an
unchanged event costs no rendering and a new result shows within about a second and a half
(VERSION_TTL + the polling interval)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from mashindano.app.documents.event import EventSummary, build_event_summary
from mashindano.app.documents.rounds import build_round_pairings
from mashindano.app.queries import get_event_facts
from mashindano.web.public.derived import standings_for
from mashindano.web.public.views import not_found_as_404

POLL_MS = 1000
ROTATE_SECONDS = 15


def _panels(event: EventSummary) -> dict[str, Any]:
    facts = get_event_facts(event.slug)
    latest = event.rounds[-1].place if event.rounds else None
    pairings = (
        build_round_pairings(
            event.slug, latest.round, stage=latest.stage, group=latest.group, facts=facts
        )
        if latest is not None
        else None
    )
    return {"event": event, "pairings": pairings, "standings": standings_for(facts)}


def _rotate(request: HttpRequest) -> int:
    asked = request.GET.get("rotate", "")
    return max(3, min(int(asked), 600)) if asked.isdigit() else ROTATE_SECONDS


@not_found_as_404
def live(request: HttpRequest, slug: str) -> HttpResponse:
    event = build_event_summary(slug)
    context = _panels(event) | {"poll_ms": POLL_MS, "rotate_seconds": _rotate(request)}
    return render(request, "web/public/live.html", context)


@not_found_as_404
def live_panels(request: HttpRequest, slug: str) -> HttpResponse:
    return render(request, "web/public/live_panels.html", _panels(build_event_summary(slug)))
