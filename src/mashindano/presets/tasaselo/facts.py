"""A stored Tasaselo event as the engine sees it, rebuilt from the facts on every call.

How the facts map to the engine's `TasaseloEvent`:

- Entries are numbered at the start by selo (R1); a late entrant takes the next free number
  when registering (A19), so numbers follow the order of arrival.
- A player's first round is the first published round that lists them. Every entered player
  is listed in every round: on a board, against the ghost, or with a bye for the round-1 rest
  (H), an absence or a withdrawal (Z) or the reserve not needed (sit-out). So players listed
  in round 1, and everybody while round 1 is not paired, are ordinary entries; a late entrant
  who is not listed yet plays from the next round to pair.
- The reserve is the parameter `reserve_player` (R26); round-1 rests are half-point leaves of
  round 1 (R6); absences are zero-point leaves (R5, A1), or the roll call's when the event has
  check-in (`round_rules`: a player not present at pairing time is absent, with a zero-point
  bye or, where the organiser decides so, a half-point one, A1); a published round keeps such
  an absence as its bye (`roll_call.absences_in`); withdrawals are withdrawals (R5).
- A late entrant's missed rounds score 0, or a half-point bye each where the organiser decides
  so (`late_entry_rounds`, A1).
- A published round gives its boards (White first; the ghost's opponent as a
  pairing-allocated bye) with the results as they stand, and its lot: the seed the pairing
  was drawn with and the order it came from, so the pairing replays.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.translation import gettext

from mashindano.app.formats.roll_call import absences_in
from mashindano.app.formats.round_rules import RULE_NAMES, MissedRound, RoundRules, round_rules
from mashindano.engine.errors import ConfigError
from mashindano.engine.model import ByeKind, Competitor, CompetitorId, GameResult, Side
from mashindano.engine.parameters import EVENT_WIDE, override
from mashindano.engine.tasaselo import (
    TASASELO,
    Board,
    RoundPairing,
    Status,
    TasaseloEvent,
    TasaseloParameters,
    enter_late,
    mark_absent,
    record_round,
    start_event,
    withdraw,
)
from mashindano.engine.tasaselo.entries import check_rounds
from mashindano.engine.tasaselo.scoring import GHOST_WIN, MISSED_ROUND, ROUND1_REST
from mashindano.store.facts import EventFacts, Json, RoundFact

DEFAULT_ROUNDS = 7
"""The spec fixes only the maximum (R3: 15); seven rounds is its own example (E5)."""

TIE_LOTS = "tie-lots"
"""The lot of A16 (ties left after points, comparison figure and performance number)."""

SEED_RANGE = 2**31


@dataclass(frozen=True, slots=True)
class EventRounds:
    """What an event adds to the engine's preset parameters: how many rounds it has."""

    rounds: int = DEFAULT_ROUNDS


ROUND_RULES = RoundRules(late_entries=True)
"""The roll call and late entries of a Tasaselo event (`round_rules`): late entries are taken
(R4), their missed rounds and absences score 0 (A1), no check-in unless the event has it. Where
the organiser decides otherwise (A1: `absence` or `late_entry_rounds` half-point), such a round
is a half-point bye, worth what the event gives one (`round1_rest_points`, a draw)."""


@dataclass(frozen=True, slots=True)
class TasaseloSettings:
    rounds: int
    parameters: TasaseloParameters
    rules: RoundRules = ROUND_RULES


EVENT_PARAMETERS = ("rounds",)


def parse_settings(overrides: Mapping[str, Json]) -> TasaseloSettings:
    """The event's rounds and the preset with the organiser's overrides (ConfigError naming
    the parameter otherwise: R13 refuses K outside 20-300 here, at creation)."""
    known = (*EVENT_PARAMETERS, *TASASELO.names(), *EVENT_WIDE, *RULE_NAMES)
    for name in overrides:
        if name.replace("-", "_") not in known:
            raise ConfigError(
                gettext("unknown parameter {name!r}; known parameters: {value}").format(
                    name=name, value=", ".join(sorted(known))
                ),
                parameter=name,
            )
    own = {k: v for k, v in overrides.items() if k.replace("-", "_") in EVENT_PARAMETERS}
    rest = {
        k: v for k, v in overrides.items() if k not in own and k.replace("-", "_") not in RULE_NAMES
    }
    parameters = override(TASASELO, rest)
    rules = round_rules(overrides, ROUND_RULES)
    if rules.max_half_point_byes is not None and rules.max_half_point_byes > 1:
        raise ConfigError(
            gettext(
                "parameter 'max_half_point_byes': in Tasaselo the only half-point bye is the "
                "round-1 rest (R6), so a player may request 0 or 1, not {value}"
            ).format(value=rules.max_half_point_byes),
            parameter="max_half_point_byes",
        )
    rounds = override(EventRounds(), own).rounds
    check_rounds(rounds, parameters)
    if not parameters.round1_draw:
        raise ConfigError(
            gettext(
                "parameter 'round1_draw': the event commands draw round 1 by "
                "lot (A21); pairs entered by hand are not supported yet"
            ),
            parameter="round1_draw",
        )
    return TasaseloSettings(rounds, parameters, rules)


def round_lot_purpose(round_number: int) -> str:
    return f"round-{round_number}"


