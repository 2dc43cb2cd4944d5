"""The first middleware: what no request may get past, checked before any page is answered
from the cache (issue 30).

- The host must be one the site serves (`ALLOWED_HOSTS`): a request for another answers 400
  like an uncached page does, and never a cached page or a 304 (item 6).
- A path holding a NUL or another control character names nothing: 404, before it reaches a
  database that cannot even compare it (item 4; PostgreSQL refuses NUL in text).
- Outside the API (whose parser names the field in a 422 problem), a query or form value
  holding a NUL or a control character other than tab and line breaks is a 400 naming the
  field (the text rule of `interchange.limits`).

These answers go to malformed requests, before the language of the request is chosen: they are
in English, like the API's problem details.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest

from mashindano.interchange.limits import text_problem

API_PREFIX = "/api/"
FORMS = ("application/x-www-form-urlencoded", "multipart/form-data")


def refusal(request: HttpRequest) -> HttpResponse | None:
    """The answer to a request refused at the door, or None to let it in. Raises
    `DisallowedHost` (Django answers 400) for a host the site does not serve."""
    request.get_host()
    api = request.path.startswith(API_PREFIX)
    if text_problem(request.path) is not None:
        return _not_found(request, api)
    if api:
        return None
    for name, value in _fields(request):
        problem = text_problem(name) or text_problem(value, multiline=True)
        if problem is not None:
            return HttpResponseBadRequest(
                f"The field {name!r} {problem}.", content_type="text/plain; charset=utf-8"
            )
    return None


def _fields(request: HttpRequest) -> list[tuple[str, str]]:
    found = [(k, v) for k, values in request.GET.lists() for v in values]
    if request.method == "POST" and request.content_type in FORMS:
        found += [(k, v) for k, values in request.POST.lists() for v in values]
    return found


def _not_found(request: HttpRequest, api: bool) -> HttpResponse:
    if api:
        from mashindano.web.api.problems import problem

        return problem(None, 404, "not_found", "no such address")
    return HttpResponse("Not found.", status=404, content_type="text/plain; charset=utf-8")


Handler = Callable[[HttpRequest], Any]


class RequestGuardMiddleware:
    sync_capable = True
    async_capable = True

    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response
        self.is_async = iscoroutinefunction(get_response)
        if self.is_async:
            markcoroutinefunction(self)

    def __call__(self, request: HttpRequest) -> Any:
        if self.is_async:
            return self.__acall__(request)
        return refusal(request) or self.get_response(request)

    async def __acall__(self, request: HttpRequest) -> Any:
        respond: Callable[[HttpRequest], Awaitable[Any]] = self.get_response
        return refusal(request) or await respond(request)
