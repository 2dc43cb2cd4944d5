"""The KIBA demo looks like a real tournament (issue 21, item 8): players with their games
played on the KIBA site and ratings, so the initial list has all three categories (R6, A2);
results drawn at random from the seed, with upsets; ties settled by a recorded playoff."""

from __future__ import annotations

import random

import pytest

from mashindano.app import events
from mashindano.app.demo import DEMO_PLAYERS, play_demo_event
from mashindano.app.demo import DEMO_SITE_GAMES as KIBA_DEMO_GAMES
from mashindano.app.demo import decisive_result as kiba_demo_result
from mashindano.app.principals import local
from mashindano.engine.model import Competitor, CompetitorId, Side
from mashindano.presets.kiba_bao.demo import (
    UPSET_GAP,
    kiba_upsets,
    settle_playoffs,
)
from mashindano.presets.kiba_bao.stages import PLAYOFF_LOT, derive_event
from mashindano.store.facts import EventState, GameFact

from .helpers import T0
from .test_kiba_bao import HOUR, all_split_event, pair

pytestmark = pytest.mark.django_db


def test_kiba_demo_R6_all_three_categories_upsets_and_a_winner() -> None:
    outcome = play_demo_event("kiba-bao", seed=2026)
    facts = events.get_event_facts(outcome.slug)
    assert facts.state is EventState.CLOSED
    event = derive_event(facts)
    initial = event.initial.players
    assert {p.category for p in initial} == {1, 2, 3}
    # R8, A3: category by category, KIBA score inside each one.
    assert [p.category for p in initial] == sorted(p.category for p in initial)
    assert [p.games for p in initial if p.category == 3] == [0, 0, 0]
    upsets = kiba_upsets(facts)
    assert upsets
    assert all(u.loser.elo - u.winner.elo >= UPSET_GAP for u in upsets)
    assert outcome.highlights[0] == (
        "Initial list: category 1: 6 player(s), category 2: 3 player(s), category 3: 3 "
        "player(s) (R6: 25 games or more, 1-24 games, none)"
    )
    assert outcome.highlights[1].startswith(
        f"Upsets (a win over a player rated 100 or more higher): {sum(u.games for u in upsets)}"
    )
    assert upsets[0].describe() in outcome.highlights[1]
    # Two groups of six (30 games each), two semifinal pairings, a final of 2 or 3 games.
    final = outcome.standings[0]
    assert final.title == "Final, best of 3 (round 3)"
    assert final.lines[0].note.startswith("winner")
    assert outcome.results == 2 * 30 + 2 * 2 + len(event.final.games if event.final else ())
    assert outcome.results in (66, 67)


def test_kiba_demo_results_follow_the_seed_and_the_ratings() -> None:
    """Drawn from the generator (the same seed gives the same games), with the odds of the
    FIDE expected score: the weaker player wins sometimes, the stronger more often."""
    strong, weak = (
        Competitor(CompetitorId("S"), "S", rating=2105),
        Competitor(CompetitorId("W"), "W", rating=1800),
    )
    entrants = {c.id: c for c in (strong, weak)}
    game = GameFact(1, 1, "", 1, 1, 1, 1, strong.id, weak.id, Side.SOUTH, ())

    def draw(seed: int) -> list[str]:
        rng = random.Random(seed)
        return [kiba_demo_result(rng, game, entrants) for _ in range(400)]

    assert draw(5) == draw(5)
    assert draw(5) != draw(6)
    wins = draw(5).count("1-0")
    assert set(draw(5)) == {"1-0", "0-1"}  # no drawn Bao game (A23)
    assert 260 < wins < 380  # E(305) = 0.85 by FIDE table 8.1.2


def test_kiba_demo_roster_has_games_for_every_player() -> None:
    assert len(KIBA_DEMO_GAMES) == len(DEMO_PLAYERS)


def test_kiba_demo_R29_tie_settled_by_a_recorded_playoff() -> None:
    all_split_event("tie")  # six players, every pairing split: all tied
    clock = settle_playoffs("tie", local("director"), T0 + 2 * HOUR)
    assert clock == T0 + 3 * HOUR
    facts = events.get_event_facts("tie")
    [playoff] = [lot for lot in facts.lots if lot.purpose == PLAYOFF_LOT]
    assert isinstance(playoff.outcome, dict)
    assert sorted(playoff.outcome["order"]) == ["N1", "N2", "N3", "N4", "N5", "N6"]
    assert settle_playoffs("tie", local("director"), clock) == clock  # nothing left to settle
    final = pair("tie", clock)
    [encounter] = final.encounters
    assert {encounter.first, encounter.second} == set(playoff.outcome["order"][:2])
