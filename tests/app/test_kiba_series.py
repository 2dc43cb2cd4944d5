"""The KIBA championship series over stored events (shared/spec/kiba-bao.md R36-R42, A15-A19).

Tournaments are played through the use cases with a fixed strength order per tournament (the
stronger player wins every game, so no group tie waits for a playoff). The expected
championship points are counted here from the stored games with the rule of R37/A15/A16,
independently of the app's derivation.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import timedelta
from fractions import Fraction

import pytest

from mashindano.app import events, exchange, players, rounds
from mashindano.app.errors import Duplicate, UnknownEvent, UnknownSeries, WrongState
from mashindano.app.formats.parts import PAIRING
from mashindano.app.formats.registry import part
from mashindano.app.principals import local
from mashindano.app.queries import get_audit_log
from mashindano.app.results import GameRef, report_result
from mashindano.engine.errors import ConfigError, IllegalResult
from mashindano.engine.model import Competitor, CompetitorId, GameResult
from mashindano.presets.kiba_bao.series import (
    TournamentStatus,
    add_event_to_series,
    countries_event,
    country_ranking,
    create_master_event,
    create_series,
    series_master,
    series_standings,
)
from mashindano.store import models
from mashindano.store.facts import EventFacts, EventState

from .helpers import ACTOR, T0, make_event

pytestmark = pytest.mark.django_db

KIBA = "kiba-bao"

# Category-1 players (KIBA score 200 + games): the pool's order is also the seed order.
POOL = {
    "Amani": ("KEN", 300),
    "Baraka": ("KEN", 290),
    "Chausiku": ("TZA", 280),
    "Dalila": ("TZA", 270),
    "Eshe": ("KEN", 260),
    "Faraji": ("UGA", 250),
    "Gamba": ("KEN", 240),
    "Hadija": ("TZA", 230),
    "Imara": ("KEN", 220),
}

# (slug, strength order: the earlier name wins every game). Six, eight, seven and six players:
# one group then the final, and two groups with single-pairing semifinals (A6).
TOURNAMENTS = (
    ("t1", "Amani Baraka Chausiku Dalila Eshe Faraji"),
    ("t2", "Chausiku Amani Baraka Dalila Eshe Gamba Faraji Hadija"),
    ("t3", "Dalila Chausiku Baraka Hadija Eshe Faraji Gamba"),
    ("t4", "Baraka Amani Chausiku Dalila Imara Gamba"),
)


def entrant(name: str) -> Competitor:
    country, games = POOL[name]
    return Competitor(CompetitorId(name), name, rating=2000, games_played=games, country=country)


def play_tournament(slug: str, order: Sequence[str], *, close: bool = True) -> EventFacts:
    """Create, register (in pool order), start and play a kiba-bao event to the end."""
    strength = {CompetitorId(name): index for index, name in enumerate(order)}
    events.create_event(slug, KIBA, actor=ACTOR, seed=7, now=T0)
    entrants = [entrant(name) for name in POOL if name in order]
    players.register_players(slug, entrants, actor=ACTOR, now=T0)
    facts = events.start_event(slug, actor=ACTOR, now=T0)
    clock = T0
    while part(KIBA, PAIRING).next_unit(facts) is not None:
        clock += timedelta(days=1)
        published = rounds.pair_next_round(slug, actor=ACTOR, now=clock)
        to_play = list(published.games())
        while to_play:
            game = to_play.pop(0)
            if game.result.is_decided:
                continue
            result = "1-0" if strength[game.first] < strength[game.second] else "0-1"
            where = GameRef(published.number, game.board, game.number)
            to_play.extend(report_result(slug, where, result, actor=ACTOR, now=clock).added)
        facts = events.get_event_facts(slug)
    if close:
        events.close_event(slug, actor=ACTOR, now=clock)
    return events.get_event_facts(slug)


def winner_of(result: GameResult, first: str, second: str) -> str:
    return first if result is GameResult.FIRST_WINS else second


def expected_points(facts: EventFacts) -> dict[str, Fraction]:
    """R37 with A15 (the winner gets 3 + 4) and A16 (per game won), counted from the stored
    rounds: the last round is the final, a round before it other than round 1 the semifinal."""
    last = max(r.number for r in facts.rounds)
    points = {str(c.id): Fraction(0) for c in facts.competitors}
    for round_fact in facts.rounds:
        if round_fact.number == last:
            [final] = round_fact.encounters
            points[final.first] += 3
            assert final.second is not None
            points[final.second] += 3
            wins = [winner_of(g.result, g.first, g.second) for g in final.games]
            champion = max(set(wins), key=wins.count)
            assert wins.count(champion) == 2
            points[champion] += 4
            continue
        per_win = 1 if round_fact.number == 1 else 2
        for game in round_fact.games():
            points[winner_of(game.result, game.first, game.second)] += per_win
    return points


def expected_ranks(totals: dict[str, Fraction]) -> dict[str, int]:
    """R38: highest total first; equal totals share the better rank."""
    return {p: 1 + sum(1 for t in totals.values() if t > total) for p, total in totals.items()}


def played_series_into(slug: str) -> list[EventFacts]:
    played = []
    for event_slug, order in TOURNAMENTS:
        played.append(play_tournament(event_slug, order.split()))
        add_event_to_series(slug, event_slug, actor=ACTOR, now=T0)
    return played


def played_series(slug: str = "champ") -> list[EventFacts]:
    create_series(slug, "KIBA online championship 2026", actor=ACTOR, now=T0)
    return played_series_into(slug)


# -- create and add ---------------------------------------------------------------------------


def test_series_create_refuses_a_duplicate_and_a_bad_slug() -> None:
    created = create_series("champ", "Championship", actor=ACTOR, now=T0)
    assert (created.slug, created.tournaments, created.rows) == ("champ", (), ())
    with pytest.raises(Duplicate, match="a series 'champ' exists already"):
        create_series("champ", "Again", actor=ACTOR)
    with pytest.raises(ConfigError, match="lower-case letters"):
        create_series("Champ 2026", "Championship", actor=ACTOR)


def test_R36_a_fifth_tournament_is_refused() -> None:
    create_series("champ", "Championship", actor=ACTOR, now=T0)
    for n in range(1, 6):
        make_event(f"t{n}", KIBA, 6, start=False)
    for n in range(1, 5):
        add_event_to_series("champ", f"t{n}", actor=ACTOR, now=T0)
    with pytest.raises(WrongState, match=r"has its 4 tournaments already .*'t5' cannot be added"):
        add_event_to_series("champ", "t5", actor=ACTOR, now=T0)
    standings = series_standings("champ")
    assert [t.slug for t in standings.tournaments] == ["t1", "t2", "t3", "t4"]
    assert {t.status for t in standings.tournaments} == {TournamentStatus.NOT_STARTED}
    assert standings.provisional


def test_R36_only_kiba_events_once_each_with_one_way_of_counting() -> None:
    create_series("champ", "Championship", actor=ACTOR, now=T0)
    create_series("other", "Other", actor=ACTOR, now=T0)
    make_event("chess", "chess-round-robin", 4, start=False)
    with pytest.raises(WrongState, match="is chess-round-robin; a championship series holds"):
        add_event_to_series("champ", "chess", actor=ACTOR)
    make_event("t1", KIBA, 6, start=False)
    add_event_to_series("champ", "t1", actor=ACTOR)
    with pytest.raises(Duplicate, match="already in series 'champ'"):
        add_event_to_series("champ", "t1", actor=ACTOR)
    with pytest.raises(WrongState, match="belongs to series 'champ'"):
        add_event_to_series("other", "t1", actor=ACTOR)
    make_event("t2", KIBA, 6, start=False, champ_points_semi_win="3")
    with pytest.raises(WrongState, match="champ_points_semi_win=3 \\(series: 2\\)"):
        add_event_to_series("champ", "t2", actor=ACTOR)
    with pytest.raises(UnknownSeries, match="no series 'nope'"):
        add_event_to_series("nope", "t1", actor=ACTOR)
    with pytest.raises(UnknownEvent, match="no event 'nope'"):
        add_event_to_series("champ", "nope", actor=ACTOR)
    with pytest.raises(UnknownSeries):
        series_standings("nope")


def test_adding_a_tournament_is_audited_on_the_event() -> None:
    create_series("champ", "Championship", actor=ACTOR, now=T0)
    make_event("t1", KIBA, 6, start=False)
    add_event_to_series("champ", "t1", actor=local("director"), now=T0)
    entry = get_audit_log("t1")[-1]
    assert (entry.actor, entry.action) == ("director", "series.add")
    assert (entry.before, entry.after) == (
        {"series": None},
        {"series": "champ", "name": "Championship"},
    )
    refused_versions = len(get_audit_log("t1"))
    with pytest.raises(Duplicate):
        add_event_to_series("champ", "t1", actor=local("director"), now=T0)
    assert len(get_audit_log("t1")) == refused_versions


# -- the championship table -------------------------------------------------------------------


def test_A15_E8_winner_gets_finalist_and_winner_points() -> None:
    create_series("champ", "Championship", actor=ACTOR, now=T0)
    play_tournament("t1", TOURNAMENTS[0][1].split())
    add_event_to_series("champ", "t1", actor=ACTOR)
    rows = {str(r.competitor.id): r for r in series_standings("champ").rows}
    # One group of six (A6): 2 games per opponent; the final is the group's top two.
    assert rows["Amani"].total == 5 * 2 + 3 + 4  # cumulative winner bonus (A15)
    assert rows["Baraka"].total == 4 * 2 + 3
    assert [rows[p].total for p in ("Chausiku", "Dalila", "Eshe", "Faraji")] == [6, 4, 2, 0]
    assert [rows[p].rank for p in ("Amani", "Baraka", "Chausiku", "Faraji")] == [1, 2, 3, 6]


def test_R37_R38_A16_championship_table_over_four_played_tournaments() -> None:
    played = played_series()
    standings = series_standings("champ")
    assert [(t.number, t.slug) for t in standings.tournaments] == [
        (1, "t1"),
        (2, "t2"),
        (3, "t3"),
        (4, "t4"),
    ]
    assert {t.status for t in standings.tournaments} == {TournamentStatus.FINAL}
    assert not standings.provisional
    per_event = [expected_points(facts) for facts in played]
    everyone = {p for points in per_event for p in points}
    totals = {p: sum((pts.get(p, Fraction(0)) for pts in per_event), Fraction(0)) for p in everyone}
    rows = {str(r.competitor.id): r for r in standings.rows}
    assert set(rows) == everyone == set(POOL)
    for player, row in rows.items():
        assert row.points == tuple(pts.get(player, Fraction(0)) for pts in per_event)
        assert row.total == totals[player]
    assert [r.total for r in standings.rows] == sorted(totals.values(), reverse=True)
    ranks = expected_ranks(totals)
    assert {p: r.rank for p, r in rows.items()} == ranks
    # The scenario has a shared rank, so R38's ties are really exercised.
    assert len(set(ranks.values())) < len(ranks)


def test_R38_running_tournament_counts_as_provisional() -> None:
    create_series("champ", "Championship", actor=ACTOR, now=T0)
    play_tournament("t1", TOURNAMENTS[0][1].split())
    add_event_to_series("champ", "t1", actor=ACTOR)
    make_event("t2", KIBA, 0, start=False)
    names = ("Amani", "Baraka", "Chausiku", "Dalila", "Eshe", "Gamba")
    players.register_players("t2", [entrant(n) for n in names], actor=ACTOR, now=T0)
    events.start_event("t2", actor=ACTOR, now=T0)
    stage = rounds.pair_next_round("t2", actor=ACTOR, now=T0)
    # Gamba beats Amani in the first of their two games; nothing else is played yet.
    game = next(g for g in stage.games() if {g.first, g.second} == {"Gamba", "Amani"})
    result = "1-0" if game.first == "Gamba" else "0-1"
    report_result("t2", GameRef(1, game.board, game.number), result, actor=ACTOR, now=T0)
    add_event_to_series("champ", "t2", actor=ACTOR)
    standings = series_standings("champ")
    assert [t.status for t in standings.tournaments] == [
        TournamentStatus.FINAL,
        TournamentStatus.PROVISIONAL,
    ]
    assert standings.provisional
    rows = {str(r.competitor.id): r for r in standings.rows}
    assert rows["Gamba"].points == (0, 1)  # one qualification game won so far
    assert rows["Amani"].points == (17, 0)
    assert rows["Amani"].total == 17


# -- countries (R41, R42) ---------------------------------------------------------------------


def test_R41_A18_E9_country_ranking_sums_four_best_of_countries_with_two_players() -> None:
    facts = play_tournament("t2", TOURNAMENTS[1][1].split())
    points = expected_points(facts)
    ranking = country_ranking("t2")
    assert ranking.status is TournamentStatus.FINAL
    members: dict[str, list[Fraction]] = {}
    for name in points:
        members.setdefault(POOL[name][0], []).append(points[name])
    # KEN has 4 players here, TZA 3, UGA a single one: UGA is not ranked.
    assert ranking.unranked == (("UGA", 1),)
    totals = {c: sum(sorted(v, reverse=True)[:4]) for c, v in members.items() if len(v) >= 2}
    assert [(r.country, r.total) for r in ranking.rows] == sorted(
        totals.items(), key=lambda kv: -kv[1]
    )
    assert [r.players for r in ranking.rows] == [len(members[r.country]) for r in ranking.rows]


def test_R41_four_best_scores_only() -> None:
    # Five KEN players: the fifth best score is left out of the total (E9).
    order = ["Amani", "Baraka", "Eshe", "Gamba", "Imara", "Chausiku", "Dalila"]
    facts = play_tournament("t5", order)
    points = expected_points(facts)
    ken = sorted((points[p] for p in points if POOL[p][0] == "KEN"), reverse=True)
    assert len(ken) == 5
    assert ken[4] > 0
    row = {r.country: r for r in country_ranking("t5").rows}["KEN"]
    assert row.counted == tuple(ken[:4])
    assert row.total == sum(ken[:4])


def test_country_ranking_needs_a_started_kiba_event() -> None:
    make_event("t1", KIBA, 6, start=False)
    with pytest.raises(WrongState, match="has not started"):
        country_ranking("t1")
    make_event("chess", "chess-round-robin", 4)
    with pytest.raises(WrongState, match="is chess-round-robin"):
        country_ranking("chess")


def test_R42_A19_countries_event_teams_and_nine_games() -> None:
    facts = play_tournament("t2", TOURNAMENTS[1][1].split())
    points = expected_points(facts)
    plan = countries_event("t2")
    assert [t.country for t in plan.teams] == [r.country for r in plan.ranking.rows[:2]]
    for team in plan.teams:
        members = [p for p in points if POOL[p][0] == team.country]
        best = sorted(members, key=lambda p: (-points[p], -POOL[p][1]))[:3]
        assert [str(p.id) for p in team.players] == best
    assert len(plan.games) == 9
    first, second = ({p.id for p in team.players} for team in plan.teams)
    assert {(g.first, g.second) for g in plan.games} | {
        (g.second, g.first) for g in plan.games
    } >= {(a, b) for a in first for b in second}
    for game in plan.games:
        # A19: the higher KIBA score is South (first); the pool lists it by games played.
        assert POOL[game.first][1] > POOL[game.second][1]
        assert not game.result.is_decided


def test_R42_countries_event_needs_a_closed_tournament_and_two_teams_of_three() -> None:
    play_tournament("open", TOURNAMENTS[0][1].split(), close=False)
    with pytest.raises(WrongState, match="is running; the countries event follows"):
        countries_event("open")
    # t1: KEN 3, TZA 2, UGA 1: only one country can field three players (A19).
    play_tournament("t1", TOURNAMENTS[0][1].split())
    with pytest.raises(WrongState, match="needs 2 countries with at least 3 players, found 1"):
        countries_event("t1")


# -- the master tournament (R39, R40) ---------------------------------------------------------


def test_R39_R40_A17_master_tournament_of_the_six_best() -> None:
    create_series("champ", "Championship", actor=ACTOR, now=T0)
    with pytest.raises(WrongState, match="has 0 of its 4 tournaments"):
        create_master_event("champ", "master", actor=ACTOR)
    played_series_into("champ")
    standings = series_standings("champ")
    # The scenario ends with three players sharing the sixth place: the director decides.
    cut = standings.rows[5].rank
    tied = [str(r.competitor.id) for r in standings.rows if r.rank == cut]
    above = [str(r.competitor.id) for r in standings.rows if r.rank < cut]
    assert len(above) == 5
    assert len(tied) == 3
    with pytest.raises(WrongState, match="are tied for the last master group place"):
        create_master_event("champ", "master", actor=ACTOR)
    with pytest.raises(IllegalResult, match="must order exactly"):
        create_master_event("champ", "master", actor=ACTOR, decision=tied[:2])
    assert series_master("champ") is None
    decision = list(reversed(tied))
    top = [*above, decision[0]]
    master = create_master_event(
        "champ", "master", actor=local("director"), decision=decision, now=T0
    )
    assert [str(c.id) for c in master.players] == top
    facts = master.facts
    assert (facts.preset, facts.state) == (KIBA, EventState.RUNNING)
    assert {str(c.id) for c in facts.competitors} == set(top)
    log = get_audit_log("master")
    assert [e.action for e in log] == [
        "event.create",
        "series.master",
        "players.import",
        "event.start",
    ]
    assert log[1].after == {
        "series": "champ",
        "championship": [str(r.competitor.id) for r in standings.rows],
        "decision": decision,
        "players": top,
    }
    assert series_master("champ") == "master"
    assert [t.slug for t in series_standings("champ").tournaments] == ["t1", "t2", "t3", "t4"]
    with pytest.raises(Duplicate, match="has its master tournament already: 'master'"):
        create_master_event("champ", "master-2", actor=ACTOR)

    # R39/A17: one all-play-all group of the six with two-game pairings; R40: its top two
    # play the best-of-3 final.
    group = rounds.pair_next_round("master", actor=ACTOR, now=T0)
    pairings = [e for e in group.encounters if e.second is not None]
    assert len(pairings) == 15
    assert all(len(e.games) == 2 for e in pairings)
    strength = {p: i for i, p in enumerate(top)}
    for game in group.games():
        result = "1-0" if strength[game.first] < strength[game.second] else "0-1"
        report_result("master", GameRef(1, game.board, game.number), result, actor=ACTOR)
    final = rounds.pair_next_round("master", actor=ACTOR, now=T0)
    [match] = final.encounters
    assert {match.first, match.second} == set(top[:2])
    assert match.match_rule == "best-of-3"


def test_R39_master_waits_for_every_tournament_to_close() -> None:
    create_series("champ", "Championship", actor=ACTOR, now=T0)
    for event_slug, order in TOURNAMENTS[:3]:
        play_tournament(event_slug, order.split())
        add_event_to_series("champ", event_slug, actor=ACTOR)
    slug, order = TOURNAMENTS[3]
    play_tournament(slug, order.split(), close=False)
    add_event_to_series("champ", slug, actor=ACTOR)
    with pytest.raises(WrongState, match="t4 not closed yet"):
        create_master_event("champ", "master", actor=ACTOR)
    with pytest.raises(UnknownEvent):
        events.get_event_facts("master")


def test_R36_json_export_keeps_the_series_and_a_copy_stays_outside() -> None:
    create_series("champ", "KIBA 2026", actor=ACTOR, now=T0)
    play_tournament("t1", TOURNAMENTS[0][1].split())
    add_event_to_series("champ", "t1", actor=ACTOR, now=T0)
    table = series_standings("champ")
    document = json.loads(json.dumps(exchange.export_event_json("t1")))
    assert document["event"]["series"]["slug"] == "champ"

    # Restored into an empty database: the series comes back with the tournament in it.
    models.Event.objects.all().delete()
    models.Series.objects.all().delete()
    assert exchange.import_event_json(document, actor=local("importer")) == "t1"
    assert models.Event.objects.get(slug="t1").series.slug == "champ"  # type: ignore[union-attr]
    assert series_standings("champ") == table
    # A copy under another slug is another event: no championship counts it twice.
    assert (
        exchange.import_event_json(document, actor=local("importer"), slug="t1-copy") == "t1-copy"
    )
    assert models.Event.objects.get(slug="t1-copy").series is None
    assert series_standings("champ") == table
