"""The KIBA demos (`kiba-bao`, `kiba-countries`) as a real tournament would run them.

The players come with their games played on the KIBA site and their ratings, so the initial
list has all three categories (R6, A2: 25 games or more, 1-24, none) and the seeds follow the
categories before the KIBA score (A3). Results are drawn from the demo's seeded generator with
the FIDE expected score of the two ratings on file and no draws (A23, as `mashindano simulate`
draws them): a newcomer to the site seeded low in category 3 may be a strong player, and the
lower seed wins now and then. A tie that waits for the director's playoff (R29 (4)) gets a
playoff result drawn from the event's seed and recorded like a director's decision.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime, timedelta

from mashindano.app import rounds
from mashindano.app.demo import (
    DEMO_ACTOR,
    DEMO_SITE_GAMES,
    DemoPlan,
    LiveDemo,
    LivePlan,
    decisive_result,
)
from mashindano.app.principals import Principal
from mashindano.app.queries import get_event_facts
from mashindano.engine.bao.moves import legal_results
from mashindano.engine.bao.position import standard_position
from mashindano.engine.kiba import SeededPlayer, kiba_parameters
from mashindano.engine.kiba.clock import ClockSettings
from mashindano.engine.model import CompetitorId, GameResult, Side
from mashindano.presets.kiba_bao.games import bao_parameters
from mashindano.presets.kiba_bao.stages import derive_event
from mashindano.presets.kiba_bao.tables import STAGE_TITLES
from mashindano.presets.kiba_bao.use_cases import record_playoff
from mashindano.store import models
from mashindano.store.facts import EventFacts, EventState, GameFact

PLAYOFF_HOUR = timedelta(hours=1)


def settle_playoffs(slug: str, actor: Principal, clock: datetime) -> datetime:
    """Before the next stage is paired: record a playoff result, drawn from the event's seed,
    for every tie that decides who advances from the stage just finished. Returns the clock
    (an hour later for each playoff)."""
    for _ in range(8):  # each tie is settled at once; a second pass only confirms it
        facts = get_event_facts(slug)
        if facts.state is not EventState.RUNNING:
            return clock
        event = derive_event(facts)
        latest = event.latest
        if latest is None or not latest.is_complete or event.next is None:
            return clock
        if event.next.number != latest.number + 1:
            return clock
        ties = latest.ties_needing_playoff()
        if not ties:
            return clock
        for group, tie in ties:
            drawn = random.Random(f"{facts.seed}:{slug}:playoff:{latest.number}:{group}")
            order = drawn.sample(list(tie), len(tie))
            clock += PLAYOFF_HOUR
            record_playoff(
                slug,
                latest.number,
                group,
                order,
                actor=actor,
                reason="playoff game arranged by the director",
                now=clock,
            )
    return clock


UPSET_GAP = 100
"""An upset: a win over a player rated at least this much higher (the Elo the rules use)."""


@dataclass(frozen=True, slots=True)
class Upset:
    """Games of one pairing that the lower-rated player won."""

    stage: str
    winner: SeededPlayer
    loser: SeededPlayer
    games: int = 1

    @property
    def gap(self) -> int:
        return self.loser.elo - self.winner.elo

    def describe(self) -> str:
        times = "" if self.games == 1 else f" {self.games} times"
        return (
            f"{self.winner.name} (#{self.winner.seed}, Elo {self.winner.elo}) beat "
            f"{self.loser.name} (#{self.loser.seed}, Elo {self.loser.elo}){times} in the "
            f"{self.stage}"
        )


def _winner(game: GameFact) -> tuple[CompetitorId, CompetitorId] | None:
    """(winner, loser) of a game played to the end; None for a forfeit or no result."""
    if game.result is GameResult.FIRST_WINS:
        return game.first, game.second
    if game.result is GameResult.SECOND_WINS:
        return game.second, game.first
    return None


def kiba_upsets(facts: EventFacts, gap: int = UPSET_GAP) -> tuple[Upset, ...]:
    """The games of a started `kiba-bao` event won by a player rated at least `gap` below the
    loser (the Elo the rules use: 1800 for a newcomer), one entry per pairing, biggest first."""
    event = derive_event(facts)
    seeded = {p.id: p for p in event.initial.players}
    titles = {s.number: f"{STAGE_TITLES[s.kind].lower()} stage" for s in event.stages}
    if event.final is not None:
        titles[event.final.number] = "final"
    counted: dict[tuple[str, CompetitorId, CompetitorId], int] = {}
    for game in facts.games():
        decided = _winner(game)
        if decided is None or game.round not in titles:
            continue
        if seeded[decided[1]].elo - seeded[decided[0]].elo >= gap:
            key = (titles[game.round], *decided)
            counted[key] = counted.get(key, 0) + 1
    found = [
        Upset(stage, seeded[winner], seeded[loser], games)
        for (stage, winner, loser), games in counted.items()
    ]
    return tuple(sorted(found, key=lambda u: (-u.gap, u.winner.seed, u.loser.seed)))


def kiba_highlights(facts: EventFacts, shown: int = 3) -> tuple[str, ...]:
    """What the demo prints after the standings: the categories and the upsets."""
    event = derive_event(facts)
    categories = {c: sum(p.category == c for p in event.initial.players) for c in (1, 2, 3)}
    lines = [
        "Initial list: "
        + ", ".join(f"category {c}: {n} player(s)" for c, n in categories.items())
        + " (R6: 25 games or more, 1-24 games, none)"
    ]
    upsets = kiba_upsets(facts)
    if upsets:
        games = sum(u.games for u in upsets)
        lines.append(
            f"Upsets (a win over a player rated {UPSET_GAP} or more higher): {games} game(s); "
            + "; ".join(u.describe() for u in upsets[:shown])
        )
    else:
        lines.append(f"Upsets: none (no win over a player rated {UPSET_GAP} or more higher)")
    return tuple(lines)


NEAR_DEADLINE = timedelta(hours=2)
"""What is left on the clock of the live demo's game near its deadline."""


