"""Team events through the API (issue 32): the declared team actions as operations; two
captains with report-scope tokens submit line-ups, report and confirm a board, and the team
standings and match sheet are read back as documents."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client

from mashindano.app.teams.documents import build_team_round, build_team_standings
from mashindano.app.teams.setup import create_team, pair_team_round, set_roster, set_team_mode
from mashindano.web.api.tokens import issue_token

from ..app.helpers import ACTOR, T0, make_event
from .conftest import bearer, make_user

pytestmark = pytest.mark.django_db


def _post(client: Client, name: str, body: dict[str, Any], secret: str) -> Any:
    return client.post(
        f"/api/v1/events/tm/actions/{name}",
        data=json.dumps(body),
        content_type="application/json",
        headers=bearer(secret),
    )


def test_captains_use_the_team_operations_with_report_tokens() -> None:
    make_event("tm", "chess-swiss", 8, start=False)
    set_team_mode("tm", actor=ACTOR, boards=4, now=T0)
    tokens = {}
    for number in (1, 2):
        user = make_user(f"cap{number}")
        tokens[number] = issue_token(user, f"cap{number}", "report").secret
        create_team("tm", f"T{number}", captain=f"cap{number}", actor=ACTOR, now=T0)
        keys = [f"P{n:02d}" for n in range(4 * number - 3, 4 * number + 1)]
        set_roster("tm", number, keys, actor=ACTOR, now=T0)
    pair_team_round("tm", 1, deadline=T0 + timedelta(days=3650), actor=ACTOR, now=T0)
    client = Client()
    # The first captain may not submit the other team's line-up.
    refused = _post(
        client, "team.lineup", {"round": 1, "team": 2, "players": "P05,P06,P07,P08"}, tokens[1]
    )
    assert refused.status_code == 403
    bad = _post(
        client, "team.lineup", {"round": 1, "team": 1, "players": "P02,P01,P03,P04"}, tokens[1]
    )
    assert bad.status_code == 422
    assert "roster order" in bad.content.decode()
    for number, players in ((1, ["P01", "P02", "P03", "P04"]), (2, ["P05", "P06", "P07", "P08"])):
        done = _post(
            client, "team.lineup", {"round": 1, "team": number, "players": players}, tokens[number]
        )
        assert done.status_code == 201, done.content
    board = {"round": 1, "match": 1, "board": 1}
    assert (
        _post(client, "team.board-report", {**board, "result": "0-1"}, tokens[2]).status_code == 201
    )
    assert _post(client, "team.board-confirm", board, tokens[2]).status_code == 403
    assert _post(client, "team.board-confirm", board, tokens[1]).status_code == 201
    sheet = build_team_round("tm", 1).matches[0].to_json()
    boards: list[Any] = sheet["boards"]  # type: ignore[assignment]
    assert boards[0] == {
        "board": 1,
        "first": "P01",
        "first_colour": "white",
        "second": "P05",
        "result": "0-1",
        "status": "confirmed",
        "forfeit": False,
    }
    assert build_team_standings("tm").to_json()["event"] == "tm"
