"""The format adapter protocol: how the use cases ask a preset what to do.

An adapter is a stateless object. It receives an event's facts as plain records
(`EventFacts`, built by `store.mapping`) and answers with plain records: what the next pairing
unit is and what to publish for it, which results a game accepts, whether a report is in its
window, the standings, whether the event is finished, and a JSON summary. It never touches the
database; the use cases write what it plans. To add a preset, subclass `BaseAdapter` (or
implement `FormatAdapter` from scratch) and list an instance in `formats.registry`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol

from django.utils.translation import gettext

from mashindano.app.declarations.actions import ActionSpec
from mashindano.app.declarations.parameters import ParameterSchema
from mashindano.app.errors import OutOfWindow, WrongState
from mashindano.engine.errors import IllegalResult
from mashindano.engine.model import (
    ByeKind,
    Competitor,
    CompetitorId,
    GameResult,
    Side,
    StageResults,
)
from mashindano.engine.pairing.baku import Acceleration
from mashindano.engine.points import Points, points_to_json
from mashindano.store.facts import (
    EncounterFact,
    EventFacts,
    EventState,
    GameFact,
    Json,
    LeaveFact,
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
class PairingPlan:
    unit: PairingUnit
    encounters: tuple[PlannedEncounter, ...]
    lots: tuple[PlannedLot, ...] = ()


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


class FormatAdapter(Protocol):
    """What every preset answers. See `BaseAdapter` for the usual defaults."""

    @property
    def preset(self) -> str: ...

    @property
    def description(self) -> str: ...

    @property
    def takes_forbidden_pairs(self) -> bool:
        """Whether its pairing avoids the arbiter's forbidden pairs (`forbid_pair`)."""
        ...

    @property
    def parameter_schema(self) -> ParameterSchema:
        """The preset's parameters: their specs, and how overrides become typed parameters
        (`declarations.parameters_to_json`/`parameters_from_json` read and write them)."""
        ...

    @property
    def plays_once_per_round(self) -> bool:
        """Whether a player sits in at most one encounter of a round (of a stage and group);
        False where a unit holds several (a league month, a KIBA round of two-game pairings).
        An imported document is checked against it."""
        ...

    @property
    def actions(self) -> tuple[ActionSpec, ...]:
        """What people do in an event of this preset besides the common actions
        (`declarations.actions.COMMON_ACTIONS`)."""
        ...

    @property
    def shows_ratings(self) -> bool:
        """Whether its lists show players' ratings; False where another figure orders them
        (a Gomoku league list: the coefficient)."""
        ...

    @property
    def names_sides(self) -> bool:
        """Whether a game's sides have names people use (White/Black, South/North); False
        where the stored first side only says who starts (Tantrix, Gomoku's first mover)."""
        ...

    @property
    def results(self) -> tuple[GameResult, ...]:
        """The results a game of the preset can have (a Bao game has no draw): what the
        results grid offers and its keyboard hint lists."""
        ...

    def match_scores(
        self, facts: EventFacts, stage: int, group: str, number: int
    ) -> Mapping[int, MatchScore]:
        """The multi-game matches of a round as the preset scores them, by board ({} where
        pages show the games alone)."""
        ...

    def plan_start(self, facts: EventFacts) -> StartPlan:
        """Check the entries can start (raise WrongState/ConfigError) and fix numbers/stages."""

    def next_unit(self, facts: EventFacts) -> PairingUnit | None:
        """The next unit to pair, or None when everything has been paired."""

    def plan_next(self, facts: EventFacts, now: datetime) -> PairingPlan:
        """The pairings to publish for the next unit; WrongState when it cannot be paired yet."""

    def parse_result(self, text: str) -> GameResult:
        """A result this format accepts for one game (IllegalResult otherwise)."""

    def parse_report(
        self,
        text: str,
        detail: ResultDetail | None,
        *,
        game: GameFact,
        parameters: Mapping[str, Json],
    ) -> ParsedResult:
        """The result and detail of a report (or ruling, or correction) of `game`, from the
        result text and the detail given beside it; IllegalResult when they are not valid."""

    def plan_extra_games(
        self,
        parameters: Mapping[str, Json],
        encounter: EncounterFact,
        load_facts: Callable[[], EventFacts],
    ) -> tuple[PlannedGame, ...]:
        """Games to append to a running encounter whose games all have a result (a Tantrix
        tiebreak game, the KIBA final's game 3); () when its match rule needs no more.
        `load_facts` gives the whole event when the encounter alone does not tell."""

    def check_result_change(
        self, game: GameFact, parsed: ParsedResult, load_facts: Callable[[], EventFacts]
    ) -> None:
        """WrongState when the format cannot take this report, ruling or correction where the
        event stands (a knockout match whose winner already plays the next round)."""

    def check_report_window(self, window: ReportWindow) -> None:
        """OutOfWindow (or WrongState) when a player's report is no longer accepted."""

    def abandoned_games(self, facts: EventFacts) -> frozenset[str]:
        """The labels of unreported games the rules already count as decided, so that no
        report is taken (KIBA A14: a withdrawn player's unfinished games)."""

    def check_leave(self, facts: EventFacts, leave: LeaveFact) -> None:
        """WrongState when the format has no leave of this kind."""

    def plan_late_entries(
        self, facts: EventFacts, competitors: Sequence[Competitor], now: datetime
    ) -> Mapping[CompetitorId, int]:
        """Players registering after the start: their numbers (empty: none to fix), or
        WrongState (OutOfWindow, ConfigError) when the format takes no entries now."""

    def check_close_period(self, facts: EventFacts, stage: int, period: int, now: datetime) -> None:
        """WrongState (or OutOfWindow, when results of the period may still arrive or be
        disputed at `now`, timezone-aware) when the period cannot be closed (or the format
        has no periods)."""

    def compute_standings(self, facts: EventFacts) -> tuple[StandingsTable, ...]: ...

    def is_finished(self, facts: EventFacts) -> bool: ...

    def stage_results(self, facts: EventFacts) -> StageResults | None:
        """The single stage as engine results, for TRF/CSV export; None for multi-stage."""

    def pairing_acceleration(self, facts: EventFacts) -> Acceleration | None:
        """Virtual points by player and round the pairing adds (Baku, C.04.7); None: none."""

    def export_sections(self, facts: EventFacts) -> Mapping[tuple[int, int, int], str]:
        """The standings table each encounter counts in, by (stage, round, board), named as
        the table is titled; {} where the event has a single table (GAMES.csv `section`)."""
        ...

    def board_groups(self, facts: EventFacts, stage: int, number: int) -> Mapping[int, str]:
        """The group each board of a round is played in, where one stored round holds several
        groups (KIBA: "A", "S1", "final"); {} otherwise."""
        ...

    def export_players(self, facts: EventFacts) -> tuple[Competitor, ...]:
        """The entrants with the figures the preset's rules use (KIBA: a newcomer's Elo),
        for PLAYERS.csv beside GAMES.csv."""
        ...

    def game_scores(self, game: GameFact) -> tuple[Points, Points] | None:
        """The points each side scored inside the game (Tantrix TPs, first player's first),
        or None (GAMES.csv `white_tps,black_tps`)."""
        ...

    def summary(self, facts: EventFacts) -> dict[str, Json]:
        """Where the event stands, as JSON (export, `event show --json`, the demo)."""


