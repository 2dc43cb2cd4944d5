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

from mashindano.app.demo import DEMO_SITE_GAMES, DemoPlan, decisive_result
from mashindano.app.principals import Principal
from mashindano.app.queries import get_event_facts
from mashindano.engine.kiba import SeededPlayer
from mashindano.engine.model import CompetitorId, GameResult
from mashindano.presets.kiba_bao.stages import derive_event
from mashindano.presets.kiba_bao.tables import STAGE_TITLES
from mashindano.presets.kiba_bao.use_cases import record_playoff
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


DEMO = DemoPlan(
    players=12,
    result=decisive_result,
    settle=settle_playoffs,
    games_played=DEMO_SITE_GAMES,
    highlights=kiba_highlights,
)
