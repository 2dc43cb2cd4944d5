"""The site's answer to a request that failed (Django's `handler500`): a database that cannot
be reached just now is a 503 with Retry-After, a plain page for the site and a problem
document for the API (issue 30 item 11); anything else stays the 500 page."""

from __future__ import annotations

import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template import loader

from mashindano.web.api.problems import RETRY_AFTER_SECONDS, unavailable

UNAVAILABLE = (OperationalError, InterfaceError)
"""What a lost database raises: no server answering, a file gone, a connection cut (and the
passing ones, a deadlock or a locked SQLite file, which a retry also cures)."""


def database_unavailable(request: HttpRequest | None) -> HttpResponse:
    if request is not None and request.path.startswith("/api/"):
        return unavailable(request)
    response = HttpResponse(loader.render_to_string("503.html"), status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def server_error(request: HttpRequest) -> HttpResponse:
    """`handler500`: Django calls it while it handles the exception, so `sys.exception()`
    says what failed."""
    if isinstance(sys.exception(), UNAVAILABLE):
        return database_unavailable(request)
    return HttpResponse(loader.render_to_string("500.html"), status=500)
