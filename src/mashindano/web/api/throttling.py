"""Throttling: a fixed-window counter per token (or per client address for anonymous reads)
in Django's cache, O(1) a request. Over the limit the answer is 429 with Retry-After (the
seconds until the window ends). Limits come from settings `MASHINDANO_API_RATES`
(`{"anon": "600/min", "auth": "1200/min"}`; None turns a limit off)."""

from __future__ import annotations

import math
import time

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest
from ninja.throttling import BaseThrottle

DEFAULT_RATES: dict[str, str | None] = {"anon": "600/min", "auth": "1200/min"}
_PERIODS = {"s": 1, "sec": 1, "m": 60, "min": 60, "h": 3600, "hour": 3600, "d": 86400, "day": 86400}


def parse_rate(rate: str) -> tuple[int, int]:
    count, _, period = rate.partition("/")
    return int(count), _PERIODS[period]


class WindowThrottle(BaseThrottle):
    def __init__(self, scope: str) -> None:
        self.scope = scope
        self._wait: float | None = None

    def _rate(self) -> tuple[int, int] | None:
        rates = {**DEFAULT_RATES, **getattr(settings, "MASHINDANO_API_RATES", {})}
        rate = rates.get(self.scope)
        return parse_rate(rate) if rate else None

    def allow_request(self, request: HttpRequest) -> bool:
        rate = self._rate()
        if rate is None:
            return True
        auth = getattr(request, "auth", None)
        if (self.scope == "anon") != (auth is None):
            return True
        ident = str(auth) if auth is not None else (self.get_ident(request) or "?")
        limit, period = rate
        now = time.time()
        window = int(now // period)
        key = f"api-throttle:{self.scope}:{ident}:{window}"
        cache.add(key, 0, period + 1)
        try:
            count = cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.set(key, 1, period + 1)
            count = 1
        if count <= limit:
            return True
        self._wait = math.ceil((window + 1) * period - now) or 1
        return False

    def wait(self) -> float | None:
        return self._wait
