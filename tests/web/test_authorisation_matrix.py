"""The authorisation matrix (issue 14 acceptance; issue 15: every API operation): every URL
pattern of the URL conf and method, times nine roles, against `authz_expected.ROWS`. A route
without a row fails; so does any unexpected allow, and any expected allow that is refused.

Each request runs in a transaction that is rolled back, so one role's write does not change
what the next role finds. `MASHINDANO_AUTHZ_PRINT=1` prints the observed table as rows to paste
(review every one before trusting it).
"""

from __future__ import annotations

import functools
import json
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import Permission, User
from django.core.cache import cache
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from django.urls.resolvers import RegexPattern

from mashindano.app import accounts, events, people, players, publishing, rounds
from mashindano.app.mail import unsubscribe_token
from mashindano.app.principals import local
from mashindano.app.printing import PrintedSheet
from mashindano.app.webhooks import subscribe
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.web.api.main import api
from mashindano.web.api.tokens import issue_token
from mashindano.web.cache import versions

from . import authz_expected as expected

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _sheets_not_laid_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """The matrix asks who may have a printed sheet, not how it looks (tests/app/
    test_printing.py): the PDF layout (WeasyPrint, a second or more a sheet) is skipped."""
    monkeypatch.setattr(PrintedSheet, "pdf", lambda self: b"%PDF-1.7 (not laid out)")


ACTOR = local("matrix")
NOW = datetime(2026, 3, 1, 9, tzinfo=UTC)
METHODS_OF_PAGES = ("GET", "POST")
"""Methods tried on the site's own (non-API) pages; the API's come from its OpenAPI document."""


@dataclass(frozen=True, slots=True)
class Route:
    route: str
    method: str
    path: str


def _routes() -> Iterator[tuple[str, bool]]:
    """(route, is_regex) of every URL pattern, prefixes joined."""

    def walk(patterns: list[Any], prefix: str) -> Iterator[tuple[str, bool]]:
        for pattern in patterns:
            text = prefix + str(pattern.pattern)
            if isinstance(pattern, URLResolver):
                yield from walk(pattern.url_patterns, text)
            elif isinstance(pattern, URLPattern):
                yield text, isinstance(pattern.pattern, RegexPattern)

    seen: set[str] = set()
    for route, is_regex in walk(get_resolver().url_patterns, ""):
        if route not in seen:
            seen.add(route)
            yield route, is_regex


@functools.cache
def _openapi() -> dict[str, Any]:
    return dict(api.get_openapi_schema())


def _api_methods() -> dict[str, list[str]]:
    """Django route of each API path -> its methods (from the OpenAPI document)."""
    schema = _openapi()
    found: dict[str, list[str]] = {}
    for path, operations in schema["paths"].items():
        route = re.sub(r"\{(\w+)\}", r"<\1>", path).lstrip("/")
        found[route] = [m.upper() for m in operations]
    return found


def _fill(route: str, values: dict[str, str]) -> str:
    def one(match: re.Match[str]) -> str:
        name = match.group(1).split(":")[-1]
        if name not in expected.PARAMS:
            raise AssertionError(
                f"route {route!r}: no value for the parameter {name!r}; add it to PARAMS in "
                "tests/web/authz_expected.py"
            )
        return expected.PARAMS[name].format(**values)

    return "/" + re.sub(r"<([^>]+)>", one, route)


