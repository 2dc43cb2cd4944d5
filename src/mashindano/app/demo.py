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

DEMO_PASSWORD_ROUNDS = 1000


@dataclass(frozen=True, slots=True)
class DemoPeople:
    """The demo's accounts (created only by `mashindano demo` and `serve --demo`): one
    organiser and one Mwamuzi (arbiter) of every event in progress, and players whose accounts
    play the first entries of those events (`DEMO_PLAYERS` order)."""

    organiser: str = "demo-organiser"
    arbiter: str = "demo-mwamuzi"
    players: tuple[str, ...] = ("demo-amani", "demo-zawadi", "demo-baraka", "demo-neema")

    @property
    def usernames(self) -> tuple[str, ...]:
        return (self.organiser, self.arbiter, *self.players)


DEMO_PEOPLE = DemoPeople()


@dataclass(frozen=True, slots=True)
class LiveDemo:
    """What a preset's own live step gets: its event (started, units played as its
    `LivePlan` says), the real time now, the demo's generator and the player list."""

    slug: str
    now: datetime
    rng: random.Random
    roster: tuple[Competitor, ...]
    plan: DemoPlan


LiveStep = Callable[[LiveDemo], None]


@dataclass(frozen=True, slots=True)
class LivePlan:
    """An event in progress in the demo: `demo-<preset>-<suffix>`, its players, the units
    paired and fully reported, then optionally the next unit paired with part of its results
    (`open_unit`), then the preset's own `step` (KIBA: moves played on the site). Not
    `started`: the event takes registrations (the demo players may join)."""

    suffix: str
    name: str
    players: int = 8
    parameters: Mapping[str, Json] = field(default_factory=dict)
    started: bool = True
    finished_units: int = 0
    open_unit: bool = False
    step: LiveStep | None = None
    age: timedelta = timedelta(days=4)
    """How long before now the event was created (and started)."""
    priority: int = 50
    """Lower first: the order the live events are built (and listed as built)."""


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
    live: tuple[LivePlan, ...] = ()
    """The preset's events in progress beside the finished one (`build_live_demo`)."""


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
    events.start_event(slug, actor=DEMO_ACTOR, now=clock)
    rng = random.Random(seed)
    units, reported, clock = _play_units(slug, plan, rng, clock)
    if plan.settle is not None:
        clock = plan.settle(slug, DEMO_ACTOR, clock)
    events.close_event(slug, actor=DEMO_ACTOR, now=clock)
    highlights = plan.highlights(events.get_event_facts(slug)) if plan.highlights else ()
    return DemoOutcome(slug, preset, units, reported, events.event_standings(slug), highlights)


def _play_units(
    slug: str,
    plan: DemoPlan,
    rng: random.Random,
    clock: datetime,
    *,
    limit: int | None = None,
    step: timedelta = timedelta(days=1),
) -> tuple[int, int, datetime]:
    """Pair and report units (all of them, or `limit`) a `step` apart from `clock`.
    Returns (units, results, clock)."""
    facts = events.get_event_facts(slug)
    by_id = {c.id: c for c in facts.competitors}
    pairing = part(facts.preset, PAIRING)
    units = reported = 0
    while pairing.next_unit(facts) is not None and (limit is None or units < limit):
        clock += step
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
    return units, reported, clock


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


# -- the events in progress and the demo's accounts (`serve --demo`) -----------------------------


@dataclass(frozen=True, slots=True)
class LiveOutcome:
    slug: str
    name: str
    state: str
    units: int
    results: int


def demo_email(username: str) -> str:
    """The e-mail address a demo account logs in with (the site logs in by e-mail)."""
    return f"{username}@example.org"


def _demo_user(username: str, name: str, password_hash: str) -> None:
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        user = get_user_model()(username=username)
    user.password = password_hash
    user.first_name = name
    user.email = demo_email(username)
    user.save()
    # Verified: the demo's people log in at once, without a confirmation mail.
    EmailAddress.objects.update_or_create(
        user=user, email=user.email, defaults={"verified": True, "primary": True}
    )


def create_demo_people(password: str, people: DemoPeople = DEMO_PEOPLE) -> None:
    """The demo's accounts, all with `password` (set again at each start). The organiser may
    create events; roles and entries come with the live events."""
    from django.contrib.auth.hashers import PBKDF2PasswordHasher
    from django.contrib.auth.models import Permission

    from mashindano.app.people import CREATE_EVENTS_PERMISSION

    # Once for every account, with few rounds: the demo starts at once; the first log-in
    # hashes the password again with the site's full strength (Django's upgrade on log-in).
    hasher = PBKDF2PasswordHasher()
    hashed = hasher.encode(password, hasher.salt(), iterations=DEMO_PASSWORD_ROUNDS)
    names = {people.organiser: "Demo organiser", people.arbiter: "Demo Mwamuzi"}
    names |= {u: name for u, (name, _, _) in zip(people.players, DEMO_PLAYERS, strict=False)}
    for username in people.usernames:
        _demo_user(username, names[username], hashed)
    from django.contrib.auth import get_user_model

    app_label, codename = CREATE_EVENTS_PERMISSION.split(".")
    permission = Permission.objects.get(content_type__app_label=app_label, codename=codename)
    organiser = get_user_model().objects.get(username=people.organiser)
    organiser.user_permissions.add(permission)


