"""Run as a script against the browser tests' server database: the console's events and a
logged-in session for the browser (a session cookie made as Django's test client makes one).

    python console_data.py DB setup      -> JSON {"session": ..., "cookie": ...}
"""

from __future__ import annotations

import json
import sys
from datetime import UTC, datetime

TASASELO = "grid-tasaselo"
SWISS = "draft-swiss"
QUEUES = "queue-club"
EXPLAINED = "draft-explained"


def main(db: str, command: str) -> None:
    from mashindano.config.setup import setup

    setup(db)
    if command != "setup":
        raise SystemExit(f"unknown command {command!r}")
    print(json.dumps(set_up()))


def set_up() -> dict[str, str]:
    from django.conf import settings
    from django.contrib.auth.models import User
    from django.test import Client

    from mashindano.app import events, people, players, rounds
    from mashindano.app.principals import Principal
    from mashindano.engine.model import Competitor, CompetitorId

    actor = Principal.local("browser-test")
    now = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
    from django.contrib.auth.models import Permission

    arbiter = User.objects.create_user("mwamuzi", "mwamuzi@example.org", "pw")
    arbiter.user_permissions.add(Permission.objects.get(codename="add_event"))
    names = [
        "Amani Juma",
        "Baraka Otieno",
        "Chiku Mwangi",
        "Dalila Hassan",
        "Eliya Kimaro",
        "Fatuma Said",
        "Gabrieli Njoroge",
        "Halima Ali",
    ]
    roster = [Competitor(CompetitorId(n), n, rating=1900 - 40 * i) for i, n in enumerate(names)]
    events.create_event(TASASELO, "tasaselo", actor=actor, name="Club Tasaselo", seed=5, now=now)
    players.register_players(TASASELO, roster, actor=actor, now=now)
    events.start_event(TASASELO, actor=actor, now=now)
    rounds.pair_next_round(TASASELO, actor=actor, now=now)
    people.grant_role(TASASELO, "mwamuzi", "arbiter", actor=actor, now=now)

    events.create_event(
        SWISS,
        "chess-swiss",
        actor=actor,
        name="Club Swiss",
        parameters={"swiss_rounds": "3", "swiss_pairing": "dutch"},
        seed=9,
        now=now,
    )
    players.register_players(SWISS, roster[:7], actor=actor, now=now)
    events.start_event(SWISS, actor=actor, now=now)
    people.grant_role(SWISS, "mwamuzi", "organiser", actor=actor, now=now)

    # A draft with an explanation to read: round 1 of seven played, round 2 not paired yet
    # (colour preferences, floats, the bye and its warning).
    from mashindano.app.results import GameRef, dispute_result, report_result

    events.create_event(EXPLAINED, "chess-swiss", actor=actor, name="Rasimu", seed=9, now=now)
    players.register_players(EXPLAINED, roster[:7], actor=actor, now=now)
    events.start_event(EXPLAINED, actor=actor, now=now)
    first = rounds.pair_next_round(EXPLAINED, actor=actor, now=now)
    for game, result in zip(first.games(), ("1-0", "1/2-1/2", "0-1"), strict=False):
        report_result(EXPLAINED, GameRef(1, game.board), result, actor=actor, now=now)
    people.grant_role(EXPLAINED, "mwamuzi", "arbiter", actor=actor, now=now)

    # Queues: a report awaiting confirmation and a disputed one (two reports side by side).

    events.create_event(QUEUES, "chess-swiss", actor=actor, name="Queue Club", seed=4, now=now)
    players.register_players(QUEUES, roster[:4], actor=actor, now=now)
    events.start_event(QUEUES, actor=actor, now=now)
    rounds.pair_next_round(QUEUES, actor=actor, now=now)
    people.grant_role(QUEUES, "mwamuzi", "arbiter", actor=actor, now=now)
    report_result(QUEUES, GameRef(1, 1), "1-0", actor=Principal.local("amani"), now=now)
    dispute_result(
        QUEUES,
        GameRef(1, 1),
        actor=Principal.local("chiku"),
        reason="I won on time; the clock showed his flag down",
        now=now,
    )
    report_result(QUEUES, GameRef(1, 2), "1/2-1/2", actor=Principal.local("baraka"), now=now)

    # The roles page: an invitation by e-mail still waiting for an answer (sent now, so that
    # it has not expired when the server shows it).
    from mashindano.app.accounts import invite
    from mashindano.app.people import principal_for_user

    organiser = principal_for_user(User.objects.get(username="mwamuzi"))
    assert organiser is not None
    invite(organiser, SWISS, "naibu.mwamuzi@example.org", role="arbiter")

    client = Client()
    client.force_login(User.objects.get(username="mwamuzi"))
    return {
        "cookie": settings.SESSION_COOKIE_NAME,
        "session": client.cookies[settings.SESSION_COOKIE_NAME].value,
    }


if __name__ == "__main__":
    main(*sys.argv[1:])
