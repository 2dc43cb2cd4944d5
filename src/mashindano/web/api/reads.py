"""Read operations: public documents of events and series (ETag, 304, cached bodies, CORS
`*`), and the audit log for an event's staff."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC

from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from ninja import Field as NinjaField
from ninja import Query, Schema

from mashindano.app.permissions import authorise
from mashindano.store.facts import Json
from mashindano.web.api.common import AUTH, caller_of, read
from mashindano.web.api.conditional import (
    JSON,
    allow_any_origin,
    cached_read,
    event_etag,
    json_bytes,
    public_event_read,
)
from mashindano.web.api.pagination import CURSOR_PATTERN, MAX_CURSOR_CHARS, page
from mashindano.web.api.schemas import Document, Page, responses


class PageQuery(Schema):
    cursor: str | None = NinjaField(
        None,
        max_length=MAX_CURSOR_CHARS,
        pattern=CURSOR_PATTERN,
        description="The `next_cursor` of the page before.",
    )
    limit: int | None = NinjaField(None, ge=1, le=1000)


class EventFilter(PageQuery):
    state: str | None = NinjaField(None, description="registration, running or closed")
    preset: str | None = None


class Place(Schema):
    stage: int = NinjaField(1, ge=1)
    group: str = NinjaField("", max_length=20)


def _wanted(value: str, wanted: str | None) -> bool:
    """A list filter: no value asked for, or this one."""
    return wanted is None or value == wanted


@read("/events", response=responses(200, Page, cached=True), summary="Events, filtered and paged")
def list_events(request: HttpRequest, filters: Query[EventFilter]) -> HttpResponse:
    def build() -> Json:
        from mashindano.app.documents.event import build_event_list

        lines = [
            e
            for e in build_event_list().events
            if _wanted(e.state, filters.state) and _wanted(e.preset, filters.preset)
        ]
        return page(
            lines,
            lambda e: [e.created_at.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ"), e.slug],
            lambda e: e.to_json(),
            cursor=filters.cursor,
            limit=filters.limit,
        )

    return cached_read(request, build, slug=None)


@read(
    public_event_read("/events/{slug}"),
    response=responses(200, Document, cached=True),
    summary="An event",
)
def event_summary(request: HttpRequest, slug: str) -> HttpResponse:
    def build() -> Json:
        from mashindano.app.documents.event import build_event_summary

        summary = build_event_summary(slug)
        return {
            **summary.to_json(),
            "state": summary.state,
            "players": summary.players,
            "finished": summary.finished,
            "next": summary.next_unit,
            "rounds": [
                {
                    "stage": r.place.stage,
                    "group": r.place.group,
                    "round": r.place.round,
                    "published_at": r.published_at.isoformat(),
                    "complete": r.is_complete,
                }
                for r in summary.rounds
            ],
        }

    return cached_read(request, build, slug=slug)


@read(
    public_event_read("/events/{slug}/entries"),
    response=responses(200, Page, cached=True),
    summary="Entries in registration order, paged",
)
def entries(request: HttpRequest, slug: str, paging: Query[PageQuery]) -> HttpResponse:
    def build() -> Json:
        from mashindano.app.documents.entries import build_entries

        lines = list(enumerate(build_entries(slug).entries))
        return page(
            lines,
            lambda pair: [pair[0]],
            lambda pair: {"id": pair[1].id, **pair[1].to_json(), "flags": list(pair[1].flags)},
            cursor=paging.cursor,
            limit=paging.limit,
        )

    return cached_read(request, build, slug=slug)


@read(
    public_event_read("/events/{slug}/rounds/{number}"),
    response=responses(200, Document, cached=True),
    summary="Pairings and results of a published round",
)
def round_pairings(
    request: HttpRequest, slug: str, number: int, place: Query[Place]
) -> HttpResponse:
    def build() -> Json:
        from mashindano.app.documents.rounds import build_round_pairings

        return build_round_pairings(slug, number, stage=place.stage, group=place.group).to_json()

    return cached_read(request, build, slug=slug)


@read(
    public_event_read("/events/{slug}/standings"),
    response=responses(200, Document, cached=True),
    summary="Standings (every table of the event, with column definitions)",
)
def standings(request: HttpRequest, slug: str) -> HttpResponse:
    def build() -> Json:
        from mashindano.app.documents.standings import build_standings

        document = build_standings(slug)
        return {
            "event": document.event,
            "name": document.name,
            "status": document.status,
            "sections": document.to_json(),
            "columns": {
                c.name: {"label": c.label, "definition": c.definition, "spec": c.spec}
                for s in document.sections
                for c in s.columns
            },
        }

    return cached_read(request, build, slug=slug)


@read(
    "/events/{slug}/teams/standings",
    response=responses(200, Document),
    summary="Team standings, with the board prizes (an event played in teams)",
)
def team_standings(request: HttpRequest, slug: str) -> HttpResponse:
    """Not cached under the event's version: a line-up deadline passing changes it (a missing
    line-up's consequence) without a write. An event not played in teams: 404, as its pages."""
    from mashindano.app.errors import NotFound, WrongState
    from mashindano.app.teams.documents import build_team_standings

    try:
        document = build_team_standings(slug)
    except WrongState as refused:
        raise NotFound(refused.message, event=slug) from None
    response = HttpResponse(json_bytes(document.to_json()), content_type=JSON)
    response["Cache-Control"] = "no-cache"
    return allow_any_origin(response)