def live_group_stage(live: LiveDemo) -> None:
    """The live KIBA event's group stage, played on the site: published so that the first
    game without a demo account, where South has not moved yet, has `NEAR_DEADLINE` left; in
    every other game some legal moves (drawn from the demo's generator) were played, spread
    until now, and a game of a demo account's player waits for that player's move.

    The moves are written in one go (the engine plays them; no game ends): moves one by one
    through `play_move` took most of the demo's start."""
    parameters = kiba_parameters(get_event_facts(live.slug).parameters)
    rules = bao_parameters(parameters)
    published_at = live.now - (ClockSettings.from_parameters(parameters).initial - NEAR_DEADLINE)
    rounds.pair_next_round(live.slug, actor=DEMO_ACTOR, now=published_at)
    facts = get_event_facts(live.slug)
    linked = set(
        models.Entry.objects.filter(event__slug=live.slug, user__isnull=False).values_list(
            "key", flat=True
        )
    )
    near_deadline_left = True
    written: list[models.Move] = []
    for shown in facts.rounds:
        for encounter in shown.encounters:
            for game in encounter.games:
                if game.result.is_decided or encounter.second is None:
                    continue
                south = game.first if game.first_side is Side.SOUTH else game.second
                mine = {str(game.first), str(game.second)} & linked
                if not mine and near_deadline_left:
                    near_deadline_left = False  # South still to make the first move
                    continue
                # An account's player is to move: South after an even number of moves.
                own = 6 if str(south) in mine else 5
                plies = own if mine else live.rng.randint(1, 8)
                gap = (live.now - published_at) / (plies + 1)
                position = standard_position(rules.variant)
                for ply in range(1, plies + 1):
                    going_on = [r for r in legal_results(position, rules) if r.end is None]
                    if not going_on:
                        break
                    chosen = live.rng.choice(going_on)
                    written.append(
                        models.Move(
                            game_id=game.id,
                            ply=ply,
                            notation=chosen.notation,
                            played_at=published_at + gap * ply,
                            actor=DEMO_ACTOR.name,
                        )
                    )
                    position = chosen.position
    models.Move.objects.bulk_create(written)


LIVE = LivePlan(
    "live",
    "KIBA Bao open (group stage, live)",
    players=12,
    step=live_group_stage,
    priority=10,
)


DEMO = DemoPlan(
    players=12,
    result=decisive_result,
    settle=settle_playoffs,
    games_played=DEMO_SITE_GAMES,
    highlights=kiba_highlights,
    live=(LIVE,),
)
