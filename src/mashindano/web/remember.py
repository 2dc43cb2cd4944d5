"""One request, one reading of what several documents of a page derive alike: the site's rated
games behind the person figures (`app.person_record.remembering`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponseBase

from mashindano.app.person_record import remembering


class RememberingMiddleware:
    """The view runs inside `remembering`: a KIBA page reads each event's games once."""

    def __init__(self, get_response: Callable[[HttpRequest], Any]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        with remembering():
            response: HttpResponseBase = self.get_response(request)
        return response
