"""Run as a script against the browser tests' database (as site_data.py): builds the event of
the languages test (issue 17), a 14-player round-robin played out in which "Ann Persia"
(rating 2448) scores 12½ (twelve wins and a draw).

    python i18n_data.py DB setup SLUG
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime, timedelta

STAR = "Ann Persia"
PLAYERS = [
    (STAR, 2448),
    ("Bahram", 2301),
    ("Chausiku", 2250),
    ("Dorina", 2210),
    ("Eero", 2170),
    ("Farida", 2105),
    ("Ghazal", 2050),
    ("Heikki", 2011),
    ("Ioana", 1980),
    ("Juma", 1935),
    ("Kaveh", 1890),
    ("Liisa", 1850),
    ("Mihai", 1802),
    ("Neema", 1760),
]


def setup(slug: str) -> None:
    from mashindano.app import events, players, rounds
    from mashindano.app.principals import Principal
    from mashindano.app.results import GameRef, report_result
    from mashindano.engine.model import Competitor, CompetitorId

    actor = Principal.local("browser-test")
    now = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
    events.create_event(
        slug, "chess-round-robin", actor=actor, name="Tehran Round Robin", seed=3, now=now
    )
    roster = [Competitor(CompetitorId(n), n, rating=r) for n, r in PLAYERS]
    players.register_players(slug, roster, actor=actor, now=now)
    events.start_event(slug, actor=actor, now=now)
    draws_left = 1
    for number in range(1, len(PLAYERS)):
        now += timedelta(days=1)
        published = rounds.pair_next_round(slug, actor=actor, now=now)
        for encounter in published.encounters:
            if encounter.second is None:
                continue
            for game in encounter.games:
                if STAR in (game.first, game.second) and draws_left:
                    result, draws_left = "1/2-1/2", 0
                elif game.second == STAR:
                    result = "0-1"
                else:
                    result = "1-0"
                report_result(slug, GameRef(number, encounter.board), result, actor=actor, now=now)


def main(db: str, command: str, *args: str) -> None:
    from mashindano.config.setup import setup as setup_django

    setup_django(db)
    if command == "setup":
        setup(args[0])
    else:
        raise SystemExit(f"unknown command {command!r}")


if __name__ == "__main__":
    main(*sys.argv[1:])
