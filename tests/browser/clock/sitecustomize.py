"""Test-only: the player journeys' server runs on a clock the test sets. When
MASHINDANO_TEST_CLOCK names a file, `django.utils.timezone.now()` returns the instant written
in it (ISO 8601 with offset), read at each call, so a test moves time between its steps (the
Gomoku registration window, report windows). Put on PYTHONPATH by tests/browser only."""

from __future__ import annotations

import os

_CLOCK = os.environ.get("MASHINDANO_TEST_CLOCK")

if _CLOCK:
    from datetime import datetime

    import django.utils.timezone as _timezone

    def _now() -> datetime:
        with open(_CLOCK, encoding="utf-8") as handle:
            return datetime.fromisoformat(handle.read().strip())

    _timezone.now = _now
