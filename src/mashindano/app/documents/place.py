"""One vocabulary for where a game stands in every preset: stage, group, round.

A stage is a phase of the event (chess: the only one; a knockout: 1 the main draw, 2 the
plate; KIBA: the qualification groups, semifinal groups and final are rounds 1-3 of stage 1;
a Gomoku league month is a round). A group is a part of a stage played apart ("" when the
stage has one). A round is a published pairing of a stage and group.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext

from mashindano.engine.model import Competitor, CompetitorId


@dataclass(frozen=True, slots=True)
class Place:
    stage: int
    group: str
    round: int
    stage_name: str = field(default="", compare=False)
    """The stage's name where the preset gives one ("Plate"); not part of the place's
    identity."""

    @property
    def stage_title(self) -> str:
        """ "Plate", or "Stage 2" for a stage without a name."""
        if self.stage_name:
            return gettext(self.stage_name)
        return gettext("Stage {stage}").format(stage=self.stage)

    @property
    def label(self) -> str:
        """ "Round 3", "Round 1 group A", "Plate round 1", "Stage 2 round 1": what people
        read."""
        if self.stage != 1 and self.group:
            return gettext("{stage} round {round} group {group}").format(
                stage=self.stage_title, round=self.round, group=self.group
            )
        if self.stage != 1:
            return gettext("{stage} round {round}").format(stage=self.stage_title, round=self.round)
        if self.group:
            return gettext("Round {round} group {group}").format(round=self.round, group=self.group)
        return gettext("Round {round}").format(round=self.round)


@dataclass(frozen=True, slots=True)
class PlayerRef:
    """A player as pages show one: id (the key a command takes), name, number, rating."""

    id: CompetitorId
    name: str
    number: int | None = None
    rating: int | None = None
    country: str | None = None

    @staticmethod
    def of(competitor: Competitor) -> PlayerRef:
        return PlayerRef(
            competitor.id, competitor.name, competitor.number, competitor.rating, competitor.country
        )

    @staticmethod
    def lookup(players: dict[CompetitorId, Competitor], competitor: CompetitorId) -> PlayerRef:
        """The registered player, or a bare reference for an id the event does not list."""
        found = players.get(competitor)
        return PlayerRef.of(found) if found is not None else PlayerRef(competitor, str(competitor))