class BaseAdapter(ABC):
    """Defaults that suit most presets; subclasses fill in the abstract methods."""

    preset: str
    description: str
    takes_forbidden_pairs: bool = False
    parameter_schema: ParameterSchema
    actions: tuple[ActionSpec, ...] = ()
    plays_once_per_round: bool = True
    names_sides: bool = True
    shows_ratings: bool = True
    results: tuple[GameResult, ...] = tuple(r for r in GameResult if r.is_decided)

    def match_scores(
        self, facts: EventFacts, stage: int, group: str, number: int
    ) -> Mapping[int, MatchScore]:
        return {}

    @abstractmethod
    def plan_start(self, facts: EventFacts) -> StartPlan: ...

    @abstractmethod
    def next_unit(self, facts: EventFacts) -> PairingUnit | None: ...

    @abstractmethod
    def plan_next(self, facts: EventFacts, now: datetime) -> PairingPlan: ...

    @abstractmethod
    def compute_standings(self, facts: EventFacts) -> tuple[StandingsTable, ...]: ...

    def parse_result(self, text: str) -> GameResult:
        result = GameResult.parse(text)
        if result not in self.results:
            raise IllegalResult(
                gettext(
                    "{text!r} is not a result; expected one of 1-0, 1/2-1/2, 0-1, +-, -+, --"
                ).format(text=text),
                text=text,
            )
        return result

    def parse_report(
        self,
        text: str,
        detail: ResultDetail | None,
        *,
        game: GameFact,
        parameters: Mapping[str, Json],
    ) -> ParsedResult:
        """By default a format reads the result text alone and records no detail."""
        if detail is not None:
            raise IllegalResult(
                gettext("{label}: preset {preset} records no detail with a result").format(
                    label=game.label, preset=self.preset
                ),
                round=game.round,
                board=game.board,
            )
        return ParsedResult(self.parse_result(text))

    def plan_extra_games(
        self,
        parameters: Mapping[str, Json],
        encounter: EncounterFact,
        load_facts: Callable[[], EventFacts],
    ) -> tuple[PlannedGame, ...]:
        """By default every game of an encounter is published with it."""
        return ()

    def check_result_change(
        self, game: GameFact, parsed: ParsedResult, load_facts: Callable[[], EventFacts]
    ) -> None:
        """By default any result may change until the event closes; later rounds follow."""
        return None

    def check_report_window(self, window: ReportWindow) -> None:
        """Players report only the current round; earlier rounds need an arbiter's correction."""
        if window.state is not EventState.RUNNING:
            raise WrongState(
                gettext(
                    "results can only be reported while the event is running (it is {value})"
                ).format(value=window.state.value),
                state=window.state.value,
            )
        if window.game.round < window.latest_round:
            raise OutOfWindow(
                gettext(
                    "{label}: round {round} is closed for reports since round "
                    "{latest_round} was paired; ask an arbiter to correct it"
                ).format(
                    label=window.game.label,
                    round=window.game.round,
                    latest_round=window.latest_round,
                ),
                round=window.game.round,
                board=window.game.board,
            )

    def abandoned_games(self, facts: EventFacts) -> frozenset[str]:
        return frozenset()

    def check_leave(self, facts: EventFacts, leave: LeaveFact) -> None:
        return None

    def plan_late_entries(
        self, facts: EventFacts, competitors: Sequence[Competitor], now: datetime
    ) -> Mapping[CompetitorId, int]:
        raise WrongState(
            gettext("event {slug!r} is {value}; players register only before it starts").format(
                slug=facts.slug, value=facts.state.value
            ),
            event=facts.slug,
            state=facts.state.value,
        )

    def check_close_period(self, facts: EventFacts, stage: int, period: int, now: datetime) -> None:
        raise WrongState(
            gettext("event {slug!r} ({preset}) has no league periods to close").format(
                slug=facts.slug, preset=self.preset
            ),
            event=facts.slug,
        )

    def is_finished(self, facts: EventFacts) -> bool:
        return self.next_unit(facts) is None and all(g.result.is_decided for g in facts.games())

    def stage_results(self, facts: EventFacts) -> StageResults | None:
        return None

    def pairing_acceleration(self, facts: EventFacts) -> Acceleration | None:
        return None

    def export_sections(self, facts: EventFacts) -> Mapping[tuple[int, int, int], str]:
        return {}

    def board_groups(self, facts: EventFacts, stage: int, number: int) -> Mapping[int, str]:
        return {}

    def export_players(self, facts: EventFacts) -> tuple[Competitor, ...]:
        return facts.competitors

    def game_scores(self, game: GameFact) -> tuple[Points, Points] | None:
        return None

    def summary(self, facts: EventFacts) -> dict[str, Json]:
        unit = self.next_unit(facts) if facts.state is EventState.RUNNING else None
        return {
            "preset": self.preset,
            "state": facts.state.value,
            "players": len(facts.competitors),
            "rounds_published": len(facts.rounds),
            "next": unit.label if unit is not None else None,
            "finished": self.is_finished(facts)
            if facts.state is not EventState.REGISTRATION
            else False,
            "standings": [table.to_json() for table in self.compute_standings(facts)],
        }


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
