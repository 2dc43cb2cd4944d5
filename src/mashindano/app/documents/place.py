"""One vocabulary for where a game stands in every preset: stage, group, round.

A stage is a phase of the event (chess: the only one; a knockout: 1 the main draw, 2 the
plate; KIBA: the qualification groups, semifinal groups and final are rounds 1-3 of stage 1;
a Gomoku league month is a round). A group is a part of a stage played apart ("" when the
stage has one). A round is a published pairing of a stage and group.
"""

from __future__ import annotations

from dataclasses import dataclass, field

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
        return self.stage_name or f"Stage {self.stage}"

    @property
    def label(self) -> str:
        """ "Round 3", "Round 1 group A", "Plate round 1", "Stage 2 round 1": what people
        read."""
        stage = f"{self.stage_title} round" if self.stage != 1 else "Round"
        group = f" group {self.group}" if self.group else ""
        return f"{stage} {self.round}{group}"


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
