"""Run as a script against a database file (the browser tests' server database): builds the
demo, sets up a running event, reports a result through the app layer, or prints what the
documents say a page should show (JSON), so the tests compare pages with documents.

    python site_data.py DB demo | live-setup SLUG | report SLUG ROUND BOARD RESULT | pages
    python site_data.py DB expect SLUG | preset SLUG | after SLUG ROUND | announce SLUG TEXT
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
    elif command == "announce":
        from mashindano.app.announcements import announce
        from mashindano.app.principals import Principal

        posted = announce(args[0], args[1], actor=Principal.local("browser-test"))
        print(json.dumps({"id": posted.id}))
    elif command == "preset":
        print(json.dumps(preset_expect(args[0])))
    elif command == "after":
        print(json.dumps(after_expect(args[0], int(args[1]))))
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
        numbers = sorted({r.place.round for r in build_event_summary(slug).rounds})
        found += [f"{base}standings/?after={n}" for n in numbers]
        if line.preset in ("kiba-bao", "gomoku-league", "tantrix-knockout", "tasaselo"):
            found.append(base + "preset/")
    return found


def expect(slug: str) -> dict[str, Any]:
    """What the documents say: the first three rows of each standings table, the boards of
    the last round, the player card of the leader."""
    from mashindano.app.documents.event import build_event_summary
    from mashindano.app.documents.rounds import build_round_pairings
    from mashindano.app.documents.standings import build_standings
    from mashindano.app.documents.values import format_shown
    from mashindano.web.templatetags.locale_tags import shown_points

    def exact(value: Any) -> str:
        return "" if value is None else format_shown(value)

    summary = build_event_summary(slug)
    last = summary.rounds[-1].place
    pairings = build_round_pairings(slug, last.round, stage=last.stage, group=last.group)
    return {
        "name": summary.name,
        "round": {"stage": last.stage, "group": last.group, "round": last.round},
        "round_label": last.label,
        "names_sides": pairings.names_sides,
        "scores": {
            str(b.board): {
                "first": exact(b.score.first),
                "second": exact(b.score.second),
                "unit": b.score.unit,
                "winner": b.winner.name if b.winner else None,
            }
            for b in pairings.boards
            if b.score is not None
        },
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
                "has_ratings": s.has_ratings,
                "definitions": [c.definition for c in s.columns],
                "rows": [
                    {
                        "rank": r.rank_label,
                        "name": r.player.name,
                        "points": shown_points(r.points),
                        "values": [v.text for v in r.values],
                        "note": r.note,
                    }
                    for r in s.rows[:3]
                ],
            }
            for s in build_standings(slug).sections
        ],
    }


def preset_expect(slug: str) -> dict[str, Any]:
    """What the preset's own page should show, from its document."""
    from mashindano.app.documents.presets import build_preset_document
    from mashindano.app.documents.values import format_shown
    from mashindano.presets.tantrix_knockout.pages import BracketsDocument
    from mashindano.web.templatetags.locale_tags import shown_points

    document = build_preset_document(slug)
    found: dict[str, Any] = {"kind": type(document).__name__}
    if isinstance(document, BracketsDocument):
        decided = [
            (b, r, m)
            for b in document.brackets
            for r in b.rounds
            for m in r.matches
            if m.totals is not None and m.winner is not None and m.games
        ]
        bracket, round_, match = decided[0]
        found["brackets"] = [b.name for b in document.brackets]
        found["match"] = {
            "bracket": bracket.name,
            "round": round_.name,
            "a": match.a.name if match.a else None,
            "b": match.b.name if match.b else None,
            "tps": [
                [format_shown(g.tp_a), format_shown(g.tp_b)]
                for g in match.games
                if g.tp_a is not None and g.tp_b is not None
            ],
            "totals": [format_shown(t) for t in match.totals or ()],
            "gap": format_shown(match.gap) if match.gap is not None else None,
            "winner": match.a.name
            if match.a and match.a.id == match.winner
            else (match.b.name if match.b else None),
        }
        return found
    months = getattr(document, "months", None)
    if months:
        month = months[-1]
        row = month.rows[0]
        found["month"] = {
            "title": month.title,
            "name": row.player.name,
            "coefficient": row.coefficient_label,
            "new_coefficient": row.new_coefficient_label,
            "total": shown_points(row.points.total),
            "items": [
                [i.label, format_shown(i.value), i.spec] for i in row.points.items if i.value
            ],
            "prizes": list(row.prizes),
            "matches": len(month.matches),
            "first_match": [
                month.matches[0].upper.name,
                month.matches[0].lower.name,
                month.matches[0].validation,
            ],
        }
        return found
    initial = getattr(document, "initial_list", None)
    if initial is not None:
        found["initial"] = [
            [line.seed, line.player.name, line.category, line.kiba_score] for line in initial[:3]
        ]
        found["stages"] = [s.title for s in document.stages]  # type: ignore[union-attr]
        found["groups"] = [
            g.table.title
            for s in document.stages
            for g in s.groups
            if g.table  # type: ignore[union-attr]
        ]
        final = document.final  # type: ignore[union-attr]
        found["final"] = [final.first.name, final.second.name, len(final.games)] if final else None
        found["deadlines"] = len(document.deadlines)  # type: ignore[union-attr]
        return found
    selos = getattr(document, "selos", None)
    if selos is not None:
        found["selos"] = [[s.player.name, format_shown(s.variable)] for s in selos[:3]]
        found["groups"] = [g.name for g in document.groups]  # type: ignore[union-attr]
        found["performance"] = [
            [line.player.name, format_shown(line.result_minus_expected)]
            for line in document.performance[:3]  # type: ignore[union-attr]
        ]
    return found


def after_expect(slug: str, number: int) -> dict[str, Any]:
    from mashindano.app.documents.standings import build_standings
    from mashindano.web.templatetags.locale_tags import shown_points

    document = build_standings(slug, after=number)
    section = document.sections[0]
    return {
        "title": section.title,
        "rows": [[r.rank_label, r.player.name, shown_points(r.points)] for r in section.rows[:3]],
    }


if __name__ == "__main__":
    main(*sys.argv[1:])
