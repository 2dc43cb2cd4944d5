"""The KIBA countries event as a stored event, preset `kiba-countries` (shared/spec/kiba-bao.md
R41-R42, A19, A23, E9).

A twelve-player tournament (two qualification groups, single-pairing semifinals, the final) is
played through the use cases with a fixed strength order: the earlier player wins every game.
Championship points are counted here from the stored games (R37, A15, A16), and the country
ranking and teams from them (R41, A18, A19), independently of the app's derivation. The
countries assigned to the players make the ties A19 settles.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import timedelta
from fractions import Fraction

import pytest

from mashindano.app import events, exchange, players, rounds
from mashindano.app.demo import play_demo_event
from mashindano.app.errors import Duplicate, UnknownEvent, UnknownGame, WrongState
from mashindano.app.formats.parts import PAIRING, STANDINGS
from mashindano.app.formats.registry import part
from mashindano.app.principals import local
from mashindano.app.queries import get_audit_log
from mashindano.app.results import GameRef, correct_result, report_result
from mashindano.engine.errors import ConfigError, IllegalResult
from mashindano.engine.model import Competitor, CompetitorId, GameResult
from mashindano.presets.kiba_bao.series import country_ranking, create_countries_event
from mashindano.store import models
from mashindano.store.facts import EventFacts, EventState

from .helpers import ACTOR, T0

pytestmark = pytest.mark.django_db

KIBA = "kiba-bao"
COUNTRIES = "kiba-countries"
NAMES = [f"P{n:02d}" for n in range(12)]
"""Strength and seed order: P00 is the best seed and wins every game it plays."""

# A19: BDI ranks second but fields only two players, so it is passed over; TZA and UGA are
# level on total, and TZA's better best individual score puts it ahead.
BEST_SCORE_TIE = {
    "KEN": "P00 P01 P02",
    "BDI": "P04 P05",
    "TZA": "P03 P08 P10",
    "UGA": "P06 P07 P09 P11",
}
# A19: TZA and UGA are level on total and on best individual score: the director decides.
FULL_TIE = {
    "KEN": "P00 P01 P02",
    "TZA": "P04 P06 P08",
    "UGA": "P05 P07 P09",
    "RWA": "P03 P10 P11",
}


def games_played(name: str) -> int:
    # Category 1 (rating 2000): KIBA score 200 + games, so the seed order is NAMES' order.
    return 300 - 10 * NAMES.index(name)


def kiba_score(name: str) -> int:
    return 200 + games_played(name)


def play_tournament(slug: str, countries: Mapping[str, str], *, close: bool = True) -> EventFacts:
    country_of = {name: c for c, members in countries.items() for name in members.split()}
    events.create_event(slug, KIBA, actor=ACTOR, seed=7, now=T0)
    entrants = [
        Competitor(
            CompetitorId(n), n, rating=2000, games_played=games_played(n), country=country_of[n]
        )
        for n in NAMES
    ]
    players.register_players(slug, entrants, actor=ACTOR, now=T0)
    facts = events.start_event(slug, actor=ACTOR, now=T0)
    clock = T0
    while part(KIBA, PAIRING).next_unit(facts) is not None:
        clock += timedelta(days=1)
        published = rounds.pair_next_round(slug, actor=ACTOR, now=clock)
        to_play = list(published.games())
        while to_play:
            game = to_play.pop(0)
            result = "1-0" if NAMES.index(game.first) < NAMES.index(game.second) else "0-1"
            where = GameRef(published.number, game.board, game.number)
            to_play.extend(report_result(slug, where, result, actor=ACTOR, now=clock).added)
        facts = events.get_event_facts(slug)
    if close:
        events.close_event(slug, actor=ACTOR, now=clock)
    return events.get_event_facts(slug)


FIRST_WON = (GameResult.FIRST_WINS, GameResult.FIRST_WINS_BY_FORFEIT)


def winner(game_result: GameResult, first: str, second: str) -> str:
    return first if game_result in FIRST_WON else second


def championship_points(facts: EventFacts) -> dict[str, Fraction]:
    """R37/A15/A16 from the stored rounds: round 1 the qualification (1 per game won), the
    last round the final (3 per finalist, 4 more for the winner), others the semifinal (2)."""
    last = max(r.number for r in facts.rounds)
    points = {str(c.id): Fraction(0) for c in facts.competitors}
    for round_fact in facts.rounds:
        if round_fact.number == last:
            [final] = round_fact.encounters
            assert final.second is not None
            points[final.first] += 3
            points[final.second] += 3
            wins = [winner(g.result, g.first, g.second) for g in final.games]
            points[max(set(wins), key=wins.count)] += 4
            continue
        per_win = 1 if round_fact.number == 1 else 2
        for game in round_fact.games():
            points[winner(game.result, game.first, game.second)] += per_win
    return points


def expected_teams(
    countries: Mapping[str, str], points: Mapping[str, Fraction]
) -> list[tuple[str, list[str]]]:
    """R41/A18/A19: totals of the four best scores (two players to be ranked), ties by the
    best score; the first two countries with three players field their three best."""
    members = {c: sorted(m.split(), key=lambda p: -points[p]) for c, m in countries.items()}
    ranked = sorted(
        (c for c in members if len(members[c]) >= 2),
        key=lambda c: (-sum(points[p] for p in members[c][:4]), -points[members[c][0]]),
    )
    return [(c, members[c][:3]) for c in ranked if len(members[c]) >= 3][:2]


def countries_of(facts: EventFacts) -> dict[str, str]:
    return {str(c.id): c.country or "" for c in facts.competitors}


# -- creating it from a tournament --------------------------------------------------------------


def test_R42_A19_countries_event_created_from_a_played_tournament() -> None:
    tournament = play_tournament("t1", BEST_SCORE_TIE)
    points = championship_points(tournament)
    rows = {r.country: r for r in country_ranking("t1").rows}
    assert rows["TZA"].total == rows["UGA"].total  # the A19 tie, settled by the best score
    assert rows["TZA"].counted[0] > rows["UGA"].counted[0]
    assert rows["BDI"].rank < rows["TZA"].rank  # ranked above, but only two players
    teams = expected_teams(BEST_SCORE_TIE, points)
    assert [c for c, _ in teams] == ["KEN", "TZA"]

    created = create_countries_event("t1", "t1-countries", actor=local("director"), now=T0)
    facts = created.facts
    assert (facts.preset, facts.state) == (COUNTRIES, EventState.RUNNING)
    assert facts.parameters["countries"] == "KEN,TZA"
    assert {str(c.id) for c in facts.competitors} == {p for _, team in teams for p in team}
    assert [(t.country, [str(p.id) for p in t.players]) for t in created.plan.teams] == teams
    log = get_audit_log("t1-countries")
    assert [e.action for e in log] == [
        "event.create",
        "series.countries",
        "players.import",
        "event.start",
    ]
    assert log[1].after == {
        "tournament": "t1",
        "ranking": [r.country for r in country_ranking("t1").rows],
        "decision": [],
        "teams": dict(teams),
    }

    # R42: one round, nine single games, each player against each of the other country once;
    # A19: the higher KIBA score is South.
    published = rounds.pair_next_round("t1-countries", actor=ACTOR, now=T0)
    assert [e.board for e in published.encounters] == list(range(1, 10))
    assert all(len(e.games) == 1 and e.match_rule == "single" for e in published.encounters)
    country = countries_of(facts)
    meetings = {frozenset((g.first, g.second)) for g in published.games()}
    first, second = (team for _, team in teams)
    assert meetings == {frozenset((a, b)) for a in first for b in second}
    for game in published.games():
        assert country[game.first] != country[game.second]
        assert kiba_score(game.first) > kiba_score(game.second)
    # The same games and sides as the tournament's plan (boards follow the KIBA score).
    assert sorted((g.first, g.second) for g in published.games()) == sorted(
        (g.first, g.second) for g in created.plan.games
    )
    with pytest.raises(WrongState, match="have been published; a countries event has one round"):
        rounds.pair_next_round("t1-countries", actor=ACTOR, now=T0)


def test_R42_reporting_the_nine_games_gives_the_country_points_and_the_winner() -> None:
    play_tournament("t1", BEST_SCORE_TIE)
    facts = create_countries_event("t1", "ce", actor=ACTOR, now=T0).facts
    country = countries_of(facts)
    published = rounds.pair_next_round("ce", actor=ACTOR, now=T0)
    expected = {"KEN": 0, "TZA": 0}
    wins = {str(c.id): 0 for c in facts.competitors}
    for game in published.games():
        # North wins on the odd boards: results that do not follow the KIBA score.
        result = "0-1" if game.board % 2 else "1-0"
        if game.board == 9:
            result = "+-"  # a forfeit win counts like any other won game
        report_result("ce", GameRef(1, game.board), result, actor=ACTOR, now=T0)
        won = winner(GameResult.parse(result), game.first, game.second)
        expected[country[won]] += 1
        wins[won] += 1
        running = events.get_event_facts("ce")
        assert part(COUNTRIES, STANDINGS).is_finished(running) is (game.board == 9)
    assert sum(expected.values()) == 9  # E9: nine points, no draw, so never level
    leader = max(expected, key=lambda c: expected[c])

    countries_table, players_table = events.event_standings("ce")
    assert [(line.competitor.id, line.points, line.rank) for line in countries_table.lines] == [
        (c, Fraction(expected[c]), n)
        for n, c in enumerate(sorted(expected, key=lambda c: -expected[c]), start=1)
    ]
    assert countries_table.lines[0].note == "winner"
    assert {str(line.competitor.id): line.points for line in players_table.lines} == wins
    summary = part(COUNTRIES, STANDINGS).summary(events.get_event_facts("ce"))
    assert summary["points"] == expected
    assert summary["winner"] == leader
    assert summary["finished"] is True
    events.close_event("ce", actor=ACTOR, now=T0)
    assert events.event_standings("ce") == (countries_table, players_table)


def test_A19_a_full_tie_for_the_second_place_needs_the_directors_decision() -> None:
    play_tournament("t1", FULL_TIE)
    rows = {r.country: r for r in country_ranking("t1").rows}
    assert (rows["TZA"].total, rows["TZA"].counted[0]) == (
        rows["UGA"].total,
        rows["UGA"].counted[0],
    )
    with pytest.raises(WrongState, match=r"TZA, UGA are tied .* the director must decide"):
        create_countries_event("t1", "ce", actor=ACTOR, now=T0)
    with pytest.raises(UnknownEvent):  # the refusal stored nothing
        events.get_event_facts("ce")
    created = create_countries_event("t1", "ce", actor=ACTOR, decision=["UGA", "TZA"], now=T0)
    assert [t.country for t in created.plan.teams] == ["KEN", "UGA"]
    assert created.facts.parameters["countries"] == "KEN,UGA"
    assert {c.country for c in created.facts.competitors} == {"KEN", "UGA"}
    assert get_audit_log("ce")[1].after["decision"] == ["UGA", "TZA"]


# -- refusals -------------------------------------------------------------------------------------


def stored_event(slug: str, entries: Mapping[str, str], **parameters: str) -> None:
    events.create_event(slug, COUNTRIES, actor=ACTOR, parameters=parameters, seed=1, now=T0)
    roster = [
        Competitor(CompetitorId(n), n, rating=2000, games_played=games_played(n), country=c)
        for c, members in entries.items()
        for n in members.split()
    ]
    players.register_players(slug, roster, actor=ACTOR, now=T0)


def test_R42_A19_a_countries_event_needs_two_countries_of_three() -> None:
    stored_event("short", {"KEN": "P00 P01 P02", "TZA": "P03 P04"})
    with pytest.raises(WrongState, match=r"each country fields 3 players .* TZA has 2"):
        events.start_event("short", actor=ACTOR, now=T0)
    stored_event("three", {"KEN": "P00 P01 P02", "TZA": "P03 P04 P05", "UGA": "P06 P07 P08"})
    with pytest.raises(WrongState, match=r"entries come from 3 .* parameter 'countries'"):
        events.start_event("three", actor=ACTOR, now=T0)
    with pytest.raises(ConfigError, match="two different countries"):
        events.create_event("bad", COUNTRIES, actor=ACTOR, parameters={"countries": "KEN"})
    # Named countries field their three best by KIBA score; the others sit out.
    stored_event(
        "named",
        {"KEN": "P00 P01 P02 P09", "TZA": "P03 P04 P05", "UGA": "P06"},
        countries="TZA,KEN",
    )
    facts = events.start_event("named", actor=ACTOR, now=T0)
    summary = part(COUNTRIES, STANDINGS).summary(facts)
    assert summary["teams"] == [
        {"country": "TZA", "players": ["P03", "P04", "P05"]},
        {"country": "KEN", "players": ["P00", "P01", "P02"]},
    ]
    assert summary["sitting_out"] == ["P09", "P06"]


def test_R42_create_refuses_an_open_tournament_and_a_second_countries_event() -> None:
    play_tournament("open", BEST_SCORE_TIE, close=False)
    with pytest.raises(WrongState, match="is running; the countries event follows"):
        create_countries_event("open", "ce", actor=ACTOR, now=T0)
    play_tournament("t1", BEST_SCORE_TIE)
    create_countries_event("t1", "ce", actor=ACTOR, now=T0)
    with pytest.raises(Duplicate, match="has its countries event already: 'ce'"):
        create_countries_event("t1", "ce-2", actor=ACTOR, now=T0)


def test_A23_results_are_wins_only_refused_after_close_and_on_unknown_games() -> None:
    stored_event("ce", {"KEN": "P00 P01 P02", "TZA": "P03 P04 P05"})
    events.start_event("ce", actor=ACTOR, now=T0)
    published = rounds.pair_next_round("ce", actor=ACTOR, now=T0)
    with pytest.raises(IllegalResult, match="there is no drawn game"):
        report_result("ce", GameRef(1, 1), "1/2-1/2", actor=ACTOR, now=T0)
    with pytest.raises(UnknownGame):
        report_result("ce", GameRef(1, 10), "1-0", actor=ACTOR, now=T0)
    for game in published.games():
        report_result("ce", GameRef(1, game.board), "1-0", actor=ACTOR, now=T0)
    events.close_event("ce", actor=ACTOR, now=T0)
    with pytest.raises(WrongState, match="only be reported while the event is running"):
        report_result("ce", GameRef(1, 1), "0-1", actor=ACTOR, now=T0)
    with pytest.raises(WrongState, match="is closed; its results can no longer change"):
        correct_result("ce", GameRef(1, 1), "0-1", actor=local("arbiter"), reason="late", now=T0)


# -- demo and exchange ----------------------------------------------------------------------------


def test_R42_the_demo_plays_the_countries_event() -> None:
    outcome = play_demo_event(COUNTRIES, seed=2026)
    assert (outcome.units, outcome.results) == (1, 9)
    facts = events.get_event_facts(outcome.slug)
    assert facts.state is EventState.CLOSED
    country = countries_of(facts)
    points: dict[str, int] = {}
    for game in facts.games():
        won = winner(game.result, game.first, game.second)
        points[country[won]] = points.get(country[won], 0) + 1
    countries_table = outcome.standings[0]
    assert {str(line.competitor.id): line.points for line in countries_table.lines} == points
    assert countries_table.lines[0].competitor.id == max(points, key=lambda c: points[c])


def test_R42_json_export_then_import_gives_the_same_standings() -> None:
    play_tournament("t1", BEST_SCORE_TIE)
    create_countries_event("t1", "ce", actor=ACTOR, now=T0)
    published = rounds.pair_next_round("ce", actor=ACTOR, now=T0)
    for game in list(published.games())[:5]:
        result = "1-0" if game.board % 3 else "0-1"
        report_result("ce", GameRef(1, game.board), result, actor=ACTOR, now=T0)
    standings = events.event_standings("ce")
    log = get_audit_log("ce")
    document = json.loads(json.dumps(exchange.export_event_json("ce")))

    models.Event.objects.all().delete()
    assert exchange.import_event_json(document, actor=local("importer")) == "ce"
    assert events.event_standings("ce") == standings
    assert [(e.version, e.action, e.after) for e in get_audit_log("ce")] == [
        (e.version, e.action, e.after) for e in log
    ]
