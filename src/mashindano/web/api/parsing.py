"""The API's request parser: django-ninja's JSON and query parsing, with every string of the
request checked against the text rule of `interchange.limits` (issue 30 item 4), so that no
text holding a NUL or a control character reaches a use case, whatever the operation or the
field. A refusal is a 422 problem naming the field (`body.players.0.name: holds a NUL ...`).

Tab, newline and carriage return pass here (some texts have several lines); the schemas'
one-line fields (`schemas.Line`) refuse them too."""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpRequest
from django.utils.datastructures import MultiValueDict
from ninja.errors import ValidationError
from ninja.parser import Parser

from mashindano.interchange.limits import text_problem

BODY = "body"
"""The name of every operation's body parameter: the first part of a body field's place."""


def first_refused_text(value: Any, where: tuple[str, ...]) -> tuple[tuple[str, ...], str] | None:
    """The place and the problem of the first string in a JSON value that the text rule
    refuses (keys included), or None."""
    if isinstance(value, str):
        problem = text_problem(value, multiline=True)
        return None if problem is None else (where, problem)
    if isinstance(value, dict):
        for key, item in value.items():
            problem = text_problem(key)
            if problem is not None:
                return (*where, key), f"its name {problem}"
            found = first_refused_text(item, (*where, key))
            if found is not None:
                return found
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found = first_refused_text(item, (*where, str(i)))
            if found is not None:
                return found
    return None


def refused(where: tuple[str, ...], problem: str) -> ValidationError:
    return ValidationError([{"loc": where, "msg": problem, "type": "text"}])


class CheckedParser(Parser):
    def parse_body(self, request: HttpRequest) -> dict[str, Any]:
        data: Any = json.loads(request.body)
        found = first_refused_text(data, (BODY,))
        if found is not None:
            # ninja answers a parser's exception with 400 "Cannot parse request body";
            # problems.install turns this one back into the 422 it is.
            raise refused(*found)
        return data  # type: ignore[no-any-return]

    def parse_querydict(
        self, data: MultiValueDict[str, Any], list_fields: list[str], request: HttpRequest
    ) -> dict[str, Any]:
        result: dict[str, Any] = super().parse_querydict(data, list_fields, request)
        place = "query" if data is request.GET else "form"
        found = first_refused_text(result, (place,))
        if found is not None:
            raise refused(*found)
        return result
