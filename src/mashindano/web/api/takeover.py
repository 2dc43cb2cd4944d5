"""`POST /api/v1/events/import/trf`: take over a chess Swiss in progress from a TRF file
(issue 28 item 6, `app.takeover`), or a team event from a TRF team file (issue 32). `dry_run`
answers 200 with what would be created and the warnings, storing nothing; otherwise 201 with
the same document, the event stored. A file that cannot be taken over is a problem (422: a
file that cannot be read, or that asks what the event cannot hold; 409: the slug is taken);
nothing of it is stored. Allowed as creating an event is (an event creator's token of the
organiser scope)."""

from __future__ import annotations

from typing import Literal

from django.http import HttpRequest, HttpResponse
from ninja import Field, Schema

from mashindano.store.facts import Json
from mashindano.web.api.common import caller_of, post
from mashindano.web.api.conditional import write
from mashindano.web.api.schemas import Document, Line, responses


class TakeoverIn(Schema):
    trf: str = Field(..., min_length=1, description="The TRF-16 / TRF-26 file's text.")
    slug: Line | None = Field(
        None, max_length=100, description="Default: from the file's name (012)."
    )
    name: Line | None = Field(None, max_length=200, description="Default: the file's 012.")
    strict: bool = Field(False, description="Refuse the file's oddities instead of warning.")
    dry_run: bool = Field(False, description="Check and show what would be made; store nothing.")
    team_system: Literal["round-robin", "swiss"] | None = Field(
        None, description="A team file's system; default: as its record 092 says."
    )


@post(
    "/events/import/trf",
    response=responses(201, Document) | {200: Document},
    summary="Take over a chess Swiss in progress from a TRF file",
)
def take_over(request: HttpRequest, body: TakeoverIn) -> HttpResponse:
    from mashindano.app.takeover import take_over_event, takeover_json

    caller = caller_of(request)
    caller.require("event.create")
    made: list[str] = []

    def perform() -> tuple[int, Json]:
        done = take_over_event(
            body.trf,
            actor=caller.principal,
            slug=body.slug,
            name=body.name,
            source="trf",
            strict=body.strict,
            dry_run=body.dry_run,
            team_system=body.team_system,
        )
        made.append(done.slug)
        return (200 if body.dry_run else 201), takeover_json(done)

    response = write(request, caller, perform, slug=None, creating=not body.dry_run)
    if response.status_code == 201 and made:
        response["Location"] = f"/api/v1/events/{made[0]}"
    return response
