"""Run as a script against the talk journey's database (tests/browser/test_game_talk.py):

python talk_data.py DB setup SLUG    bao_data's running Bao event, plus an arbiter
                                     (`mwamuzi`) with a logged-in session; prints JSON
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def main(db: str, command: str, slug: str) -> None:
    from mashindano.config.setup import setup

    setup(db)
    if command != "setup":
        raise SystemExit(f"unknown command {command!r}")
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bao_data import build  # type: ignore[import-not-found]
    from django.contrib.auth.models import User
    from django.test import Client

    from mashindano.app import people
    from mashindano.app.principals import Principal

    found = build(slug)
    User.objects.create_user("mwamuzi", "mwamuzi@example.org", "pw")
    people.grant_role(slug, "mwamuzi", "arbiter", actor=Principal.local("browser-test"))
    client = Client()
    client.force_login(User.objects.get(username="mwamuzi"))
    found["arbiter"] = client.cookies["sessionid"].value
    print(json.dumps(found))


if __name__ == "__main__":
    main(*sys.argv[1:])
