"""The parts of a preset's adapter: small protocols, grouped by purpose, that the use cases and
documents ask for through the registry (`registry.part(preset, LEAVES)`).

Four parts are required, every adapter fills them (`BaseAdapter` gives the usual defaults):
`Description` (what the preset is and which optional parts it has), `Pairing`, `Results` and
`Standings`. Every other part is optional: an adapter lists those it fills in its `parts`
attribute (`parts = (LEAVES, EXTRA_GAMES)`), and for a preset without the part the registry
answers the part's default (the behaviour a preset without it has: no leave rule, no extra
game, one standings table ...). A preset therefore writes no do-nothing method; the registry
refuses an adapter that misses a member of a part it declares or defines a member of a part it
does not declare (so a method never goes unheard). Each protocol has at most 8 members
(tests/app/test_adapter_parts.py).

A `Part` is the key of one part: its name, its protocol (runtime-checkable) and the default
built from the preset's required parts (`Core`), None for a required part.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol, runtime_checkable

from django.utils.translation import gettext

from mashindano.app.declarations.actions import ActionSpec
from mashindano.app.declarations.parameters import ParameterSchema
from mashindano.app.errors import OutOfWindow, WrongState
from mashindano.app.formats.base import (
    MatchScore,
    PairingPlan,
    PairingUnit,
    ParsedResult,
    PlannedGame,
    PresenceRules,
    ReportWindow,
    StandingsTable,
    StartPlan,
)
from mashindano.engine.errors import IllegalResult
from mashindano.engine.model import (
    Competitor,
    CompetitorId,
    GameResult,
    StageResults,
)
from mashindano.engine.pairing.baku import Acceleration
from mashindano.engine.pairing.check import Violation
from mashindano.engine.pairing.dutch import SwissPairing
from mashindano.engine.points import Points
from mashindano.store.facts import (
    EncounterFact,
    EventFacts,
    EventState,
    GameFact,
    Json,
    LeaveFact,
    ResultDetail,
)

# -- the required parts -----------------------------------------------------------------------


@runtime_checkable
class Description(Protocol):
    """What the preset is, how its pages show it, and which optional parts it fills."""

    @property
    def preset(self) -> str: ...

    @property
    def title(self) -> str:
        """The preset's name as people say it ("KIBA Bao tournament"), marked for translation
        and translated where it is shown; empty: the slug is shown."""
        ...

    @property
    def description(self) -> str:
        """One line on what the preset plays, marked for translation like `title`."""
        ...

    @property
    def parameter_schema(self) -> ParameterSchema:
        """The preset's parameters: their specs, and how overrides become typed parameters
        (`declarations.parameters_to_json`/`parameters_from_json` read and write them)."""
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
    def parts(self) -> tuple[Part[Any], ...]:
        """The optional parts (below) the adapter fills; the registry checks them."""
        ...


@runtime_checkable
class Pairing(Protocol):
    """Starting the event and pairing it unit after unit."""

    @property
    def takes_forbidden_pairs(self) -> bool:
        """Whether its pairing avoids the arbiter's forbidden pairs (`forbid_pair`)."""
        ...

    @property
    def plays_once_per_round(self) -> bool:
        """Whether a player sits in at most one encounter of a round (of a stage and group);
        False where a unit holds several (a league month, a KIBA round of two-game pairings).
        An imported document is checked against it."""
        ...

    def plan_start(self, facts: EventFacts) -> StartPlan:
        """Check the entries can start (raise WrongState/ConfigError) and fix numbers/stages."""
        ...

    def next_unit(self, facts: EventFacts) -> PairingUnit | None:
        """The next unit to pair, or None when everything has been paired."""
        ...

    def plan_next(self, facts: EventFacts, now: datetime) -> PairingPlan:
        """The pairings to publish for the next unit; WrongState when it cannot be paired yet."""
        ...


@runtime_checkable
class Results(Protocol):
    """Which results a game takes, and when players may report them."""

    @property
    def results(self) -> tuple[GameResult, ...]:
        """The results a game of the preset can have (a Bao game has no draw): what the
        results grid offers and its keyboard hint lists."""
        ...

    def parse_result(self, text: str) -> GameResult:
        """A result this format accepts for one game (IllegalResult otherwise)."""
        ...

    def check_report_window(self, window: ReportWindow) -> None:
        """OutOfWindow (or WrongState) when a player's report is no longer accepted."""
        ...


