"""Errors as RFC 9457 problem details (`application/problem+json`).

The `detail` is the message the CLI prints for the same error and `code` its machine-readable
code (`unknown_event`, `wrong_state`, `not_allowed`, ...); `params` carries the error's
parameters (event, round, board, player). The status follows the CLI's exit codes: not found
404 (exit 6), refused by the event's state 409 (exit 7), not allowed 403 (exit 8), invalid input
422 (exit 3), no valid pairing 409 (exit 1); a stale If-Match is 412.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from ninja import NinjaAPI
from ninja.errors import AuthenticationError, HttpError, Throttled, ValidationError

from mashindano.app.error_texts import shown
from mashindano.app.errors import NotAllowed, NotFound, Refused, StaleVersion
from mashindano.engine.errors import MashindanoError, NoValidPairing

PROBLEM_TYPE = "urn:mashindano:problem:"
CONTENT_TYPE = "application/problem+json"

TITLES = {
    400: "Bad request",
    401: "Not authenticated",
    403: "Not allowed",
    404: "Not found",
    405: "Method not allowed",
    409: "Refused in the event's state",
    412: "Precondition failed",
    413: "Content too large",
    415: "Unsupported media type",
    422: "Invalid input",
    428: "Precondition required",
    429: "Too many requests",
    500: "Server error",
    503: "Service unavailable",
}

log = logging.getLogger("mashindano.api")


def problem(
    request: HttpRequest | None,
    status: int,
    code: str,
    detail: str,
    **extra: Any,
) -> HttpResponse:
    body: dict[str, Any] = {
        "type": PROBLEM_TYPE + code,
        "title": TITLES.get(status, "Error"),
        "status": status,
        "detail": detail,
        "code": code,
    }
    if request is not None:
        body["instance"] = request.path
    body.update({k: v for k, v in extra.items() if v is not None})
    return HttpResponse(json.dumps(body, default=str), status=status, content_type=CONTENT_TYPE)


def status_of(error: MashindanoError) -> int:
    if isinstance(error, StaleVersion):
        return 412
    if isinstance(error, NotFound):
        return 404
    if isinstance(error, NotAllowed):
        return 403
    if isinstance(error, Refused | NoValidPairing):
        return 409
    return 422


def _params(error: MashindanoError) -> dict[str, Any]:
    return {
        k: v if isinstance(v, int | float | bool | None) else str(v)
        for k, v in error.params.items()
    }


def _place(loc: Any) -> list[str]:
    """A field's place as the client wrote it: ninja says `body.body.name` for the field
    `name` of the body (the operation's parameter is called `body`)."""
    parts = [str(p) for p in loc]
    return parts[1:] if parts[:2] == ["body", "body"] else parts


def invalid(request: HttpRequest, exc: ValidationError) -> HttpResponse:
    """A request that does not fit its operation's schema (or the text rule): 422, naming the
    first field."""
    errors = [{"loc": _place(e.get("loc", ())), "msg": str(e.get("msg", ""))} for e in exc.errors]
    first = errors[0] if errors else {"loc": [], "msg": "invalid value"}
    where = ".".join(first["loc"])
    message = f"{where}: {first['msg']}" if where else "invalid request"
    return problem(request, 422, "invalid_request", message, errors=errors)


def install(api: NinjaAPI) -> None:
    """Every error the API can meet becomes a problem document."""

    @api.exception_handler(MashindanoError)
    def _app_error(request: HttpRequest, exc: MashindanoError) -> HttpResponse:
        return problem(request, status_of(exc), exc.code, shown(exc), params=_params(exc))

    @api.exception_handler(ValidationError)
    def _invalid(request: HttpRequest, exc: ValidationError) -> HttpResponse:
        return invalid(request, exc)

    @api.exception_handler(RequestDataTooBig)
    def _too_large(request: HttpRequest, exc: RequestDataTooBig) -> HttpResponse:
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        return problem(
            request,
            413,
            "too_large",
            f"the request body is over the limit of {limit} bytes",
            limit=limit,
        )

    @api.exception_handler(AuthenticationError)
    def _unauthenticated(request: HttpRequest, exc: AuthenticationError) -> HttpResponse:
        response = problem(
            request,
            401,
            "not_authenticated",
            "send a valid, unrevoked personal access token: Authorization: Bearer msh_...",
        )
        response["WWW-Authenticate"] = 'Bearer realm="mashindano"'
        return response

    @api.exception_handler(Throttled)
    def _throttled(request: HttpRequest, exc: Throttled) -> HttpResponse:
        return problem(request, 429, "throttled", "too many requests; retry after the delay")

    @api.exception_handler(HttpError)
    def _http(request: HttpRequest, exc: HttpError) -> HttpResponse:
        if isinstance(exc.__cause__, ValidationError):
            return invalid(request, exc.__cause__)  # refused by parsing.CheckedParser
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
        return problem(request, exc.status_code, code, exc.message)

    @api.exception_handler(OperationalError)
    @api.exception_handler(InterfaceError)
    def _unavailable(request: HttpRequest, exc: Exception) -> HttpResponse:
        log.warning(
            "API request %s %s: database unavailable: %s", request.method, request.path, exc
        )
        return unavailable(request)

    @api.exception_handler(Exception)
    def _unexpected(request: HttpRequest, exc: Exception) -> HttpResponse:
        log.exception("API request %s %s failed", request.method, request.path)
        return problem(request, 500, "server_error", "the server failed; the error is logged")


RETRY_AFTER_SECONDS = 30
"""How long a client is asked to wait before trying again when the database is away."""


def unavailable(request: HttpRequest) -> HttpResponse:
    """503 `unavailable` with Retry-After: the database cannot be reached just now (issue 30
    item 11); the site's pages answer the same way with a page (`web.errors`)."""
    response = problem(
        request,
        503,
        "unavailable",
        "the database cannot be reached just now; retry after the delay",
    )
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response
