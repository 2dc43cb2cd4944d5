"""What the routers share: the authentication classes and the caller of a request."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest
from ninja import Router
from ninja.security import HttpBearer, SessionAuth

from mashindano.web.api.tokens import Caller, caller_for_secret, caller_for_user


class TokenAuth(HttpBearer):
    """`Authorization: Bearer msh_...`: a personal access token (never a query parameter)."""

    def authenticate(self, request: HttpRequest, token: str) -> Caller | None:
        return caller_for_secret(token)


class SiteSession(SessionAuth):
    """The site's own login, for same-origin pages (CSRF-checked).

    The CSRF check is for requests that carry a logged-in session: a request without one is
    not this credential at all, and is answered 401 not_authenticated (issue 30 item 7), not
    403 for a token that a request without a session has no reason to send."""

    def _get_key(self, request: HttpRequest) -> str | None:
        user: Any = getattr(request, "user", None)
        if user is None or not user.is_authenticated:
            return None
        return super()._get_key(request)

    def authenticate(self, request: HttpRequest, key: str | None) -> Caller | None:
        user: Any = request.user
        return caller_for_user(user) if user.is_authenticated else None


AUTH = [TokenAuth(), SiteSession()]


def caller_of(request: HttpRequest) -> Caller:
    found = getattr(request, "auth", None)
    assert isinstance(found, Caller), "an authenticated operation without a caller"
    return found


router = Router()
"""One router for every operation: a path may have a public GET and an authenticated POST."""


def read[F: Callable[..., Any]](path: str, **options: Any) -> Callable[[F], F]:
    return router.get(path, tags=["read"], **options)


def post[F: Callable[..., Any]](path: str, **options: Any) -> Callable[[F], F]:
    return router.post(path, tags=["write"], auth=AUTH, **options)


def account[F: Callable[..., Any]](method: str, path: str, **options: Any) -> Callable[[F], F]:
    return router.api_operation([method], path, tags=["account"], auth=AUTH, **options)
