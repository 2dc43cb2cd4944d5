"""The team standings through the API (issue 32): `GET /api/v1/events/{slug}/teams/standings`
answers the team standings document with its board prizes, to anyone; an event not played in
teams is not found."""

from __future__ import annotations

import pytest
from django.test import Client
from tests.app.test_team_board_prizes import play_prize_example

from ..app.helpers import make_event

pytestmark = pytest.mark.django_db


def test_the_team_standings_carry_the_board_prizes() -> None:
    play_prize_example("bp")
    answer = Client().get("/api/v1/events/bp/teams/standings")
    assert answer.status_code == 200, answer.content
    assert answer["Access-Control-Allow-Origin"] == "*"
    body = answer.json()
    assert body["event"] == "bp"
    assert [t["team"] for t in body["teams"]][:1] == ["B"]  # B won two, drew one
    prizes = body["board_prizes"]
    assert prizes["minimum_games"] == 2
    assert [
        (p["board"], p["player"], p["team"], p["points"], p["games"], p["percentage"])
        for p in prizes["prizes"]
    ] == [
        (1, "P01", "A", "3", 3, "100.0"),
        (2, "P05", "B", "2.5", 3, "83.3"),
        (2, "P08", "C", "2.5", 3, "83.3"),
    ]


def test_an_event_not_played_in_teams_has_no_team_standings() -> None:
    make_event("solo", "chess-swiss", 4, start=False)
    answer = Client().get("/api/v1/events/solo/teams/standings")
    assert answer.status_code == 404
    assert "not played in teams" in answer.content.decode()
    assert Client().get("/api/v1/events/nope/teams/standings").status_code == 404
