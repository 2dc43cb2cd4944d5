"""Fixtures of the `mashindano serve` process tests (issue 30): a committed PostgreSQL test
database with a paired Swiss event, an organiser's API token and players with e-mail."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

import pytest
from django.db import connection

from mashindano.app import events, people, players, rounds
from mashindano.app.principals import local
from mashindano.engine.model import Competitor, CompetitorId

ACTOR = local("tester")
T0 = datetime(2026, 3, 1, 10, 0, tzinfo=UTC)


@pytest.fixture
def postgres_url(transactional_db: None) -> str:
    """The URL of the (committed) PostgreSQL test database, for the server processes. Skips
    unless the test database is PostgreSQL (`make test-postgres` sets it up)."""
    if connection.vendor != "postgresql":
        pytest.skip(
            "needs PostgreSQL as the test database: set MASHINDANO_DATABASE_URL (make test does "
            "it from MASHINDANO_TEST_POSTGRES_URL when the server is reachable)"
        )
    s = connection.settings_dict
    user = s.get("USER") or "postgres"
    password = f":{s['PASSWORD']}" if s.get("PASSWORD") else ""
    host = s.get("HOST") or "127.0.0.1"
    port = s.get("PORT") or 5432
    return f"postgresql://{user}{password}@{host}:{port}/{s['NAME']}"


@dataclass(frozen=True)
class Club:
    slug: str
    boards: dict[int, tuple[str, str]]
    """Round 1: board -> (white, black) player keys (first and second)."""
    token: str
    """An organiser's API token."""


def make_club(players_count: int, linked: int) -> Club:
    """A chess Swiss of `players_count` players (P001 the highest rated), round 1 paired, the
    players of its first `linked` boards linked to accounts with e-mail (they are mailed), and
    an organiser's token."""
    from django.contrib.auth.models import User

    from mashindano.store import models
    from mashindano.web.api.tokens import issue_token

    slug = "club"
    events.create_event(slug, "chess-swiss", actor=ACTOR, seed=3, now=T0)
    roster = [
        Competitor(CompetitorId(f"P{n:03d}"), f"P{n:03d}", rating=2600 - n)
        for n in range(1, players_count + 1)
    ]
    players.register_players(slug, roster, actor=ACTOR, now=T0)
    events.start_event(slug, actor=ACTOR, now=T0)
    rounds.pair_next_round(slug, actor=ACTOR, now=T0)
    boards: dict[int, tuple[str, str]] = {}
    for game in models.Game.objects.filter(encounter__round__stage__event__slug=slug).values(
        "encounter__board", "first__key", "second__key"
    ):
        boards[game["encounter__board"]] = (game["first__key"], game["second__key"])
    for board in range(1, linked + 1):
        for key in boards[board]:
            User.objects.create_user(key.lower(), email=f"{key.lower()}@club.test")
            people.link_entry(slug, key, key.lower(), actor=ACTOR, now=T0)
    boss = User.objects.create_user("boss", is_superuser=True)
    return Club(slug, boards, issue_token(boss, "load", "organiser").secret)
