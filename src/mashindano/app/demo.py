"""The demo behind `make run`: one event per preset that has an adapter, played from start to
finish through the use cases with seeded random results.

To add a preset to the demo, give it a `DemoPlan` in `DEMO_PLANS` (players, parameter
overrides, and how to invent a result for a game); presets without one use `DEFAULT_PLAN`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from mashindano.app import events, players, rounds
from mashindano.app.formats import adapter_for, available_presets
from mashindano.app.formats.base import StandingsTable
from mashindano.app.formats.kiba_bao import kiba_demo_result
from mashindano.app.formats.tantrix_knockout import tantrix_demo_result
from mashindano.app.gomoku_league_demo import settle_month
from mashindano.app.principals import Principal
from mashindano.app.results import GameRef, report_result
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.engine.simulation import random_game_result
from mashindano.store.facts import GameFact, Json

DEMO_ACTOR = Principal.local("demo")
DEMO_START = datetime(2026, 1, 10, 9, 0, tzinfo=UTC)

DEMO_PLAYERS = (
    ("Amani Mwangi", 2105, "KEN"),
    ("Zawadi Otieno", 2040, "KEN"),
    ("Baraka Njoroge", 1985, "TZA"),
    ("Neema Kamau", 1950, "UGA"),
    ("Jabari Mutua", 1890, "KEN"),
    ("Imani Wanjiru", 1875, "TZA"),
    ("Kito Achieng", 1820, "UGA"),
    ("Sefu Kiprono", 1760, "KEN"),
    ("Halima Said", 1730, "TZA"),
    ("Juma Hassan", 1705, "KEN"),
    ("Rehema Ali", 1680, "UGA"),
    ("Tumaini Omondi", 1650, "KEN"),
)

ResultMaker = Callable[[random.Random, GameFact, Mapping[CompetitorId, Competitor]], str]
Settle = Callable[[str, Principal, datetime], datetime]
"""(slug, actor, clock) -> clock: the preset's own steps between units."""


def chess_result(
    rng: random.Random, game: GameFact, entrants: Mapping[CompetitorId, Competitor]
) -> str:
    first, second = entrants[game.first], entrants[game.second]
    return random_game_result(rng, first.rating, second.rating).value


@dataclass(frozen=True, slots=True)
class DemoPlan:
    players: int = 8
    parameters: Mapping[str, Json] = field(default_factory=dict)
    result: ResultMaker = chess_result
    settle: Settle | None = None
    """For presets whose next unit waits for more than results (a league month to close):
    called before each pairing and before the event closes; returns the demo's clock."""


DEFAULT_PLAN = DemoPlan()
DEMO_PLANS: dict[str, DemoPlan] = {
    "chess-round-robin": DemoPlan(players=7),
    "chess-swiss": DemoPlan(players=12, parameters={"swiss_rounds": "5"}),
    "kiba-bao": DemoPlan(players=12, result=kiba_demo_result),
    # The first twelve demo players: TZA and UGA field their three each; KEN sits out.
    "kiba-countries": DemoPlan(
        players=12, parameters={"countries": "TZA,UGA"}, result=kiba_demo_result
    ),
    "gomoku-league": DemoPlan(players=10, parameters={"season_months": "3"}, settle=settle_month),
    "tasaselo": DemoPlan(players=11, parameters={"rounds": "5"}),
    "tantrix-knockout": DemoPlan(
        players=12,
        parameters={"third_place_match": "yes", "plate": "yes"},
        result=tantrix_demo_result,
    ),
}


@dataclass(frozen=True, slots=True)
class DemoOutcome:
    slug: str
    preset: str
    units: int
    results: int
    standings: tuple[StandingsTable, ...]


def play_demo_event(preset: str, seed: int) -> DemoOutcome:
    """Create `demo-<preset>`, register, start, pair and report until finished, then close."""
    plan = DEMO_PLANS.get(preset, DEFAULT_PLAN)
    slug = f"demo-{preset}"
    clock = DEMO_START
    events.create_event(
        slug,
        preset,
        actor=DEMO_ACTOR,
        name=f"Demo {preset}",
        parameters=plan.parameters,
        seed=seed,
        now=clock,
    )
    roster = [
        Competitor(CompetitorId(name), name, rating=rating, country=country)
        for name, rating, country in DEMO_PLAYERS[: plan.players]
    ]
    players.register_players(slug, roster, actor=DEMO_ACTOR, now=clock)
    facts = events.start_event(slug, actor=DEMO_ACTOR, now=clock)
    by_id = {c.id: c for c in facts.competitors}
    rng = random.Random(seed)
    adapter = adapter_for(preset)
    units = reported = 0
    while adapter.next_unit(facts) is not None:
        clock += timedelta(days=1)
        if plan.settle is not None:
            clock = plan.settle(slug, DEMO_ACTOR, clock)
        published = rounds.pair_next_round(slug, actor=DEMO_ACTOR, now=clock)
        units += 1
        # Games added while a match runs (tiebreaks, a final's game 3) are played in turn.
        to_play = list(published.games())
        while to_play:
            game = to_play.pop(0)
            if game.result.is_decided:
                continue
            where = GameRef(
                published.number, game.board, game.number, published.stage, published.group
            )
            change = report_result(
                slug, where, plan.result(rng, game, by_id), actor=DEMO_ACTOR, now=clock
            )
            to_play.extend(change.added)
            reported += 1
        facts = events.get_event_facts(slug)
    if plan.settle is not None:
        clock = plan.settle(slug, DEMO_ACTOR, clock)
    events.close_event(slug, actor=DEMO_ACTOR, now=clock)
    return DemoOutcome(slug, preset, units, reported, events.event_standings(slug))


def play_demo(seed: int) -> list[DemoOutcome]:
    return [play_demo_event(preset, seed) for preset in available_presets()]
