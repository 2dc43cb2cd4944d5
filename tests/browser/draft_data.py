"""Run as a script against the draft journey's server database (tests/browser/
test_draft_journey.py): a Dutch Swiss whose next draft has two players wanting the same colour
absolutely on different boards.

    python draft_data.py DB setup                 -> the arbiter's account, the event, played
                                                     rounds; prints the event's slug
    python draft_data.py DB login USER            -> a session key
    python draft_data.py DB c3 SLUG               -> "X Q": swapping X and Q puts Q opposite a
                                                     player who wants the same colour
                                                     absolutely (X is that player's opponent)
"""

from __future__ import annotations

import random
import sys

from data_common import login  # the same folder: run as a script, it is on sys.path

ARBITER = "darb"
NAMES = (
    "Amani", "Baraka", "Chiku", "Dalila", "Eliya", "Fatuma",
    "Gabrieli", "Halima", "Imani", "Jabari", "Kesi", "Lulu",
)  # fmt: skip


def main(db: str, command: str, *args: str) -> None:
    from mashindano.config.setup import setup

    setup(db)
    from mashindano.app import drafts, events, people, players, rounds
    from mashindano.app.principals import local
    from mashindano.app.results import GameRef, report_result
    from mashindano.engine.model import Competitor, CompetitorId

    actor = local(ARBITER)
    if command == "setup":
        from django.contrib.auth.models import User

        User.objects.create_user(ARBITER, f"{ARBITER}@example.org", "pw")
        for seed in range(1, 40):
            slug = f"open{seed}"
            events.create_event(
                slug,
                "chess-swiss",
                actor=actor,
                parameters={"swiss_pairing": "dutch", "swiss_rounds": "7"},
                seed=seed,
            )
            players.register_players(
                slug,
                [Competitor(CompetitorId(n), n, rating=2200 - 40 * i) for i, n in enumerate(NAMES)],
                actor=actor,
            )
            people.grant_role(slug, ARBITER, "arbiter", actor=actor)
            events.start_event(slug, actor=actor)
            rng = random.Random(seed)
            for _ in range(3):
                published = rounds.pair_next_round(slug, actor=actor)
                for game in published.games():
                    result = rng.choice(["1-0", "0-1", "1/2-1/2"])
                    report_result(slug, GameRef(published.number, game.board), result, actor=actor)
            if _c3(slug, drafts, events, actor):
                print(slug)
                return
        raise SystemExit("no event with a C3 swap")
    elif command == "login":
        print(login(args[0]))
    elif command == "c3":
        found = _c3(args[0], drafts, events, actor)
        assert found is not None
        print(*found)


def _c3(slug: str, drafts: object, events: object, actor: object) -> tuple[str, str] | None:
    from mashindano.app.formats.parts import STAGE_EXPORT
    from mashindano.app.formats.registry import part
    from mashindano.engine.pairing import build_swiss_state

    facts = events.get_event_facts(slug)  # type: ignore[attr-defined]
    results = part(facts.preset, STAGE_EXPORT).stage_results(facts)
    assert results is not None
    states = {str(s.id): s for s in build_swiss_state(results, len(facts.rounds) + 1)}
    draft = drafts.draft_next_round(slug, actor=actor)  # type: ignore[attr-defined]
    boards = [(b.first_key, b.second_key) for b in draft.boards if b.second_key]
    for i, (a, x) in enumerate(boards):
        for b, y in boards[i + 1 :]:
            for p, q, other in ((a, b, x), (a, y, x), (x, b, a), (x, y, a)):
                sp, sq = states[p], states[q]
                if sp.is_absolute and sq.is_absolute and sp.preference == sq.preference:
                    return other, q
    return None


if __name__ == "__main__":
    main(*sys.argv[1:])
