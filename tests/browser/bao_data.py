"""Run as a script against the Bao browser tests' database (a separate process, so the server
sees exactly what any client wrote):

    python bao_data.py DB setup SLUG      a running kiba-bao event of 6 players whose accounts
                                          are linked to their entries; prints JSON: the first
                                          game's id, its South and North, a logged-in session
                                          cookie and e-mail address per player
    python bao_data.py DB moves SLUG ID   the stored moves of a game: [[id, ply, notation]]
"""

from __future__ import annotations

import json
import sys


def main(db: str, command: str, *args: str) -> None:
    from mashindano.config.setup import setup

    setup(db)
    if command == "setup":
        print(json.dumps(build(args[0])))
    elif command == "moves":
        from mashindano.store import models

        rows = models.Move.objects.filter(game_id=int(args[1])).order_by("ply")
        print(json.dumps([[m.id, m.ply, m.notation] for m in rows]))
    else:
        raise SystemExit(f"unknown command {command!r}")


def build(slug: str) -> dict[str, object]:
    from django.contrib.auth.models import User
    from django.test import Client

    from mashindano.app import events, people, players, rounds
    from mashindano.app.principals import Principal
    from mashindano.app.results import GameRef
    from mashindano.engine.model import Competitor, CompetitorId
    from mashindano.presets.kiba_bao.games import load_bao_game

    actor = Principal.local("browser-test")
    names = ["Asha Bao", "Bakari Bao", "Chausiku Bao", "Dalia Bao", "Eliya Bao", "Fumo Bao"]
    roster = [
        Competitor(CompetitorId(f"K{n}"), name, rating=1900 - 10 * n, games_played=90 - n)
        for n, name in enumerate(names, start=1)
    ]
    events.create_event(slug, "kiba-bao", actor=actor, name="Bao by correspondence", seed=19)
    players.register_players(slug, roster, actor=actor)
    events.start_event(slug, actor=actor)
    published = rounds.pair_next_round(slug, actor=actor)
    sessions: dict[str, str] = {}
    emails: dict[str, str] = {}
    for competitor in roster:
        key = str(competitor.id)
        user = User.objects.create_user(f"bao-{key.lower()}", f"{key.lower()}@example.org", "pw")
        people.link_entry(slug, key, user.username, actor=actor)
        client = Client()
        client.force_login(user)
        sessions[key] = client.cookies["sessionid"].value
        emails[key] = user.email
    first = published.encounters[0]
    game = load_bao_game(slug, GameRef(published.number, first.board, 1))
    return {
        "slug": slug,
        "game": game.game.id,
        "south": str(game.south),
        "north": str(game.north),
        "sessions": sessions,
        "emails": emails,
    }


if __name__ == "__main__":
    main(*sys.argv[1:])
