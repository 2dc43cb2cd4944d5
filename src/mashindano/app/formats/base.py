"""The records a format adapter answers with: how the use cases ask a preset what to do.

An adapter is a stateless object. It receives an event's facts as plain records
(`EventFacts`, built by `store.mapping`) and answers with the plain records below: what the
next pairing unit is and what to publish for it, which results a game accepts, whether a report
is in its window, the standings, whether the event is finished, and a JSON summary. It never
touches the database; the use cases write what it plans. What it answers is split into small
protocols, its parts (`formats.parts`); to add a preset, subclass `parts.BaseAdapter`, list the
optional parts it fills in `parts`, and register an instance with `formats.registry`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.utils.translation import gettext

from mashindano.app.errors import WrongState
from mashindano.engine.model import (
    ByeKind,
    Competitor,
    CompetitorId,
    GameResult,
    Side,
)
from mashindano.engine.points import Points, points_to_json
from mashindano.store.facts import (
    EventFacts,
    EventState,
    GameFact,
    Json,
    ResultDetail,
)


@dataclass(frozen=True, slots=True)
class PairingUnit:
    """What gets paired next: a round of a stage (and group), a whole stage, a league month."""

    kind: str
    """"round", "stage" or "month"."""
    stage: int
    group: str
    number: int

    @property
    def label(self) -> str:
        group = f" group {self.group}" if self.group else ""
        return f"stage {self.stage}{group} {self.kind} {self.number}"

    @property
    def words(self) -> str:
        """The label in the reader's language (the pages; `label` stays the JSON's)."""
        if self.kind == "month":
            return gettext("stage {stage} month {number}").format(
                stage=self.stage, number=self.number
            )
        if self.group:
            return gettext("stage {stage} group {group} round {number}").format(
                stage=self.stage, group=self.group, number=self.number
            )
        if self.kind == "round":
            return gettext("stage {stage} round {number}").format(
                stage=self.stage, number=self.number
            )
        return gettext("stage {number}").format(number=self.number)


@dataclass(frozen=True, slots=True)
class PlannedGame:
    first: CompetitorId
    second: CompetitorId
    first_side: Side = Side.WHITE
    decided: GameResult | None = None
    """A result known when the pairing is published (a forfeit against a withdrawn player);
    the use case records it as a ruling by the system, with `reason`."""
    reason: str = ""


@dataclass(frozen=True, slots=True)
class ParsedResult:
    """What a report of one game says, as the format reads it: the result and the per-game
    detail stored beside it (Tantrix TPs; exact values as strings)."""

    result: GameResult
    detail: ResultDetail | None = None


@dataclass(frozen=True, slots=True)
class PlannedEncounter:
    board: int
    first: CompetitorId
    second: CompetitorId | None = None
    """None for a bye (then `bye` says which kind)."""
    match_rule: str = "single"
    games: tuple[PlannedGame, ...] = ()
    bye: ByeKind | None = None


@dataclass(frozen=True, slots=True)
class PlannedLot:
    purpose: str
    seed: int
    outcome: Json


@dataclass(frozen=True, slots=True)
class PlannedWithdrawal:
    """A withdrawal the rules apply when the unit is published (a player absent too often):
    recorded by the system, from `from_round`, with `reason`."""

    competitor: CompetitorId
    from_round: int
    reason: str


@dataclass(frozen=True, slots=True)
class PairingPlan:
    unit: PairingUnit
    encounters: tuple[PlannedEncounter, ...]
    lots: tuple[PlannedLot, ...] = ()
    withdrawals: tuple[PlannedWithdrawal, ...] = ()
    absent: tuple[CompetitorId, ...] = ()
    """Players left out because they were not present at pairing time (the roll call): each
    has the event's absence outcome among `encounters`."""


@dataclass(frozen=True, slots=True)
class PresenceRules:
    """Whether players check in before each round, when, and what an absence gives.

    Check-in for round 1 is open until it is paired; for a later round it opens `delay`
    after the round before was published and stays open `length` (None: until the round is
    paired). Arbiters tick the roll call at any time before the pairing."""

    check_in: bool = False
    delay: timedelta = timedelta(0)
    length: timedelta | None = None
    absence: ByeKind = ByeKind.ZERO_POINT
    """What a player not present at pairing time gets (a zero- or half-point bye)."""
    withdraw_after: int | None = None
    """Absences after which the player is withdrawn (None: never)."""

    def window(
        self, previous_published: datetime | None
    ) -> tuple[datetime | None, datetime | None]:
        """When check-in for the next round opens and closes (None: no bound), given when the
        round before was published (None for round 1)."""
        if previous_published is None:
            return None, None
        opens = previous_published + self.delay
        return opens, (None if self.length is None else opens + self.length)


