"""An event's facts as plain, immutable records (no Django): what `mapping` loads from the
database and what use cases and format adapters read.

Only the current result of a game is derived here, by folding its append-only report log
(`fold_reports`): everything else (scores, standings, clocks) is the engine's job.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, fields
from datetime import datetime
from enum import StrEnum

from mashindano.engine.errors import ParseError
from mashindano.engine.model import (
    Bye,
    ByeKind,
    Competitor,
    CompetitorId,
    Game,
    GameResult,
    Side,
    Termination,
)


def record_maker[R](cls: type[R]) -> Callable[..., R]:
    """A constructor of the frozen, slotted record class `cls` that takes its fields
    positionally (those set by `__init__`, in order; the others get their default) and fills
    the slots through their descriptors.

    For the thousands of records `mapping.load_event_facts` makes per event (a 1,000-player
    Swiss after 9 rounds has 4,500 games, encounters and reports): the dataclass's own
    `__init__` sets each field through `object.__setattr__` (it must, being frozen), which
    made building them about a third of loading the event. The record is the same: equal,
    hashable, immutable. Like `dataclasses` itself, the function is generated once per class.
    """
    scope: dict[str, object] = {"new": object.__new__, "cls": cls}
    names, body = [], []
    for f in fields(cls):  # type: ignore[arg-type]
        scope[f"set_{f.name}"] = getattr(cls, f.name).__set__
        if f.init:
            names.append(f.name)
            body.append(f"    set_{f.name}(record, {f.name})\n")
        else:
            scope[f"default_{f.name}"] = f.default
            body.append(f"    set_{f.name}(record, default_{f.name})\n")
    head = f"def make({', '.join(names)}):\n    record = new(cls)\n"
    source = head + "".join(body) + "    return record\n"
    exec(source, scope)
    maker: Callable[..., R] = scope["make"]  # type: ignore[assignment]
    return maker


type Json = bool | int | float | str | list[Json] | dict[str, Json] | None
type ResultDetail = dict[str, Json]
"""A JSON object stored beside a game's result, exact values written as strings."""


class EventState(StrEnum):
    REGISTRATION = "registration"
    """Created; players register. Nothing is paired yet."""
    RUNNING = "running"
    """Started: entries and their numbers are fixed; rounds are paired and played."""
    CLOSED = "closed"
    """Finished and closed by the organiser; nothing changes any more."""


class ReportKind(StrEnum):
    REPORT = "report"
    CONFIRM = "confirm"
    DISPUTE = "dispute"
    RULING = "ruling"
    CORRECTION = "correction"


class ResultStatus(StrEnum):
    PENDING = "pending"
    REPORTED = "reported"
    CONFIRMED = "confirmed"
    DISPUTED = "disputed"
    RULED = "ruled"
    CORRECTED = "corrected"


@dataclass(frozen=True, slots=True)
class ReportFact:
    kind: ReportKind
    result: GameResult | None
    """None for a confirmation or a dispute."""
    termination: Termination
    actor: str
    at: datetime
    reason: str
    detail: ResultDetail | None = None
    """Per-game detail recorded with the result (Tantrix TPs); None for confirmations,
    disputes and formats without detail."""


def fold_reports(reports: tuple[ReportFact, ...]) -> tuple[GameResult, Termination, ResultStatus]:
    """The current result of a game: the latest report, ruling or correction, and its status.

    A dispute does not remove the reported result (it still counts in the standings) but
    blocks the next pairing until an arbiter rules.
    """
    result, termination, status = GameResult.NOT_PLAYED, Termination.NORMAL, ResultStatus.PENDING
    for report in reports:
        match report.kind:
            case ReportKind.CONFIRM:
                status = ResultStatus.CONFIRMED
            case ReportKind.DISPUTE:
                status = ResultStatus.DISPUTED
            case _:
                assert report.result is not None
                result, termination = report.result, report.termination
                status = _STATUS_AFTER[report.kind]
    return result, termination, status


def current_detail(reports: tuple[ReportFact, ...]) -> ResultDetail | None:
    """The detail that goes with the current result: that of the latest report, ruling or
    correction (a confirmation or dispute keeps it)."""
    for report in reversed(reports):
        if report.result is not None:
            return report.detail
    return None


_STATUS_AFTER = {
    ReportKind.REPORT: ResultStatus.REPORTED,
    ReportKind.RULING: ResultStatus.RULED,
    ReportKind.CORRECTION: ResultStatus.CORRECTED,
}


@dataclass(frozen=True, slots=True)
class MoveFact:
    ply: int
    notation: str
    played_at: datetime
    actor: str


