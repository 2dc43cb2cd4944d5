"""Every declared action (`app.declarations`) as a write operation, built from its
declaration: `POST /api/v1/events/{slug}/actions/{name}` with a body whose fields are the
action's parameters (their types, choices, ranges and help in the OpenAPI document), performed
through the one generic `perform()`, answered with the action's document. New actions of a
preset appear here without code. `GET /api/v1/events/{slug}/actions` lists what the caller may
do in the event now."""

from __future__ import annotations

from typing import Any, Literal

from django.http import HttpRequest, HttpResponse
from pydantic import ConfigDict, Field, create_model

from mashindano.app.declarations.actions import ActionSpec
from mashindano.app.declarations.parameters import ParameterSpec, ParameterType
from mashindano.app.performing import all_actions, available_actions, perform
from mashindano.store.facts import Json
from mashindano.web.api.common import account, caller_of, post
from mashindano.web.api.schemas import Document, responses
from mashindano.web.api.writes import _run


def _python_type(spec: ParameterSpec) -> Any:
    kind = spec.type
    found: Any
    if kind is ParameterType.BOOLEAN:
        found = bool
    elif kind is ParameterType.INTEGER:
        found = int
    elif kind is ParameterType.NUMBER:
        found = int | float | str
    elif kind is ParameterType.CHOICE and spec.choices:
        found = Literal[tuple(spec.choices)]
    elif kind in (ParameterType.LIST, ParameterType.PLAYERS):
        found = list[str] | str
    elif kind is ParameterType.PLAYER:
        found = str | int
    elif kind is ParameterType.OBJECT:
        found = dict[str, Any]
    else:
        found = str
    return found


def body_model(action: ActionSpec) -> Any:
    fields: dict[str, Any] = {}
    for spec in action.fields:
        constraints: dict[str, Any] = {"description": spec.help or None}
        if spec.type is ParameterType.INTEGER:
            if spec.minimum is not None:
                constraints["ge"] = spec.minimum
            if spec.maximum is not None:
                constraints["le"] = spec.maximum
        kind = _python_type(spec)
        if spec.required:
            fields[spec.name] = (kind, Field(..., **constraints))
        else:
            fields[spec.name] = (kind | None, Field(None, **constraints))
    name = "Action_" + action.name.replace(".", "_").replace("-", "_")
    return create_model(name, __config__=ConfigDict(extra="forbid"), **fields)


def _register(action: ActionSpec) -> None:
    model = body_model(action)

    def operation(request: HttpRequest, slug: str, body: Any) -> HttpResponse:
        values = body.model_dump(exclude_unset=True)

        def run() -> tuple[int, Json]:
            done = perform(slug, action.name, values, actor=caller_of(request).principal)
            return 201, done.document()

        return _run(request, action.name, run, slug=slug)

    # The body's model is built at run time: give ninja the class itself, not a name.
    operation.__annotations__ = {
        "request": HttpRequest,
        "slug": str,
        "body": model,
        "return": HttpResponse,
    }
    operation.__name__ = "action_" + action.name.replace(".", "_").replace("-", "_")
    post(
        f"/events/{{slug}}/actions/{action.name}",
        response=responses(201, Document),
        summary=action.label,
        description=action.help,
        operation_id=operation.__name__,
        url_name=operation.__name__,
    )(operation)


for _action in all_actions():
    _register(_action)


@account(
    "GET",
    "/events/{slug}/actions",
    response=responses(200, list[Document]),
    summary="What you may do in the event now (declared actions with their parameters)",
)
def list_actions(request: HttpRequest, slug: str) -> list[dict[str, Json]]:
    return [a.to_json() for a in available_actions(slug, caller_of(request).principal)]
