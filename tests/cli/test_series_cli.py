"""`mashindano series ...` (kiba-bao R36-R42) run in-process on the module's Typer app.

The tournaments are played through the app use cases (the CLI's own result commands are
tested elsewhere); the series commands are run as an organiser would.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest
from typer.testing import CliRunner

from mashindano.app import events, players, rounds
from mashindano.app.formats.parts import PAIRING
from mashindano.app.formats.registry import part
from mashindano.app.principals import local
from mashindano.app.results import GameRef, report_result
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.presets.kiba_bao.cli import app

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 3, 1, 10, 0, tzinfo=UTC)
KIBA = "kiba-bao"
# name: (country, games played); the earlier name is the stronger player in every game.
ROSTER = {
    "Amani": ("KEN", 300),
    "Baraka": ("KEN", 290),
    "Chausiku": ("TZA", 280),
    "Dalila": ("TZA", 270),
    "Eshe": ("KEN", 260),
    "Faraji": ("TZA", 250),
    "Gamba": ("UGA", 240),
}


def run(*args: str, code: int = 0) -> str:
    outcome = CliRunner().invoke(app, list(args))
    assert outcome.exit_code == code, (outcome.stdout, outcome.stderr)
    return outcome.stdout if code == 0 else outcome.stderr


def run_json(*args: str) -> Any:
    return json.loads(run(*args, "--json"))


def play(slug: str, names: list[str]) -> None:
    """A closed kiba-bao tournament in which the earlier name in ROSTER wins every game."""
    strength = {name: index for index, name in enumerate(ROSTER)}
    events.create_event(slug, KIBA, actor=local("t"), seed=1, now=T0)
    entrants = [
        Competitor(CompetitorId(n), n, rating=2000, games_played=ROSTER[n][1], country=ROSTER[n][0])
        for n in names
    ]
    players.register_players(slug, entrants, actor=local("t"), now=T0)
    facts = events.start_event(slug, actor=local("t"), now=T0)
    while part(KIBA, PAIRING).next_unit(facts) is not None:
        published = rounds.pair_next_round(slug, actor=local("t"), now=T0)
        to_play = list(published.games())
        while to_play:
            game = to_play.pop(0)
            result = "1-0" if strength[game.first] < strength[game.second] else "0-1"
            where = GameRef(published.number, game.board, game.number)
            to_play.extend(report_result(slug, where, result, actor=local("t"), now=T0).added)
        facts = events.get_event_facts(slug)
    events.close_event(slug, actor=local("t"), now=T0)


def test_R36_R37_R38_series_create_add_standings_json() -> None:
    created = run_json("create", "kiba-2026", "--name", "KIBA 2026")
    assert created == {"slug": "kiba-2026", "name": "KIBA 2026"}
    assert "exists already" in run("create", "kiba-2026", code=7)

    play("t1", list(ROSTER)[:6])
    added = run_json("add", "kiba-2026", "t1")
    assert [t["slug"] for t in added["tournaments"]] == ["t1"]
    table = run_json("standings", "kiba-2026")
    assert table["provisional"] is False
    assert table["tournaments"][0] == {
        "number": 1,
        "slug": "t1",
        "name": "t1",
        "state": "closed",
        "status": "final",
    }
    # One group of six then the final (A6): 2 points per opponent beaten, 3 + 4 for the
    # winner (A15), 3 for the other finalist.
    assert [(r["player"], r["total"], r["points"]) for r in table["rows"]] == [
        ("Amani", 17, [17]),
        ("Baraka", 11, [11]),
        ("Chausiku", 6, [6]),
        ("Dalila", 4, [4]),
        ("Eshe", 2, [2]),
        ("Faraji", 0, [0]),
    ]
    shown = run("standings", "kiba-2026")
    assert "KIBA 2026: championship" in shown
    assert "Amani" in shown


def test_series_refusals_have_their_exit_codes() -> None:
    run("create", "kiba-2026")
    events.create_event("chess", "chess-round-robin", actor=local("t"), now=T0)
    assert "a championship series holds only kiba-bao" in run("add", "kiba-2026", "chess", code=7)
    assert "no series 'nope'" in run("add", "nope", "chess", code=6)
    assert "no event 'nope'" in run("add", "kiba-2026", "nope", code=6)
    assert "no series 'nope'" in run("standings", "nope", code=6)
    for n in range(1, 6):
        events.create_event(f"k{n}", KIBA, actor=local("t"), now=T0)
    for n in range(1, 5):
        run("add", "kiba-2026", f"k{n}")
    assert "(R36)" in run("add", "kiba-2026", "k5", code=7)
    assert "has not started" in run("countries", "k1", code=7)


def test_R41_R42_countries_and_countries_event_json() -> None:
    play("t1", list(ROSTER))
    ranking = run_json("countries", "t1")
    assert ranking["status"] == "final"
    assert [r["country"] for r in ranking["rows"]] == ["KEN", "TZA"]
    assert ranking["unranked"] == [{"country": "UGA", "players": 1}]
    for row in ranking["rows"]:
        assert row["total"] == sum(row["counted"])
    plan = run_json("countries-event", "t1")
    assert [(t["country"], len(t["players"])) for t in plan["teams"]] == [("KEN", 3), ("TZA", 3)]
    assert len(plan["games"]) == 9
    assert "Countries event after t1" in run("countries-event", "t1")


def test_R39_master_from_the_cli() -> None:
    run("create", "kiba-2026")
    names = list(ROSTER)
    for n, field in enumerate((names[:6], names[1:], names[:6], names[1:]), start=1):
        play(f"t{n}", field)
        run("add", "kiba-2026", f"t{n}")
    table = run_json("standings", "kiba-2026")
    six = [r["player"] for r in table["rows"][:6]]
    assert table["rows"][5]["rank"] != table["rows"][6]["rank"]
    created = run_json("master", "kiba-2026", "master-2026")
    assert created == {
        "event": "master-2026",
        "series": "kiba-2026",
        "state": "running",
        "players": six,
    }
    assert "has its master tournament already" in run("master", "kiba-2026", "again", code=7)


def test_R42_countries_event_create_stores_and_starts_a_kiba_countries_event() -> None:
    play("t1", list(ROSTER))
    created = run_json("countries-event", "t1", "--create", "t1-countries", "--actor", "director")
    assert created["created"] == "t1-countries"
    facts = events.get_event_facts("t1-countries")
    assert (facts.preset, facts.state.value) == ("kiba-countries", "running")
    teams = {t["country"]: set(t["players"]) for t in created["teams"]}
    assert {
        c.country: {str(p.id) for p in facts.competitors if p.country == c.country}
        for c in facts.competitors
    } == teams
    published = rounds.pair_next_round("t1-countries", actor=local("t"), now=T0)
    assert sorted((g.first, g.second) for g in published.games()) == sorted(
        (g["south"], g["north"]) for g in created["games"]
    )
    shown = run("countries-event", "t1", "--create", "again", code=7)
    assert "has its countries event already: 't1-countries'" in shown
