"""Property-based tests of the whole API with schemathesis (issue 15, acceptance; issue 30:
every role's token): requests generated from the committed OpenAPI document are sent to a live
test server, to every operation, anonymously and with a token of each role (stranger, player,
assistant, arbiter, organiser, superuser; and a read-only one); no answer may be a server
error, and every answer must conform to the document (status, content type, headers, body
schema)."""

from __future__ import annotations

import json
import zlib
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis import checks

from mashindano.web.api.tokens import issue_token

from .conftest import make_user
from .test_openapi import COMMITTED

schema = schemathesis.openapi.from_dict(json.loads(COMMITTED.read_text(encoding="utf-8")))

CHECKS = [
    checks.not_a_server_error,
    checks.status_code_conformance,
    checks.content_type_conformance,
    checks.response_headers_conformance,
    checks.response_schema_conformance,
]

CALLERS: tuple[tuple[str, str], ...] = (
    ("anonymous", ""),
    ("stranger", "organiser"),
    ("player", "report"),
    ("assistant", "report"),
    ("arbiter", "arbiter"),
    ("organiser", "organiser"),
    ("organiser", "read"),
    ("superuser", "organiser"),
)
"""Every role's token (issue 30 acceptance): the role's own scope, the organiser's read-only
token too (the scope refuses its writes), and a superuser's."""


@pytest.fixture
def live_club(transactional_db: None, club: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
    root = make_user("root", superuser=True)
    club["superuser"] = {"organiser": issue_token(root, "root-organiser", "organiser").secret}
    return club


@pytest.mark.slow
@schema.parametrize()
@settings(
    max_examples=5,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_every_operation_conforms_for_every_role(
    case: Any, live_server: Any, live_club: dict[str, dict[str, str]]
) -> None:
    parameters = case.path_parameters or {}
    # Half the requests aim at the real event, so they reach the use cases.
    if "slug" in parameters and zlib.crc32(json.dumps(parameters, default=str).encode()) % 2:
        parameters["slug"] = "club"
    for who, scope in CALLERS:
        headers = {"Authorization": f"Bearer {live_club[who][scope]}"} if scope else {}
        case.call_and_validate(base_url=live_server.url, headers=headers, checks=CHECKS)
