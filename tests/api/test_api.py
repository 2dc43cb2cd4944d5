"""The REST API (issue 15): documents, conventions, tokens and the authorisation matrix."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from mashindano.app.permissions import ACTIONS, Role
from mashindano.store import models
from mashindano.web.api.main import api as the_api
from mashindano.web.api.models import ApiToken
from mashindano.web.api.tokens import Scope, scope_needed

from .conftest import ROLES, bearer

pytestmark = pytest.mark.django_db

JSON = "application/json"


def post(client: Client, path: str, body: Any = None, **headers: str) -> Any:
    return client.post(
        path, data=json.dumps(body if body is not None else {}), content_type=JSON, headers=headers
    )


def pair_round(client: Client, club: dict[str, dict[str, str]]) -> dict[str, Any]:
    r = post(client, "/api/v1/events/club/rounds", **bearer(club["organiser"]["arbiter"]))
    assert r.status_code == 201, r.content
    return dict(r.json())


def board_of(round_document: dict[str, Any], player: str) -> int:
    for board in round_document["boards"]:
        if player in (board["first"], board["second"]):
            return int(board["board"])
    raise AssertionError(f"{player} has no board")


# -- reads ------------------------------------------------------------------------------------


def test_reads_carry_the_event_version_as_etag_and_answer_304(
    club: dict[str, dict[str, str]], api: Client
) -> None:
    first = api.get("/api/v1/events/club/standings")
    assert first.status_code == 200
    version = models.Event.objects.get(slug="club").version
    assert first["ETag"] == f'"club.{version}"'
    assert first["Access-Control-Allow-Origin"] == "*"
    again = api.get("/api/v1/events/club/standings", headers={"If-None-Match": first["ETag"]})
    assert again.status_code == 304
    assert again.content == b""
    pair_round(api, club)
    changed = api.get("/api/v1/events/club/standings", headers={"If-None-Match": first["ETag"]})
    assert changed.status_code == 200
    assert changed["ETag"] == f'"club.{version + 1}"'


def test_a_kept_body_is_never_served_in_another_language(
    club: dict[str, dict[str, str]], api: Client
) -> None:
    """Documents carry titles in the request's language (Content-Language, Vary:
    Accept-Language): the body kept for an English reader is not the Persian reader's."""
    english = api.get("/api/v1/events/club/standings", headers={"Accept-Language": "en"})
    persian = api.get("/api/v1/events/club/standings", headers={"Accept-Language": "fa"})
    assert english["Content-Language"] == "en"
    assert persian["Content-Language"] == "fa"
    assert english.json()["sections"][0]["title"] == "Standings"
    assert persian.json()["sections"][0]["title"] == gettext_in("fa", "Standings")
    assert persian.json()["sections"][0]["title"] != "Standings"
    again = api.get("/api/v1/events/club/standings", headers={"Accept-Language": "en"})
    assert again.json()["sections"][0]["title"] == "Standings"


def gettext_in(language: str, text: str) -> str:
    from django.utils import translation

    with translation.override(language):
        return translation.gettext(text)


def test_event_list_filters_and_pages_with_cursors(
    club: dict[str, dict[str, str]], api: Client
) -> None:
    for n in range(5):
        r = post(
            api,
            "/api/v1/events",
            {"slug": f"e{n}", "preset": "chess-round-robin" if n % 2 else "chess-swiss"},
            **bearer(club["organiser"]["organiser"]),
        )
        assert r.status_code == 201, r.content
    seen: list[str] = []
    cursor = ""
    while True:
        r = api.get(f"/api/v1/events?limit=2&cursor={cursor}")
        assert r.status_code == 200
        body = r.json()
        assert len(body["items"]) <= 2
        seen += [e["slug"] for e in body["items"]]
        if body["next_cursor"] is None:
            break
        cursor = body["next_cursor"]
    assert seen == ["club", "e0", "e1", "e2", "e3", "e4"]
    swiss = api.get("/api/v1/events?preset=chess-swiss&state=registration").json()["items"]
    assert [e["slug"] for e in swiss] == ["e0", "e2", "e4"]
    bad = api.get("/api/v1/events?cursor=nonsense")
    assert bad.status_code == 422
    # the OpenAPI document declares the cursor's form (issue 30 item 12)
    assert bad.json()["code"] == "invalid_request"


