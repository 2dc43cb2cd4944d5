"""Run as a script against the team journey's database (issue 32; a separate process writing
through the app layer, as any client would).

    python teams_data.py DB setup | logins USER...
"""

from __future__ import annotations

import json
import sys
from datetime import UTC, datetime, timedelta

ORGANISER = "organiser"
SLUG = "league"
T0 = datetime(2026, 3, 14, 9, 0, tzinfo=UTC)


def main(db: str, command: str, *args: str) -> None:
    from mashindano.config.setup import setup

    setup(db)
    from mashindano.app import events, players
    from mashindano.app.principals import local
    from mashindano.engine.model import Competitor, CompetitorId

    actor = local(ORGANISER)
    if command == "setup":
        from django.contrib.auth.models import User

        from mashindano.app.teams.setup import (
            create_team,
            pair_team_round,
            set_roster,
            set_team_mode,
        )

        events.create_event(
            SLUG, "chess-round-robin", actor=actor, name="Club league", seed=7, now=T0
        )
        names = [
            "Amani", "Baraka", "Chausiku", "Dalila", "Eshe",
            "Faraji", "Gamba", "Halima", "Imani", "Jabari",
        ]  # fmt: skip
        roster = [
            Competitor(CompetitorId(name), name, rating=2100 - 20 * n)
            for n, name in enumerate(names)
        ]
        players.register_players(SLUG, roster, actor=actor, now=T0)
        set_team_mode(SLUG, actor=actor, boards=4, now=T0)
        for number, (team, club) in enumerate((("Simba", "Nairobi"), ("Chui", "Arusha"))):
            User.objects.create_user(f"captain{number + 1}", password="pw")
            create_team(SLUG, team, club=club, captain=f"captain{number + 1}", actor=actor, now=T0)
            members = names[5 * number : 5 * number + 5]
            set_roster(SLUG, number + 1, members, reserves=1, actor=actor, now=T0)
        pair_team_round(SLUG, 1, deadline=T0 + timedelta(hours=3), actor=actor, now=T0)
    elif command == "logins":
        print(json.dumps({user: login(user) for user in args}))
    else:
        raise SystemExit(f"unknown command {command!r}")


def login(username: str) -> str:
    """A session of the account, as `django.contrib.auth.login` would store it."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.auth.models import User
    from django.contrib.sessions.backends.db import SessionStore

    user = User.objects.get(username=username)
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    assert session.session_key is not None
    return session.session_key


if __name__ == "__main__":
    main(*sys.argv[1:])
