"""Timestamps the knockout rules are given: always timezone-aware (the engine has no clock)."""

from __future__ import annotations

from datetime import datetime

from mashindano.engine.errors import ParseError


def require_aware(moment: datetime, what: str) -> datetime:
    """`moment`, or ParseError when it has no timezone (a naive time cannot be compared)."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ParseError(
            f"{what} must be a timezone-aware time (UTC), got {moment.isoformat()}",
            code="naive_datetime",
            what=what,
            value=moment.isoformat(),
        )
    return moment
