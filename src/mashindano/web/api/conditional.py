"""Conditional requests and idempotency.

Reads: every event-scoped read carries an ETag made of the event's slug and version (the
version grows with every write), answers If-None-Match with 304 after one indexed query, and
keeps the rendered body in Django's cache under that version, so a poll between two writes costs
no document building. Public reads say `Access-Control-Allow-Origin: *`.

Writes: If-Match with an ETag of the event makes the write conditional (412 when the event has
moved on); creating POSTs take an Idempotency-Key: the first answer is stored in the same
transaction as the write, under the event's lock, and a retry with that key gets it again.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import IntegrityError
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.utils import timezone
from django.utils.translation import get_language, gettext

from mashindano.app.conditions import event_version, serialised, versions_fingerprint
from mashindano.app.errors import Duplicate, Refused, StaleVersion, UnknownEvent
from mashindano.engine.errors import ParseError
from mashindano.store.facts import Json
from mashindano.web.api.models import IdempotencyRecord
from mashindano.web.api.tokens import Caller

JSON = "application/json"
CACHE_SECONDS = 3600
_ETAG = re.compile(r'(?:W/)?"([^"]*)"')


def event_etag(slug: str, version: int) -> str:
    return f'"{slug}.{version}"'


def _matches(header: str, etag: str) -> bool:
    header = header.strip()
    if header == "*":
        return True
    return etag.strip('"') in _ETAG.findall(header)


def json_bytes(document: Json) -> bytes:
    return json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode()


def allow_any_origin[R: HttpResponse | StreamingHttpResponse](response: R) -> R:
    response["Access-Control-Allow-Origin"] = "*"
    response["Access-Control-Expose-Headers"] = "ETag, Retry-After, Link"
    return response


def cached_read(
    request: HttpRequest,
    build: Callable[[], Json],
    *,
    slug: str | None,
    public: bool = True,
    content_type: str = JSON,
) -> HttpResponse:
    """Answer a GET from the cache under the event's version (or the event list's
    fingerprint), with ETag and 304."""
    if slug is None:
        n, total, top = versions_fingerprint()
        tag = f'"events.{n}.{total}.{top}"'
    else:
        tag = event_etag(slug, event_version(slug))
    if _matches(request.headers.get("If-None-Match", ""), tag):
        response = HttpResponse(status=304)
    else:
        # Documents carry titles and notes in the request's language (Content-Language,
        # Vary: Accept-Language): one body per language.
        language = get_language() or ""
        material = f"{tag}|{language}|{request.get_full_path()}"
        key = "api:" + hashlib.sha1(material.encode()).hexdigest()
        body = cache.get(key)
        if body is None:
            document = build()
            body = document if isinstance(document, bytes) else json_bytes(document)
            cache.set(key, body, CACHE_SECONDS)
        response = HttpResponse(body, content_type=content_type)
    response["ETag"] = tag
    response["Cache-Control"] = "no-cache" if public else "private, no-cache"
    response["Vary"] = "Authorization"
    return allow_any_origin(response) if public else response


def expected_version(request: HttpRequest, slug: str) -> int | None:
    """The version an If-Match header names (None without one); a tag of another event, or one
    that is not ours, is a 412 like a stale one."""
    header = request.headers.get("If-Match", "").strip()
    if not header or header == "*":
        return None
    for tag in _ETAG.findall(header):
        name, _, version = tag.rpartition(".")
        if name == slug and version.isdigit():
            return int(version)
    raise StaleVersion(
        gettext("If-Match {header} is not a version of event {slug!r}; GET it for its ETag").format(
            header=header, slug=slug
        ),
        event=slug,
    )


class IdempotencyConflict(Refused):
    code = "idempotency_key_reused"


def _fingerprint(request: HttpRequest) -> str:
    return hashlib.sha256(
        (request.method or "").encode() + b" " + request.path.encode() + b"\n" + request.body
    ).hexdigest()


def _replay(record: IdempotencyRecord, fingerprint: str) -> HttpResponse:
    if record.fingerprint != fingerprint:
        raise IdempotencyConflict(
            gettext("Idempotency-Key {key!r} was used for another request; use a new key").format(
                key=record.key
            ),
            key=record.key,
        )
    response = HttpResponse(bytes(record.body), status=record.status, content_type=JSON)
    for name, value in record.headers.items():
        response[name] = value
    response["Idempotent-Replayed"] = "true"
    return response


def write(
    request: HttpRequest,
    caller: Caller,
    perform: Callable[[], tuple[int, Json]],
    *,
    slug: str | None,
    creating: bool = False,
) -> HttpResponse:
    """Run a write: under If-Match when sent, and for creating POSTs under an Idempotency-Key
    when sent. `perform` returns the status and the document to answer with."""
    key = request.headers.get("Idempotency-Key", "").strip() if creating else ""
    if len(key) > 255:
        raise ParseError(gettext("Idempotency-Key is longer than 255 characters"))
    expected = expected_version(request, slug) if slug is not None else None
    if not key and expected is None:
        status, document = perform()
        return _answer(status, document, slug)
    fingerprint = _fingerprint(request) if key else ""
    try:
        with serialised(slug, expected_version=expected):
            if key:
                found = IdempotencyRecord.objects.filter(owner=caller.owner, key=key).first()
                if found is not None:
                    return _replay(found, fingerprint)
            status, document = perform()
            response = _answer(status, document, slug)
            if key:
                IdempotencyRecord.objects.create(
                    owner=caller.owner,
                    key=key,
                    fingerprint=fingerprint,
                    status=status,
                    body=response.content,
                    headers={"ETag": response["ETag"]} if response.has_header("ETag") else {},
                    created_at=timezone.now(),
                )
            return response
    except (IntegrityError, Duplicate):
        # Another request with the same key committed first (creating an event, where no event
        # row serialises the two): answer as it did.
        found = (
            IdempotencyRecord.objects.filter(owner=caller.owner, key=key).first() if key else None
        )
        if found is None:
            raise
        return _replay(found, fingerprint)


def _answer(status: int, document: Json, slug: str | None) -> HttpResponse:
    response = HttpResponse(json_bytes(document), status=status, content_type=JSON)
    if slug is not None:
        with contextlib.suppress(UnknownEvent):
            response["ETag"] = event_etag(slug, event_version(slug))
    return response


def document_of(value: Any) -> Json:
    to_json = getattr(value, "to_json", None)
    return to_json() if callable(to_json) else value  # type: ignore[no-any-return]


# -- the conditional fast path ----------------------------------------------------------------

API_PREFIX = "/api/v1"
"""Where `web.api.main` mounts the operations."""

_PUBLIC_EVENT_READS: list[re.Pattern[str]] = []
_PARAMETER_SHAPES = {"number": "[0-9]+"}
"""Path parameters the operation validates (an int): anything else is left to it (422)."""


def public_event_read(path: str) -> str:
    """Declare an operation path (`/events/{slug}/...`) as a public read answered by
    `cached_read(..., slug=slug)`: one ETag, the event's version, whatever the query. Its
    conditional requests may then be answered by `ConditionalReadMiddleware`."""
    parts = re.split(r"\{(\w+)\}", path)  # text, name, text, name, ...
    pattern = "".join(
        f"(?P<{part}>{_PARAMETER_SHAPES.get(part, '[^/]+')})" if k % 2 else re.escape(part)
        for k, part in enumerate(parts)
    )
    _PUBLIC_EVENT_READS.append(re.compile(f"{re.escape(API_PREFIX)}{pattern}"))
    return path


def _public_read_slug(path: str) -> str | None:
    for pattern in _PUBLIC_EVENT_READS:
        found = pattern.fullmatch(path)
        if found is not None:
            return found.group("slug")
    return None


class ConditionalReadMiddleware:
    """Answers a poll of a public event read whose ETag still holds with 304 before the rest of
    the stack (sessions, language, URL resolution, django-ninja): one indexed query, as the
    operation itself would make, and the same 304 with the same headers (a test compares them).

    Taken only by a GET without a query, a token or a session cookie (those go the
    whole way: a query is validated, a token's reads are its own) and only while the client
    is within the anonymous rate limit (counted as the operation counts it). Anything else,
    including a stale ETag, goes on to the operation. Off with `MASHINDANO_API_FAST_304 =
    False`. On this 2-core machine the 304s were about 70 % of a poll's server time."""

    def __init__(self, get_response: Callable[[HttpRequest], Any]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> Any:
        meta = request.META
        if (
            request.method == "GET"
            and "HTTP_IF_NONE_MATCH" in meta
            and request.path.startswith(API_PREFIX)
            and not meta.get("QUERY_STRING")
            and "HTTP_AUTHORIZATION" not in meta
            and getattr(settings, "MASHINDANO_API_FAST_304", True)
        ):
            answer = self._not_modified(request)
            if answer is not None:
                return answer
        return self.get_response(request)

    def _not_modified(self, request: HttpRequest) -> HttpResponse | None:
        from mashindano.store.lookups import event_version as version_of
        from mashindano.web.api.throttling import WindowThrottle
        from mashindano.web.cache import personal
        from mashindano.web.language import language_of

        slug = _public_read_slug(request.path)
        if slug is None or personal(request):
            return None
        version = version_of(slug)
        if version is None:
            return None
        tag = event_etag(slug, version)
        if not _matches(request.headers.get("If-None-Match", ""), tag):
            return None
        if not WindowThrottle("anon").allow_request(request):
            return None  # the operation answers 429 with Retry-After
        response = HttpResponse(status=304)
        response["ETag"] = tag
        response["Cache-Control"] = "no-cache"
        response["Vary"] = "Authorization, Accept-Language, Cookie"
        response["X-Frame-Options"] = settings.X_FRAME_OPTIONS
        response["Content-Length"] = "0"
        response["Content-Language"] = language_of(request, personal=False)
        return allow_any_origin(response)
