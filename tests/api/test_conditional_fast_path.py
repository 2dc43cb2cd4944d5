"""The conditional fast path (`ConditionalReadMiddleware`): a poll of a public event read
whose ETag holds is answered 304 before the rest of the stack, with the very answer the
operation gives; queries, tokens, sessions, stale tags and the rate limit go the whole way."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client, override_settings

from mashindano.web.api import conditional
from mashindano.web.api.conditional import ConditionalReadMiddleware

from .conftest import bearer
from .test_api import pair_round

PATHS = (
    "/api/v1/events/club",
    "/api/v1/events/club/entries",
    "/api/v1/events/club/rounds/1",
    "/api/v1/events/club/standings",
    "/api/v1/events/club/crosstable",
    "/api/v1/events/club/players/P01",
    "/api/v1/events/club/export.json",
    "/api/v1/events/club/export.trf",
    "/api/v1/events/club/export.csv",
)


@pytest.fixture
def taken(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The paths the fast path answered."""
    answered: list[str] = []
    original = ConditionalReadMiddleware._not_modified

    def recording(self: ConditionalReadMiddleware, request: Any) -> Any:
        answer = original(self, request)
        if answer is not None:
            answered.append(request.path)
        return answer

    monkeypatch.setattr(ConditionalReadMiddleware, "_not_modified", recording)
    return answered


def headers_of(response: Any) -> dict[str, str]:
    return {k: v for k, v in response.headers.items() if k != "Date"}


@pytest.mark.parametrize("language", ["en", "fa"])
def test_the_fast_304_is_the_operation_304(
    club: dict[str, dict[str, str]], api: Client, taken: list[str], language: str
) -> None:
    pair_round(api, club)
    for path in PATHS:
        tag = api.get(path)["ETag"]
        asked = {"If-None-Match": tag, "Accept-Language": language}
        with override_settings(MASHINDANO_API_FAST_304=False):
            slow = api.get(path, headers=asked)
        fast = api.get(path, headers=asked)
        assert (fast.status_code, slow.status_code) == (304, 304), path
        assert headers_of(fast) == headers_of(slow), path
    assert taken == list(PATHS)


def test_what_the_fast_path_leaves_to_the_operation(
    club: dict[str, dict[str, str]], api: Client, taken: list[str]
) -> None:
    tag = api.get("/api/v1/events/club/standings")["ETag"]
    stale = '"club.0"'
    assert (
        api.get("/api/v1/events/club/standings", headers={"If-None-Match": stale}).status_code
        == 200
    )
    assert (
        api.get("/api/v1/events/club/entries?limit=0", headers={"If-None-Match": tag}).status_code
        == 422
    )
    assert (
        api.get("/api/v1/events/club/rounds/x", headers={"If-None-Match": tag}).status_code == 422
    )
    token = bearer(club["organiser"]["read"])
    with_token = api.get("/api/v1/events/club/audit", headers={"If-None-Match": tag, **token})
    assert with_token.status_code == 304
    assert api.get("/api/v1/events/club/audit", headers={"If-None-Match": tag}).status_code in (
        401,
        403,
    )
    assert (
        api.get("/api/v1/events/nope/standings", headers={"If-None-Match": tag}).status_code == 404
    )
    assert taken == []


def test_the_rate_limit_holds_on_the_fast_path(
    club: dict[str, dict[str, str]], api: Client, settings: Any
) -> None:
    tag = api.get("/api/v1/events/club/standings")["ETag"]
    settings.MASHINDANO_API_RATES = {"anon": "3/min", "auth": None}
    answers = [
        api.get("/api/v1/events/club/standings", headers={"If-None-Match": tag}).status_code
        for _ in range(5)
    ]
    assert answers[:3] == [304, 304, 304]
    assert answers[3:] == [429, 429]


def test_declared_paths_match_only_their_own_shape() -> None:
    slug = conditional._public_read_slug
    assert slug("/api/v1/events/club/rounds/3") == "club"
    assert slug("/api/v1/events/club/rounds/three") is None
    assert slug("/api/v1/events/club/audit") is None
    assert slug("/api/v1/events/club/standings/") is None
    assert slug("/api/v1/events") is None
