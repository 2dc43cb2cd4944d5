"""Request and response bodies. Response bodies of reads are the read model's documents
(`to_json()`, one shape for the CLI's --json, the API and the pages); they are described here
as JSON objects, the documents themselves being the reference."""

from __future__ import annotations

from typing import Annotated, Any

from ninja import Field, Schema
from pydantic import AfterValidator, ConfigDict
from pydantic_core import PydanticCustomError

from mashindano.app.declarations import ParameterSpec
from mashindano.app.formats.parts import DESCRIPTION
from mashindano.app.formats.registry import available_presets, part
from mashindano.engine.tiebreaks.registry import tiebreak_names_text
from mashindano.interchange.limits import text_problem

Document = dict[str, Any]


def _one_line(text: str) -> str:
    problem = text_problem(text)
    if problem is not None:
        raise PydanticCustomError("text", problem)
    return text


Line = Annotated[str, AfterValidator(_one_line)]
"""A one-line text (a name, a slug, an address): no control character at all, not even a line
break (issue 30 item 4). Every string of a request is checked for the others by
`parsing.CheckedParser`."""


class Problem(Schema):
    """RFC 9457 problem details; `code` and `detail` are the CLI's code and message."""

    model_config = ConfigDict(extra="allow")

    type: str
    title: str
    status: int
    detail: str
    code: str
    instance: str | None = None


class Page(Schema):
    items: list[dict[str, Any]]
    next_cursor: str | None = Field(None, description="Pass as ?cursor= for the next page.")


ERRORS: dict[int, type[Problem]] = dict.fromkeys((400, 401, 403, 404, 409, 412, 422, 429), Problem)


def responses(ok: int, body: Any, *, cached: bool = False) -> dict[int, Any]:
    found: dict[int, Any] = {ok: body, **ERRORS}
    if cached:
        found[304] = None
    return found


def _parameter_text(spec: ParameterSpec) -> str:
    if spec.choices:
        return f"{spec.name} ({' | '.join(spec.choices)})"
    return spec.name


def parameters_description() -> str:
    """`EventIn.parameters`: each preset's parameters (from its schema) and the tie-breaks a
    tie-break list accepts (from the engine's registry), so the OpenAPI document names them."""
    lines = [
        "Overrides of the preset's parameters, by name (JSON values, or the text "
        "`mashindano event create --set NAME=VALUE` takes); the others keep the preset's "
        "defaults."
    ]
    lists: list[str] = []
    for name in available_presets():
        fields = part(name, DESCRIPTION).parameter_schema.fields
        lines.append(f"{name}: {', '.join(_parameter_text(spec) for spec in fields)}.")
        lists += [spec.name for spec in fields if spec.tiebreaks and spec.name not in lists]
    if lists:
        lines.append(
            f"Tie-break lists ({', '.join(lists)}): comma-separated, in order. "
            + tiebreak_names_text()
        )
    return "\n\n".join(lines)


class EventIn(Schema):
    slug: Line = Field(..., min_length=1, max_length=100, examples=["club-open-2026"])
    preset: Line = Field(
        ...,
        min_length=1,
        max_length=50,
        description="The preset: " + ", ".join(available_presets()) + ".",
        examples=list(available_presets()[-1:]),
    )
    name: Line | None = Field(None, max_length=200)
    parameters: dict[str, Any] = Field(
        default_factory=dict,
        description=parameters_description(),
        examples=[{"rounds": 5}],
    )
    seed: int | None = Field(None, ge=0, lt=2**62)


class PlayerIn(Schema):
    name: Line = Field(..., min_length=1, max_length=200)
    rating: int | None = Field(None, ge=0, le=4000)
    games_played: int | None = Field(None, ge=0)
    country: Line | None = Field(None, max_length=10)


class EntriesIn(Schema):
    players: list[PlayerIn] | None = Field(None, description="Players to register, in order.")
    csv: str | None = Field(None, description="Or a PLAYERS.csv text (name,rating,...).")


class Registered(Schema):
    registered: int


class GameIn(Schema):
    round: int = Field(..., ge=1)
    board: int = Field(..., ge=1)
    game: int = Field(1, ge=1)
    stage: int = Field(1, ge=1)
    group: Line = Field("", max_length=20)


class ReportIn(GameIn):
    result: Line = Field(..., min_length=1, max_length=40, examples=["1-0"])
    detail: dict[str, Any] | None = None


class DisputeIn(GameIn):
    reason: str = Field(max_length=1000, description="Why the result is wrong (required).")


class RulingIn(ReportIn):
    reason: str = Field("", max_length=1000)


class CorrectionIn(ReportIn):
    reason: str = Field(..., min_length=1, max_length=1000)


class MoveIn(GameIn):
    move: Line = Field(..., min_length=1, max_length=100)


class MoveOut(Schema):
    ply: int


class WithdrawIn(Schema):
    from_round: int | None = Field(None, ge=1)
    reason: str = Field("", max_length=1000)


class LeaveIn(Schema):
    from_round: int = Field(..., ge=1)
    to_round: int | None = Field(None, ge=1)
    bye: str = Field("zero", description="zero, half or full", pattern="^(zero|half|full)$")
    reason: str = Field("", max_length=1000)


class Withdrawn(Schema):
    player: str
    from_round: int | None = Field(
        ..., description="The first round the player takes no part in; null when cancelled."
    )
    cancelled: bool = Field(
        False,
        description="True when the withdrawal came before the start: the registration is "
        "cancelled and the player leaves the entry list.",
    )


class TokenIn(Schema):
    name: Line = Field(..., min_length=1, max_length=100)
    scope: str = Field(..., pattern="^(read|report|arbiter|organiser)$")


class TokenOut(Schema):
    id: int
    name: str
    scope: str
    prefix: str
    created_at: str
    last_used_at: str | None
    revoked_at: str | None


class TokenIssued(TokenOut):
    token: str = Field(..., description="The secret: shown once, never again.")


class WebhookIn(Schema):
    url: Line = Field(..., min_length=8, max_length=500, examples=["https://example.org/hook"])
    types: list[Line] = Field(
        default_factory=list,
        description="round.published, result.reported, result.final, standings.updated, "
        "event.closed (all when empty).",
    )


class WebhookOut(Schema):
    id: int
    event: str
    url: str
    types: list[str]
    created_at: str


class WebhookCreated(WebhookOut):
    secret: str = Field(..., description="whsec_...: shown once; verifies the signatures.")


class PublisherIn(Schema):
    target: Line = Field(
        ...,
        min_length=7,
        max_length=500,
        description="An http(s) URL of the other site (checked like a webhook's), or "
        "`folder:` for the site's publish folder.",
        examples=["https://example.org/tasaselo"],
    )


class PublisherDeliveryOut(Schema):
    stage: int
    group: str
    round: int
    status: str = Field(..., description="delivered, failing or waiting.")
    final: bool = Field(..., description="Failing for good: no more tries.")
    attempts: int
    last_error: str
    delivered_at: str | None


class PublisherOut(Schema):
    id: int
    event: str
    target: str
    created_by: str
    created_at: str
    deliveries: list[PublisherDeliveryOut]


class PublisherCreated(PublisherOut):
    secret: str = Field(..., description="whsec_...: shown once; verifies the signatures.")


class DeliveryOut(Schema):
    id: int
    message_id: str
    type: str
    version: int
    state: str
    attempts: int
    last_status: int | None
    last_error: str
    delivered_at: str | None
