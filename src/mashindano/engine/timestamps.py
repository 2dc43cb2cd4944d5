"""Instants the rules are given: always timezone-aware, because the engine has no clock and a
naive time cannot be compared with a deadline. One guard for every format."""

from __future__ import annotations

from datetime import UTC, datetime

from mashindano.engine.errors import ParseError


def require_aware(moment: datetime, what: str) -> datetime:
    """`moment`, or ParseError (code `naive_datetime`) when it has no time zone."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ParseError(
            f"{what} ({moment.isoformat()}) has no time zone; give times in UTC",
            code="naive_datetime",
            what=what,
            value=moment.isoformat(),
        )
    return moment


def as_utc(moment: datetime, what: str) -> datetime:
    """The same instant in UTC; a naive time is refused as by `require_aware`."""
    return require_aware(moment, what).astimezone(UTC)
