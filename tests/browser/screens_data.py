"""Run as a script against the screens test's database (issue 29 item 15):

python screens_data.py DB setup    a KIBA Bao game with South's first move played (North on
                                   move), a Tasaselo event of 40 in round 2 (the wall), a
                                   chess Swiss whose round 1 has a result in each state (the
                                   grid); prints JSON: the game's path and session cookies
                                   of South, North and the arbiter
"""

from __future__ import annotations

import json
import sys
from datetime import UTC, datetime

BAO = "screens-bao"
WALL = "screens-wall"
GRID = "screens-grid"
FIRST = [
    "Amani",
    "Baraka",
    "Chiku",
    "Dalila",
    "Eliya",
    "Fatuma",
    "Gabrieli",
    "Halima",
    "Imani",
    "Jabari",
    "Kesi",
    "Lulu",
    "Mosi",
    "Nuru",
    "Omari",
    "Pendo",
    "Rehema",
    "Saida",
    "Tumaini",
    "Upendo",
]
LAST = ["Mwakalinga", "Otieno"]


def main(db: str, command: str) -> None:
    from mashindano.config.setup import setup

    setup(db)
    if command != "setup":
        raise SystemExit(f"unknown command {command!r}")
    print(json.dumps(set_up()))


def _session(username: str) -> str:
    from django.contrib.auth.models import User
    from django.test import Client

    client = Client()
    client.force_login(User.objects.get(username=username))
    return str(client.cookies["sessionid"].value)


def set_up() -> dict[str, object]:
    from django.contrib.auth.models import User

    from mashindano.app import events, people, players, rounds
    from mashindano.app.principals import Principal
    from mashindano.app.results import (
        GameRef,
        correct_result,
        dispute_result,
        report_result,
        rule_result,
    )
    from mashindano.engine.model import Competitor, CompetitorId
    from mashindano.presets.kiba_bao.games import load_bao_game, play_move

    actor = Principal.local("browser-test")
    now = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)

    # The Bao game: South has moved, North is on move.
    roster = [
        Competitor(CompetitorId(f"K{n}"), f"{FIRST[n]} Bao", rating=1900 - 10 * n) for n in range(6)
    ]
    events.create_event(BAO, "kiba-bao", actor=actor, name="Bao screens", seed=19)
    players.register_players(BAO, roster, actor=actor)
    events.start_event(BAO, actor=actor)
    published = rounds.pair_next_round(BAO, actor=actor)
    where = GameRef(published.number, published.encounters[0].board, 1)
    game = load_bao_game(BAO, where)
    for key in (game.south, game.north):
        User.objects.create_user(f"bao-{key}".lower(), f"{key}@example.org".lower(), "pw")
        people.link_entry(BAO, str(key), f"bao-{key}".lower(), actor=actor)
    south = people.principal_for_username(f"bao-{game.south}".lower())
    assert south is not None
    play_move(BAO, where, game.legal[0], actor=south)

    # The wall: a Tasaselo event of 40, round 1 played, round 2 half played.
    wall = [
        Competitor(
            CompetitorId(f"W{n:02}"), f"{FIRST[n % 20]} {LAST[n // 20]}", rating=2100 - 9 * n
        )
        for n in range(40)
    ]
    events.create_event(WALL, "tasaselo", actor=actor, name="Tasaselo wall", seed=5, now=now)
    players.register_players(WALL, wall, actor=actor, now=now)
    events.start_event(WALL, actor=actor, now=now)
    for number, played in ((1, 20), (2, 11)):
        pairing = rounds.pair_next_round(WALL, actor=actor, now=now)
        for i, encounter in enumerate(pairing.encounters[:played]):
            result = ("1-0", "1/2-1/2", "0-1")[i % 3]
            report_result(WALL, GameRef(number, encounter.board), result, actor=actor, now=now)

    # The grid: a chess Swiss of 16, round 1 with a result in each state (7 and 8 missing).
    User.objects.create_user("screens-arbiter", "arbiter@example.org", "pw")
    grid = [
        Competitor(CompetitorId(f"G{n:02}"), f"{FIRST[n]} {LAST[n % 2]}", rating=1900 - 30 * n)
        for n in range(16)
    ]
    events.create_event(GRID, "chess-swiss", actor=actor, name="Grid colours", seed=9, now=now)
    players.register_players(GRID, grid, actor=actor, now=now)
    events.start_event(GRID, actor=actor, now=now)
    first = rounds.pair_next_round(GRID, actor=actor, now=now)
    people.grant_role(GRID, "screens-arbiter", "arbiter", actor=actor, now=now)
    arbiter = people.principal_for_username("screens-arbiter")
    assert arbiter is not None
    accounts = {}
    for encounter in first.encounters[:3]:
        for key in (encounter.first, encounter.second):
            username = f"grid-{key}".lower()
            User.objects.create_user(username, f"{username}@example.org", "pw")
            people.link_entry(GRID, str(key), username, actor=actor, now=now)
            accounts[str(key)] = people.principal_for_username(username)
    one, two, three = first.encounters[:3]
    report_result(GRID, GameRef(1, one.board), "1-0", actor=accounts[str(one.first)], now=now)
    report_result(GRID, GameRef(1, two.board), "0-1", actor=accounts[str(two.first)], now=now)
    dispute_result(
        GRID, GameRef(1, two.board), actor=accounts[str(two.second)], reason="I won", now=now
    )
    report_result(
        GRID, GameRef(1, three.board), "1/2-1/2", actor=accounts[str(three.first)], now=now
    )
    report_result(GRID, GameRef(1, 4), "1-0", actor=arbiter, now=now)
    report_result(GRID, GameRef(1, 5), "0-1", actor=arbiter, now=now)
    dispute_result(GRID, GameRef(1, 5), actor=actor, reason="the flag fell first", now=now)
    rule_result(GRID, GameRef(1, 5), "1-0", actor=arbiter, reason="clock", now=now)
    correct_result(GRID, GameRef(1, 4), "0-1", actor=arbiter, reason="typo", now=now)
    report_result(GRID, GameRef(1, 6), "1/2-1/2", actor=arbiter, now=now)  # confirmed
    return {
        "game": f"/play/{BAO}/{game.game.id}/",
        "south": _session(f"bao-{game.south}".lower()),
        "north": _session(f"bao-{game.north}".lower()),
        "arbiter": _session("screens-arbiter"),
    }


if __name__ == "__main__":
    main(*sys.argv[1:])