@dataclass(frozen=True, slots=True)
class GameFact:
    id: int
    stage: int
    group: str
    round: int
    board: int
    number: int
    """1-based position of the game inside its encounter (KIBA plays two, Gomoku four)."""
    encounter_id: int
    first: CompetitorId
    second: CompetitorId
    first_side: Side
    reports: tuple[ReportFact, ...]
    moves: tuple[MoveFact, ...] = ()
    _folded: tuple[GameResult, Termination, ResultStatus] | None = field(
        default=None, init=False, repr=False, compare=False
    )
    """`current`, once asked (a page asks it of every game several times)."""

    @property
    def current(self) -> tuple[GameResult, Termination, ResultStatus]:
        folded = self._folded
        if folded is None:
            folded = fold_reports(self.reports)
            object.__setattr__(self, "_folded", folded)  # derived from the frozen reports
        return folded

    @property
    def result(self) -> GameResult:
        return self.current[0]

    @property
    def status(self) -> ResultStatus:
        return self.current[2]

    @property
    def detail(self) -> ResultDetail | None:
        return current_detail(self.reports)

    def as_game(self) -> Game:
        result, termination, _ = self.current
        return Game(
            self.round, self.first, self.second, result, termination, encounter=self.encounter_id
        )

    @property
    def label(self) -> str:
        where = f"round {self.round}, board {self.board}"
        if self.number > 1:
            where += f", game {self.number}"
        return f"{where} ({self.first} - {self.second})"


@dataclass(frozen=True, slots=True)
class EncounterFact:
    id: int
    board: int
    first: CompetitorId
    second: CompetitorId | None
    """None for a bye."""
    match_rule: str
    bye_kind: ByeKind | None
    games: tuple[GameFact, ...]


@dataclass(frozen=True, slots=True)
class RoundFact:
    stage: int
    group: str
    number: int
    published_at: datetime
    encounters: tuple[EncounterFact, ...]

    def games(self) -> Iterator[GameFact]:
        for encounter in self.encounters:
            yield from encounter.games

    def byes(self) -> Iterator[Bye]:
        for encounter in self.encounters:
            if encounter.second is None and encounter.bye_kind is not None:
                yield Bye(self.number, encounter.first, encounter.bye_kind)

    def is_complete(self) -> bool:
        return all(g.result.is_decided for g in self.games())


@dataclass(frozen=True, slots=True)
class WithdrawalFact:
    competitor: CompetitorId
    from_round: int
    at: datetime
    actor: str
    reason: str


@dataclass(frozen=True, slots=True)
class LeaveFact:
    competitor: CompetitorId
    from_round: int
    to_round: int
    bye_kind: ByeKind
    at: datetime
    actor: str
    reason: str

    def covers(self, round_number: int) -> bool:
        return self.from_round <= round_number <= self.to_round


SANCTION_KINDS = ("warning", "point-deduction", "forfeit", "expulsion", "disinterest")
"""What a sanction's `kind` may be; `disinterest` flags a league player for a month (Gomoku
R40)."""


@dataclass(frozen=True, slots=True)
class PresenceFact:
    """A mark of the roll call before a round is paired: the player checked in, or an
    arbiter ticked (`present`) or unticked them. The latest mark of a player and round holds."""

    competitor: CompetitorId
    round: int
    present: bool
    at: datetime
    actor: str
    reason: str = ""


@dataclass(frozen=True, slots=True)
class SanctionFact:
    competitor: CompetitorId
    round: int | None
    kind: str
    """One of `SANCTION_KINDS`."""
    points: str
    at: datetime
    actor: str
    reason: str


@dataclass(frozen=True, slots=True)
class LotFact:
    purpose: str
    seed: int
    outcome: Json
    drawn_at: datetime


FORBID_PAIR = "forbid-pair"
"""Override subject: the two players of `value["players"]` must not be paired together."""
ALLOW_PAIR = "allow-pair"
"""Override subject: lifts an earlier `forbid-pair` of the same two players."""


@dataclass(frozen=True, slots=True)
class AnnouncementFact:
    """A notice posted on the event's pages; `withdrawn_at` set once it was withdrawn."""

    id: int
    text: str
    at: datetime
    actor: str
    withdrawn_at: datetime | None = None
    withdrawn_by: str = ""
    withdrawn_reason: str = ""

    @property
    def is_shown(self) -> bool:
        return self.withdrawn_at is None


@dataclass(frozen=True, slots=True)
class OverrideFact:
    """An arbiter's decision that overrides what the rules would derive (`subject` names what
    it decides, `value` the JSON that says how)."""

    subject: str
    value: Json
    at: datetime
    actor: str
    reason: str


