"""Run as a script against the KIBA journey's database (a separate process, writing through the
app layer as any client would): the set-up that comes before the browser (the Mwamuzi's
account and role, the tournament taking entries, four members entered without the browser),
log-ins for the session cookie (by user name or e-mail), and the facts the test checks afterwards.

    python kiba_data.py DB setup SLUG | login USER-OR-EMAIL | facts SLUG
"""

from __future__ import annotations

import json
import sys
from datetime import UTC, datetime

from data_common import login  # the same directory: run as a script, it is on sys.path

MWAMUZI = "mwamuzi"
ENTERED = (
    # (name, Elo, games played on KIBA): all category 1 (R6), so that the seeds are known.
    ("Juma", 2000, 100),
    ("Neema", 1950, 80),
    ("Omari", 1850, 50),
    ("Zawadi", 1700, 30),
)


def main(db: str, command: str, *args: str) -> None:
    from mashindano.config.setup import setup

    setup(db)
    from mashindano.app import events, people, players
    from mashindano.app.principals import local
    from mashindano.engine.model import Competitor, CompetitorId

    if command == "setup":
        from django.contrib.auth.models import User

        slug = args[0]
        now = datetime(2026, 3, 1, 8, tzinfo=UTC)
        director = local("organiser")
        User.objects.create_user(MWAMUZI, f"{MWAMUZI}@example.org", "not used")
        events.create_event(
            slug,
            "kiba-bao",
            actor=director,
            name="KIBA online cup",
            parameters={"play_on_site": "false"},  # results reported, not played on the site
            now=now,
        )
        players.register_players(
            slug,
            [
                Competitor(CompetitorId(name), name, rating=elo, games_played=games)
                for name, elo, games in ENTERED
            ],
            actor=director,
            now=now,
        )
        people.grant_role(slug, MWAMUZI, "arbiter", actor=director, now=now)
    elif command == "login":
        from django.contrib.auth.models import User

        # A signed-up member by e-mail (their user name is allauth's), the Mwamuzi by name.
        who = args[0]
        print(login(User.objects.get(email=who).username if "@" in who else who))
    elif command == "facts":
        facts = events.get_event_facts(args[0])
        print(
            json.dumps(
                {
                    "state": facts.state.value,
                    "entries": sorted(c.name for c in facts.competitors),
                    "withdrawals": [str(w.competitor) for w in facts.withdrawals],
                    "rounds": [r.number for r in facts.rounds],
                    "games": [
                        [g.round, g.board, g.number, g.result.value, g.status.value]
                        for g in facts.games()
                    ],
                }
            )
        )
    else:
        raise SystemExit(f"unknown command {command!r}")


if __name__ == "__main__":
    main(*sys.argv[1:])
