"""Prepare a database for the worker-process tests: run as a script in its own process
(`python worker_scenario.py DATABASE_URL`), so that the SQLite file or PostgreSQL database
is written by the use cases exactly as the worker will read it.

A KIBA event of 6 players, each entry linked to an account with an e-mail address, an
arbiter, and stage 1 published at T0: nobody moves, so every game's first-move deadline
(T0 + 3 days) passes with South's clock. With a second argument (a URL), that URL is
subscribed to the event's `round.published` webhooks before the stage is published.
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime

T0 = datetime(2026, 3, 1, 10, 0, tzinfo=UTC)
SLUG = "kiba"
GAMES = 30
"""Six players in one group: 15 pairings of two games."""


def prepare(database_url: str, webhook_url: str | None = None) -> None:
    from mashindano.config.setup import setup

    setup(database_url)

    from django.contrib.auth import get_user_model

    from mashindano.app import events, players, rounds
    from mashindano.app.principals import local
    from mashindano.engine.model import Competitor, CompetitorId
    from mashindano.store import models

    actor = local("tester")
    events.create_event(SLUG, "kiba-bao", actor=actor, seed=11, now=T0)
    roster = [
        Competitor(CompetitorId(f"P{n:02d}"), f"P{n:02d}", rating=2000 - 25 * n)
        for n in range(1, 7)
    ]
    players.register_players(SLUG, roster, actor=actor, now=T0)
    events.start_event(SLUG, actor=actor, now=T0)
    users = get_user_model().objects
    for entry in models.Entry.objects.filter(event__slug=SLUG):
        entry.user = users.create_user(f"u-{entry.key}", email=f"{entry.key.lower()}@kiba.test")
        entry.save(update_fields=["user"])
    models.EventRole.objects.create(
        event=models.Event.objects.get(slug=SLUG),
        user=users.create_user("mwamuzi", email="mwamuzi@kiba.test"),
        role="arbiter",
        granted_at=T0,
        granted_by="test",
    )
    if webhook_url is not None:
        from mashindano.app import webhooks

        webhooks.subscribe(SLUG, webhook_url, ["round.published"], created_by="tester")
    rounds.pair_next_round(SLUG, actor=actor, now=T0)


if __name__ == "__main__":
    prepare(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else None)
