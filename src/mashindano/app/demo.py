"""The demo behind `make run`: one event per preset that has an adapter, played from start to
finish through the use cases with seeded random results.

To add a preset to the demo, register its `DemoPlan` in `DEMO_HOOKS` (players, parameter
overrides, and how to invent a result for a game); presets without one use `DEFAULT_PLAN`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from fractions import Fraction

from django.utils.translation import gettext

from mashindano.app import events, players, rounds
from mashindano.app.errors import UnknownPreset
from mashindano.app.formats.base import StandingsTable
from mashindano.app.formats.parts import PAIRING
from mashindano.app.formats.registry import available_presets, part
from mashindano.app.hooks import Hooks
from mashindano.app.principals import Principal
from mashindano.app.results import GameRef, report_result
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.engine.simulation import random_game_result
from mashindano.store.facts import EventFacts, GameFact, Json

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
Highlights = Callable[[EventFacts], tuple[str, ...]]
"""Lines the demo prints after a closed event's standings (KIBA: categories, upsets)."""


DEMO_SITE_GAMES = (412, 96, 0, 230, 18, 57, 0, 9, 140, 0, 24, 31)
"""Games played on the games site by the demo players, in `DEMO_PLAYERS` order (KIBA: six in
category 1, three in category 2, three newcomers in category 3, R6, A2)."""


def decisive_result(
    rng: random.Random, game: GameFact, entrants: Mapping[CompetitorId, Competitor]
) -> str:
    """A won or lost game drawn from the seeded generator (games without draws, as Bao): the
    FIDE expected score of the two ratings on file gives the odds."""
    first, second = entrants[game.first], entrants[game.second]
    return random_game_result(rng, first.rating, second.rating, draw_rate=Fraction(0)).value


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
    """For presets whose next unit waits for more than results (a league month to close, a
    KIBA playoff): called before each pairing and before the event closes; returns the
    demo's clock."""
    games_played: tuple[int, ...] = ()
    """Games each demo player has played (KIBA site), in `DEMO_PLAYERS` order; none if empty."""
    highlights: Highlights | None = None


DEFAULT_PLAN = DemoPlan()
DEMO_HOOKS: Hooks[DemoPlan] = Hooks("demo plans")
"""Each preset's demo plan (presets without one use `DEFAULT_PLAN`)."""


@dataclass(frozen=True, slots=True)
class DemoOutcome:
    slug: str
    preset: str
    units: int
    results: int
    standings: tuple[StandingsTable, ...]
    highlights: tuple[str, ...] = ()


def play_demo_event(preset: str, seed: int) -> DemoOutcome:
    """Create `demo-<preset>`, register, start, pair and report until finished, then close."""
    plan = DEMO_HOOKS.get_or(preset, DEFAULT_PLAN)
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
    games = plan.games_played or (None,) * plan.players
    roster = [
        Competitor(CompetitorId(name), name, rating=rating, games_played=played, country=country)
        for (name, rating, country), played in zip(DEMO_PLAYERS[: plan.players], games, strict=True)
    ]
    players.register_players(slug, roster, actor=DEMO_ACTOR, now=clock)
    facts = events.start_event(slug, actor=DEMO_ACTOR, now=clock)
    by_id = {c.id: c for c in facts.competitors}
    rng = random.Random(seed)
    units = reported = 0
    while part(preset, PAIRING).next_unit(facts) is not None:
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
    highlights = plan.highlights(events.get_event_facts(slug)) if plan.highlights else ()
    return DemoOutcome(slug, preset, units, reported, events.event_standings(slug), highlights)


def play_demo(seed: int, presets: Sequence[str] = ()) -> list[DemoOutcome]:
    """The demo event of every preset with an adapter (only `presets`, when given)."""
    known = available_presets()
    unknown = [p for p in presets if p not in known]
    if unknown:
        raise UnknownPreset(
            gettext("no demo for preset {value} (available: {value2})").format(
                value=", ".join(map(repr, unknown)), value2=", ".join(known)
            ),
            preset=unknown[0],
        )
    return [play_demo_event(name, seed) for name in known if not presets or name in presets]
