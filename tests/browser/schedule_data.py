"""Run as a script against the round schedule journey's database (issue 33 item 5, issue 31
item 2; a separate process writing through the app layer, as any client would).

    python schedule_data.py DB setup | logins USER... | tick ISO
"""

from __future__ import annotations

import json
import sys
from datetime import UTC, datetime

from data_common import login  # the same folder: run as a script, it is on sys.path

ORGANISER = "organiser"
SLUG = "saturday"
T0 = datetime(2026, 3, 14, 6, 0, tzinfo=UTC)


def main(db: str, command: str, *args: str) -> None:
    from mashindano.config.setup import setup

    setup(db)
    from mashindano.app import events, people, players
    from mashindano.app.principals import local
    from mashindano.engine.model import Competitor, CompetitorId

    actor = local(ORGANISER)
    if command == "setup":
        from django.contrib.auth.models import User

        events.create_event(
            SLUG,
            "chess-swiss",
            actor=actor,
            name="Saturday rapid",
            seed=7,
            parameters={
                "swiss_rounds": "3",
                "time_zone": "Africa/Dar_es_Salaam",
                "start_at": "2026-03-14 09:30",
                "start_automatically": "yes",
                "round_schedule": "at-times",
                "round_times": "2026-03-14 10:00, 2026-03-14 11:30, 2026-03-14 13:00",
            },
            now=T0,
        )
        names = ["Amani", "Baraka", "Chausiku", "Dalila", "Eshe", "Faraji"]
        roster = [
            Competitor(CompetitorId(name), name, rating=2100 - 20 * n)
            for n, name in enumerate(names)
        ]
        players.register_players(SLUG, roster, actor=actor, now=T0)
        from django.contrib.auth.models import Permission

        User.objects.create_user("arbiter", "arbiter@example.org", "pw")
        creator = User.objects.create_user("creator", "creator@example.org", "pw")
        creator.user_permissions.add(Permission.objects.get(codename="add_event"))
        people.grant_role(SLUG, "arbiter", "arbiter", actor=actor, now=T0)
    elif command == "logins":
        print(json.dumps({user: login(user) for user in args}))
    elif command == "tick":
        from mashindano.app.tasks import run_tick

        run_tick(datetime.fromisoformat(args[0]), enqueue=False)
    else:
        raise SystemExit(f"unknown command {command!r}")


if __name__ == "__main__":
    main(*sys.argv[1:])
