"""The `chess-swiss` preset (chess-manager R11-R18, A5-A8, A11-A13).

Parameters are the engine's `ChessSwissParameters` (`CHESS_SWISS`): rounds (default: the A11
suggestion for the number of entries), points, bye points, tie-breaks (Buchholz without bye
points, then SB) and the pairing system `swiss_pairing`. Pairing numbers are fixed at start by
rating (highest first), then name.

- "simple" (the default, the spec's Swiss): `pair_simple_swiss` ranks each score group by the
  tie-breaks, then by the draw order drawn from the event's seed (A13), so round 1 is a random
  pairing (R12). The draw order is recorded as the lot "draw-order" (its outcome lists the
  competitor ids, first drawn first) when round 1 is paired; later rounds pair from the
  recorded order itself, the fact, not from a new draw.
- "dutch": FIDE Dutch (`pair_dutch`), round 1 in rating order; the colour of the top board in
  round 1 is drawn from the event's seed and recorded as the lot "initial-colour". Events
  paired before `swiss_pairing` existed (they have that lot and no `swiss_pairing`) go on
  with Dutch. `swiss_acceleration=baku` adds Baku acceleration (FIDE C.04.7) to it: group A
  is the first half (rounded up to even) of the players by pairing number, over the event's
  rounds; the pairing is made on pairing scores, standings stay on real points.

Withdrawn players and players on leave get the bye they are due (zero-point, or the leave's
kind) and are not paired; a pairing-allocated bye is worth `swiss_bye_points` (A7). Pairs the
arbiter forbade (`facts.forbidden_pairs()`, see `app/overrides.py`) are never paired, by
either system.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from django.utils.translation import gettext, gettext_noop

from mashindano.app.declarations import parameter_notes
from mashindano.app.declarations.parameters import ParameterSchema, schema_of
from mashindano.app.errors import WrongState
from mashindano.app.formats import roll_call
from mashindano.app.formats.base import (
    PairingPlan,
    PlannedEncounter,
    PlannedGame,
    PlannedLot,
    PlannedStage,
    PresenceRules,
    StartPlan,
)
from mashindano.app.formats.chess import ChessAdapter
from mashindano.app.formats.parts import (
    ACCELERATED,
    DRAFT_CHECKS,
    LATE_ENTRIES,
    LEAVES,
    PRESENCE,
    STAGE_EXPORT,
)
from mashindano.app.formats.round_rules import NOTES, RULES, RoundRules, round_rules, split
from mashindano.engine.model import Bye, ByeKind, Competitor, CompetitorId, Side, StageResults
from mashindano.engine.pairing import (
    Acceleration,
    DutchCheck,
    SwissPairing,
    Violation,
    baku_acceleration,
    pair_dutch,
)
from mashindano.engine.pairing.simple_swiss import (
    BAKU_ACCELERATION,
    CHESS_SWISS,
    DUTCH_PAIRING,
    ChessSwissParameters,
    SwissPairingSystem,
    compute_draw_order,
    pair_simple_swiss,
)
from mashindano.engine.parameters import override
from mashindano.engine.points import PointSystem
from mashindano.presets.chess_swiss.actions import ACTIONS
from mashindano.store.facts import EventFacts, Json, LeaveFact

PRESET_NAME = "chess-swiss"
INITIAL_COLOUR_LOT = "initial-colour"
DRAW_ORDER_LOT = "draw-order"
SWISS_PAIRING = "swiss_pairing"
LEAVE_BYES = (ByeKind.ZERO_POINT, ByeKind.HALF_POINT)


def swiss_parameters(overrides: Mapping[str, Json]) -> ChessSwissParameters:
    return override(CHESS_SWISS, split(overrides)[0])


@dataclass(frozen=True, slots=True)
class SwissSettings:
    """An event's typed parameters: the engine's Swiss and the event's own rules (roll call,
    requested byes, late entries: `rules.py`)."""

    swiss: ChessSwissParameters
    rules: RoundRules


def swiss_settings(overrides: Mapping[str, Json]) -> SwissSettings:
    return SwissSettings(swiss_parameters(overrides), round_rules(overrides))


def pairing_system(facts: EventFacts) -> SwissPairingSystem:
    """The system that pairs this event: `swiss_pairing`, except for an event paired by Dutch
    before that parameter existed, which must not change system half-way."""
    chosen = any(name.replace("-", "_") == SWISS_PAIRING for name in facts.parameters)
    if not chosen and facts.lot(INITIAL_COLOUR_LOT) is not None:
        return DUTCH_PAIRING
    return swiss_parameters(facts.parameters).swiss_pairing


Boards = tuple[tuple[CompetitorId, CompetitorId], ...]


class ChessSwissAdapter(ChessAdapter):
    actions = ACTIONS
    preset = PRESET_NAME
    parts = (LEAVES, LATE_ENTRIES, PRESENCE, ACCELERATED, STAGE_EXPORT, DRAFT_CHECKS)
    takes_forbidden_pairs = True
    title = gettext_noop("Chess Swiss")
    description = gettext_noop(
        "Chess Swiss: simple Swiss with a random round 1 (swiss_pairing=simple, default) "
        "or FIDE Dutch (swiss_pairing=dutch), Buchholz then SB"
    )

    parameter_schema = ParameterSchema(
        (
            *schema_of(CHESS_SWISS, parameter_notes.CHESS, prefix=("swiss",)),
            *schema_of(RULES, NOTES, prefix=("rules",)),
        ),
        swiss_settings,
    )

    def point_system(self, overrides: Mapping[str, Json]) -> PointSystem:
        return swiss_parameters(overrides).point_system

    def tiebreak_names(self, overrides: Mapping[str, Json]) -> tuple[str, ...]:
        return swiss_parameters(overrides).swiss_tiebreaks

    def total_rounds(self, facts: EventFacts) -> int:
        # Late entries do not change the suggested number of rounds fixed at the start.
        starters = [c for c in facts.competitors if c.id not in facts.first_rounds]
        return swiss_parameters(facts.parameters).rounds_for(max(len(starters), 2))

    def plan_start(self, facts: EventFacts) -> StartPlan:
        if len(facts.competitors) < 2:
            raise WrongState(
                gettext("event {slug!r} has {count} player(s); a Swiss needs at least 2").format(
                    slug=facts.slug, count=len(facts.competitors)
                ),
                event=facts.slug,
                players=len(facts.competitors),
            )
        parameters = swiss_parameters(facts.parameters)
        parameters.rounds_for(len(facts.competitors))
        ordered = sorted(facts.competitors, key=lambda c: (-(c.rating or 0), c.name, c.id))
        return StartPlan(
            numbers={c.id: number for number, c in enumerate(ordered, start=1)},
            stages=(PlannedStage(1, "Swiss", f"swiss-{parameters.swiss_pairing}"),),
        )

    def pairing_acceleration(self, facts: EventFacts) -> Acceleration | None:
        """The virtual points of every player by round (Baku, C.04.7), or None."""
        parameters = swiss_parameters(facts.parameters)
        if (
            parameters.swiss_acceleration != BAKU_ACCELERATION
            or pairing_system(facts) != DUTCH_PAIRING
        ):
            return None
        ordered = sorted(facts.competitors, key=lambda c: (c.number or 0, c.id))
        return baku_acceleration(
            [c.id for c in ordered], self.total_rounds(facts), parameters.point_system
        )

    def summary(self, facts: EventFacts) -> dict[str, Json]:
        document = super().summary(facts)
        document[SWISS_PAIRING] = pairing_system(facts)
        return document

    def check_leave(self, facts: EventFacts, leave: LeaveFact) -> None:
        if leave.bye_kind not in LEAVE_BYES:
            raise WrongState(
                gettext(
                    "a leave in a Swiss is a zero-point (Z) or half-point (H) bye, not {value}"
                ).format(value=leave.bye_kind.value),
                bye_kind=leave.bye_kind.value,
            )
        roll_call.check_requested_bye(
            facts, leave, round_rules(facts.parameters), self.total_rounds(facts)
        )

    def plan_late_entries(
        self, facts: EventFacts, competitors: Sequence[Competitor], now: datetime
    ) -> Mapping[CompetitorId, int]:
        """Late entries (FIDE C.04 2.4) when the event takes them: the next free pairing
        numbers, paired from the next round; the rounds they missed are worth the event's
        `late_entry_rounds`."""
        roll_call.check_takes_late_entries(facts, round_rules(facts.parameters))
        if self.next_unit(facts) is None:
            raise WrongState(
                gettext("every round of event {slug!r} is paired: no late entries").format(
                    slug=facts.slug
                ),
                event=facts.slug,
            )
        highest = max((c.number or 0 for c in facts.competitors), default=0)
        return {c.id: highest + k for k, c in enumerate(competitors, start=1)}

    def presence_rules(self, facts: EventFacts) -> PresenceRules:
        return round_rules(facts.parameters).presence

    def plan_next(self, facts: EventFacts, now: datetime) -> PairingPlan:
        plan = super().plan_next(facts, now)
        rules = self.presence_rules(facts)
        absent = roll_call.absent_from(
            facts, rules, plan.unit.number, self._excused(facts, plan.unit.number)
        )
        if not absent:
            return plan
        return replace(
            plan,
            absent=absent,
            withdrawals=roll_call.withdrawals_for(facts, rules, plan.unit.number, absent),
        )

    def stage_results(self, facts: EventFacts) -> StageResults:
        """The games and byes of the published rounds, and each late entry's missed rounds as
        the byes the event's rules give them (FIDE C.04 2.5: none unless the rules say so)."""
        results = super().stage_results(facts)
        if not facts.first_rounds:
            return results
        missed = roll_call.missed_round_byes(
            facts.first_rounds.items(), round_rules(facts.parameters)
        )
        return replace(results, byes=(*results.byes, *missed))

    def standings_note(self, facts: EventFacts, competitor: CompetitorId) -> str:
        notes = [super().standings_note(facts, competitor)]
        first = facts.first_rounds.get(competitor)
        if first is not None:
            notes.append(roll_call.late_entry_note(first, round_rules(facts.parameters)))
        return "; ".join(n for n in notes if n)

    def _declared_byes(self, facts: EventFacts, round_number: int) -> dict[CompetitorId, ByeKind]:
        """The round's byes known before pairing: leaves and withdrawals (`_excused`), and the
        players absent at the roll call with the event's absence outcome."""
        declared = self._excused(facts, round_number)
        rules = self.presence_rules(facts)
        for competitor in roll_call.absent_from(facts, rules, round_number, declared):
            declared[competitor] = rules.absence
        return declared

    def check_draft(
        self, facts: EventFacts, round_number: int, pairing: SwissPairing, optimum: SwissPairing
    ) -> tuple[Violation, ...]:
        """Dutch: the criteria of C.04.3 (absolute ones, and quality ones beside the engine's
        pairing). Simple Swiss: the absolute ones it shares (no rematch, the bye to an eligible
        player, everyone paired); its colours and floats follow no criteria to compare."""
        results = self._round_results(facts, round_number, self._declared_byes(facts, round_number))
        check = DutchCheck(
            results,
            round_number,
            total_rounds=self.total_rounds(facts),
            forbidden_pairs=facts.forbidden_pairs(),
            acceleration=self.pairing_acceleration(facts),
        )
        if pairing_system(facts) == DUTCH_PAIRING:
            return check(pairing, optimum)
        return tuple(v for v in check(pairing) if v.criterion in ("C1", "C2", "C4"))

    def _round_results(
        self, facts: EventFacts, round_number: int, declared: Mapping[CompetitorId, ByeKind]
    ) -> StageResults:
        base = self.stage_results(facts)
        return StageResults(
            competitors=base.competitors,
            games=base.games,
            byes=(*base.byes, *(Bye(round_number, c, k) for c, k in declared.items())),
            points=base.points,
            rounds=base.rounds,
        )

    def pair_round(
        self, facts: EventFacts, round_number: int
    ) -> tuple[tuple[PlannedEncounter, ...], tuple[PlannedLot, ...]]:
        declared = self._declared_byes(facts, round_number)
        results = self._round_results(facts, round_number, declared)
        if pairing_system(facts) == DUTCH_PAIRING:
            boards, bye, lots = self._pair_dutch(facts, results, round_number)
        else:
            boards, bye, lots = self._pair_simple(facts, results, round_number)
        encounters = [
            PlannedEncounter(board, white, black, games=(PlannedGame(white, black, Side.WHITE),))
            for board, (white, black) in enumerate(boards, start=1)
        ]
        if bye is not None:
            encounters.append(
                PlannedEncounter(len(encounters) + 1, bye, bye=ByeKind.PAIRING_ALLOCATED)
            )
        number_of = {c.id: c.number or 0 for c in facts.competitors}
        for competitor in sorted(declared, key=number_of.__getitem__):
            encounters.append(
                PlannedEncounter(len(encounters) + 1, competitor, bye=declared[competitor])
            )
        return tuple(encounters), lots

    def _pair_dutch(
        self, facts: EventFacts, results: StageResults, round_number: int
    ) -> tuple[Boards, CompetitorId | None, tuple[PlannedLot, ...]]:
        colour, lots = self._initial_colour(facts)
        pairing = pair_dutch(
            results,
            round_number,
            total_rounds=self.total_rounds(facts),
            initial_colour=colour,
            forbidden_pairs=facts.forbidden_pairs(),
            acceleration=self.pairing_acceleration(facts),
        )
        return pairing.boards, pairing.bye, lots

    def _pair_simple(
        self, facts: EventFacts, results: StageResults, round_number: int
    ) -> tuple[Boards, CompetitorId | None, tuple[PlannedLot, ...]]:
        seed, order, lots = self._draw_order(facts)
        pairing = pair_simple_swiss(
            results,
            round_number,
            seed=seed,
            tiebreaks=swiss_parameters(facts.parameters).tiebreaks,
            forbidden_pairs=facts.forbidden_pairs(),
            draw_order=order,
        )
        return pairing.boards, pairing.bye, lots

    def _draw_order(
        self, facts: EventFacts
    ) -> tuple[int, tuple[CompetitorId, ...], tuple[PlannedLot, ...]]:
        """The draw order (A13) with its seed, and the lot to record when it is drawn now.
        Once recorded, the lot itself is the fact every later round is paired from."""
        drawn = facts.lot(DRAW_ORDER_LOT)
        if drawn is None:
            order = compute_draw_order(facts.competitors, facts.seed)
            return facts.seed, order, (PlannedLot(DRAW_ORDER_LOT, facts.seed, list(order)),)
        outcome = drawn.outcome if isinstance(drawn.outcome, list) else None
        order = tuple(CompetitorId(c) for c in outcome or () if isinstance(c, str))
        if outcome is not None and len(order) == len(outcome):
            # Late entries come after the drawn order, by pairing number.
            late = sorted(
                (c for c in facts.competitors if c.id not in set(order)),
                key=lambda c: (c.number or 0, c.id),
            )
            return drawn.seed, (*order, *(c.id for c in late)), ()
        if outcome is None or len(order) != len(outcome):
            raise WrongState(
                gettext(
                    "event {slug!r}: the recorded draw order (lot "
                    "{DRAW_ORDER_LOT!r}) is not a list of players"
                ).format(slug=facts.slug, DRAW_ORDER_LOT=DRAW_ORDER_LOT),
                event=facts.slug,
                lot=DRAW_ORDER_LOT,
            )
        return drawn.seed, order, ()

    def _excused(self, facts: EventFacts, round_number: int) -> dict[CompetitorId, ByeKind]:
        """The byes declared ahead of the round: leaves (requested byes) and withdrawals."""
        declared: dict[CompetitorId, ByeKind] = {}
        for leave in facts.leaves:
            if leave.covers(round_number):
                declared[leave.competitor] = leave.bye_kind
        for competitor in facts.competitors:
            withdrawn = facts.withdrawn_from(competitor.id)
            if withdrawn is not None and withdrawn <= round_number:
                declared[competitor.id] = ByeKind.ZERO_POINT
        return declared

    def _initial_colour(self, facts: EventFacts) -> tuple[Side, tuple[PlannedLot, ...]]:
        drawn = facts.lot(INITIAL_COLOUR_LOT)
        if drawn is not None and isinstance(drawn.outcome, str):
            return Side(drawn.outcome), ()
        colour = random.Random(facts.seed).choice((Side.WHITE, Side.BLACK))
        return colour, (PlannedLot(INITIAL_COLOUR_LOT, facts.seed, colour.value),)
