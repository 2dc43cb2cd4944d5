"""Run as a script against the knockout journey's server database (tests/browser/
test_knockout_journey.py): accounts, the entries of the event the arbiter created in the
console, players' reports and disputes as their pages would send them, the next stage.

    python knockout_data.py DB setup
    python knockout_data.py DB login USER            -> a session key
    python knockout_data.py DB enter SLUG            -> 16 players, kp1..kp4 linked, started,
                                                       stage 1 paired
    python knockout_data.py DB board SLUG PLAYER     -> the board PLAYER plays in the latest unit
    python knockout_data.py DB report SLUG ROUND BOARD RESULT USER
    python knockout_data.py DB dispute SLUG ROUND BOARD USER REASON
    python knockout_data.py DB play SLUG             -> the open games of the latest unit won by
                                                       the better seed (arbiter's entry)
    python knockout_data.py DB pair SLUG             -> the next unit, as JSON [[board, a, b]]
    python knockout_data.py DB facts SLUG            -> JSON of the games
"""

from __future__ import annotations

import json
import sys

from data_common import login  # the same folder: run as a script, it is on sys.path

ARBITER = "kadmin"
PLAYERS = ("kp1", "kp2", "kp3", "kp4")


def main(db: str, command: str, *args: str) -> None:
    from mashindano.config.setup import setup

    setup(db)
    from mashindano.app import events, people, rounds
    from mashindano.app.principals import local
    from mashindano.app.results import GameRef, dispute_result, report_result

    actor = local(ARBITER)
    if command == "setup":
        from django.contrib.auth.models import Permission, User

        for name in (*PLAYERS, ARBITER):
            User.objects.create_user(name, f"{name}@example.org", "pw")
        User.objects.get(username=ARBITER).user_permissions.add(
            Permission.objects.get(codename="add_event")
        )
    elif command == "login":
        print(login(args[0]))
    elif command == "link":
        slug = args[0]
        for account, name in zip(PLAYERS, ("Amani", "Pendo", "Halima", "Imani"), strict=True):
            people.link_entry(slug, name, account, actor=actor)
    elif command == "board":
        facts = events.get_event_facts(args[0])
        latest = max(facts.rounds, key=lambda r: r.number)
        for encounter in latest.encounters:
            if args[1] in (str(encounter.first), str(encounter.second)):
                print(encounter.board)
    elif command == "report":
        slug, number, board, result, user = args
        report_result(
            slug,
            GameRef(int(number), int(board)),
            result,
            actor=people.principal_for_username(user),
        )
    elif command == "dispute":
        slug, number, board, user, reason = args
        dispute_result(
            slug,
            GameRef(int(number), int(board)),
            actor=people.principal_for_username(user),
            reason=reason,
        )
    elif command == "play":
        facts = events.get_event_facts(args[0])
        latest = max(facts.rounds, key=lambda r: r.number)
        for encounter in latest.encounters:
            for game in encounter.games:
                if not game.result.is_decided:
                    text = "1-0" if game.first == encounter.first else "0-1"
                    where = GameRef(latest.number, encounter.board, game.number)
                    report_result(args[0], where, text, actor=actor)
    elif command == "pair":
        published = rounds.pair_next_round(args[0], actor=actor)
        print(json.dumps([[e.board, e.first, e.second] for e in published.encounters]))
    elif command == "facts":
        facts = events.get_event_facts(args[0])
        print(
            json.dumps(
                {
                    "games": [
                        [g.round, g.board, g.number, g.result.value, g.status.value]
                        for g in facts.games()
                    ],
                    "rounds": len(facts.rounds),
                }
            )
        )
    else:
        raise SystemExit(f"unknown command {command!r}")


if __name__ == "__main__":
    main(*sys.argv[1:])
