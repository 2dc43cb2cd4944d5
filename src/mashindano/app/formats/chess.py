"""What the two chess presets share: one stage, one game per board, round after round,
standings by points then the preset's tie-breaks (chess-manager R2, R3)."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping
from datetime import datetime

from django.utils.translation import gettext

from mashindano.app.errors import WrongState
from mashindano.app.formats.base import (
    Incomplete,
    PairingPlan,
    PairingUnit,
    PlannedEncounter,
    PlannedLot,
    StandingsLine,
    StandingsTable,
)
from mashindano.app.formats.parts import BaseAdapter
from mashindano.engine.model import CompetitorId, StageResults
from mashindano.engine.points import PointSystem
from mashindano.engine.standings import compute_standings
from mashindano.engine.tiebreaks import tiebreaks_by_names
from mashindano.store.facts import EventFacts, EventState, Json, ResultStatus, RoundFact


def blocking_games(round_fact: RoundFact) -> Incomplete:
    games = list(round_fact.games())
    return Incomplete(
        missing=tuple(g for g in games if not g.result.is_decided),
        disputed=tuple(g for g in games if g.status is ResultStatus.DISPUTED),
    )


class ChessAdapter(BaseAdapter):
    @abstractmethod
    def point_system(self, overrides: Mapping[str, Json]) -> PointSystem: ...

    @abstractmethod
    def tiebreak_names(self, overrides: Mapping[str, Json]) -> tuple[str, ...]: ...

    @abstractmethod
    def total_rounds(self, facts: EventFacts) -> int:
        """Rounds of the event once its entries are fixed (after start)."""

    @abstractmethod
    def pair_round(
        self, facts: EventFacts, round_number: int
    ) -> tuple[tuple[PlannedEncounter, ...], tuple[PlannedLot, ...]]: ...

    def next_unit(self, facts: EventFacts) -> PairingUnit | None:
        latest = facts.latest_round()
        done = 0 if latest is None else latest.number
        if done >= self.total_rounds(facts):
            return None
        return PairingUnit("round", 1, "", done + 1)

    def plan_next(self, facts: EventFacts, now: datetime) -> PairingPlan:
        unit = self.next_unit(facts)
        if unit is None:
            raise WrongState(
                gettext("all {total_rounds} rounds of event {slug!r} have been paired").format(
                    total_rounds=self.total_rounds(facts), slug=facts.slug
                ),
                event=facts.slug,
            )
        latest = facts.latest_round()
        if latest is not None:
            incomplete = blocking_games(latest)
            if incomplete:
                raise WrongState(
                    gettext("round {number} of event {slug!r} is not finished: {describe}").format(
                        number=latest.number, slug=facts.slug, describe=incomplete.describe()
                    ),
                    event=facts.slug,
                    round=latest.number,
                )
        encounters, lots = self.pair_round(facts, unit.number)
        return PairingPlan(unit, encounters, lots)

    def stage_results(self, facts: EventFacts) -> StageResults:
        return StageResults(
            competitors=facts.competitors,
            games=tuple(g.as_game() for g in facts.games()),
            byes=tuple(facts.byes()),
            points=self.point_system(facts.parameters),
            rounds=self.total_rounds(facts) if facts.state is not EventState.REGISTRATION else None,
        )

    def compute_standings(self, facts: EventFacts) -> tuple[StandingsTable, ...]:
        results = self.stage_results(facts)
        table = compute_standings(
            results, tiebreaks_by_names(self.tiebreak_names(facts.parameters))
        )
        lines = []
        for row in table.rows:
            note = self.standings_note(facts, row.competitor.id)
            lines.append(
                StandingsLine(
                    rank=row.rank,
                    is_shared=row.is_shared,
                    competitor=row.competitor,
                    points=row.points,
                    values=row.values,
                    note=note,
                )
            )
        return (StandingsTable(gettext("Standings"), table.tiebreaks, tuple(lines)),)

    def standings_note(self, facts: EventFacts, competitor: CompetitorId) -> str:
        """The standings' note of a player: withdrawn (from round N)."""
        withdrawn = facts.withdrawn_from(competitor)
        if withdrawn is None:
            return ""
        return gettext("withdrawn from round {withdrawn}").format(withdrawn=withdrawn)

    def summary(self, facts: EventFacts) -> dict[str, Json]:
        document = super().summary(facts)
        if facts.state is not EventState.REGISTRATION:
            document["rounds"] = self.total_rounds(facts)
        return document