def test_entries_page_through_every_player_once(
    club: dict[str, dict[str, str]], api: Client
) -> None:
    ids: list[str] = []
    cursor = ""
    while True:
        body = api.get(f"/api/v1/events/club/entries?limit=3&cursor={cursor}").json()
        ids += [e["id"] for e in body["items"]]
        if not body["next_cursor"]:
            break
        cursor = body["next_cursor"]
    assert ids == [f"P{n:02d}" for n in range(1, 9)]


def test_documents_are_the_read_models(club: dict[str, dict[str, str]], api: Client) -> None:
    from mashindano.app.documents.crosstable import build_crosstable
    from mashindano.app.documents.player import build_player_card
    from mashindano.app.documents.rounds import build_round_pairings

    pairing = pair_round(api, club)
    assert pairing == build_round_pairings("club", 1).to_json()
    assert api.get("/api/v1/events/club/rounds/1").json() == pairing
    assert api.get("/api/v1/events/club/crosstable").json() == build_crosstable("club").to_json()
    card = api.get("/api/v1/events/club/players/P03").json()
    assert card == build_player_card("club", "P03").to_json()
    lines = api.get("/api/v1/events/club/games.ndjson")
    games = [json.loads(x) for x in b"".join(lines.streaming_content).splitlines()]  # type: ignore[attr-defined]
    assert len(games) == 4
    assert {g["round"] for g in games} == {1}
    assert api.get("/api/v1/events/club/export.csv")["Content-Type"].startswith("text/csv")
    assert api.get("/api/v1/events/club/export.json").json()["event"]["slug"] == "club"


def test_audit_is_for_staff_only_and_not_open_to_other_origins(
    club: dict[str, dict[str, str]], api: Client
) -> None:
    assert api.get("/api/v1/events/club/audit").status_code == 401
    refused = api.get("/api/v1/events/club/audit", **{"headers": bearer(club["player"]["read"])})
    assert refused.status_code == 403
    r = api.get("/api/v1/events/club/audit", headers=bearer(club["arbiter"]["read"]))
    assert r.status_code == 200
    assert "Access-Control-Allow-Origin" not in r
    versions = [e["version"] for e in r.json()["items"]]
    assert versions == list(range(1, len(versions) + 1))


def test_cors_preflight_only_for_reads(api: Client, db: None) -> None:
    ok = api.options(
        "/api/v1/events",
        headers={"Origin": "https://x.org", "Access-Control-Request-Method": "GET"},
    )
    assert ok.status_code == 204
    assert ok["Access-Control-Allow-Origin"] == "*"
    no = api.options(
        "/api/v1/events",
        headers={"Origin": "https://x.org", "Access-Control-Request-Method": "POST"},
    )
    assert "Access-Control-Allow-Origin" not in no


# -- errors -----------------------------------------------------------------------------------


def test_an_engine_error_is_detailed_in_the_requests_language_with_its_code(
    club: dict[str, dict[str, str]], api: Client
) -> None:
    body = {"slug": "e9", "preset": "chess-swiss", "parameters": {"swiss_rounds": "x"}}
    token = bearer(club["organiser"]["organiser"])
    english = post(api, "/api/v1/events", body, **token).json()
    persian = post(api, "/api/v1/events", body, **token, **{"Accept-Language": "fa"}).json()
    assert english["detail"] == "parameter 'swiss_rounds': 'x' is not a whole number"
    assert persian["detail"] == "پارامتر 'swiss_rounds': 'x' عدد صحیح نیست"
    assert persian["code"] == english["code"]


def test_errors_are_problem_details_with_the_cli_code_and_message(
    club: dict[str, dict[str, str]], api: Client
) -> None:
    r = api.get("/api/v1/events/nope")
    assert r.status_code == 404
    assert r["Content-Type"] == "application/problem+json"
    problem = r.json()
    assert problem["code"] == "unknown_event"
    assert problem["detail"] == "no event 'nope'"
    assert problem["type"].endswith("unknown_event")
    started = post(api, "/api/v1/events/club/start", **bearer(club["organiser"]["organiser"]))
    assert started.status_code == 409
    assert started.json()["code"] == "wrong_state"
    assert "only an event in registration can start" in started.json()["detail"]
    bad = post(
        api,
        "/api/v1/events/club/results",
        {"round": "x", "board": 1, "result": "1-0"},
        **bearer(club["organiser"]["organiser"]),
    )
    assert bad.status_code == 422
    assert bad.json()["code"] == "invalid_request"


