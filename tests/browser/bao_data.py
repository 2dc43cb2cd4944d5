"""Run as a script against the Bao browser tests' database (a separate process, so the server
sees exactly what any client wrote):

    python bao_data.py DB setup SLUG      a running kiba-bao event of 6 players whose accounts
                                          are linked to their entries; prints JSON: the first
                                          game's id, its South and North, a logged-in session
                                          cookie and e-mail address per player
    python bao_data.py DB moves SLUG ID   the stored moves of a game: [[id, ply, notation]]
    python bao_data.py DB arbiter SLUG    a Mwamuzi (arbiter) of the event, logged in: prints
                                          JSON: their session cookie
    python bao_data.py DB dispute SLUG    on the second pairing's first game: three moves, a
                                          win reported by South, disputed by North; prints
                                          JSON: the game's id and its moves
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
    elif command == "arbiter":
        print(json.dumps(arbiter(args[0])))
    elif command == "dispute":
        print(json.dumps(dispute(args[0])))
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


def arbiter(slug: str) -> dict[str, str]:
    from django.contrib.auth.models import User
    from django.test import Client

    from mashindano.app import people
    from mashindano.app.principals import Principal

    user = User.objects.create_user("bao-mwamuzi", "mwamuzi@example.org", "pw")
    people.grant_role(slug, user.username, "arbiter", actor=Principal.local("browser-test"))
    client = Client()
    client.force_login(user)
    return {"session": client.cookies["sessionid"].value}


def dispute(slug: str) -> dict[str, object]:
    from django.contrib.auth.models import User

    from mashindano.app import events
    from mashindano.app.principals import Principal
    from mashindano.app.results import GameRef, dispute_result, report_result
    from mashindano.presets.kiba_bao.games import load_bao_game, play_move

    facts = events.get_event_facts(slug)
    latest = facts.rounds[-1]
    where = GameRef(latest.number, latest.encounters[1].board, 1)
    game = load_bao_game(slug, where)
    accounts = {}
    for key in (game.south, game.north):
        user = User.objects.get(username=f"bao-{key.lower()}")
        accounts[key] = Principal.user(user.id, user.username)
    played = []
    for ply in range(3):
        mover = accounts[game.south if ply % 2 == 0 else game.north]
        move = load_bao_game(slug, where).legal[0]
        played.append(play_move(slug, where, move, actor=mover).notation)
    won = "1-0" if game.game.first == game.south else "0-1"
    report_result(slug, where, won, actor=accounts[game.south])
    reason = "I did not resign: it is my move"
    dispute_result(slug, where, actor=accounts[game.north], reason=reason)
    return {"game": game.game.id, "moves": played}


if __name__ == "__main__":
    main(*sys.argv[1:])