@runtime_checkable
class Standings(Protocol):
    """Where the event stands."""

    def compute_standings(self, facts: EventFacts) -> tuple[StandingsTable, ...]: ...

    def is_finished(self, facts: EventFacts) -> bool: ...

    def summary(self, facts: EventFacts) -> dict[str, Json]:
        """Where the event stands, as JSON (export, `event show --json`, the demo)."""
        ...


# -- optional parts: pairing and entries ------------------------------------------------------


@runtime_checkable
class Leaves(Protocol):
    def check_leave(self, facts: EventFacts, leave: LeaveFact) -> None:
        """WrongState when the format has no leave of this kind. Default: any leave."""
        ...


@runtime_checkable
class LateEntries(Protocol):
    def plan_late_entries(
        self, facts: EventFacts, competitors: Sequence[Competitor], now: datetime
    ) -> Mapping[CompetitorId, int]:
        """Players registering after the start: their numbers (empty: none to fix), or
        WrongState (OutOfWindow, ConfigError) when the format takes no entries now.
        Default: players register only before the start."""
        ...


@runtime_checkable
class Presence(Protocol):
    def presence_rules(self, facts: EventFacts) -> PresenceRules:
        """Whether players check in before each round, in which window, and what an absence
        at pairing time gives (the pairing leaves absent players out itself, `roll_call` says
        who they are). Presets read it from the shared parameters (`round_rules`). Default:
        no check-in."""
        ...


@runtime_checkable
class Periods(Protocol):
    def check_close_period(self, facts: EventFacts, stage: int, period: int, now: datetime) -> None:
        """WrongState (or OutOfWindow, when results of the period may still arrive or be
        disputed at `now`, timezone-aware) when the period cannot be closed. Default: the
        format has no periods."""
        ...


@runtime_checkable
class Accelerated(Protocol):
    def pairing_acceleration(self, facts: EventFacts) -> Acceleration | None:
        """Virtual points by player and round the pairing adds (Baku, C.04.7); None: none.
        Default: none."""
        ...


@runtime_checkable
class DraftChecks(Protocol):
    def check_draft(
        self, facts: EventFacts, round_number: int, pairing: SwissPairing, optimum: SwissPairing
    ) -> tuple[Violation, ...] | None:
        """The rules a pairing of the next round breaks (boards as (white, black), the
        pairing-allocated bye) when the arbiter changed it by hand; `optimum` is the pairing
        the preset itself made. None: the preset's drafts are not changed by hand (a round
        robin's table, a knockout's draw). Default: None."""
        ...


# -- optional parts: results and matches ------------------------------------------------------


@runtime_checkable
class ResultDetails(Protocol):
    def parse_report(
        self,
        text: str,
        detail: ResultDetail | None,
        *,
        game: GameFact,
        parameters: Mapping[str, Json],
    ) -> ParsedResult:
        """The result and detail of a report (or ruling, or correction) of `game`, from the
        result text and the detail given beside it; IllegalResult when they are not valid.
        Default: the result text alone, no detail taken."""
        ...


@runtime_checkable
class ResultChanges(Protocol):
    def check_result_change(
        self, game: GameFact, parsed: ParsedResult, load_facts: Callable[[], EventFacts]
    ) -> None:
        """WrongState when the format cannot take this report, ruling or correction where the
        event stands (a knockout match whose winner already plays the next round). Default:
        any result may change until the event closes; later rounds follow."""
        ...


@runtime_checkable
class ExtraGames(Protocol):
    def plan_extra_games(
        self,
        parameters: Mapping[str, Json],
        encounter: EncounterFact,
        load_facts: Callable[[], EventFacts],
    ) -> tuple[PlannedGame, ...]:
        """Games to append to a running encounter whose games all have a result (a Tantrix
        tiebreak game, the KIBA final's game 3); () when its match rule needs no more.
        `load_facts` gives the whole event when the encounter alone does not tell.
        Default: every game of an encounter is published with it."""
        ...


@runtime_checkable
class ScoredMatches(Protocol):
    def match_scores(
        self, facts: EventFacts, stage: int, group: str, number: int
    ) -> Mapping[int, MatchScore]:
        """The multi-game matches of a round as the preset scores them, by board. Default: {}
        (pages show the games alone)."""
        ...


@runtime_checkable
class AbandonedGames(Protocol):
    def abandoned_games(self, facts: EventFacts) -> frozenset[str]:
        """The labels of unreported games the rules already count as decided, so that no
        report is taken (KIBA A14: a withdrawn player's unfinished games). Default: none."""
        ...


# -- optional parts: export and groups --------------------------------------------------------


@runtime_checkable
class StageExport(Protocol):
    def stage_results(self, facts: EventFacts) -> StageResults | None:
        """The single stage as engine results, for TRF/CSV export and the crosstable; None
        for multi-stage. Default: None."""
        ...


