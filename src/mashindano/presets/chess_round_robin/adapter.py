"""The `chess-round-robin` preset (chess-manager R4-R10, A1-A4, A7, A9, A10).

Berger numbers are drawn by lot from the event's seed when the event starts; rounds follow the
FIDE Berger table (first-named player White), with the second cycle's colours reversed; the
sit-out is worth `rr_sitout_points`; standings by points, then `rr_tiebreaks` (SB).
A withdrawn player's remaining games are published as forfeits (the opponent wins `+-`/`-+`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache

from django.utils.translation import gettext, gettext_noop

from mashindano.app.declarations import parameter_notes
from mashindano.app.declarations.parameters import ParameterSchema, schema_of
from mashindano.app.errors import WrongState
from mashindano.app.formats.base import (
    PlannedEncounter,
    PlannedGame,
    PlannedLot,
    PlannedStage,
    StartPlan,
)
from mashindano.app.formats.chess import ChessAdapter
from mashindano.app.formats.parts import LEAVES, STAGE_EXPORT
from mashindano.engine.errors import ConfigError
from mashindano.engine.model import ByeKind, CompetitorId, GameResult, Side
from mashindano.engine.parameters import override
from mashindano.engine.points import PointSystem
from mashindano.engine.schedules import RoundRobinSchedule, ScheduleTable, round_robin_schedule
from mashindano.engine.tiebreaks import tiebreaks_by_names
from mashindano.store.facts import EventFacts, Json, LeaveFact

PRESET_NAME = "chess-round-robin"
BERGER_LOT = "berger-numbers"


@dataclass(frozen=True, slots=True)
class ChessRoundRobinParameters:
    """The spec's round-robin parameters (section 5) with their defaults."""

    round_robin_cycles: int = 1
    points: PointSystem = field(default_factory=PointSystem)
    rr_tiebreaks: tuple[str, ...] = ("sb",)
    rr_sitout_points: Fraction = Fraction(0)

    def __post_init__(self) -> None:
        points: object = self.points
        if isinstance(points, str):
            try:
                object.__setattr__(self, "points", PointSystem.from_triple(points))
            except Exception as exc:
                raise ConfigError(
                    gettext(
                        "parameter 'points': {points!r} is not win,draw,loss (e.g. 1,0.5,0)"
                    ).format(points=points),
                    parameter="points",
                    value=points,
                ) from exc
        tiebreaks: object = self.rr_tiebreaks
        if isinstance(tiebreaks, str):
            names = tuple(n.strip() for n in tiebreaks.split(",") if n.strip())
            object.__setattr__(self, "rr_tiebreaks", names)
        if self.round_robin_cycles not in (1, 2):
            raise ConfigError(
                gettext("parameter 'round_robin_cycles': 1 or 2, got {round_robin_cycles}").format(
                    round_robin_cycles=self.round_robin_cycles
                ),
                parameter="round_robin_cycles",
                value=self.round_robin_cycles,
            )
        tiebreaks_by_names(self.rr_tiebreaks)

    @property
    def point_system(self) -> PointSystem:
        return replace(self.points, sit_out=self.rr_sitout_points)


CHESS_ROUND_ROBIN = ChessRoundRobinParameters()


def round_robin_parameters(overrides: Mapping[str, Json]) -> ChessRoundRobinParameters:
    return override(CHESS_ROUND_ROBIN, overrides)


class ChessRoundRobinAdapter(ChessAdapter):
    preset = PRESET_NAME
    parts = (LEAVES, STAGE_EXPORT)
    title = gettext_noop("Chess round-robin")
    description = gettext_noop(
        "Chess round-robin, single or double (FIDE Berger tables), SB tie-break"
    )

    parameter_schema = ParameterSchema(
        schema_of(CHESS_ROUND_ROBIN, parameter_notes.CHESS), round_robin_parameters
    )

    def point_system(self, overrides: Mapping[str, Json]) -> PointSystem:
        return round_robin_parameters(overrides).point_system

    def tiebreak_names(self, overrides: Mapping[str, Json]) -> tuple[str, ...]:
        return round_robin_parameters(overrides).rr_tiebreaks

    def total_rounds(self, facts: EventFacts) -> int:
        return self._schedule(facts).round_count

    def plan_start(self, facts: EventFacts) -> StartPlan:
        if len(facts.competitors) < 2:
            raise WrongState(
                gettext(
                    "event {slug!r} has {count} player(s); a round-robin needs at least 2"
                ).format(slug=facts.slug, count=len(facts.competitors)),
                event=facts.slug,
                players=len(facts.competitors),
            )
        order = [c.id for c in facts.competitors]
        random.Random(facts.seed).shuffle(order)
        numbers = {competitor: number for number, competitor in enumerate(order, start=1)}
        outcome: Json = [str(c) for c in order]
        return StartPlan(
            numbers=numbers,
            stages=(PlannedStage(1, "Round-robin", "round-robin"),),
            lots=(PlannedLot(BERGER_LOT, facts.seed, outcome),),
        )

    def check_leave(self, facts: EventFacts, leave: LeaveFact) -> None:
        raise WrongState(
            gettext(
                "event {slug!r} is a round-robin: there is no leave of "
                "absence (withdraw the player, or have the arbiter rule the "
                "game a forfeit)"
            ).format(slug=facts.slug),
            event=facts.slug,
        )

    def pair_round(
        self, facts: EventFacts, round_number: int
    ) -> tuple[tuple[PlannedEncounter, ...], tuple[PlannedLot, ...]]:
        schedule = self._schedule(facts)
        by_number = {c.number: c.id for c in facts.competitors}
        games: list[PlannedEncounter] = []
        sitting: list[PlannedEncounter] = []
        for a, b in schedule.pairings(round_number):
            if schedule.dummy in (a, b):
                player = by_number[b if a == schedule.dummy else a]
                sitting.append(PlannedEncounter(0, player, bye=ByeKind.SIT_OUT))
                continue
            first, second = by_number[a], by_number[b]
            decided, reason = self._forfeit(facts, first, second, round_number)
            game = PlannedGame(first, second, Side.WHITE, decided, reason)
            games.append(PlannedEncounter(len(games) + 1, first, second, games=(game,)))
        byes = [replace(e, board=len(games) + k) for k, e in enumerate(sitting, start=1)]
        return (*games, *byes), ()

    def _forfeit(
        self, facts: EventFacts, first: CompetitorId, second: CompetitorId, round_number: int
    ) -> tuple[GameResult | None, str]:
        gone = [
            c
            for c in (first, second)
            if (w := facts.withdrawn_from(c)) is not None and w <= round_number
        ]
        if not gone:
            return None, ""
        reason = " and ".join(str(c) for c in gone) + " withdrew"
        if len(gone) == 2:
            return GameResult.DOUBLE_FORFEIT, reason
        if gone[0] == first:
            return GameResult.SECOND_WINS_BY_FORFEIT, reason
        return GameResult.FIRST_WINS_BY_FORFEIT, reason

    def _schedule(self, facts: EventFacts) -> RoundRobinSchedule:
        cycles = round_robin_parameters(facts.parameters).round_robin_cycles
        return _cached_schedule(max(len(facts.competitors), 2), cycles)


@lru_cache(maxsize=16)
def _cached_schedule(players: int, cycles: int) -> RoundRobinSchedule:
    # A 1,000-player table has half a million pairs: build it once, not on every call.
    return round_robin_schedule(players, ScheduleTable.FIDE, cycles=cycles)
