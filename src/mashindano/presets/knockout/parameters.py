"""The knockout preset's parameters: the engine's `EliminationOptions` plus how pairings are
published (`publish`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from mashindano.app.declarations.parameters import Note
from mashindano.engine.errors import ConfigError
from mashindano.engine.knockout.elimination_options import (
    Elimination,
    EliminationOptions,
    EliminationSeeding,
)
from mashindano.engine.parameters import override
from mashindano.store.facts import Json


class Publish(StrEnum):
    STAGE = "stage"
    """A stage at a time: the next matches are published once every published match is
    decided (no disputed game)."""
    ALL = "all"
    """The whole bracket is drawn at once; each match is published as soon as its two
    players are known, without waiting for the rest of its round."""


@dataclass(frozen=True, slots=True)
class KnockoutParameters:
    elimination: str = Elimination.SINGLE.value
    third_place: bool = False
    grand_final_reset: bool = True
    seeding: str = EliminationSeeding.RATING.value
    best_of: int = 1
    publish: str = Publish.STAGE.value

    def __post_init__(self) -> None:
        publish = tuple(p.value for p in Publish)
        if self.publish not in publish:
            raise ConfigError(
                f"publish must be one of {', '.join(publish)}, got {self.publish!r}",
                parameter="publish",
                value=self.publish,
            )
        self.options  # noqa: B018 - the engine checks the bracket options

    @property
    def options(self) -> EliminationOptions:
        return EliminationOptions(
            elimination=self.elimination,
            third_place=self.third_place,
            grand_final_reset=self.grand_final_reset,
            seeding=self.seeding,
            best_of=self.best_of,
        )


KNOCKOUT = KnockoutParameters()

NOTES: dict[str, Note] = {
    "elimination": Note("Single elimination, or double (a losers' bracket: out after two losses)"),
    "third_place": Note("Single elimination: the semifinal losers play for third place"),
    "grand_final_reset": Note(
        "Double elimination: a second grand final when the losers'-bracket finalist wins the first"
    ),
    "seeding": Note("Seeds by rating (byes to the top seeds), or drawn by lot"),
    "best_of": Note("Games per match (odd); a drawn game is replayed", minimum=1, maximum=99),
    "publish": Note(
        "Publish the pairings stage by stage, or draw the whole bracket and publish each "
        "match as soon as its players are known"
    ),
}

CHOICES: dict[str, tuple[str, ...]] = {
    "elimination": tuple(e.value for e in Elimination),
    "seeding": tuple(s.value for s in EliminationSeeding),
    "publish": tuple(p.value for p in Publish),
}


def knockout_parameters(overrides: Mapping[str, Json]) -> KnockoutParameters:
    return override(KNOCKOUT, overrides)
