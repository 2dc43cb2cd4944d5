"""The `chess-swiss` preset (chess-manager R11-R18, A5-A7, A11-A13): FIDE Dutch pairings.

Parameters are the engine's `ChessSwissParameters` (`CHESS_SWISS`): rounds (default: the A11
suggestion for the number of entries), points, bye points, tie-breaks (Buchholz without bye
points, then SB). Pairing numbers are fixed at start by rating (highest first), then name.
The colour of the top board in round 1 is drawn from the event's seed and recorded as a lot.
Withdrawn players and players on leave get the bye they are due (zero-point, or the leave's
kind) and are not paired.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from mashindano.app.errors import WrongState
from mashindano.app.formats.base import (
    PlannedEncounter,
    PlannedGame,
    PlannedLot,
    PlannedStage,
    StartPlan,
)
from mashindano.app.formats.chess import ChessAdapter
from mashindano.engine.model import Bye, ByeKind, CompetitorId, Side
from mashindano.engine.pairing import pair_dutch
from mashindano.engine.pairing.simple_swiss import CHESS_SWISS, ChessSwissParameters
from mashindano.engine.parameters import override
from mashindano.engine.points import PointSystem
from mashindano.store.facts import EventFacts, Json, LeaveFact

PRESET_NAME = "chess-swiss"
INITIAL_COLOUR_LOT = "initial-colour"
LEAVE_BYES = (ByeKind.ZERO_POINT, ByeKind.HALF_POINT)


def swiss_parameters(overrides: Mapping[str, Json]) -> ChessSwissParameters:
    return override(CHESS_SWISS, overrides)


class ChessSwissAdapter(ChessAdapter):
    preset = PRESET_NAME
    description = "Chess Swiss, FIDE Dutch pairings, Buchholz then SB"

    def check_parameters(self, overrides: Mapping[str, Json]) -> None:
        swiss_parameters(overrides)

    def parameters_json(self, overrides: Mapping[str, Json]) -> dict[str, Json]:
        p = swiss_parameters(overrides)
        return {
            "swiss_rounds": p.swiss_rounds,
            "points": f"{p.points.win},{p.points.draw},{p.points.loss}",
            "swiss_tiebreaks": list(p.swiss_tiebreaks),
            "swiss_bye_points": str(p.swiss_bye_points),
        }

    def point_system(self, overrides: Mapping[str, Json]) -> PointSystem:
        return swiss_parameters(overrides).point_system

    def tiebreak_names(self, overrides: Mapping[str, Json]) -> tuple[str, ...]:
        return swiss_parameters(overrides).swiss_tiebreaks

    def total_rounds(self, facts: EventFacts) -> int:
        return swiss_parameters(facts.parameters).rounds_for(max(len(facts.competitors), 2))

    def plan_start(self, facts: EventFacts) -> StartPlan:
        if len(facts.competitors) < 2:
            raise WrongState(
                f"event {facts.slug!r} has {len(facts.competitors)} player(s); a Swiss needs "
                "at least 2",
                event=facts.slug,
                players=len(facts.competitors),
            )
        swiss_parameters(facts.parameters).rounds_for(len(facts.competitors))
        ordered = sorted(facts.competitors, key=lambda c: (-(c.rating or 0), c.name, c.id))
        return StartPlan(
            numbers={c.id: number for number, c in enumerate(ordered, start=1)},
            stages=(PlannedStage(1, "Swiss", "swiss-dutch"),),
        )

    def check_leave(self, facts: EventFacts, leave: LeaveFact) -> None:
        if leave.bye_kind not in LEAVE_BYES:
            raise WrongState(
                f"a leave in a Swiss is a zero-point (Z) or half-point (H) bye, not "
                f"{leave.bye_kind.value}",
                bye_kind=leave.bye_kind.value,
            )

    def pair_round(
        self, facts: EventFacts, round_number: int
    ) -> tuple[tuple[PlannedEncounter, ...], tuple[PlannedLot, ...]]:
        declared = self._declared_byes(facts, round_number)
        base = self.stage_results(facts)
        results = type(base)(
            competitors=base.competitors,
            games=base.games,
            byes=(*base.byes, *(Bye(round_number, c, k) for c, k in declared.items())),
            points=base.points,
            rounds=base.rounds,
        )
        colour, lots = self._initial_colour(facts)
        pairing = pair_dutch(
            results,
            round_number,
            total_rounds=self.total_rounds(facts),
            initial_colour=colour,
        )
        encounters = [
            PlannedEncounter(board, white, black, games=(PlannedGame(white, black, Side.WHITE),))
            for board, (white, black) in enumerate(pairing.boards, start=1)
        ]
        if pairing.bye is not None:
            encounters.append(
                PlannedEncounter(len(encounters) + 1, pairing.bye, bye=ByeKind.PAIRING_ALLOCATED)
            )
        number_of = {c.id: c.number or 0 for c in facts.competitors}
        for competitor in sorted(declared, key=number_of.__getitem__):
            encounters.append(
                PlannedEncounter(len(encounters) + 1, competitor, bye=declared[competitor])
            )
        return tuple(encounters), lots

    def _declared_byes(self, facts: EventFacts, round_number: int) -> dict[CompetitorId, ByeKind]:
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