def test_a_bad_or_revoked_token_is_401(club: dict[str, dict[str, str]], api: Client) -> None:
    assert post(api, "/api/v1/events/club/rounds", **bearer("msh_nothing")).status_code == 401
    secret = club["arbiter"]["arbiter"]
    token = ApiToken.objects.get(name="arbiter-arbiter")
    listed = api.get("/api/v1/tokens", headers=bearer(secret)).json()
    assert {t["name"] for t in listed} == {
        f"arbiter-{s}" for s in ("read", "report", "arbiter", "organiser")
    }
    assert all("digest" not in t and not t.get("token") for t in listed)
    gone = api.delete(f"/api/v1/tokens/{token.id}", headers=bearer(club["arbiter"]["read"]))
    assert gone.status_code == 200
    assert gone.json()["revoked_at"]
    r = post(api, "/api/v1/events/club/rounds", **bearer(secret))
    assert r.status_code == 401
    assert r["WWW-Authenticate"].startswith("Bearer")


def test_tokens_are_stored_hashed_and_remember_their_last_use(
    club: dict[str, dict[str, str]], api: Client
) -> None:
    secret = club["assistant"]["read"]
    token = ApiToken.objects.get(name="assistant-read")
    assert secret not in (token.digest, token.prefix)
    assert len(token.digest) == 64
    assert token.last_used_at is None
    api.get("/api/v1/tokens", headers=bearer(secret))
    token.refresh_from_db()
    assert token.last_used_at is not None


def test_tokens_are_made_from_an_organiser_token_or_the_session(
    club: dict[str, dict[str, str]], api: Client
) -> None:
    r = post(
        api, "/api/v1/tokens", {"name": "x", "scope": "read"}, **bearer(club["player"]["report"])
    )
    assert r.status_code == 403
    r = post(
        api,
        "/api/v1/tokens",
        {"name": "bot", "scope": "report"},
        **bearer(club["player"]["organiser"]),
    )
    assert r.status_code == 201
    secret = r.json()["token"]
    assert api.get("/api/v1/tokens", headers=bearer(secret)).status_code == 200
    session = Client()
    session.login(username="pia", password="pw")
    r = session.post(
        "/api/v1/tokens", data=json.dumps({"name": "s", "scope": "read"}), content_type=JSON
    )
    assert r.status_code == 201, r.content


def test_throttling_answers_429_with_retry_after(
    club: dict[str, dict[str, str]], api: Client, settings: Any
) -> None:
    settings.MASHINDANO_API_RATES = {"anon": "3/min", "auth": "2/min"}
    statuses = [api.get("/api/v1/events").status_code for _ in range(4)]
    assert statuses == [200, 200, 200, 429]
    r = api.get("/api/v1/events")
    assert r.json()["code"] == "throttled"
    assert 1 <= int(r["Retry-After"]) <= 60
    tokens = [api.get("/api/v1/tokens", headers=bearer(club["player"]["read"])) for _ in range(3)]
    assert [t.status_code for t in tokens] == [200, 200, 429]
    other = api.get("/api/v1/tokens", headers=bearer(club["player"]["report"]))
    assert other.status_code == 200


# -- conditional and idempotent writes -----------------------------------------------------------


def test_if_match_refuses_a_stale_version_with_412(
    club: dict[str, dict[str, str]], api: Client
) -> None:
    etag = api.get("/api/v1/events/club")["ETag"]
    token = bearer(club["arbiter"]["arbiter"])
    assert post(api, "/api/v1/events/club/rounds", **token, **{"If-Match": etag}).status_code == 201
    stale = post(api, "/api/v1/events/club/rounds", **token, **{"If-Match": etag})
    assert stale.status_code == 412
    assert stale.json()["code"] == "stale_version"
    assert models.Round.objects.filter(stage__event__slug="club").count() == 1


