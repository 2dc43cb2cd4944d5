"""Cursor pagination over a document's items: `?limit=N&cursor=...`; the answer is
`{"items": [...], "next_cursor": "..." | null}`. A cursor is the opaque (base64url JSON) key
of the last item sent, so pages stay consistent when items are added after it."""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Callable, Sequence

from django.utils.translation import gettext

from mashindano.engine.errors import ParseError
from mashindano.store.facts import Json

DEFAULT_LIMIT = 100
MAX_LIMIT = 1000

Key = list[str | int]


def encode_cursor(key: Key) -> str:
    return base64.urlsafe_b64encode(json.dumps(key).encode()).decode().rstrip("=")


def decode_cursor(cursor: str) -> Key:
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
        key = json.loads(raw)
    except (binascii.Error, ValueError, UnicodeDecodeError):
        key = None
    if not isinstance(key, list) or not all(isinstance(k, str | int) for k in key):
        raise ParseError(
            gettext("cursor {cursor!r} is not one this API gave out").format(cursor=cursor),
            cursor=cursor,
        )
    return key


def _comparable(key: Key) -> tuple[tuple[int, str | int], ...]:
    return tuple((0, k) if isinstance(k, int) else (1, k) for k in key)


def page[T](
    items: Sequence[T],
    key: Callable[[T], Key],
    render: Callable[[T], Json],
    *,
    cursor: str | None,
    limit: int | None,
) -> dict[str, Json]:
    """One page of `items` (already in key order) after `cursor`."""
    size = DEFAULT_LIMIT if limit is None else limit
    if not 1 <= size <= MAX_LIMIT:
        raise ParseError(
            gettext("limit {size} is outside 1 to {MAX_LIMIT}").format(
                size=size, MAX_LIMIT=MAX_LIMIT
            ),
            limit=size,
        )
    start = 0
    if cursor:
        after = _comparable(decode_cursor(cursor))
        start = next((i for i, it in enumerate(items) if _comparable(key(it)) > after), len(items))
    chosen = items[start : start + size]
    more = start + size < len(items)
    return {
        "items": [render(it) for it in chosen],
        "next_cursor": encode_cursor(key(chosen[-1])) if more and chosen else None,
    }
