"""Parameter ranges on the API (issue 30 item 9): `POST /events` with a parameter outside its
declared range is a 422 problem naming the parameter and its range, and creates nothing; the
ranges are listed with the presets' parameters."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from mashindano.store import models

from .conftest import bearer

pytestmark = pytest.mark.django_db


def create(api: Client, secret: str, parameters: dict[str, Any], slug: str = "big") -> Any:
    body = {"slug": slug, "preset": "chess-swiss", "parameters": parameters}
    return api.post(
        "/api/v1/events",
        data=json.dumps(body),
        content_type="application/json",
        **{"headers": bearer(secret)},
    )


@pytest.mark.parametrize("value", [10**18, "1000000000000000000", 1001])
def test_issue30_item9_swiss_rounds_outside_its_range_is_422(
    club: dict[str, dict[str, str]], api: Client, value: object
) -> None:
    answer = create(api, club["organiser"]["organiser"], {"swiss_rounds": value})
    assert answer.status_code == 422, answer.content
    problem = answer.json()
    assert problem["code"] == "out_of_range"
    assert "parameter 'swiss_rounds'" in problem["detail"]
    assert "(1 to 1000)" in problem["detail"]
    assert problem["params"]["parameter"] == "swiss_rounds"
    assert (problem["params"]["minimum"], problem["params"]["maximum"]) == (1, 1000)
    assert not models.Event.objects.filter(slug="big").exists()


def test_issue30_item9_below_the_range_the_presets_own_message(
    club: dict[str, dict[str, str]], api: Client
) -> None:
    answer = create(api, club["organiser"]["organiser"], {"swiss_rounds": 0})
    assert answer.status_code == 422, answer.content
    assert "parameter 'swiss_rounds': at least 1 round, got 0" in answer.json()["detail"]


def test_issue30_item9_values_inside_the_range_are_taken(
    club: dict[str, dict[str, str]], api: Client
) -> None:
    answer = create(api, club["organiser"]["organiser"], {"swiss_rounds": 1000})
    assert answer.status_code == 201, answer.content