@read(
    public_event_read("/events/{slug}/crosstable"),
    response=responses(200, Document, cached=True),
    summary="Crosstable",
)
def crosstable(request: HttpRequest, slug: str) -> HttpResponse:
    def build() -> Json:
        from mashindano.app.documents.crosstable import build_crosstable

        return build_crosstable(slug).to_json()

    return cached_read(request, build, slug=slug)


@read(
    public_event_read("/events/{slug}/players/{player}"),
    response=responses(200, Document, cached=True),
    summary="Player card (by key, number or name)",
)
def player_card(request: HttpRequest, slug: str, player: str) -> HttpResponse:
    def build() -> Json:
        from mashindano.app.documents.player import build_player_card

        return build_player_card(slug, player).to_json()

    return cached_read(request, build, slug=slug)


@read(
    public_event_read("/events/{slug}/export.json"),
    response=responses(200, Document, cached=True),
    summary="Every fact and the audit log (the CLI's event export --format json)",
)
def export_json(request: HttpRequest, slug: str) -> HttpResponse:
    def build() -> Json:
        from mashindano.app.exchange import export_event_json

        return export_event_json(slug)

    return cached_read(request, build, slug=slug)


def _text_export(request: HttpRequest, slug: str, what: str, content_type: str) -> HttpResponse:
    def build() -> Json:
        from mashindano.app import exchange

        text = (
            exchange.export_event_trf(slug)
            if what == "trf"
            else exchange.export_event_games_csv(slug)
        )
        return text.encode()  # type: ignore[return-value]

    return cached_read(request, build, slug=slug, content_type=content_type)


@read(
    public_event_read("/events/{slug}/export.trf"),
    response=responses(200, str, cached=True),
    summary="TRF-16 of a single-stage chess event",
    openapi_extra={
        "responses": {"200": {"content": {"text/plain": {"schema": {"type": "string"}}}}}
    },
)
def export_trf(request: HttpRequest, slug: str) -> HttpResponse:
    return _text_export(request, slug, "trf", "text/plain; charset=utf-8")


@read(
    public_event_read("/events/{slug}/export.csv"),
    response=responses(200, str, cached=True),
    summary="GAMES.csv: round, white, black, result",
    openapi_extra={"responses": {"200": {"content": {"text/csv": {"schema": {"type": "string"}}}}}},
)
def export_csv(request: HttpRequest, slug: str) -> HttpResponse:
    return _text_export(request, slug, "csv", "text/csv; charset=utf-8")


@read(
    "/events/{slug}/games.ndjson",
    response=responses(200, str),
    summary="Every game, one JSON object a line, streamed",
    openapi_extra={
        "responses": {"200": {"content": {"application/x-ndjson": {"schema": {"type": "string"}}}}}
    },
)
def games_stream(request: HttpRequest, slug: str) -> HttpResponse | StreamingHttpResponse:
    from mashindano.app.conditions import event_version
    from mashindano.app.documents.rounds import round_pairings
    from mashindano.app.queries import get_event_facts

    version = event_version(slug)
    facts = get_event_facts(slug)

    def lines() -> Iterator[bytes]:
        for shown in sorted(facts.rounds, key=lambda r: (r.stage, r.group, r.number)):
            for board in round_pairings(facts, shown).boards:
                for game in board.games:
                    line = {
                        "stage": shown.stage,
                        "group": shown.group,
                        "round": shown.number,
                        "board": board.board,
                        **game.to_json(),
                    }
                    yield json_bytes(line) + b"\n"

    response = StreamingHttpResponse(lines(), content_type="application/x-ndjson")
    response["ETag"] = event_etag(slug, version)
    return allow_any_origin(response)


@read(
    "/events/{slug}/audit",
    response=responses(200, Page, cached=True),
    auth=AUTH,
    summary="Audit log (organisers and arbiters), paged by version",
)
def audit(request: HttpRequest, slug: str, paging: Query[PageQuery]) -> HttpResponse:
    caller = caller_of(request)
    caller.require("audit.read")
    authorise(caller.principal, "audit.read", slug)

    def build() -> Json:
        from mashindano.app.documents.audit import build_audit_page

        return page(
            build_audit_page(slug).entries,
            lambda e: [e.version],
            lambda e: e.to_json(),
            cursor=paging.cursor,
            limit=paging.limit,
        )

    return cached_read(request, build, slug=slug, public=False)
