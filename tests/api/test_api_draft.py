"""The API's pairing honours the draft as the arbiter changed it (issue 33 item 1): `POST
.../rounds` and the declared action `round.pair` publish through `drafts.publish_draft`, the
console's and the CLI's use case, so a stored manual change is published, with its reason."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from mashindano.app import drafts
from mashindano.app.queries import get_audit_log

from ..app.helpers import ACTOR, T0
from .conftest import bearer

pytestmark = pytest.mark.django_db


def post(client: Client, path: str, body: Any = None, **headers: str) -> Any:
    return client.post(
        path,
        data=json.dumps(body if body is not None else {}),
        content_type="application/json",
        headers=headers,
    )


def _swapped() -> list[tuple[str, str | None]]:
    """Swap the second players of the first two boards in the draft of round 1."""
    draft = drafts.draft_next_round("club", actor=ACTOR, now=T0)
    first, second = draft.boards[:2]
    assert first.second_key
    assert second.first_key
    changed = drafts.swap_in_draft(
        "club", first.second_key, second.first_key, reason="family", actor=ACTOR, now=T0
    )
    return [(b.first, b.second) for b in changed.boards]


def _published(document: dict[str, Any]) -> list[tuple[str, str | None]]:
    return [(b["first"], b["second"]) for b in document["boards"]]


def test_post_rounds_publishes_the_changed_draft_with_its_reason(
    club: dict[str, dict[str, str]], api: Client
) -> None:
    expected = _swapped()
    token = bearer(club["organiser"]["arbiter"])
    refused = post(api, "/api/v1/events/club/rounds", **token)
    assert refused.status_code == 422, refused.content
    assert "needs a reason" in refused.json()["detail"]
    done = post(api, "/api/v1/events/club/rounds?reason=agreed", **token)
    assert done.status_code == 201, done.content
    assert _published(done.json()) == expected
    last = get_audit_log("club")[-1]
    assert (last.action, last.after["reason"], last.after["changed"]) == (
        "round.pair",
        "agreed",
        True,
    )


def test_the_declared_action_publishes_the_changed_draft(
    club: dict[str, dict[str, str]], api: Client
) -> None:
    expected = _swapped()
    url = "/api/v1/events/club/actions/round.pair"
    token = bearer(club["organiser"]["arbiter"])
    assert post(api, url, {}, **token).status_code == 422
    done = post(api, url, {"reason": "agreed"}, **token)
    assert done.status_code == 201, done.content
    published = get_audit_log("club")[-1]
    assert published.after["reason"] == "agreed"
    boards = published.after["boards"]
    assert [(b[1], b[2]) for b in boards if b[2]] == [e for e in expected if e[1]]
