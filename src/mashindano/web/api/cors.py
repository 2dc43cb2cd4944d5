"""CORS for the public reads only: GETs carry `Access-Control-Allow-Origin: *` (set by the read
operations), and this middleware answers their preflight. A preflight for any other method gets
no CORS headers, so browsers on other origins cannot write (writes need a token anyway)."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

PREFIX = "/api/v1/"


class PublicReadsCors:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if (
            request.method == "OPTIONS"
            and request.path.startswith(PREFIX)
            and "Access-Control-Request-Method" in request.headers
        ):
            response = HttpResponse(status=204)
            if request.headers["Access-Control-Request-Method"].upper() in ("GET", "HEAD"):
                response["Access-Control-Allow-Origin"] = "*"
                response["Access-Control-Allow-Methods"] = "GET, HEAD"
                response["Access-Control-Allow-Headers"] = "If-None-Match"
                response["Access-Control-Max-Age"] = "86400"
            return response
        return self.get_response(request)