def test_a_retried_report_with_one_idempotency_key_reports_once(
    club: dict[str, dict[str, str]], api: Client
) -> None:
    pair_round(api, club)
    token = bearer(club["assistant"]["report"])
    body = {"round": 1, "board": 2, "result": "1/2-1/2"}
    first = post(api, "/api/v1/events/club/results", body, **token, **{"Idempotency-Key": "k1"})
    again = post(api, "/api/v1/events/club/results", body, **token, **{"Idempotency-Key": "k1"})
    assert first.status_code == again.status_code == 201
    assert first.content == again.content
    assert again["Idempotent-Replayed"] == "true"
    assert models.ResultReport.objects.filter(game__encounter__board=2).count() == 1
    other = post(
        api,
        "/api/v1/events/club/results",
        {**body, "result": "1-0"},
        **token,
        **{"Idempotency-Key": "k1"},
    )
    assert other.status_code == 409
    assert other.json()["code"] == "idempotency_key_reused"
    without = post(api, "/api/v1/events/club/results", body, **token)
    assert without.status_code == 409
    assert without.json()["code"] == "duplicate_report"


def test_a_dispute_without_a_reason_is_422_naming_the_field(
    club: dict[str, dict[str, str]], api: Client
) -> None:
    """issue 29 item 11: the reason of a dispute is required (it was accepted empty)."""
    pair_round(api, club)
    token = bearer(club["organiser"]["arbiter"])
    game = {"round": 1, "board": 2}
    assert (
        post(api, "/api/v1/events/club/results", {**game, "result": "1-0"}, **token).status_code
        == 201
    )
    missing = post(api, "/api/v1/events/club/results/dispute", game, **token)
    assert missing.status_code == 422, missing.content
    assert "reason" in missing.json()["detail"]  # the schema requires it
    blank = post(api, "/api/v1/events/club/results/dispute", {**game, "reason": " "}, **token)
    assert blank.status_code == 422, blank.content
    assert blank.json()["params"]["parameter"] == "reason"
    assert "a dispute needs a reason" in blank.json()["detail"]
    assert models.ResultReport.objects.filter(kind="dispute").count() == 0


# -- the authorisation matrix -----------------------------------------------------------------

EXPECTED_ROLES = {
    "organiser": {Role.ORGANISER},
    "arbiter": {Role.ARBITER},
    "assistant": {Role.ASSISTANT},
    "player": {Role.PLAYER},
    "stranger": set(),
}


def _write_operations(board: int) -> list[tuple[str, str, str, dict[str, Any]]]:
    """Every write operation of the API: (action, method, path, body); the games are P01's."""
    game = {"round": 1, "board": board}
    return [
        ("event.create", "POST", "/api/v1/events", {"slug": "new-event", "preset": "chess-swiss"}),
        ("event.create", "POST", "/api/v1/events/import/trf", {"trf": "012 X\n", "dry_run": True}),
        ("players.import", "POST", "/api/v1/events/club/entries", {"players": [{"name": "Z"}]}),
        ("event.start", "POST", "/api/v1/events/club/start", {}),
        ("round.pair", "POST", "/api/v1/events/club/rounds", {}),
        ("event.close", "POST", "/api/v1/events/club/close", {}),
        ("result.report", "POST", "/api/v1/events/club/results", {**game, "result": "1-0"}),
        ("result.confirm", "POST", "/api/v1/events/club/results/confirm", game),
        ("result.dispute", "POST", "/api/v1/events/club/results/dispute", {**game, "reason": "r"}),
        ("result.ruling", "POST", "/api/v1/events/club/results/ruling", {**game, "result": "0-1"}),
        (
            "result.correction",
            "POST",
            "/api/v1/events/club/results/correction",
            {**game, "result": "1-0", "reason": "r"},
        ),
        ("game.move", "POST", "/api/v1/events/club/moves", {**game, "move": "e4"}),
        ("player.withdraw", "POST", "/api/v1/events/club/players/P01/withdraw", {}),
        ("player.leave", "POST", "/api/v1/events/club/players/P01/leave", {"from_round": 5}),
        ("webhooks.manage", "POST", "/api/v1/events/club/webhooks", {"url": "http://127.0.0.1:9/"}),
        ("webhooks.manage", "GET", "/api/v1/events/club/webhooks", {}),
        ("webhooks.manage", "DELETE", "/api/v1/events/club/webhooks/999", {}),
        ("webhooks.manage", "GET", "/api/v1/events/club/webhooks/999/deliveries", {}),
        ("audit.read", "GET", "/api/v1/events/club/audit", {}),
        (
            "publisher.add",
            "POST",
            "/api/v1/events/club/publishers",
            {"target": "http://127.0.0.1:9/"},
        ),
        ("publisher.remove", "DELETE", "/api/v1/events/club/publishers/998", {}),
    ]