@dataclass(frozen=True, slots=True)
class PlannedStage:
    number: int
    name: str
    format: str


@dataclass(frozen=True, slots=True)
class StartPlan:
    """What starting the event fixes: every entry's number, the stages, the lots drawn."""

    numbers: Mapping[CompetitorId, int]
    stages: tuple[PlannedStage, ...]
    lots: tuple[PlannedLot, ...] = ()


@dataclass(frozen=True, slots=True)
class StandingsLine:
    rank: int | None
    """None: shown but not ranked (a Gomoku league player on leave, R49)."""
    is_shared: bool
    competitor: Competitor
    points: Points
    values: Mapping[str, Points | None]
    note: str = ""


@dataclass(frozen=True, slots=True)
class StandingsTable:
    title: str
    columns: tuple[str, ...]
    """Tie-break names, in the order they were applied (the keys of each line's values)."""
    lines: tuple[StandingsLine, ...]

    def to_json(self) -> dict[str, Json]:
        return {
            "title": self.title,
            "columns": list(self.columns),
            "rows": [
                {
                    "rank": line.rank,
                    "shared": line.is_shared,
                    "player": line.competitor.id,
                    "name": line.competitor.name,
                    "points": points_to_json(line.points),
                    "exact_points": str(line.points),
                    "tiebreaks": {
                        name: None if value is None else str(value)
                        for name, value in line.values.items()
                    },
                    "note": line.note,
                }
                for line in self.lines
            ],
        }


@dataclass(frozen=True, slots=True)
class MatchScore:
    """Where a match of several games stands as its preset scores it (Tantrix: TP totals of
    the counted games), from the encounter's first player's side first."""

    board: int
    first: Points
    second: Points
    unit: str
    """What the totals count, e.g. "TP"."""
    winner: CompetitorId | None
    ended_by: str | None
    """How it ended (the rule that decided it), when it has."""
    counts_gap: bool = True
    """Whether the gap between the totals decides the match (Tantrix TPs, R7); False where the
    totals are game wins of a best of N, so pages do not show a "gap"."""

    @property
    def gap(self) -> Points:
        return abs(self.first - self.second)

    @property
    def decided(self) -> str:
        """How the match was decided, in the rule book's words ("" while it goes on)."""
        return how_decided(self.ended_by)


def how_decided(ended_by: str | None) -> str:
    """The rule that ended a match (`engine.knockout.tp_match.EndedBy` values), in the words
    of the Tantrix spec (R7-R13, A3, A12); "" while the match goes on."""
    if ended_by is None:
        return ""
    if ended_by.startswith("tiebreak-"):
        return f"decisive victory in tiebreak game {ended_by.removeprefix('tiebreak-')} (R8)"
    if ended_by.startswith("leader-after-tiebreak-"):
        k = ended_by.removeprefix("leader-after-tiebreak-")
        return f"ahead after tiebreak game {k}, the last one (R9)"
    return _DECIDED.get(ended_by, ended_by)


_DECIDED = {
    "standard": "decisive victory after the standard games (R7)",
    "sudden-death": "sudden death after level tiebreak games (R9, A3)",
    "opt-out": "tiebreak games waived: the leader after the standard games (R13)",
    "leader-after-standard": "the leader after the standard games (no decisive rule, A12)",
    "resigned": "resignation",
    "default": "default",
    "bye": "bye",
    "best-of": "games won",
}


@dataclass(frozen=True, slots=True)
class ReportWindow:
    """What a report-window check sees about one game."""

    state: EventState
    game: GameFact
    latest_round: int
    """The latest published round of the game's stage and group."""
    now: datetime
    load_facts: Callable[[], EventFacts] | None = None
    """The whole event's facts, loaded on demand (for windows that depend on more than the
    game: a league month's calendar, the other games of the match)."""


@dataclass(frozen=True, slots=True)
class Incomplete:
    """Games of a round that block the next pairing, for the refusal message."""

    missing: tuple[GameFact, ...] = ()
    disputed: tuple[GameFact, ...] = field(default=())

    def __bool__(self) -> bool:
        return bool(self.missing or self.disputed)

    def describe(self) -> str:
        parts = []
        if self.missing:
            parts.append("no result on board(s) " + ", ".join(str(g.board) for g in self.missing))
        if self.disputed:
            parts.append("disputed on board(s) " + ", ".join(str(g.board) for g in self.disputed))
        return "; ".join(parts)


def require_knockout_field(facts: EventFacts) -> None:
    """A knockout (any bracket) starts with at least two players; WrongState otherwise."""
    if len(facts.competitors) < 2:
        raise WrongState(
            gettext("event {slug!r} has {count} player(s); a knockout needs at least 2").format(
                slug=facts.slug, count=len(facts.competitors)
            ),
            event=facts.slug,
            players=len(facts.competitors),
        )
