"""The deadlines of a published round, where the preset's engine derives them (each preset's
`DEADLINE_HOOKS` entry): KIBA's first move (R21), a Gomoku match's 48-hour report window and
24-hour dispute window (R45, R47, A21; none once the month is closed), a Tantrix game's result
forms (R16) and a match's tiebreak offer and reply (R20-R22).

Each deadline says what is due, when, where the rule is written, and the board (and game) it
concerns (none: the whole round). The engine computes every instant; nothing is decided here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from mashindano.app.hooks import Hooks
from mashindano.store.facts import EventFacts, Json, RoundFact


@dataclass(frozen=True, slots=True)
class Deadline:
    what: str
    due: datetime
    spec: str
    board: int | None = None
    """None: every board of the round."""
    game: int | None = None

    def to_json(self) -> dict[str, Json]:
        return {
            "what": self.what,
            "due": self.due.isoformat(),
            "spec": self.spec,
            "board": self.board,
            "game": self.game,
        }


def round_deadlines(facts: EventFacts, shown: RoundFact, at: datetime) -> tuple[Deadline, ...]:
    """The round's deadlines as the facts stand at `at` (offers and replies recorded by
    then); () for presets whose rules set none."""
    found = DEADLINE_HOOKS.get(facts.preset)
    return found(facts, shown, at) if found is not None else ()


type RoundDeadlines = Callable[[EventFacts, RoundFact, datetime], tuple[Deadline, ...]]
"""A preset's deadlines of a published round as the facts stand at a moment."""

DEADLINE_HOOKS: Hooks[RoundDeadlines] = Hooks("round deadlines")
