"""Run as a script against the player journeys' database (a separate process, writing through
the app layer as any client would): sets up the events and accounts of the journeys, logs
accounts in (prints a session key for the browser's cookie), and does what other people do
in the story (the arbiter's ruling, closing a month, starting and pairing).

    python player_data.py DB setup | login USER | rule SLUG ROUND BOARD GAME RESULT |
        report SLUG ROUND BOARD GAME RESULT USER | dispute SLUG ROUND BOARD GAME USER REASON |
        close-month SLUG N | start-kiba SLUG | fact QUERY...
"""

from __future__ import annotations

import json
import sys
from datetime import UTC, datetime

from data_common import login  # the same folder: run as a script, it is on sys.path

ORGANISER = "organiser"


def at(month: int, day: int, hour: int = 10) -> datetime:
    return datetime(2026, month, day, hour, tzinfo=UTC)


def main(db: str, command: str, *args: str) -> None:
    from mashindano.config.setup import setup

    setup(db)
    from mashindano.app import conduct, events, people, players, rounds
    from mashindano.app.principals import local
    from mashindano.app.results import GameRef, dispute_result, report_result, rule_result
    from mashindano.engine.model import Competitor, CompetitorId

    actor = local(ORGANISER)
    if command == "setup":
        from django.contrib.auth.models import User

        for name in ("p1", "p2", "p3", "newbie", "t1", "t2", "kplayer", ORGANISER):
            User.objects.create_user(name, f"{name}@example.org", "pw")
        # Gomoku league: 7 players, month 1 (2026-03) paired on March 8.
        events.create_event(
            "gl", "gomoku-league", actor=actor, name="Gomoku league", seed=5, now=at(2, 20)
        )
        roster = [
            Competitor(CompetitorId(f"P{n}"), f"P{n}", rating=2000 - n, games_played=500)
            for n in range(1, 8)
        ]
        players.register_players("gl", roster, actor=actor, now=at(2, 20))
        events.start_event("gl", actor=actor, now=at(2, 20))
        rounds.pair_next_round("gl", actor=actor, now=at(3, 8))
        for n in (1, 2, 3):
            people.link_entry("gl", f"P{n}", f"p{n}", actor=actor, now=at(3, 8))
        people.grant_role("gl", ORGANISER, "arbiter", actor=actor, now=at(3, 8))
        # Tantrix knockout: 4 players, 2 standard games, round 1 paired.
        events.create_event(
            "tk",
            "tantrix-knockout",
            actor=actor,
            name="Tantrix cup",
            seed=11,
            parameters={"standard_games": "2"},
            now=at(2, 25),
        )
        four = [Competitor(CompetitorId(f"T{n}"), f"T{n}", rating=2000 - n) for n in range(1, 5)]
        players.register_players("tk", four, actor=actor, now=at(2, 25))
        events.start_event("tk", actor=actor, now=at(2, 25))
        first = rounds.pair_next_round("tk", actor=actor, now=at(2, 25))
        board = first.encounters[0]
        people.link_entry("tk", str(board.first), "t1", actor=actor, now=at(2, 25))
        people.link_entry("tk", str(board.second), "t2", actor=actor, now=at(2, 25))
        # KIBA tournament taking registrations: 7 players; the eighth joins in the browser.
        events.create_event("kb", "kiba-bao", actor=actor, name="KIBA open", seed=3, now=at(2, 25))
        seven = [
            Competitor(CompetitorId(f"K{n}"), f"K{n}", rating=1800 - 10 * n, games_played=40)
            for n in range(1, 8)
        ]
        players.register_players("kb", seven, actor=actor, now=at(2, 25))
        people.grant_role("kb", ORGANISER, "organiser", actor=actor, now=at(2, 25))
        # The organiser may create events and series (the console's series page).
        from django.contrib.auth.models import Permission

        User.objects.get(username=ORGANISER).user_permissions.add(
            Permission.objects.get(codename="add_event")
        )
    elif command == "login":
        print(login(args[0]))
    elif command == "rule":
        slug, number, board, game, result = args
        rule_result(
            slug,
            GameRef(int(number), int(board), int(game)),
            result,
            actor=local("referee"),
            reason="the referee watched the game record",
            now=at(3, 12),
        )
    elif command == "report":  # a player's report, as their page would send it
        slug, number, board, game, result, user = args
        report_result(
            slug,
            GameRef(int(number), int(board), int(game)),
            result,
            actor=people.principal_for_username(user),
        )
    elif command == "dispute":
        slug, number, board, game, user, reason = args
        dispute_result(
            slug,
            GameRef(int(number), int(board), int(game)),
            actor=people.principal_for_username(user),
            reason=reason,
        )
    elif command == "setup-terms":  # issue 29 items 4 and 8 (test_result_terms_journeys.py)
        from django.contrib.auth.models import User

        from mashindano.presets.tantrix_knockout.use_cases import file_form

        for name in ("p4", "p5"):
            User.objects.create_user(name, f"{name}@example.org", "pw")
        # A second league, paired on day 1: P6 is in the lower third and waits (R21).
        events.create_event(
            "gx", "gomoku-league", actor=actor, name="Early league", seed=5, now=at(2, 20)
        )
        roster = [
            Competitor(CompetitorId(f"X{n}"), f"X{n}", rating=2000 - n, games_played=500)
            for n in range(1, 8)
        ]
        players.register_players("gx", roster, actor=actor, now=at(2, 20))
        events.start_event("gx", actor=actor, now=at(2, 20))
        rounds.pair_next_round("gx", actor=actor, now=at(3, 1))
        people.link_entry("gx", "X1", "p4", actor=actor, now=at(3, 1))
        people.link_entry("gx", "X6", "p5", actor=actor, now=at(3, 1))
        # The Tantrix match's game 1: the two forms give different TPs (R24, A10).
        people.grant_role("tk", ORGANISER, "arbiter", actor=actor, now=at(3, 1))
        match = events.get_event_facts("tk").rounds[0].encounters[0]
        game = match.games[0]
        says = ("15-5", "14-6") if game.first == match.first else ("5-15", "6-14")
        for who, text in zip((match.first, match.second), says, strict=True):
            file_form("tk", GameRef(1, 1, 1), who, text, status="N", actor=local(who), now=at(3, 1))
    elif command == "close-month":
        conduct.close_period(args[0], int(args[1]), actor=actor, now=at(4, 4))
    elif command == "start-kiba":
        events.start_event(args[0], actor=actor, now=at(3, 2))
        rounds.pair_next_round(args[0], actor=actor, now=at(3, 2))
    elif command == "board":
        facts = events.get_event_facts(args[0])
        wanted = set(args[1:3])
        for encounter in facts.rounds[0].encounters:
            if {str(encounter.first), str(encounter.second)} == wanted:
                print(encounter.board)
    elif command == "facts":
        facts = events.get_event_facts(args[0])
        print(
            json.dumps(
                {
                    "entries": {str(c.id): c.name for c in facts.competitors},
                    "withdrawals": [str(w.competitor) for w in facts.withdrawals],
                    "leaves": [[str(v.competitor), v.from_round, v.to_round] for v in facts.leaves],
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
