"""Export and import: JSON round trip into an empty database, TRF and CSV read back."""

from __future__ import annotations

import json
import random

import pytest

from mashindano.app import events, exchange
from mashindano.app.conduct import sanction_player, take_leave, withdraw_player
from mashindano.app.documents.rounds import round_pairings
from mashindano.app.errors import Duplicate
from mashindano.app.principals import local
from mashindano.app.queries import get_audit_log
from mashindano.app.results import GameRef, correct_result
from mashindano.engine.errors import ParseError
from mashindano.engine.model import ByeKind
from mashindano.interchange.games_csv import parse_games_csv
from mashindano.interchange.trf import parse_trf, trf_to_stage_results
from mashindano.store import models

from .helpers import ACTOR, make_event, play_all, play_round

pytestmark = pytest.mark.django_db


def _picture(slug: str) -> tuple[list[object], list[object], list[tuple[object, ...]]]:
    facts = events.get_event_facts(slug)
    standings: list[object] = [t.to_json() for t in events.event_standings(slug)]
    pairings: list[object] = [round_pairings(facts, r).to_json() for r in facts.rounds]
    audit: list[tuple[object, ...]] = [
        (a.version, a.at, a.actor, a.action, a.before, a.after) for a in get_audit_log(slug)
    ]
    return standings, pairings, audit


def _eventful_swiss() -> None:
    make_event("sw", "chess-swiss", 9, swiss_rounds="4")
    play_round("sw", random.Random(1))
    withdraw_player("sw", "P05", actor=ACTOR, reason="flight")
    take_leave("sw", "P06", 2, actor=ACTOR, bye_kind=ByeKind.HALF_POINT)
    sanction_player("sw", "P07", "warning", actor=local("arbiter"), reason="noise")
    play_round("sw", random.Random(2))
    correct_result("sw", GameRef(1, 1), "1/2-1/2", actor=local("arbiter"), reason="agreed draw")
    play_all("sw")
    events.close_event("sw", actor=ACTOR)


def test_json_export_import_into_an_empty_database_is_identical() -> None:
    _eventful_swiss()
    standings, pairings, audit = _picture("sw")
    document = json.loads(json.dumps(exchange.export_event_json("sw")))
    models.Event.objects.all().delete()
    assert not models.Entry.objects.exists()
    assert not models.AuditEntry.objects.exists()

    assert exchange.import_event_json(document, actor=local("importer")) == "sw"
    new_standings, new_pairings, new_audit = _picture("sw")
    assert new_standings == standings
    assert new_pairings == pairings
    assert new_audit == audit
    [trace] = models.EventImport.objects.filter(event__slug="sw")
    assert (trace.actor, trace.source_slug) == ("importer", "sw")
    assert trace.source_version == document["event"]["version"]
    again = exchange.export_event_json("sw")
    for key in ("entries", "rounds", "withdrawals", "leaves", "sanctions", "lots", "stages"):
        assert again[key] == document[key], key


def test_import_refuses_an_existing_slug_and_a_foreign_document() -> None:
    make_event("rr", "chess-round-robin", 3)
    document = exchange.export_event_json("rr")
    with pytest.raises(Duplicate, match="'rr' exists already"):
        exchange.import_event_json(document, actor=ACTOR)
    assert exchange.import_event_json(document, actor=ACTOR, slug="rr-copy") == "rr-copy"
    with pytest.raises(ParseError, match="not a mashindano-event document"):
        exchange.import_event_json({"format": "other"}, actor=ACTOR, slug="z")


@pytest.mark.parametrize(("preset", "players"), [("chess-swiss", 7), ("chess-round-robin", 5)])
def test_trf_export_reads_back_with_the_same_results(preset: str, players: int) -> None:
    make_event("ev", preset, players, swiss_rounds="3") if preset == "chess-swiss" else make_event(
        "ev", preset, players
    )
    play_all("ev")
    facts = events.get_event_facts("ev")
    back = trf_to_stage_results(parse_trf(exchange.export_event_trf("ev")))
    number_of = {c.id: str(c.number) for c in facts.competitors}
    ours = sorted(
        (g.round, number_of[g.first], number_of[g.second], g.result.value) for g in facts.games()
    )
    theirs = sorted((g.round, g.first, g.second, g.result.value) for g in back.games)
    assert theirs == ours
    by_number = {
        number_of[line.competitor.id]: line.points for line in events.event_standings("ev")[0].lines
    }
    from mashindano.engine.standings import compute_standings

    assert {row.competitor.id: row.points for row in compute_standings(back).rows} == by_number


def test_games_csv_export_reads_back() -> None:
    make_event("rr", "chess-round-robin", 5)
    play_all("rr")
    competitors, games, byes = parse_games_csv(exchange.export_event_games_csv("rr"))
    facts = events.get_event_facts("rr")
    assert len(games) == 10
    assert len(byes) == 5
    assert {b.kind for b in byes} == {ByeKind.SIT_OUT}
    assert sorted(c.name for c in competitors) == sorted(c.name for c in facts.competitors)


@pytest.mark.parametrize(
    ("preset", "kind"),
    [
        ("chess-swiss", "192 FIDE_DUTCH_2026"),
        ("chess-round-robin", "192 BERGER_ROUNDROBIN"),
    ],
)
def test_trf_export_is_a_rating_report_that_reads_back_strictly(preset: str, kind: str) -> None:
    """issue 28 item 5: the header a rating officer needs (012, 042/052, 062/072, 092/192,
    102/112 arbiters, 132 round dates, XXR/XXC), read back by our reader without a warning."""
    from django.contrib.auth import get_user_model

    from mashindano.app import people

    extra = {"swiss_rounds": "3"} if preset == "chess-swiss" else {}
    make_event("ev", preset, 5, **extra)
    users = get_user_model()
    users.objects.create_user("chief", "c@example.org", "pw", first_name="Asha", last_name="Moyo")
    users.objects.create_user("deputy", "d@example.org", "pw")
    people.grant_role("ev", "chief", "arbiter", actor=ACTOR)
    people.grant_role("ev", "deputy", "arbiter", actor=ACTOR)
    play_all("ev")
    events.close_event("ev", actor=ACTOR)
    text = exchange.export_event_trf("ev")
    t = parse_trf(text, strict=True)
    facts = events.get_event_facts("ev")
    event = models.Event.objects.get(slug="ev")
    assert t.warnings == ()
    assert t.name == facts.name
    assert t.start_date == event.started_at.date()
    assert t.end_date == event.closed_at.date()
    assert (t.chief_arbiter, t.deputy_arbiters) == ("Asha Moyo", ("deputy",))
    rounds = len(facts.rounds)
    assert len(t.round_dates) == rounds
    published = [f"{r.published_at:%y/%m/%d}" for r in facts.rounds]
    assert list(t.round_dates) == published
    assert {"062 5", "072 5"} <= set(t.other_lines)
    assert f"192 {t.encoded_type}" == kind  # the pairing-system selector, read as such
    assert t.tournament_type is not None
    assert t.rounds == rounds
    lines = text.splitlines()
    assert any(line.startswith("XXR ") for line in lines)
    assert len([line for line in lines if line.startswith("001")]) == 5
    # The report reads back to the same results, and writing what was read gives it again.
    assert trf_to_stage_results(t).games == trf_to_stage_results(parse_trf(text)).games
    from mashindano.interchange.trf_write import format_trf

    assert parse_trf(format_trf(t), strict=True) == t
