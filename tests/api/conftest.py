"""Fixtures of the API tests: users in every role of a started chess Swiss, a token of each
scope for each, and a client that sends a Bearer token."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import Permission, User
from django.core.cache import cache
from django.core.servers.basehttp import ThreadedWSGIServer
from django.test import Client

from mashindano.app import people
from mashindano.web.api.tokens import issue_token

from ..app.helpers import ACTOR, T0, make_event

# The live test server takes 50 connections at once (the concurrency tests); the socket
# server's default backlog of 5 would reset some of them.
ThreadedWSGIServer.request_queue_size = 128


@pytest.fixture(autouse=True)
def _fresh_cache(settings: Any) -> Iterator[None]:
    """Each test starts with an empty cache (bodies, throttling counters) and no throttling
    unless it asks for it."""
    settings.MASHINDANO_API_RATES = {"anon": None, "auth": None}
    cache.clear()
    yield
    cache.clear()


def make_user(name: str, *, creator: bool = False, superuser: bool = False) -> User:
    user = User.objects.create_user(name, f"{name}@example.org", "pw", is_superuser=superuser)
    if creator:
        user.user_permissions.add(Permission.objects.get(codename="add_event"))
        user = User.objects.get(pk=user.pk)
    return user


def bearer(secret: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {secret}"}


ROLES = ("organiser", "arbiter", "assistant", "player", "stranger")


@pytest.fixture
def club(db: None) -> dict[str, dict[str, str]]:
    """A started chess Swiss of eight ("club") with a user in every role; for each user a token
    of each scope: `club[role][scope]` is the secret."""
    make_event("club", "chess-swiss", 8)
    users = {
        "organiser": make_user("olga", creator=True),
        "arbiter": make_user("arif"),
        "assistant": make_user("asha"),
        "player": make_user("pia"),
        "stranger": make_user("sam"),
    }
    for role in ("organiser", "arbiter", "assistant"):
        people.grant_role("club", users[role].username, role, actor=ACTOR, now=T0)
    people.link_entry("club", "P01", "pia", actor=ACTOR, now=T0)
    return {
        role: {
            scope: issue_token(users[role], f"{role}-{scope}", scope).secret
            for scope in ("read", "report", "arbiter", "organiser")
        }
        for role in ROLES
    }


@pytest.fixture
def api() -> Client:
    return Client()


@pytest.fixture
def on_postgres(transactional_db: None) -> None:
    """Skips unless the test database is PostgreSQL (`make test-postgres` runs tests/api's
    `postgres`-marked tests there)."""
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip(
            "needs PostgreSQL as the test database: set MASHINDANO_DATABASE_URL (make test does "
            "it from MASHINDANO_TEST_POSTGRES_URL when the server is reachable)"
        )