@runtime_checkable
class PlayersExport(Protocol):
    def export_players(self, facts: EventFacts) -> tuple[Competitor, ...]:
        """The entrants with the figures the preset's rules use (KIBA: a newcomer's Elo),
        for PLAYERS.csv beside GAMES.csv. Default: the entrants as registered."""
        ...


@runtime_checkable
class Sections(Protocol):
    def export_sections(self, facts: EventFacts) -> Mapping[tuple[int, int, int], str]:
        """The standings table each encounter counts in, by (stage, round, board), named as
        the table is titled (GAMES.csv `section`). Default: {} (a single table)."""
        ...


@runtime_checkable
class BoardGroups(Protocol):
    def board_groups(self, facts: EventFacts, stage: int, number: int) -> Mapping[int, str]:
        """The group each board of a round is played in, where one stored round holds several
        groups (KIBA: "A", "S1", "final"). Default: {}."""
        ...


@runtime_checkable
class GameScores(Protocol):
    def game_scores(self, game: GameFact) -> tuple[Points, Points] | None:
        """The points each side scored inside the game (Tantrix TPs, first player's first),
        or None (GAMES.csv `white_tps,black_tps`). Default: None."""
        ...


# -- the keys ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Core:
    """A registered preset's required parts (one adapter seen four ways); what an optional
    part's default is built from."""

    description: Description
    pairing: Pairing
    results: Results
    standings: Standings


@dataclass(frozen=True, slots=True, eq=False)
class Part[P]:
    """The key of one part: `registry.part(preset, key)` answers a `P`."""

    name: str
    protocol: type
    """The runtime-checkable protocol (`P` itself; mypy takes no protocol as `type[P]`)."""
    default: Callable[[Core], P] | None = None
    """What a preset without the part answers; None: every preset fills it (required)."""

    @property
    def members(self) -> frozenset[str]:
        """The protocol's member names (Python 3.12 records them on every protocol class)."""
        names: frozenset[str] = frozenset(getattr(self.protocol, "__protocol_attrs__", ()))
        return names

    @property
    def required(self) -> bool:
        return self.default is None

    def __repr__(self) -> str:
        return f"Part({self.name!r})"


DESCRIPTION: Part[Description] = Part("description", Description)
PAIRING: Part[Pairing] = Part("pairing", Pairing)
RESULTS: Part[Results] = Part("results", Results)
STANDINGS: Part[Standings] = Part("standings", Standings)


class _AnyLeave:
    def check_leave(self, facts: EventFacts, leave: LeaveFact) -> None:
        return None


class _EntriesBeforeStart:
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


@dataclass(frozen=True, slots=True)
class _NoPeriods:
    preset: str

    def check_close_period(self, facts: EventFacts, stage: int, period: int, now: datetime) -> None:
        raise WrongState(
            gettext("event {slug!r} ({preset}) has no league periods to close").format(
                slug=facts.slug, preset=self.preset
            ),
            event=facts.slug,
        )


class _NoCheckIn:
    def presence_rules(self, facts: EventFacts) -> PresenceRules:
        return PresenceRules()


class _NoDraftChecks:
    def check_draft(
        self, facts: EventFacts, round_number: int, pairing: SwissPairing, optimum: SwissPairing
    ) -> tuple[Violation, ...] | None:
        return None


class _NoAcceleration:
    def pairing_acceleration(self, facts: EventFacts) -> Acceleration | None:
        return None


@dataclass(frozen=True, slots=True)
class _ResultTextOnly:
    preset: str
    results: Results

    def parse_report(
        self,
        text: str,
        detail: ResultDetail | None,
        *,
        game: GameFact,
        parameters: Mapping[str, Json],
    ) -> ParsedResult:
        if detail is not None:
            raise IllegalResult(
                gettext("{label}: preset {preset} records no detail with a result").format(
                    label=game.label, preset=self.preset
                ),
                round=game.round,
                board=game.board,
            )
        return ParsedResult(self.results.parse_result(text))


class _AnyResultChange:
    def check_result_change(
        self, game: GameFact, parsed: ParsedResult, load_facts: Callable[[], EventFacts]
    ) -> None:
        return None


class _NoExtraGames:
    def plan_extra_games(
        self,
        parameters: Mapping[str, Json],
        encounter: EncounterFact,
        load_facts: Callable[[], EventFacts],
    ) -> tuple[PlannedGame, ...]:
        return ()