def override_pair(override: OverrideFact) -> frozenset[CompetitorId]:
    """The two players a pair override (`{"players": [a, b]}`) names."""
    value = override.value
    players = value.get("players") if isinstance(value, dict) else None
    if (
        not isinstance(players, list)
        or len(players) != 2
        or not all(isinstance(p, str) for p in players)
        or players[0] == players[1]
    ):
        raise ParseError(
            f"arbiter override {override.subject!r} of {override.at.isoformat()} by "
            f"{override.actor!r} must name two different players as "
            f'{{"players": [a, b]}}, got {value!r}',
            subject=override.subject,
        )
    return frozenset(CompetitorId(str(p)) for p in players)


@dataclass(frozen=True, slots=True)
class EventFacts:
    """Everything that happened in one event, as loaded by `mapping.load_event_facts`."""

    slug: str
    name: str
    preset: str
    parameters: Mapping[str, Json]
    """The organiser's overrides of the preset's parameters, as given (text or JSON)."""
    seed: int
    state: EventState
    version: int
    competitors: tuple[Competitor, ...]
    rounds: tuple[RoundFact, ...] = ()
    withdrawals: tuple[WithdrawalFact, ...] = ()
    leaves: tuple[LeaveFact, ...] = ()
    sanctions: tuple[SanctionFact, ...] = ()
    lots: tuple[LotFact, ...] = ()
    closed_periods: tuple[tuple[int, int], ...] = ()
    """(stage, period) pairs closed by the organiser (league months)."""
    registered_at: Mapping[CompetitorId, datetime] = field(default_factory=dict)
    """When each entry registered (a league's late entries count for the next month)."""
    period_closed_at: Mapping[tuple[int, int], datetime] = field(default_factory=dict)
    """When each closed (stage, period) was closed."""
    overrides: tuple[OverrideFact, ...] = ()
    """The arbiter's overrides, in the order they were made."""
    stage_names: Mapping[int, str] = field(default_factory=dict)
    """Each stage's name as the preset planned it ("Main draw", "Plate")."""
    announcements: tuple[AnnouncementFact, ...] = ()
    """Notices posted on the event's pages, oldest first, withdrawn ones included."""
    presence: tuple[PresenceFact, ...] = ()
    """The roll-call marks (check-ins and ticks), oldest first."""
    first_rounds: Mapping[CompetitorId, int] = field(default_factory=dict)
    """Late entries' first rounds (the next round to pair when they registered)."""

    def stage_name(self, stage: int) -> str:
        return self.stage_names.get(stage, "")

    def games(self) -> Iterator[GameFact]:
        for round_fact in self.rounds:
            yield from round_fact.games()

    def byes(self) -> Iterator[Bye]:
        for round_fact in self.rounds:
            yield from round_fact.byes()

    def latest_round(self, stage: int = 1, group: str = "") -> RoundFact | None:
        found = [r for r in self.rounds if r.stage == stage and r.group == group]
        return max(found, key=lambda r: r.number) if found else None

    def lot(self, purpose: str) -> LotFact | None:
        for lot in self.lots:
            if lot.purpose == purpose:
                return lot
        return None

    def withdrawn_from(self, competitor: CompetitorId) -> int | None:
        rounds = [w.from_round for w in self.withdrawals if w.competitor == competitor]
        return min(rounds) if rounds else None

    def present_for(self, round_number: int) -> frozenset[CompetitorId]:
        """The players whose latest roll-call mark for the round says present."""
        latest: dict[CompetitorId, bool] = {}
        for mark in self.presence:
            if mark.round == round_number:
                latest[mark.competitor] = mark.present
        return frozenset(c for c, present in latest.items() if present)

    def presence_marks(self, round_number: int) -> dict[CompetitorId, PresenceFact]:
        """Each player's latest roll-call mark for the round."""
        return {m.competitor: m for m in self.presence if m.round == round_number}

    def is_entered(self, competitor: CompetitorId) -> bool:
        return any(c.id == competitor for c in self.competitors)

    def forbidden_pairs(self) -> frozenset[frozenset[CompetitorId]]:
        """The pairs that must not meet now: every `forbid-pair` override not lifted by a
        later `allow-pair` of the same two players (replayed in order, so a pair forbidden
        again after being allowed is forbidden)."""
        forbidden: set[frozenset[CompetitorId]] = set()
        for override in self.overrides:
            if override.subject == FORBID_PAIR:
                forbidden.add(override_pair(override))
            elif override.subject == ALLOW_PAIR:
                forbidden.discard(override_pair(override))
        return frozenset(forbidden)
