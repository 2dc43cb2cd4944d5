"""Rendered pages kept under the event's version, answered with an ETag (and 304 to a matching
If-None-Match), so that a page is rendered once per change of its event, not once per request.

Every write to an event raises its version (`app.locking`), so `(path, query, version)` names
one rendering of a page for good. Pages under `/e/<slug>/` depend on that event; the other
public pages (home, series) on every event's version (`events_fingerprint`).

A server process trusts a version it read for `settings.VERSION_TTL` seconds (default 0.5),
so a 304 or a cache hit needs no database query at all; the live view therefore shows a change
at most that long (plus its polling interval) after it was recorded.

The middleware is async-capable and sits outside WhiteNoise and the session middleware: a
cached page or a 304 is answered on the event loop without a thread hop. The cache is Django's
(local memory, or Redis with `MASHINDANO_CACHE_URL`); its synchronous calls are used even on
the event loop, since both answer in well under a millisecond on this machine.

Only anonymous pages are cached: a request that carries a session cookie (a logged-in person,
whose header shows their name and links) or a messages cookie is never answered from the
cache and its page is never kept (`personal`).
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from asgiref.sync import iscoroutinefunction, markcoroutinefunction, sync_to_async
from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.middleware.csrf import CsrfViewMiddleware, get_token

from mashindano.app.queries import event_version, events_fingerprint
from mashindano.web.language import page_variant

CACHED_PREFIXES = ("/e/", "/series/")
"""Public pages that are cached; `/` (home) is cached too."""

ALL_EVENTS = "*"
NO_PAGE_CACHE = "no_page_cache"
"""A view sets this attribute on a response that must not be kept (e.g. a search result)."""


def _code_fingerprint() -> str:
    """Templates, static files and code of the web package: a new release gives new ETags."""
    root = Path(__file__).resolve().parent
    digest = hashlib.blake2b(digest_size=8)
    for path in sorted(root.rglob("*")):
        if path.suffix in {".py", ".html", ".css", ".js", ".txt"} and path.is_file():
            digest.update(path.relative_to(root).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


CODE_FINGERPRINT = _code_fingerprint()


def scope_of(path: str) -> str | None:
    """The event a page depends on (`/e/<slug>/...`), `*` for pages over all events, None for
    what is not cached (static files, admin)."""
    if path.startswith("/e/"):
        slug = path[3:].split("/", 1)[0]
        return slug or None
    if path == "/" or path.startswith("/series/"):
        return ALL_EVENTS
    return None


class VersionMemo:
    """The versions this process has read, each trusted for `settings.VERSION_TTL` seconds."""

    def __init__(self) -> None:
        self._seen: dict[str, tuple[float, str | None]] = {}
        self._also_forget: list[Callable[[], None]] = []

    def on_clear(self, forget: Callable[[], None]) -> None:
        """Also call `forget` when the versions are forgotten (what is kept in the process
        under them: `web.public.derived`)."""
        self._also_forget.append(forget)

    def cached(self, scope: str) -> tuple[bool, str | None]:
        found = self._seen.get(scope)
        if found is not None and found[0] > time.monotonic():
            return True, found[1]
        return False, None

    def read(self, scope: str) -> str | None:
        if scope == ALL_EVENTS:
            version: str | None = events_fingerprint()
        else:
            number = event_version(scope)
            version = None if number is None else str(number)
        ttl = float(getattr(settings, "VERSION_TTL", 0.5))
        if ttl > 0:
            self._seen[scope] = (time.monotonic() + ttl, version)
        return version

    def clear(self) -> None:
        self._seen.clear()
        for forget in self._also_forget:
            forget()


versions = VersionMemo()


def page_key(request: HttpRequest, version: str) -> str:
    """The ETag's body: the page (path, query, htmx fragment or whole page) in its language
    (and digits option) at this version."""
    material = "|".join(
        (
            request.path,
            request.META.get("QUERY_STRING", ""),
            "hx" if request.headers.get("HX-Request") else "",
            page_variant(request),
            version,
            CODE_FINGERPRINT,
        )
    )
    return hashlib.blake2b(material.encode(), digest_size=12).hexdigest()


def _matches(request: HttpRequest, etag: str) -> bool:
    sent = request.headers.get("If-None-Match", "")
    return bool(sent) and (sent.strip() == "*" or etag in (t.strip() for t in sent.split(",")))


def _stamp(response: HttpResponseBase, etag: str, state: str) -> HttpResponseBase:
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    response["X-Page-Cache"] = state
    return response


def _from_cache(request: HttpRequest, key: str) -> HttpResponseBase | None:
    etag = _etag(request, key)
    if _matches(request, etag):
        return _stamp(HttpResponse(status=304), etag, "304")
    kept: Any = cache.get(f"page:{key}")
    if kept is None:
        return None
    content, content_type = kept
    hit = _stamp(HttpResponse(content, content_type=content_type), etag, "hit")
    return _personalise(request, key, hit)


def _keep(request: HttpRequest, key: str, response: HttpResponseBase) -> HttpResponseBase:
    if (
        response.status_code != 200
        or response.streaming
        or getattr(response, NO_PAGE_CACHE, False)
        or not isinstance(response, HttpResponse)
    ):
        return _personalise(request, key, response)
    cache.set(f"page:{key}", (response.content, response["Content-Type"]), timeout=24 * 3600)
    return _personalise(request, key, _stamp(response, _etag(request, key), "miss"))


Handler = Callable[[HttpRequest], Any]

PERSONAL_COOKIES = ("messages",)
"""Cookies besides the session's that make a page personal (Django's messages)."""


def personal(request: HttpRequest) -> bool:
    """Does the request carry a session (or messages) cookie? Its page may show who is
    logged in, so it is neither served from the cache nor kept in it."""
    cookies = request.COOKIES
    return settings.SESSION_COOKIE_NAME in cookies or any(c in cookies for c in PERSONAL_COOKIES)


CSRF_SLOT = "csrf-token-of-the-visitor"
"""What a page answered through the cache carries where its forms' CSRF token goes (the
language switcher's): the kept page is everyone's, so each answer, from the cache or not, gets
the visitor's own token in its place (`_personalise`), and a cookie when the visitor has none
(issue 30 item 8: the switcher is CSRF-checked like every other form)."""
THROUGH_CACHE = "answered_through_page_cache"
"""The request attribute that tells the template tag `csrf_value` to write `CSRF_SLOT`."""
_SLOT = CSRF_SLOT.encode()
_csrf = CsrfViewMiddleware(lambda request: HttpResponse())


def _etag(request: HttpRequest, key: str, secret: str | None = None) -> str:
    """The page's ETag. A whole page (not an htmx fragment, which has no form) holds the
    visitor's CSRF token, so its ETag also names the visitor's CSRF secret (a short digest): a
    page kept in the browser is revalidated (304) only while it holds a token that still
    works."""
    if request.headers.get("HX-Request"):
        return f'"{key}"'
    if secret is None:
        secret = request.COOKIES.get(settings.CSRF_COOKIE_NAME, "")
    if not secret:
        return f'"{key}"'
    return f'"{key}.{hashlib.blake2b(secret.encode(), digest_size=4).hexdigest()}"'


def _personalise(request: HttpRequest, key: str, response: HttpResponseBase) -> HttpResponseBase:
    if not isinstance(response, HttpResponse) or response.streaming:
        return response
    content = response.content
    if _SLOT not in content:
        return response
    _csrf.process_request(request)  # the visitor's secret from the cookie, if a valid one
    had_cookie = "CSRF_COOKIE" in request.META and not request.META.get("CSRF_COOKIE_NEEDS_UPDATE")
    token = get_token(request)
    if had_cookie:
        request.META["CSRF_COOKIE_NEEDS_UPDATE"] = False
    personal = HttpResponse(
        content.replace(_SLOT, token.encode()),
        status=response.status_code,
        content_type=response["Content-Type"],
    )
    for header, value in response.items():
        if header.lower() not in ("content-type", "content-length"):
            personal[header] = value
    if "ETag" in personal:
        personal["ETag"] = _etag(request, key, str(request.META["CSRF_COOKIE"]))
    _csrf.process_response(request, personal)  # sets the cookie when it is new
    return personal


class PageCacheMiddleware:
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
        scope = self._scope(request)
        if scope is None:
            return self.get_response(request)
        known, version = versions.cached(scope)
        if not known:
            version = versions.read(scope)
        return self._answer(request, version, self.get_response)

    async def __acall__(self, request: HttpRequest) -> HttpResponseBase:
        scope = self._scope(request)
        respond: Callable[[HttpRequest], Awaitable[HttpResponseBase]] = self.get_response
        if scope is None:
            return await respond(request)
        known, version = versions.cached(scope)
        if not known:
            version = await sync_to_async(versions.read)(scope)
        if version is None:
            return await respond(request)
        key = page_key(request, version)
        found = _from_cache(request, key)
        if found is not None:
            return found
        setattr(request, THROUGH_CACHE, True)
        return _keep(request, key, await respond(request))

    @staticmethod
    def _scope(request: HttpRequest) -> str | None:
        if request.method not in ("GET", "HEAD") or personal(request):
            return None
        return scope_of(request.path)

    @staticmethod
    def _answer(request: HttpRequest, version: str | None, respond: Handler) -> HttpResponseBase:
        if version is None:
            response: HttpResponseBase = respond(request)
            return response
        key = page_key(request, version)
        found = _from_cache(request, key)
        if found is not None:
            return found
        setattr(request, THROUGH_CACHE, True)
        return _keep(request, key, respond(request))