def derive_seed(event_seed: int, purpose: str) -> int:
    """The seed of one draw, from the event's recorded seed."""
    # A text seed is hashed with SHA-512: the same draw on every machine and Python run.
    return random.Random(f"{event_seed}/{purpose}").randrange(SEED_RANGE)


def compute_first_rounds(facts: EventFacts) -> dict[CompetitorId, int]:
    """Each entry's first round: the first published round listing them, else the next."""
    listed: dict[CompetitorId, int] = {}
    for round_fact in sorted(facts.rounds, key=lambda r: r.number):
        for encounter in round_fact.encounters:
            for player in (encounter.first, encounter.second):
                if player is not None:
                    listed.setdefault(player, round_fact.number)
    upcoming = max((r.number for r in facts.rounds), default=0) + 1
    return {c.id: listed.get(c.id, upcoming) for c in facts.competitors}


def resting_in_round1(facts: EventFacts) -> tuple[CompetitorId, ...]:
    return tuple(
        leave.competitor
        for leave in facts.leaves
        if leave.bye_kind is ROUND1_REST and leave.covers(1)
    )


def start_engine_event(
    facts: EventFacts, settings: TasaseloSettings, starters: list[Competitor]
) -> TasaseloEvent:
    reserve = settings.parameters.reserve_player
    if reserve is not None and not any(c.id == reserve for c in starters):
        raise ConfigError(
            gettext(
                "parameter 'reserve_player': {reserve!r} is not an entry of "
                "event {slug!r} from the start"
            ).format(reserve=reserve, slug=facts.slug),
            parameter="reserve_player",
            value=reserve,
        )
    entered = {c.id for c in starters}
    return start_event(
        starters,
        settings.rounds,
        settings.parameters,
        resting_in_round1=[c for c in resting_in_round1(facts) if c in entered],
    )


def build_event(facts: EventFacts, settings: TasaseloSettings) -> TasaseloEvent:
    """The engine's event with every published round, results as they stand (live, R35)."""
    first_rounds = compute_first_rounds(facts)
    numbered = sorted(facts.competitors, key=lambda c: (c.number or 0, c.name))
    starters = [c for c in numbered if first_rounds[c.id] == 1]
    event = start_engine_event(facts, settings, starters)
    _check_numbers(facts, event)
    missed = ByeKind.HALF_POINT if settings.rules.late_entry_rounds is MissedRound.HALF else None
    for late in numbered:
        if first_rounds[late.id] > 1:
            event = enter_late(event, late, first_rounds[late.id], missed=missed)
    for leave in facts.leaves:
        if leave.bye_kind is MISSED_ROUND:
            for round_number in range(leave.from_round, leave.to_round + 1):
                event = mark_absent(event, leave.competitor, round_number)
    for round_fact in facts.rounds:
        for player, bye in absences_in(facts, round_fact).items():
            event = mark_absent(
                event, player, round_fact.number, half_point=bye is ByeKind.HALF_POINT
            )
    for withdrawal in facts.withdrawals:
        # Withdrawing after the last round changes nothing.
        if withdrawal.from_round <= settings.rounds:
            event = withdraw(event, withdrawal.competitor, withdrawal.from_round)
    for round_fact in sorted(facts.rounds, key=lambda r: r.number):
        event = record_round(
            event,
            published_pairing(facts, round_fact),
            published_results(round_fact),
            allow_pending=True,
        )
    return event


def _check_numbers(facts: EventFacts, event: TasaseloEvent) -> None:
    stored = {c.id: c.number for c in facts.competitors}
    for entry in event.roster.entries:
        if stored.get(entry.id) not in (None, entry.number):
            raise ConfigError(
                gettext(
                    "event {slug!r}: {id!r} is stored as no. {value} but the "
                    "selo order makes them no. {number} (R1)"
                ).format(slug=facts.slug, id=entry.id, value=stored[entry.id], number=entry.number),
                competitor=entry.id,
            )


def published_pairing(facts: EventFacts, round_fact: RoundFact) -> RoundPairing:
    boards: list[Board] = []
    for encounter in round_fact.encounters:
        if encounter.second is None:
            if encounter.bye_kind is GHOST_WIN:
                boards.append(Board(encounter.board, encounter.first, None))
            continue
        game = encounter.games[0]
        if game.first_side is Side.WHITE:
            boards.append(Board(encounter.board, game.first, game.second))
        else:
            boards.append(Board(encounter.board, game.second, game.first))
    lot = facts.lot(round_lot_purpose(round_fact.number))
    order: tuple[CompetitorId, ...] = ()
    seed = 0
    if lot is not None:
        seed = lot.seed
        listed = lot.outcome.get("order") if isinstance(lot.outcome, dict) else None
        if isinstance(listed, list):
            order = tuple(CompetitorId(str(c)) for c in listed)
    return RoundPairing(
        round_fact.number,
        tuple(boards),
        order,
        seed,
        ghost=any(b.is_ghost for b in boards),
    )


def published_results(round_fact: RoundFact) -> dict[int, GameResult]:
    return {e.board: e.games[0].result for e in round_fact.encounters if e.games}


BYE_OF_STATUS: Mapping[Status, ByeKind] = {
    Status.RESTING: ROUND1_REST,
    Status.ABSENT: MISSED_ROUND,
    Status.WITHDRAWN: MISSED_ROUND,
}
"""What a published round lists for a player who does not play (by engine status)."""
