"""Run as a script against a database file (the browser tests' server database): builds the
demo, sets up a running event, reports a result through the app layer, or prints what the
documents say a page should show (JSON), so the tests compare pages with documents.

    python site_data.py DB demo | live-setup SLUG | report SLUG ROUND BOARD RESULT | pages
    python site_data.py DB expect SLUG
"""

from __future__ import annotations

import json
import sys
from datetime import UTC, datetime
from typing import Any


def main(db: str, command: str, *args: str) -> None:
    from mashindano.config.setup import setup

    setup(db)
    if command == "demo":
        from mashindano.app.demo import play_demo

        play_demo(2026)
    elif command == "live-setup":
        live_setup(args[0])
    elif command == "report":
        from mashindano.app.principals import Principal
        from mashindano.app.results import GameRef, report_result

        slug, number, board, result = args
        report_result(
            slug, GameRef(int(number), int(board)), result, actor=Principal.local("browser-test")
        )
    elif command == "pages":
        print(json.dumps(pages()))
    elif command == "expect":
        print(json.dumps(expect(args[0])))
    else:
        raise SystemExit(f"unknown command {command!r}")


def live_setup(slug: str) -> None:
    from mashindano.app import events, players, rounds
    from mashindano.app.principals import Principal
    from mashindano.engine.model import Competitor, CompetitorId

    actor = Principal.local("browser-test")
    now = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
    events.create_event(slug, "chess-swiss", actor=actor, name="Live club Swiss", seed=7, now=now)
    names = [
        ("Asha Live", 2000),
        ("Bakari Live", 1900),
        ("Chausiku Live", 1800),
        ("Dalia Live", 1700),
    ]
    roster = [Competitor(CompetitorId(n), n, rating=r) for n, r in names]
    players.register_players(slug, roster, actor=actor, now=now)
    events.start_event(slug, actor=actor, now=now)
    rounds.pair_next_round(slug, actor=actor, now=now)


def pages() -> list[str]:
    """Every page of every event: event home (both orders), each round, standings,
    crosstable, each player card, live view and its panels, available exports."""
    from urllib.parse import quote

    from mashindano.app.documents.entries import build_entries
    from mashindano.app.documents.event import build_event_list, build_event_summary

    found = ["/"]
    for line in build_event_list().events:
        slug = line.slug
        base = f"/e/{slug}/"
        found += [base, base + "?order=name", base + "standings/", base + "crosstable/"]
        found += [base + "live/", base + "live/panels/", base + "export.csv", base + "export.json"]
        for r in build_event_summary(slug).rounds:
            p = r.place
            if p.group:
                found.append(f"{base}stage/{p.stage}/group/{p.group}/round/{p.round}/")
            elif p.stage != 1:
                found.append(f"{base}stage/{p.stage}/round/{p.round}/")
            else:
                found.append(f"{base}round/{p.round}/")
        found += [f"{base}player/{quote(e.id)}/" for e in build_entries(slug).entries]
    return found


def expect(slug: str) -> dict[str, Any]:
    """What the documents say: the first three rows of each standings table, the boards of
    the last round, the player card of the leader."""
    from mashindano.app.documents.event import build_event_summary
    from mashindano.app.documents.rounds import build_round_pairings
    from mashindano.app.documents.standings import build_standings
    from mashindano.app.documents.values import format_exact

    def exact(value: Any) -> str:
        return "" if value is None else format_exact(value)

    summary = build_event_summary(slug)
    last = summary.rounds[-1].place
    pairings = build_round_pairings(slug, last.round, stage=last.stage, group=last.group)
    return {
        "name": summary.name,
        "round": {"stage": last.stage, "group": last.group, "round": last.round},
        "round_label": last.label,
        "boards": [
            {
                "board": b.board,
                "first": b.first.name,
                "second": b.second.name if b.second else None,
                "bye": b.bye_label if b.second is None else None,
                "games": [
                    {
                        "first": g.first.name,
                        "second": g.second.name,
                        "side": g.first_side,
                        "result": g.result if g.is_decided else "–",
                        "tp": list(g.detail["tp"]) if g.detail and "tp" in g.detail else None,
                    }
                    for g in b.games
                ],
            }
            for b in pairings.boards
        ],
        "standings": [
            {
                "title": s.title,
                "columns": [c.label for c in s.columns],
                "definitions": [c.definition for c in s.columns],
                "rows": [
                    {
                        "rank": r.rank_label,
                        "name": r.player.name,
                        "points": exact(r.points),
                        "values": [exact(v.value) for v in r.values],
                        "note": r.note,
                    }
                    for r in s.rows[:3]
                ],
            }
            for s in build_standings(slug).sections
        ],
    }


if __name__ == "__main__":
    main(*sys.argv[1:])
