"""The confirmation rule through the API (issue 30 item 2): `POST .../results` then
`POST .../results/confirm` (or `/dispute`) with the same player's token is a 403 problem with
the code `own_report` and stores nothing; the opponent and an official still confirm."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any
from unittest import mock

import pytest
from django.test import Client

from mashindano.app import events, people, players, rounds
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.store import models
from mashindano.web.api.tokens import issue_token

from ..app.helpers import ACTOR, T0
from .conftest import bearer, make_user
from .test_api import board_of, pair_round

pytestmark = pytest.mark.django_db

JSON = "application/json"


def post(api: Client, path: str, body: dict[str, Any], secret: str) -> Any:
    return api.post(path, data=json.dumps(body), content_type=JSON, headers=bearer(secret))


def written() -> tuple[int, int]:
    return models.ResultReport.objects.count(), models.AuditEntry.objects.count()


def player_token(slug: str, entry: str, username: str) -> str:
    user = make_user(username)
    people.link_entry(slug, entry, username, actor=ACTOR, now=T0)
    return issue_token(user, f"{username}-report", "report").secret


def test_issue30_item2_api_chess_swiss_self_confirm_and_self_dispute_are_403(
    club: dict[str, dict[str, str]], api: Client
) -> None:
    paired = pair_round(api, club)
    board = board_of(paired, "P01")
    row = next(b for b in paired["boards"] if int(b["board"]) == board)
    opponent = row["second"] if row["first"] == "P01" else row["first"]
    pia = club["player"]["report"]
    game = {"round": 1, "board": board}
    reported = post(api, "/api/v1/events/club/results", {**game, "result": "1-0"}, pia)
    assert reported.status_code == 201, reported.content
    before = written()
    for verb in ("confirm", "dispute"):
        body = {**game, "reason": "the score sheet says otherwise"} if verb == "dispute" else game
        refused = post(api, f"/api/v1/events/club/results/{verb}", body, pia)
        assert refused.status_code == 403, refused.content
        assert refused["Content-Type"] == "application/problem+json"
        problem = refused.json()
        assert problem["code"] == "own_report"
        assert (
            f"may not {verb} a result reported by themselves or their side (pia)"
            in (problem["detail"])
        )
    assert written() == before
    theirs = player_token("club", opponent, "opal")
    confirmed = post(api, "/api/v1/events/club/results/confirm", game, theirs)
    assert confirmed.status_code == 201, confirmed.content
    # An official confirms a player's report.
    other = next(b for b in paired["boards"] if int(b["board"]) != board)
    where = {"round": 1, "board": int(other["board"])}
    post(api, "/api/v1/events/club/results", {**where, "result": "0-1"}, club["arbiter"]["arbiter"])
    by_arbiter = post(
        api, "/api/v1/events/club/results/confirm", where, club["organiser"]["arbiter"]
    )
    assert by_arbiter.status_code == 201, by_arbiter.content
    log = list(
        models.AuditEntry.objects.filter(action__startswith="result.").values_list(
            "action", "actor"
        )
    )
    assert ("result.confirm", "pia") not in log
    assert ("result.confirm", "opal") in log


def at(month: int, day: int, hour: int = 10) -> datetime:
    return datetime(2026, month, day, hour, tzinfo=UTC)


def test_issue30_item2_api_gomoku_match_game_answered_by_the_other_player(api: Client) -> None:
    events.create_event("lg", "gomoku-league", actor=ACTOR, seed=5, now=at(2, 20))
    roster = [
        Competitor(CompetitorId(f"G{n}"), f"G{n}", rating=2000 - n, games_played=500)
        for n in range(1, 7)
    ]
    players.register_players("lg", roster, actor=ACTOR, now=at(2, 20))
    events.start_event("lg", actor=ACTOR, now=at(2, 20))
    rounds.pair_next_round("lg", actor=ACTOR, now=at(3, 8))
    encounter = events.get_event_facts("lg").rounds[0].encounters[0]
    mine = player_token("lg", encounter.first, "gina")
    theirs = player_token("lg", encounter.second, "gus")
    game = {"round": 1, "board": encounter.board, "game": 3}
    with mock.patch("django.utils.timezone.now", return_value=at(3, 10)):
        assert (
            post(api, "/api/v1/events/lg/results", {**game, "result": "0-1"}, mine).status_code
            == 201
        )
        before = written()
        for verb in ("confirm", "dispute"):
            body = {**game, "reason": "not what we played"} if verb == "dispute" else game
            refused = post(api, f"/api/v1/events/lg/results/{verb}", body, mine)
            assert refused.status_code == 403, refused.content
            assert refused.json()["code"] == "own_report"
        assert written() == before
        confirmed = post(api, "/api/v1/events/lg/results/confirm", game, theirs)
    assert confirmed.status_code == 201, confirmed.content
    assert list(models.ResultReport.objects.values_list("kind", "actor")) == [
        ("report", "gina"),
        ("confirm", "gus"),
    ]
