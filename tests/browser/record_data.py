"""Run as a script against the record page's database (tests/browser/test_person_record.py):

python record_data.py DB setup    a Bao countries match and a chess Swiss round played by
                                  accounts (Farida plays both); prints JSON
"""

from __future__ import annotations

import json
import sys
from datetime import UTC, datetime, timedelta


def main(db: str, command: str) -> None:
    from mashindano.config.setup import setup

    setup(db)
    if command != "setup":
        raise SystemExit(f"unknown command {command!r}")
    from django.contrib.auth.models import User

    from mashindano.app import events, people, players, rounds
    from mashindano.app.principals import Principal
    from mashindano.app.results import GameRef, report_result
    from mashindano.engine.model import Competitor, CompetitorId

    actor = Principal.local("browser-test")
    t0 = datetime(2026, 3, 1, 10, 0, tzinfo=UTC)
    tza, uga = ("Asha", "Bakari", "Chausiku"), ("Dembe", "Eria", "Farida Nakato")
    for name in (*tza, *uga):
        User.objects.create_user(name.split()[0].lower(), password="pw")

    def play(slug: str, when: datetime) -> None:
        published = rounds.pair_next_round(slug, actor=actor, now=when)
        for minute, game in enumerate(published.games(), start=1):
            farida_second = str(game.second).startswith("Farida")
            where = GameRef(
                published.number, game.board, game.number, published.stage, published.group
            )
            result = "0-1" if farida_second else "1-0"
            report_result(slug, where, result, actor=actor, now=when + timedelta(minutes=minute))

    bao = "countries-2026"
    events.create_event(
        bao,
        "kiba-countries",
        actor=actor,
        name="KIBA countries match 2026",
        parameters={"countries": "TZA,UGA"},
        now=t0,
    )
    players.register_players(
        bao,
        [
            Competitor(CompetitorId(n), n, rating=1800, games_played=0, country=c)
            for c, names in (("TZA", tza), ("UGA", uga))
            for n in names
        ],
        actor=actor,
        now=t0,
    )
    for name in (*tza, *uga):
        people.link_entry(bao, name, name.split()[0].lower(), actor=actor, now=t0)
    events.start_event(bao, actor=actor, now=t0)
    play(bao, t0)

    chess = "club-swiss"
    later = t0 + timedelta(days=3)
    events.create_event(chess, "chess-swiss", actor=actor, name="Club Swiss, March", now=later)
    players.register_players(
        chess,
        [Competitor(CompetitorId(n), n, rating=1900 - 50 * i) for i, n in enumerate(uga + tza)],
        actor=actor,
        now=later,
    )
    for name in (*tza, *uga):
        people.link_entry(chess, name, name.split()[0].lower(), actor=actor, now=later)
    events.start_event(chess, actor=actor, now=later)
    play(chess, later)
    kiba = "kiba-april"
    april = t0 + timedelta(days=30)
    events.create_event(kiba, "kiba-bao", actor=actor, name="KIBA April tournament", now=april)
    entrants = [Competitor(CompetitorId(n), n, games_played=0) for n in (*tza, *uga)]
    entrants.append(
        Competitor(CompetitorId("Guest Mgeni"), "Guest Mgeni", rating=1700, games_played=30)
    )
    players.register_players(kiba, entrants, actor=actor, now=april)
    for name in (*tza, *uga):
        people.link_entry(kiba, name, name.split()[0].lower(), actor=actor, now=april)
    events.start_event(kiba, actor=actor, now=april)
    # A tournament still taking entries: a typed-in claim the Mwamuzi corrects.
    may = "kiba-may"
    events.create_event(may, "kiba-bao", actor=actor, name="KIBA May tournament", now=april)
    claim = Competitor(CompetitorId("Guest Mgeni"), "Guest Mgeni", rating=2400, games_played=500)
    players.register_players(may, [claim], actor=actor, now=april)
    User.objects.create_user("mwamuzi", "mwamuzi@example.org", "pw")
    people.grant_role(may, "mwamuzi", "arbiter", actor=actor)
    from django.test import Client

    client = Client()
    client.force_login(User.objects.get(username="mwamuzi"))
    print(
        json.dumps(
            {
                "bao": bao,
                "chess": chess,
                "kiba": kiba,
                "may": may,
                "player": "Farida Nakato",
                "arbiter": client.cookies["sessionid"].value,
            }
        )
    )


if __name__ == "__main__":
    main(*sys.argv[1:])