@dataclass(frozen=True, slots=True)
class DemoLogin:
    """The demo accounts that exist, by the e-mail address each logs in with."""

    organiser: str
    arbiter: str
    players: tuple[str, ...]


def demo_login_hint(people: DemoPeople = DEMO_PEOPLE) -> DemoLogin | None:
    """What the home page names in demo mode: the demo accounts that exist, or None."""
    from django.contrib.auth import get_user_model

    found = set(
        get_user_model()
        .objects.filter(username__in=people.usernames)
        .values_list("username", flat=True)
    )
    if not found:
        return None

    def email(username: str) -> str:
        return demo_email(username) if username in found else ""

    return DemoLogin(
        organiser=email(people.organiser),
        arbiter=email(people.arbiter),
        players=tuple(demo_email(u) for u in people.players if u in found),
    )


def _live_event(
    preset: str, plan: DemoPlan, live: LivePlan, seed: int, now: datetime, people: DemoPeople
) -> LiveOutcome:
    from mashindano.app import people as accounts

    slug = f"demo-{preset}-{live.suffix}"
    rng = random.Random(f"{seed}:{slug}")
    clock = now - live.age - timedelta(days=live.finished_units)
    events.create_event(
        slug,
        preset,
        actor=DEMO_ACTOR,
        name=live.name,
        parameters={**plan.parameters, **live.parameters},
        seed=seed,
        now=clock,
    )
    games = plan.games_played or (None,) * len(DEMO_PLAYERS)
    everyone = [
        Competitor(CompetitorId(name), name, rating=rating, games_played=played, country=country)
        for (name, rating, country), played in zip(DEMO_PLAYERS, games, strict=False)
    ]
    # Open for registration: the demo players' own accounts may still join.
    roster = everyone[: live.players] if live.started else everyone[len(people.players) :]
    roster = roster[: live.players]
    players.register_players(slug, roster, actor=DEMO_ACTOR, now=clock)
    for role, username in (("organiser", people.organiser), ("arbiter", people.arbiter)):
        accounts.grant_role(slug, username, role, actor=DEMO_ACTOR, now=clock)
    if not live.started:
        return LiveOutcome(slug, live.name, "registration", 0, 0)
    for username, competitor in zip(people.players, roster, strict=False):
        accounts.link_entry(slug, str(competitor.id), username, actor=DEMO_ACTOR, now=clock)
    events.start_event(slug, actor=DEMO_ACTOR, now=clock)
    units, reported, clock = _play_units(slug, plan, rng, clock, limit=live.finished_units)
    if live.open_unit:
        clock = max(clock + timedelta(days=1), now - timedelta(hours=20))
        if plan.settle is not None:
            clock = plan.settle(slug, DEMO_ACTOR, clock)
        published = rounds.pair_next_round(slug, actor=DEMO_ACTOR, now=min(clock, now))
        units += 1
        by_id = {c.id: c for c in roster}
        pending = [g for g in published.games() if not g.result.is_decided]
        for game in pending[: len(pending) // 2]:
            where = GameRef(
                published.number, game.board, game.number, published.stage, published.group
            )
            report_result(
                slug, where, plan.result(rng, game, by_id), actor=DEMO_ACTOR, now=min(clock, now)
            )
            reported += 1
    if live.step is not None:
        live.step(LiveDemo(slug, now, rng, tuple(roster), plan))
    return LiveOutcome(slug, live.name, "running", units, reported)


def build_live_demo(
    seed: int,
    now: datetime,
    presets: Sequence[str] = (),
    people: DemoPeople = DEMO_PEOPLE,
) -> list[LiveOutcome]:
    """The events in progress of every preset's plan (only `presets`, when given), played up
    to `now` (the real time: clocks run and deadlines come), with the demo's accounts in their
    roles and entries. The accounts must exist (`create_demo_people`)."""
    wanted = [
        (live.priority, name, live)
        for name in available_presets()
        if not presets or name in presets
        for live in DEMO_HOOKS.get_or(name, DEFAULT_PLAN).live
    ]
    return [
        _live_event(name, DEMO_HOOKS.get_or(name, DEFAULT_PLAN), live, seed, now, people)
        for _, name, live in sorted(wanted, key=lambda w: (w[0], w[1]))
    ]
