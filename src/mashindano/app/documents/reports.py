"""A game's result log as the pages show it (my page, the console's queues): who reported,
confirmed or disputed what, and when."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from mashindano.store.facts import GameFact


@dataclass(frozen=True, slots=True)
class ReportLine:
    """One line of a game's result log: who reported, confirmed or disputed what, when."""

    kind: str
    result: str
    actor: str
    at: datetime
    reason: str


def report_lines(game: GameFact) -> tuple[ReportLine, ...]:
    """The game's reports, confirmations, disputes and rulings in the order they came."""
    return tuple(
        ReportLine(
            r.kind.value, r.result.value if r.result is not None else "", r.actor, r.at, r.reason
        )
        for r in game.reports
    )