def _expected(role: str, scope: Scope, action: str) -> bool:
    if scope < scope_needed(action):
        return False
    if action == "event.create":
        return role == "organiser"  # olga is an event creator
    rule = ACTIONS[action]
    roles = EXPECTED_ROLES[role]
    return bool(rule.roles & roles) or (rule.own and Role.PLAYER in roles)


def test_the_authorisation_matrix_covers_every_operation(
    club: dict[str, dict[str, str]], api: Client
) -> None:
    board = board_of(pair_round(api, club), "P01")
    operations = _write_operations(board)
    schema = the_api.get_openapi_schema()
    declared = {
        (method.upper(), path)
        for path, ops in schema["paths"].items()
        for method in ops
        if (method != "get" or "audit" in path or "webhooks" in path) and "/actions" not in path
    }
    listed = {
        (
            m,
            p.replace("P01", "{player}")
            .replace("999", "{webhook_id}")
            .replace("998", "{publisher_id}"),
        )
        for _, m, p, _ in operations
    }
    covered = {(m, p.replace("club", "{slug}")) for m, p in listed}
    tokens_ops = {
        ("GET", "/api/v1/tokens"),
        ("POST", "/api/v1/tokens"),
        ("DELETE", "/api/v1/tokens/{token_id}"),
    }
    assert declared - tokens_ops == covered
    failures = []
    for role in ROLES:
        for scope in Scope:
            for action, method, path, body in operations:
                headers = bearer(club[role][scope.label])
                if method == "GET":
                    r = api.get(path, headers=headers)
                elif method == "DELETE":
                    r = api.delete(path, headers=headers)
                else:
                    r = post(api, path, body, **headers)
                assert r.status_code < 500, (role, scope, action, r.content)
                # The role and scope allow it when the refusal, if any, is the confirmation
                # rule (the same user reported the game a moment ago: issue 30 item 2).
                allowed = r.status_code != 403 or r.json()["code"] == "own_report"
                if allowed != _expected(role, scope, action):
                    failures.append((role, scope.label, action, r.status_code, r.content[:120]))
    assert failures == []


def test_every_declared_action_is_an_operation_performed_from_its_declaration(
    club: dict[str, dict[str, str]], api: Client
) -> None:
    from mashindano.app.performing import all_actions

    paths = the_api.get_openapi_schema()["paths"]
    for action in all_actions():
        operation = paths[f"/api/v1/events/{{slug}}/actions/{action.name}"]["post"]
        assert operation["summary"] == action.label
    board = board_of(pair_round(api, club), "P01")
    url = "/api/v1/events/club/actions/result.report"
    body = {"round": 1, "board": board, "result": "1/2-1/2"}
    assert post(api, url, body, **bearer(club["assistant"]["read"])).status_code == 403
    done = post(api, url, body, **bearer(club["assistant"]["report"]))
    assert done.status_code == 201, done.content
    assert done.json()["result"] == "1/2-1/2"
    unknown = post(api, url, {**body, "colour": "x"}, **bearer(club["assistant"]["report"]))
    assert unknown.status_code == 422
    pair = post(
        api, "/api/v1/events/club/actions/round.pair", {}, **bearer(club["assistant"]["organiser"])
    )
    assert pair.status_code == 403
    offered = api.get("/api/v1/events/club/actions", headers=bearer(club["assistant"]["read"]))
    assert "result.report" in {a["name"] for a in offered.json()}