def _fill_regex(route: str) -> str:
    """A regular-expression route with each named group replaced by its PARAMS value."""

    def one(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in expected.PARAMS:
            raise AssertionError(
                f"route {route!r}: no value for the group {name!r}; add it to PARAMS (or the "
                "route to REGEX_EXAMPLES) in tests/web/authz_expected.py"
            )
        return expected.PARAMS[name]

    return "/" + re.sub(r"\(\?P<(\w+)>[^)]*\)", one, route).replace("^", "").replace("$", "")


def _requests(values: dict[str, str]) -> list[Route]:
    api_methods = _api_methods()
    found: list[Route] = []
    for route, is_regex in _routes():
        if route in expected.REGEX_EXAMPLES:
            path = expected.REGEX_EXAMPLES[route].format(**values)
        elif is_regex:
            path = _fill_regex(route)
        else:
            path = _fill(route, values)
        if route.startswith(expected.ADMIN):
            methods: list[str] | tuple[str, ...] = ("GET",)
        else:
            methods = api_methods.get(
                route, [] if route.startswith("api/v1/") else METHODS_OF_PAGES
            )
        found.extend(Route(route, method, path) for method in methods)
    return found


def _schema_body(route: str, method: str) -> dict[str, object] | None:
    if route in expected.BODIES:
        return expected.BODIES[route]
    schema = _openapi()
    path = "/" + re.sub(r"<(\w+)>", r"{\1}", route)
    operation = schema["paths"].get(path, {}).get(method.lower(), {})
    content = operation.get("requestBody", {}).get("content", {}).get("application/json")
    if content is None:
        return None
    return _value(content["schema"], schema, "")  # type: ignore[return-value]


def _value(spec: dict[str, Any], schema: dict[str, Any], name: str) -> object:
    if "$ref" in spec:
        ref = spec["$ref"].rsplit("/", 1)[-1]
        return _value(schema["components"]["schemas"][ref], schema, name)
    if "anyOf" in spec:
        return _value(spec["anyOf"][0], schema, name)
    if "enum" in spec:
        return spec["enum"][0]
    kind = spec.get("type")
    if kind == "object":
        required = spec.get("required", [])
        return {
            key: _value(sub, schema, key)
            for key, sub in spec.get("properties", {}).items()
            if key in required
        }
    if name in expected.FIELD_VALUES:
        return expected.FIELD_VALUES[name]
    if kind == "integer":
        return max(1, int(spec.get("minimum", 1)))
    if kind == "number":
        return 1
    if kind == "boolean":
        return False
    if kind == "array":
        return []
    return "x"


def _user(name: str, **extra: Any) -> User:
    return User.objects.create_user(name, f"{name}@example.org", "pw", **extra)


def _setting_up() -> tuple[dict[str, str], dict[str, str]]:
    """The events, users and rows the routes need; returns each role's session cookie and the
    values of the `{...}` parameters."""
    roster = [
        Competitor(CompetitorId(n), n, rating=r)
        for n, r in (("Ann", 2000), ("Ben", 1900), ("Cy", 1800), ("Dee", 1700))
    ]
    events.create_event("club", "chess-swiss", actor=ACTOR, name="Club", seed=1, now=NOW)
    players.register_players("club", roster, actor=ACTOR, now=NOW)
    events.create_event("other", "chess-swiss", actor=ACTOR, name="Other", seed=2, now=NOW)
    players.register_players(
        "other", [Competitor(CompetitorId("Eve"), "Eve", rating=1500)], actor=ACTOR, now=NOW
    )
    users = {
        expected.STRANGER: _user("stranger"),
        expected.PLAYER: _user("ann"),
        expected.OTHER_PLAYER: _user("eve"),
        expected.ASSISTANT: _user("asha"),
        expected.ARBITER: _user("arif"),
        expected.OTHER_ARBITER: _user("omar"),
        expected.ORGANISER: _user("olga"),
        expected.SUPERUSER: _user("root", is_superuser=True, is_staff=True),
    }
    users[expected.ORGANISER].user_permissions.add(Permission.objects.get(codename="add_event"))
    people.link_entry("club", "Ann", "ann", actor=ACTOR, now=NOW)
    people.link_entry("other", "Eve", "eve", actor=ACTOR, now=NOW)
    people.grant_role("club", "asha", "assistant", actor=ACTOR, now=NOW)
    people.grant_role("club", "arif", "arbiter", actor=ACTOR, now=NOW)
    people.grant_role("club", "olga", "organiser", actor=ACTOR, now=NOW)
    people.grant_role("other", "omar", "arbiter", actor=ACTOR, now=NOW)
    events.start_event("club", actor=ACTOR, now=NOW)
    rounds.pair_next_round("club", actor=ACTOR, now=NOW)
    token = issue_token(users[expected.ORGANISER], "organiser's", "read").token
    hook = subscribe("club", "https://hooks.example.org/", ["round.published"], created_by="olga")
    publisher = publishing.subscribe("club", "https://hooks.example.org/b", created_by="olga")
    invitation = accounts.invite(
        people.principal_for_user(users[expected.ORGANISER]),  # type: ignore[arg-type]
        "club",
        "ben@example.org",
        entry="Ben",
        now=NOW,
    )
    values = {
        "token_id": str(token.id),
        "webhook_id": str(hook.id),
        "publisher_id": str(publisher.id),
        "invitation": invitation.token,
        "token": invitation.token,
        "unsubscribe": unsubscribe_token(users[expected.STRANGER].pk, "round-published"),
        "confirm_key": "not-a-key",
    }
    cookies: dict[str, str] = {}
    for role, user in users.items():
        client = Client()
        client.force_login(user)
        cookies[role] = client.cookies[settings.SESSION_COOKIE_NAME].value
    return cookies, values


def _allowed(response: Any) -> bool:
    if response.status_code in (401, 403, 404, 405):
        return False
    if response.status_code in (301, 302, 303, 307, 308):
        target = response.get("Location", "")
        login = "/account/login/"
        return not (target.startswith(login) or target.startswith("/admin/login/"))
    return True


def _ask(
    route: Route,
    role: str,
    cookies: dict[str, str],
    values: dict[str, str],
    *,
    csrf: bool = True,
) -> bool:
    """Whether the role gets past authorisation. With `csrf` the request counts as carrying a
    valid CSRF token (the test client skips the check); without, the check is enforced and
    no token is sent."""
    client = Client(enforce_csrf_checks=not csrf)
    if role != expected.ANONYMOUS:
        client.cookies[settings.SESSION_COOKIE_NAME] = cookies[role]
    path = route.path
    if route.route.startswith("mail/unsubscribe/"):
        path = "/mail/unsubscribe/" + values["unsubscribe"] + "/"
    cache.clear()
    versions.clear()
    with transaction.atomic():
        if route.route.startswith("api/"):
            body = _schema_body(route.route, route.method)
            response = client.generic(
                route.method,
                path,
                data=b"" if body is None else json.dumps(body),
                content_type="application/json",
            )
        else:
            response = client.generic(route.method, path)
        transaction.set_rollback(True)
    return _allowed(response)


def _expected(route: Route) -> frozenset[str] | None:
    key = (route.route, route.method)
    if key in expected.ROWS:
        return expected.ROWS[key]
    if route.route.startswith(expected.ADMIN):
        return expected.ADMIN_EXCEPTIONS.get(key, expected.SUPER)
    return None


def _name(roles: frozenset[str]) -> str:
    for name in (
        "EVERYONE",
        "LOGGED_IN",
        "NOBODY",
        "SUPER",
        "ORGANISERS",
        "STAFF",
        "RESULTS",
        "STAFF_AND_PLAYER",
        "RESULTS_AND_PLAYER",
    ):
        if getattr(expected, name) == roles:
            return name
    return "frozenset({" + ", ".join(sorted(roles)) + "})"


def test_route_sweep_without_csrf_allows_nothing_unexpected(settings: Any) -> None:
    """Issue 30 acceptance, the route sweep without CSRF: every URL x unsafe method x role,
    the session cookie sent without a CSRF token, against `authz_expected.WITHOUT_CSRF`
    (everything else refused to everyone); zero unexpected allows. With the token (the test
    client's default) the sweep is `test_authorisation_matrix`."""
    settings.MASHINDANO_API_RATES = {"anon": None, "auth": None}
    settings.ACCOUNT_RATE_LIMITS = False
    cookies, values = _setting_up()
    routes = [r for r in _requests(values) if r.method in expected.UNSAFE]
    unexpected_allows: list[str] = []
    asked = 0
    for route in routes:
        roles = expected.ADMIN_ROLES if route.route.startswith(expected.ADMIN) else expected.ROLES
        wanted = expected.WITHOUT_CSRF.get((route.route, route.method), expected.NOBODY)
        for role in roles:
            asked += 1
            if _ask(route, role, cookies, values, csrf=False) and role not in wanted:
                unexpected_allows.append(f"{route.method} {route.path} ({route.route}): {role}")
    print(f"route sweep without CSRF: {asked} requests, {len(unexpected_allows)} unexpected allows")
    assert routes, "no unsafe route was found"
    assert not unexpected_allows, "allowed without a CSRF token:\n" + "\n".join(unexpected_allows)


def test_authorisation_matrix(settings: Any) -> None:
    """Every URL x method x role against the expected table: zero unexpected allows."""
    settings.MASHINDANO_API_RATES = {"anon": None, "auth": None}
    settings.ACCOUNT_RATE_LIMITS = False
    cookies, values = _setting_up()
    routes = _requests(values)
    missing: list[str] = []
    unexpected_allows: list[str] = []
    unexpected_refusals: list[str] = []
    observed: dict[tuple[str, str], frozenset[str]] = {}
    for route in routes:
        roles = expected.ADMIN_ROLES if route.route.startswith(expected.ADMIN) else expected.ROLES
        allowed = frozenset(r for r in roles if _ask(route, r, cookies, values))
        observed[(route.route, route.method)] = allowed
        wanted = _expected(route)
        if wanted is not None and route.route.startswith(expected.ADMIN):
            wanted = wanted & frozenset(expected.ADMIN_ROLES)
        if wanted is None:
            missing.append(f"{route.method} {route.route}: allowed to {sorted(allowed)}")
            continue
        for role in sorted(allowed - wanted):
            unexpected_allows.append(f"{route.method} {route.path} ({route.route}): {role}")
        if route.route.startswith(expected.ADMIN):
            # The admin's rows are an upper bound: it keeps facts read-only (add, delete and
            # some tools are refused even to superusers), which is fine.
            continue
        for role in sorted(wanted - allowed):
            unexpected_refusals.append(f"{route.method} {route.path} ({route.route}): {role}")
    if os.environ.get("MASHINDANO_AUTHZ_PRINT"):
        for (route_text, method), allowed in observed.items():
            if not route_text.startswith(expected.ADMIN):
                print(f"    ({route_text!r}, {method!r}): {_name(allowed)},")
    assert not unexpected_allows, "unexpected allows:\n" + "\n".join(unexpected_allows)
    assert not missing, "routes without a row in authz_expected.ROWS:\n" + "\n".join(missing)
    assert not unexpected_refusals, "expected allows refused:\n" + "\n".join(unexpected_refusals)
    # The walk saw the API, the accounts pages, the public pages and the admin.
    seen = {r.route for r in routes}
    assert "api/v1/events/<slug>/results" in seen
    assert "account/profile/" in seen
    assert "e/<slug:slug>/" in seen
    assert any(r.startswith(expected.ADMIN) for r in seen)