class _GamesAlone:
    def match_scores(
        self, facts: EventFacts, stage: int, group: str, number: int
    ) -> Mapping[int, MatchScore]:
        return {}


class _NoneAbandoned:
    def abandoned_games(self, facts: EventFacts) -> frozenset[str]:
        return frozenset()


class _NoStageExport:
    def stage_results(self, facts: EventFacts) -> StageResults | None:
        return None


class _EntrantsAsRegistered:
    def export_players(self, facts: EventFacts) -> tuple[Competitor, ...]:
        return facts.competitors


class _OneTable:
    def export_sections(self, facts: EventFacts) -> Mapping[tuple[int, int, int], str]:
        return {}


class _NoBoardGroups:
    def board_groups(self, facts: EventFacts, stage: int, number: int) -> Mapping[int, str]:
        return {}


class _NoGameScores:
    def game_scores(self, game: GameFact) -> tuple[Points, Points] | None:
        return None


LEAVES: Part[Leaves] = Part("leaves", Leaves, lambda core: _AnyLeave())
LATE_ENTRIES: Part[LateEntries] = Part(
    "late entries", LateEntries, lambda core: _EntriesBeforeStart()
)
PRESENCE: Part[Presence] = Part("presence", Presence, lambda core: _NoCheckIn())
PERIODS: Part[Periods] = Part("periods", Periods, lambda core: _NoPeriods(core.description.preset))
ACCELERATED: Part[Accelerated] = Part("accelerated", Accelerated, lambda core: _NoAcceleration())
DRAFT_CHECKS: Part[DraftChecks] = Part("draft checks", DraftChecks, lambda core: _NoDraftChecks())
RESULT_DETAILS: Part[ResultDetails] = Part(
    "result details",
    ResultDetails,
    lambda core: _ResultTextOnly(core.description.preset, core.results),
)
RESULT_CHANGES: Part[ResultChanges] = Part(
    "result changes", ResultChanges, lambda core: _AnyResultChange()
)
EXTRA_GAMES: Part[ExtraGames] = Part("extra games", ExtraGames, lambda core: _NoExtraGames())
SCORED_MATCHES: Part[ScoredMatches] = Part(
    "scored matches", ScoredMatches, lambda core: _GamesAlone()
)
ABANDONED_GAMES: Part[AbandonedGames] = Part(
    "abandoned games", AbandonedGames, lambda core: _NoneAbandoned()
)
STAGE_EXPORT: Part[StageExport] = Part("stage export", StageExport, lambda core: _NoStageExport())
PLAYERS_EXPORT: Part[PlayersExport] = Part(
    "players export", PlayersExport, lambda core: _EntrantsAsRegistered()
)
SECTIONS: Part[Sections] = Part("sections", Sections, lambda core: _OneTable())
BOARD_GROUPS: Part[BoardGroups] = Part("board groups", BoardGroups, lambda core: _NoBoardGroups())
GAME_SCORES: Part[GameScores] = Part("game scores", GameScores, lambda core: _NoGameScores())

REQUIRED_PARTS: tuple[Part[Any], ...] = (DESCRIPTION, PAIRING, RESULTS, STANDINGS)
OPTIONAL_PARTS: tuple[Part[Any], ...] = (
    LEAVES,
    LATE_ENTRIES,
    PRESENCE,
    PERIODS,
    ACCELERATED,
    DRAFT_CHECKS,
    RESULT_DETAILS,
    RESULT_CHANGES,
    EXTRA_GAMES,
    SCORED_MATCHES,
    ABANDONED_GAMES,
    STAGE_EXPORT,
    PLAYERS_EXPORT,
    SECTIONS,
    BOARD_GROUPS,
    GAME_SCORES,
)
ALL_PARTS: tuple[Part[Any], ...] = (*REQUIRED_PARTS, *OPTIONAL_PARTS)


# -- the usual defaults of the required parts -------------------------------------------------


class BaseAdapter(ABC):
    """Defaults of the required parts that suit most presets; subclasses fill in the abstract
    methods and list in `parts` the optional parts they fill."""

    preset: str
    title: str = ""
    description: str
    parts: tuple[Part[Any], ...] = ()
    takes_forbidden_pairs: bool = False
    parameter_schema: ParameterSchema
    actions: tuple[ActionSpec, ...] = ()
    plays_once_per_round: bool = True
    names_sides: bool = True
    shows_ratings: bool = True
    results: tuple[GameResult, ...] = tuple(r for r in GameResult if r.is_decided)

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

    def is_finished(self, facts: EventFacts) -> bool:
        return self.next_unit(facts) is None and all(g.result.is_decided for g in facts.games())

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
