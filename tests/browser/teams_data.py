"""Run as a script against the team journey's database (issue 32; a separate process writing
through the app layer, as any client would).

    python teams_data.py DB setup | logins USER...
    python teams_data.py DB league SLUG PRESET TEAMS  -> JSON {"organiser": ..., "captains": {...}}
    python teams_data.py DB round SLUG N              -> JSON [match, ...] of round N
    python teams_data.py DB boards                    -> JSON {user: session} of kito, mosi
"""

from __future__ import annotations

import json
import sys
from datetime import UTC, datetime, timedelta
from typing import Any

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
    elif command == "boards":
        print(json.dumps(own_boards(actor)))
    elif command == "league":
        print(json.dumps(league(actor, *args)))
    elif command == "round":
        print(json.dumps(round_matches(args[0], int(args[1]))))
    elif command == "logins":
        # the same folder, on sys.path when run as a script (test_teams_leagues imports this)
        from data_common import login

        print(json.dumps({user: login(user) for user in args}))
    else:
        raise SystemExit(f"unknown command {command!r}")


def own_boards(actor: Any) -> dict[str, str]:
    """The event "cup": Pwani (Kito, Lulu) v Bara (Mosi, Neema) on 2 boards, both line-ups in;
    Kito and Mosi (board 1) play from their accounts kito and mosi. Their sessions."""
    # the same folder, on sys.path when run as a script
    from data_common import login
    from django.contrib.auth.models import User

    from mashindano.app import events, players
    from mashindano.app.teams.lineups import submit_lineup
    from mashindano.app.teams.setup import create_team, pair_team_round, set_roster, set_team_mode
    from mashindano.engine.model import Competitor, CompetitorId
    from mashindano.store import models

    events.create_event("cup", "chess-round-robin", actor=actor, name="Coast cup", now=T0)
    names = ["Kito", "Lulu", "Mosi", "Neema"]
    players.register_players(
        "cup", [Competitor(CompetitorId(n), n) for n in names], actor=actor, now=T0
    )
    set_team_mode("cup", actor=actor, boards=2, now=T0)
    for number, team in enumerate(("Pwani", "Bara"), start=1):
        create_team("cup", team, actor=actor, now=T0)
        set_roster("cup", number, names[2 * number - 2 : 2 * number], actor=actor, now=T0)
    for key in ("Kito", "Mosi"):
        user = User.objects.create_user(key.lower(), password="pw")
        models.Entry.objects.filter(event__slug="cup", key=key).update(user=user)
    pair_team_round("cup", 1, deadline=T0 + timedelta(days=30), actor=actor, now=T0)
    submit_lineup("cup", 1, 1, names[:2], actor=actor, now=T0)
    submit_lineup("cup", 1, 2, names[2:], actor=actor, now=T0)
    return {user: login(user) for user in ("kito", "mosi")}


TEAM_NAMES = (
    "Simba", "Chui", "Tembo", "Twiga", "Nyati", "Kiboko", "Fisi", "Duma",
    "Swala", "Pundamilia", "Nyani", "Kifaru", "Mamba", "Tai", "Kobe", "Korongo",
    "Nyumbu", "Paa", "Sungura", "Ngiri", "Bundi", "Kasuku", "Pomboo", "Papa",
)  # fmt: skip
"""Team names of the larger journeys (team n is TEAM_NAMES[n - 1])."""
MEMBERS = "ABCDE"
"""Each team's five players of the larger journeys: '<team> A' .. '<team> E' (E the reserve)."""


def league(actor: Any, slug: str, preset: str, count: str) -> dict[str, Any]:
    """An event of `preset` with five players per team of `count` teams registered (no team
    yet: the test creates them through the API), an organiser account `org-<slug>` and the
    captains' accounts `<slug>-cap<n>`; the organiser's (organiser scope) and the captains'
    (report scope) token secrets."""
    from django.contrib.auth.models import User

    from mashindano.app import events, people, players
    from mashindano.engine.model import Competitor, CompetitorId
    from mashindano.web.api.tokens import issue_token

    teams = int(count)
    events.create_event(slug, preset, actor=actor, name=f"League {slug}", seed=11, now=T0)
    roster = [
        Competitor(CompetitorId(name), name, rating=2200 - 7 * n)
        for n, name in enumerate(
            f"{team} {member}" for team in TEAM_NAMES[:teams] for member in MEMBERS
        )
    ]
    players.register_players(slug, roster, actor=actor, now=T0)
    organiser = User.objects.create_user(f"org-{slug}", password="pw")
    people.grant_role(slug, organiser.username, "organiser", actor=actor, now=T0)
    captains = {}
    for number in range(1, teams + 1):
        user = User.objects.create_user(f"{slug}-cap{number}", password="pw")
        captains[number] = issue_token(user, "captain", "report").secret
    return {
        "organiser": issue_token(organiser, "organiser", "organiser").secret,
        "captains": captains,
    }


def round_matches(slug: str, number: int) -> list[dict[str, Any]]:
    """The matches of round `number`: their numbers, teams (second None for a PAB) and the
    teams' rosters (keys in order)."""
    from mashindano.app.teams.facts import load_team_facts
    from mashindano.store import models

    facts = load_team_facts(models.Event.objects.get(slug=slug))
    return [
        {
            "match": match.number,
            "first": match.first,
            "second": match.second,
            "rosters": {str(team): list(facts.team(team).keys) for team in match.teams},
        }
        for match in facts.matches
        if match.round == number
    ]


if __name__ == "__main__":
    main(*sys.argv[1:])
