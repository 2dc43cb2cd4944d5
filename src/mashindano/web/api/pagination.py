"""Cursor pagination over a document's items: `?limit=N&cursor=...`; the answer is
`{"items": [...], "next_cursor": "..." | null}`. A cursor is the key of the last item sent, so
pages stay consistent when items are added after it.

A cursor is written as the key's parts joined by `~`, each `i<digits>` (a whole number) or
`s<text>` (a text of letters, digits and `-_:.`): `CURSOR_PATTERN`, which the OpenAPI
document declares. Every cursor of that form names a place in any list (keys compare part by
part, numbers before texts), so a request the document allows is answered with a page, never
refused (issue 30 item 12: a cursor the document allowed was a 422)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from django.utils.translation import gettext

from mashindano.engine.errors import ParseError
from mashindano.store.facts import Json

DEFAULT_LIMIT = 100
MAX_LIMIT = 1000
MAX_CURSOR_CHARS = 500

Key = list[str | int]

_TEXT = "[-0-9A-Za-z_:.]"
_PART = rf"(?:i[0-9]{{1,18}}|s{_TEXT}*)"
CURSOR_PATTERN = rf"^(?:{_PART}(?:~{_PART}){{0,7}})?$"
"""The cursors this API gives out and reads: up to eight parts, each a number or a text, all
of characters that stand in a query string as they are; empty for the first page."""
_CURSOR = re.compile(CURSOR_PATTERN)
_KEY_TEXT = re.compile(rf"{_TEXT}*")


def encode_cursor(key: Key) -> str:
    parts: list[str] = []
    for part in key:
        if isinstance(part, int):
            assert 0 <= part < 10**18, f"a cursor's number out of range: {part}"
            parts.append(f"i{part}")
        else:
            assert _KEY_TEXT.fullmatch(part), f"a cursor's text with other characters: {part!r}"
            parts.append(f"s{part}")
    cursor = "~".join(parts)
    assert _CURSOR.fullmatch(cursor), cursor
    assert len(cursor) <= MAX_CURSOR_CHARS, cursor
    return cursor


def decode_cursor(cursor: str) -> Key:
    if len(cursor) > MAX_CURSOR_CHARS or not _CURSOR.fullmatch(cursor):
        raise ParseError(
            gettext("cursor {cursor!r} is not one this API gave out").format(cursor=cursor),
            cursor=cursor,
        )
    return [int(p[1:]) if p[0] == "i" else p[1:] for p in cursor.split("~")] if cursor else []


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
