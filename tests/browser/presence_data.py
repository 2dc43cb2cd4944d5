"""Run as a script against the roll-call journey's database (issue 33 items 2 and 3; a
separate process writing through the app layer, as any client would).

    python presence_data.py DB setup [PRESET] | logins USER... | play-round N | late NAME

PRESET: chess-swiss (the default) or tasaselo, the presets that pair round by round with the
roll call and late entries (one shared mechanism, the same parameters).
"""

from __future__ import annotations

import json
import sys
from datetime import UTC, datetime

from data_common import login  # the same folder: run as a script, it is on sys.path

ORGANISER = "organiser"
SLUG = "open"
T0 = datetime(2026, 3, 14, 9, 0, tzinfo=UTC)


def main(db: str, command: str, *args: str) -> None:
    from mashindano.config.setup import setup

    setup(db)
    from mashindano.app import events, people, players
    from mashindano.app.principals import local
    from mashindano.engine.model import Competitor, CompetitorId

    actor = local(ORGANISER)
    if command == "setup":
        from django.contrib.auth.models import User

        preset = args[0] if args else "chess-swiss"
        rounds = {"tasaselo": "rounds"}.get(preset, "swiss_rounds")
        events.create_event(
            SLUG,
            preset,
            actor=actor,
            name="Saturday open",
            seed=7,
            parameters={
                rounds: "4",
                "check_in": "yes",
                "late_entries": "yes",
                "late_entry_rounds": "half-point",
            },
            now=T0,
        )
        names = [
            "Amani", "Baraka", "Chausiku", "Dalila", "Eshe", "Faraji",
            "Gamba", "Halima", "Imani", "Jabari", "Kito", "Lulu",
        ]  # fmt: skip
        roster = [
            Competitor(CompetitorId(name), name, rating=2100 - 20 * n)
            for n, name in enumerate(names)
        ]
        players.register_players(SLUG, roster, actor=actor, now=T0)
        events.start_event(SLUG, actor=actor, now=T0)
        for name in [*names, "arbiter"]:
            User.objects.create_user(name.lower(), f"{name.lower()}@example.org", "pw")
        for name in names:
            people.link_entry(SLUG, name, name.lower(), actor=actor, now=T0)
        people.grant_role(SLUG, "arbiter", "arbiter", actor=actor, now=T0)
    elif command == "logins":
        print(json.dumps({user: login(user) for user in args}))
    elif command == "play-round":
        # Everyone checks in (ticked by the arbiter), the round is paired, White wins.
        from mashindano.app.presence import check_in
        from mashindano.app.results import GameRef, report_result
        from mashindano.app.rounds import pair_next_round

        number = int(args[0])
        facts = events.get_event_facts(SLUG)
        if number > 1:
            present = facts.present_for(number)
            for c in facts.competitors:
                if c.id not in present and facts.withdrawn_from(c.id) is None:
                    check_in(SLUG, str(c.id), actor=actor, now=T0)
            published = pair_next_round(SLUG, actor=actor, now=T0)
        else:
            published = facts.rounds[0]
        for game in published.games():
            report_result(SLUG, GameRef(number, game.board), "1-0", actor=actor, now=T0)
    elif command == "late":
        players.register_players(
            SLUG, [Competitor(CompetitorId(args[0]), args[0], rating=1900)], actor=actor, now=T0
        )
    else:
        raise SystemExit(f"unknown command {command!r}")


if __name__ == "__main__":
    main(*sys.argv[1:])
