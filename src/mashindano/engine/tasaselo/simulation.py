"""A seeded simulation of a whole Tasaselo tournament, for demos, the CLI and property tests.

Nothing here is a rule: it invents results from one `random.Random(seed)` (odds from the
players' selos) and hands them to the same functions a real tournament uses. The same seed
always gives the same tournament.

Unrated players: R2 wants a selo for everyone, actual or estimated. The simulation estimates
it as `parameters.unrated_selo` or, when that is not set, the lowest selo in the field (1500
when nobody has one), so unrated players start at the bottom of the list, numbered after the
rated players of that selo. `TasaseloSimulation.estimated` names them.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from mashindano.engine.model import Bye, Competitor, CompetitorId, Game
from mashindano.engine.parameters import override
from mashindano.engine.simulation import DEFAULT_RATING, random_game_result
from mashindano.engine.tasaselo.entries import check_rounds
from mashindano.engine.tasaselo.event import (
    TasaseloEvent,
    TasaseloStandings,
    compute_event_selos,
    compute_standings,
    enter_late,
    mark_absent,
    pair_next_round_or_regardless_of_colours,
    record_round,
    start_event,
    withdraw,
)
from mashindano.engine.tasaselo.pairing import RoundPairing
from mashindano.engine.tasaselo.parameters import TASASELO, TasaseloParameters

_SEED_RANGE = 2**31


@dataclass(frozen=True, slots=True)
class EventChanges:
    """Facts a simulation plays out besides the results: who joins late (A19), who misses a
    round (R5), who leaves for good (R5), who rests in round 1 (R6) and the reserve (R26)."""

    late_entries: tuple[tuple[Competitor, int], ...] = ()
    """(player, first round) in order of arrival."""
    absences: tuple[tuple[CompetitorId, int], ...] = ()
    withdrawals: tuple[tuple[CompetitorId, int], ...] = ()
    """(player, first round missed)."""
    resting_in_round1: tuple[CompetitorId, ...] = ()
    reserve: CompetitorId | None = None


@dataclass(frozen=True, slots=True)
class SimulatedRound:
    pairing: RoundPairing
    selo: Mapping[CompetitorId, Fraction]
    """The variable selos the pairing was made from (every entered player, R12, R16)."""
    games: tuple[Game, ...]
    byes: tuple[Bye, ...]

    @property
    def round(self) -> int:
        return self.pairing.round


@dataclass(frozen=True, slots=True)
class TasaseloSimulation:
    seed: int
    parameters: TasaseloParameters
    event: TasaseloEvent
    rounds: tuple[SimulatedRound, ...]
    final_selo: Mapping[CompetitorId, Fraction]
    standings: TasaseloStandings
    estimated: frozenset[CompetitorId] = field(default_factory=frozenset)
    """Players whose selo the simulation estimated (see the module notes)."""

    def name_of(self, competitor: CompetitorId) -> str:
        for entry in self.event.roster.entries:
            if entry.id == competitor:
                return entry.competitor.name
        return competitor


def simulate_tasaselo(
    players: Sequence[Competitor],
    rounds: int,
    seed: int,
    parameters: TasaseloParameters = TASASELO,
    k: int | None = None,
    *,
    changes: EventChanges | None = None,
) -> TasaseloSimulation:
    """Play `rounds` rounds with random results drawn from `seed`.

    `k` overrides the preset's K factor (refused outside 20-300, R13). A round the colour rules
    cannot pair is paired again regardless of colours, as the arbiter would (R20); the round's
    pairing records it. A round that cannot be paired at all raises NoValidPairing.
    """
    if k is not None:
        parameters = override(parameters, {"k_factor": k})
    check_rounds(rounds, parameters)
    plan = changes or EventChanges()
    estimate = _estimate(players, plan, parameters)
    rated = [_rated(p, estimate) for p in players]
    event = start_event(
        rated,
        rounds,
        parameters,
        reserve=plan.reserve,
        resting_in_round1=plan.resting_in_round1,
    )
    for newcomer, first_round in plan.late_entries:
        event = enter_late(event, _rated(newcomer, estimate), first_round)
    for absent, round_number in plan.absences:
        event = mark_absent(event, absent, round_number)
    for leaving, first_missed in plan.withdrawals:
        event = withdraw(event, leaving, first_missed)
    rng = random.Random(seed)
    simulated: list[SimulatedRound] = []
    starting = {e.id: e.selo for e in event.roster.entries}
    for _ in range(rounds):
        pairing = pair_next_round_or_regardless_of_colours(event, rng.randrange(_SEED_RANGE))
        results = {
            board.number: random_game_result(rng, starting[board.white], starting[board.black])
            for board in pairing.boards
            if board.black is not None
        }
        event = record_round(event, pairing, results)
    history = compute_event_selos(event)
    for played in event.played:
        before = history[played.pairing.round - 1]
        entered = {c: s for c, s in before.items() if _entered(event, c, played.pairing.round)}
        simulated.append(SimulatedRound(played.pairing, entered, played.games, played.byes))
    unrated = [*players, *(c for c, _ in plan.late_entries)]
    return TasaseloSimulation(
        seed=seed,
        parameters=parameters,
        event=event,
        rounds=tuple(simulated),
        final_selo=history[-1],
        standings=compute_standings(event, rng.randrange(_SEED_RANGE)),
        estimated=frozenset(p.id for p in unrated if p.rating is None),
    )


def _entered(event: TasaseloEvent, competitor: CompetitorId, round_number: int) -> bool:
    return event.roster.entry(competitor).first_round <= round_number


def _estimate(
    players: Sequence[Competitor], plan: EventChanges, parameters: TasaseloParameters
) -> int:
    if parameters.unrated_selo is not None:
        return parameters.unrated_selo
    ratings = [p.rating for p in players if p.rating is not None]
    ratings += [c.rating for c, _ in plan.late_entries if c.rating is not None]
    return min(ratings, default=DEFAULT_RATING)


def _rated(player: Competitor, estimate: int) -> Competitor:
    if player.rating is not None:
        return player
    return dataclasses.replace(player, rating=estimate)
