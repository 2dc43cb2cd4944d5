"""The `kiba-bao` preset (shared/spec/kiba-bao.md): qualification groups, two semifinal groups
and a best-of-3 final, each stage paired as one unit (R19).

Starting the event fixes every entry's seed (R6-R8) as its number. Pairing publishes a whole
stage: every group's two-game pairings (South first, then sides swapped; R17, R20) with the
sit-outs against the dummy as byes (R13), or the final's games with the higher KIBA score
South in game 1 (R22, A13). A stage is paired only when the previous one is decided: every
game has a result, none is disputed, and no tie that decides advancement waits for the
director's playoff (R29 (4)). Standings are one table per group (score, Neustadtl, KIBA
score, playoff place; R28-R31), the latest stage first, the final on top. Bao has no drawn
game (A23); there is no leave of absence; a withdrawal follows A14 (see `kiba_bao_stages`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction

from django.utils.translation import gettext, gettext_noop

from mashindano.app.declarations import parameter_notes
from mashindano.app.declarations.parameters import ParameterSchema, schema_of
from mashindano.app.errors import OutOfWindow, WrongState
from mashindano.app.formats.base import (
    PairingPlan,
    PairingUnit,
    ParsedResult,
    PlannedEncounter,
    PlannedGame,
    PlannedLot,
    PlannedStage,
    ReportWindow,
    StandingsTable,
    StartPlan,
)
from mashindano.app.formats.parts import (
    ABANDONED_GAMES,
    BOARD_GROUPS,
    EXTRA_GAMES,
    LEAVES,
    PLAYERS_EXPORT,
    RESULT_CHANGES,
    SECTIONS,
    BaseAdapter,
)
from mashindano.app.person_record import with_site_figures
from mashindano.app.queries import game_words
from mashindano.engine.errors import IllegalResult
from mashindano.engine.kiba import (
    Destination,
    KibaGroup,
    KibaParameters,
    SeededPlayer,
    StageKind,
    final_match,
    group_pairings,
    group_sit_outs,
    kiba_parameters,
    plan_tournament,
    semifinal_groups,
)
from mashindano.engine.kiba.parameters import KIBA_BAO, parse_final_format
from mashindano.engine.kiba.seeding import as_kiba_rates
from mashindano.engine.matches import GamePoints
from mashindano.engine.model import (
    ByeKind,
    Competitor,
    CompetitorId,
    GameResult,
    Outcome,
    Side,
)
from mashindano.presets.kiba_bao import PRESET_NAME
from mashindano.presets.kiba_bao.actions import ACTIONS
from mashindano.presets.kiba_bao.corrections import check_advancement_kept
from mashindano.presets.kiba_bao.settings_groups import SETTING_GROUPS
from mashindano.presets.kiba_bao.stages import (
    EVENT_STAGE,
    GROUPS_LOT,
    KibaEvent,
    derive_event,
    groups_outcome,
    initial_list,
    stage_withdrawals,
)
from mashindano.presets.kiba_bao.tables import (
    STAGE_TITLES,
    board_groups,
    event_tables,
    section_titles,
)
from mashindano.store.facts import (
    EncounterFact,
    EventFacts,
    EventState,
    GameFact,
    Json,
    LeaveFact,
)

_BAO_RESULTS = (
    GameResult.FIRST_WINS,
    GameResult.SECOND_WINS,
    GameResult.FIRST_WINS_BY_FORFEIT,
    GameResult.SECOND_WINS_BY_FORFEIT,
)


@dataclass(frozen=True, slots=True)
class KibaStageUnit(PairingUnit):
    """A whole KIBA stage, published as round `number` of the event."""

    name: str = ""

    @property
    def label(self) -> str:
        return f"{self.name} stage (round {self.number})"

    @property
    def words(self) -> str:
        words = STAGE_WORDS.get(self.name)
        return gettext(words).format(number=self.number) if words else self.label


STAGE_WORDS = {
    "qualification": gettext_noop("qualification stage (round {number})"),
    "semifinal": gettext_noop("semifinal stage (round {number})"),
    "final": gettext_noop("final stage (round {number})"),
}
"""A stage to publish next, in words of the page's language (the event page's "Next")."""


def _unit(number: int, kind: StageKind) -> KibaStageUnit:
    return KibaStageUnit("stage", EVENT_STAGE, "", number, kind.value)


class KibaBaoAdapter(BaseAdapter):
    actions = ACTIONS
    preset = PRESET_NAME
    parts = (
        LEAVES,
        EXTRA_GAMES,
        RESULT_CHANGES,
        ABANDONED_GAMES,
        BOARD_GROUPS,
        PLAYERS_EXPORT,
        SECTIONS,
    )
    title = gettext_noop("KIBA Bao tournament")
    description = gettext_noop(
        "KIBA Bao: seeded qualification groups, two semifinal groups, best-of-3 final; "
        "two games per pairing, score, Neustadtl, KIBA score"
    )

    plays_once_per_round = False
    results = _BAO_RESULTS

    # -- parameters ---------------------------------------------------------------------------

    parameter_schema = ParameterSchema(
        schema_of(KIBA_BAO, parameter_notes.KIBA, choices=parameter_notes.KIBA_CHOICES),
        kiba_parameters,
        groups=SETTING_GROUPS,
    )

    # -- start --------------------------------------------------------------------------------

    def plan_start(self, facts: EventFacts) -> StartPlan:
        parameters = kiba_parameters(facts.parameters)
        count = len(facts.competitors)
        if not parameters.min_players <= count <= parameters.max_players:
            raise WrongState(
                gettext(
                    "event {slug!r} has {count} player(s); a KIBA tournament "
                    "needs {min_players} to {max_players} (R2, R3)"
                ).format(
                    slug=facts.slug,
                    count=count,
                    min_players=parameters.min_players,
                    max_players=parameters.max_players,
                ),
                event=facts.slug,
                players=count,
            )
        initial = initial_list(facts, parameters)
        plan = plan_tournament(len(initial), parameters)
        stages = " -> ".join(STAGE_TITLES[s.kind].lower() for s in plan.stages)
        return StartPlan(
            numbers={p.id: p.seed for p in initial.players},
            stages=(PlannedStage(EVENT_STAGE, f"KIBA stages: {stages}", PRESET_NAME),),
        )

    def check_leave(self, facts: EventFacts, leave: LeaveFact) -> None:
        raise WrongState(
            gettext(
                "event {slug!r} is a KIBA tournament: all games of a stage "
                "run at once over days, so there is no leave of absence; "
                "withdraw the player instead (R34)"
            ).format(slug=facts.slug),
            event=facts.slug,
        )

    # -- pairing ------------------------------------------------------------------------------

    def next_unit(self, facts: EventFacts) -> PairingUnit | None:
        if facts.state is EventState.REGISTRATION:
            return None
        event = derive_event(facts)
        if event.next is None or event.lone_finalists() is not None:
            return None
        return _unit(event.next.number, event.next.kind)

    def plan_next(self, facts: EventFacts, now: datetime) -> PairingPlan:
        event = derive_event(facts)
        following = event.next
        if following is None:
            raise WrongState(
                gettext("every stage of event {slug!r} has been paired, the final included").format(
                    slug=facts.slug
                ),
                event=facts.slug,
            )
        if following.groups is not None:
            groups = following.groups
        else:
            latest = event.latest
            assert latest is not None
            advanced = latest.advancement(event.names)
            if following.kind is StageKind.FINAL:
                return PairingPlan(
                    _unit(following.number, following.kind),
                    self._plan_final(facts, event, advanced.get(Destination.FINAL, ())),
                )
            groups = semifinal_groups(advanced)
        return PairingPlan(
            _unit(following.number, following.kind),
            self._plan_groups(facts, following.number, groups, event.parameters),
            # The groups as published: who plays the stage is a fact from now on.
            (PlannedLot(GROUPS_LOT, facts.seed, groups_outcome(following.number, groups)),),
        )

    def _plan_groups(
        self,
        facts: EventFacts,
        number: int,
        groups: tuple[KibaGroup, ...],
        parameters: KibaParameters,
    ) -> tuple[PlannedEncounter, ...]:
        out = {w.competitor: w.reason for w in facts.withdrawals if w.from_round <= number}
        rule = f"fixed-{parameters.games_per_pairing}"
        encounters: list[PlannedEncounter] = []
        byes: list[CompetitorId] = []
        for group in groups:
            for pairing in group_pairings(group):
                games = tuple(
                    _planned_game(g.first, g.second, out)
                    for g in pairing.games(parameters.games_per_pairing)
                )
                encounters.append(
                    PlannedEncounter(
                        len(encounters) + 1,
                        pairing.south.id,
                        pairing.north.id,
                        match_rule=rule,
                        games=games,
                    )
                )
            byes.extend(s.player.id for s in group_sit_outs(group))
            if group.schedule is None:
                byes.extend(p.id for p in group.players)  # alone in the group after withdrawals
        for player in byes:
            encounters.append(PlannedEncounter(len(encounters) + 1, player, bye=ByeKind.SIT_OUT))
        return tuple(encounters)

    def _plan_final(
        self, facts: EventFacts, event: KibaEvent, finalists: tuple[SeededPlayer, ...]
    ) -> tuple[PlannedEncounter, ...]:
        if len(finalists) != 2:
            raise WrongState(
                gettext(
                    "event {slug!r} has {count} finalist(s) left; there is no final to pair"
                ).format(slug=facts.slug, count=len(finalists)),
                event=facts.slug,
            )
        match = final_match(finalists[0], finalists[1], event.parameters)
        games = []
        # The games any result needs (2 of a best of 3); game 3 follows only when games 1-2
        # are split (R32), added by `plan_extra_games`.
        for number in range(1, match.rule.wins_needed + 1):
            south = match.south_of_game(number)
            games.append(PlannedGame(south.id, match.opponent_of(south.id).id, Side.SOUTH))
        return (
            PlannedEncounter(
                1,
                match.first.id,
                match.second.id,
                match_rule=event.parameters.final_format,
                games=tuple(games),
            ),
        )

    # -- results ------------------------------------------------------------------------------

    def parse_result(self, text: str) -> GameResult:
        result = GameResult.parse(text)
        if result not in self.results:
            raise IllegalResult(
                gettext(
                    "{text!r} is not a Bao result: a game is won or lost (1-0, "
                    "0-1, or +- / -+ by forfeit); there is no drawn game (A23)"
                ).format(text=text),
                text=text,
            )
        return result

    def plan_extra_games(
        self,
        parameters: Mapping[str, Json],
        encounter: EncounterFact,
        load_facts: Callable[[], EventFacts],
    ) -> tuple[PlannedGame, ...]:
        """The final's next game while the best-of rule needs one (R32): games 1-2 split, so
        game 3 follows, with the first mover South again (A13). Group pairings never grow."""
        if encounter.second is None or not encounter.match_rule.startswith("best-of"):
            return ()
        rule = parse_final_format(encounter.match_rule)
        first, second = encounter.first, encounter.second
        points: list[GamePoints] = []
        for game in sorted(encounter.games, key=lambda g: g.number):
            outcome = game.as_game().outcome_for(first)
            if outcome not in (Outcome.WIN, Outcome.LOSS):
                return ()
            points.append(
                (Fraction(1), Fraction(0)) if outcome is Outcome.WIN else (Fraction(0), Fraction(1))
            )
        if not rule.needs_another_game(points):
            return ()
        first_is_south = rule.first_side_of_game(len(points), a_moves_first=True) == "a"
        south, north = (first, second) if first_is_south else (second, first)
        return (PlannedGame(south, north, Side.SOUTH),)

    def check_result_change(
        self, game: GameFact, parsed: ParsedResult, load_facts: Callable[[], EventFacts]
    ) -> None:
        """No ruling or correction of a group stage that would change who advances where once
        the following stage is paired (`kiba_bao_corrections`); the final's games follow the
        best-of rule as corrected."""
        check_advancement_kept(load_facts(), game, parsed.result)

    def check_report_window(self, window: ReportWindow) -> None:
        """The shared window (the latest stage only), and no report of a game a withdrawal
        has already decided: the withdrawn player's unfinished games are lost by abandonment
        (A14); an arbiter may still rule otherwise."""
        super().check_report_window(window)
        if window.load_facts is None or window.game.result.is_decided:
            return
        facts = window.load_facts()
        game = window.game
        published = [r for r in facts.rounds if r.number == game.round and r.stage == game.stage]
        if not published:
            return
        withdrawn = stage_withdrawals(facts, game.round, published[0].published_at)
        for player in (game.first, game.second):
            w = withdrawn.get(player)
            if w is not None and w.abandons:
                raise OutOfWindow(
                    gettext(
                        "{label}: {player} withdrew on {at:%Y-%m-%d %H:%M} UTC, so "
                        "this unfinished game is lost by abandonment (A14); an "
                        "arbiter may rule otherwise"
                    ).format(label=game_words(game), player=player, at=w.at),
                    round=game.round,
                    board=game.board,
                    player=player,
                )

    def abandoned_games(self, facts: EventFacts) -> frozenset[str]:
        """The unreported games of a player withdrawn while they ran (A14), which
        `check_report_window` refuses."""
        found: set[str] = set()
        for published in facts.rounds:
            withdrawn = stage_withdrawals(facts, published.number, published.published_at)
            found.update(
                game.label
                for encounter in published.encounters
                for game in encounter.games
                if not game.result.is_decided
                and any(
                    w is not None and w.abandons
                    for w in (withdrawn.get(game.first), withdrawn.get(game.second))
                )
            )
        return frozenset(found)

    # -- standings ----------------------------------------------------------------------------

    def compute_standings(self, facts: EventFacts) -> tuple[StandingsTable, ...]:
        if facts.state is EventState.REGISTRATION:
            return ()
        return event_tables(derive_event(facts))

    def board_groups(self, facts: EventFacts, stage: int, number: int) -> Mapping[int, str]:
        if facts.state is EventState.REGISTRATION:
            return {}
        return board_groups(derive_event(facts), stage, number)

    def export_players(self, facts: EventFacts) -> tuple[Competitor, ...]:
        return as_kiba_rates(with_site_figures(facts), kiba_parameters(facts.parameters))

    def export_sections(self, facts: EventFacts) -> Mapping[tuple[int, int, int], str]:
        if facts.state is EventState.REGISTRATION:
            return {}
        return section_titles(derive_event(facts))

    def is_finished(self, facts: EventFacts) -> bool:
        if facts.state is EventState.REGISTRATION:
            return False
        event = derive_event(facts)
        if event.final is not None:
            return event.final.state.is_decided and not event.final.disputed
        return event.lone_finalists() is not None


def _planned_game(
    south: CompetitorId, north: CompetitorId, out: Mapping[CompetitorId, str]
) -> PlannedGame:
    """A game as published; decided at once when a player withdrew before the stage (A14)."""
    gone = [c for c in (south, north) if c in out]
    if not gone:
        return PlannedGame(south, north, Side.SOUTH)
    if len(gone) == 2:
        decided = GameResult.DOUBLE_FORFEIT
    else:
        decided = GameResult.SECOND_WINS if gone[0] == south else GameResult.FIRST_WINS
    reason = " and ".join(str(c) for c in gone) + " withdrew before the stage: lost by abandonment"
    return PlannedGame(south, north, Side.SOUTH, decided, reason)


def refuse_wrong_preset(facts: EventFacts) -> None:
    if facts.preset != PRESET_NAME:
        raise WrongState(
            gettext("event {slug!r} is {preset}; this is a {PRESET_NAME} decision").format(
                slug=facts.slug, preset=facts.preset, PRESET_NAME=PRESET_NAME
            ),
            event=facts.slug,
        )


__all__ = [
    "KibaBaoAdapter",
    "KibaStageUnit",
    "derive_event",
    "refuse_wrong_preset",
]
