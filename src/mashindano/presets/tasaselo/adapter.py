"""The `tasaselo` preset (shared/spec/tasaselo.md): variable-selo Swiss, one round at a time.

Parameters are the engine's `TasaseloParameters` (`TASASELO`, every spec parameter by name)
plus `rounds` (default 7, at most `max_rounds`); K outside 20-300 is refused when the event is
created (R13, E3). Starting numbers the entries by selo (R1) and records the lot seed of A16.
Each round is paired by the engine from the variable selos after the last one (R12, R15-R20)
with a seed derived from the event's and recorded as the round's lot, so the pairing replays;
a round the colour rules cannot pair is paired regardless of colours (R20), as the lot
records. The arbiter's forbidden pairs (`facts.forbidden_pairs()`, `app/overrides.py`) never
meet: they are left out of the round-1 draw and treated as rematches in later rounds. The
ghost's opponent gets a pairing-allocated bye worth a win (R27, A9); players resting in round 1
(H), absent or withdrawn (Z) and the reserve when not needed (sit-out) are listed with a bye.
Late entries register after round 1 is paired (R4, A19: at most 10, numbered after the others,
playing from the next round), unless the event turns `late_entries` off; their missed rounds
score 0, or a half-point bye each (`late_entry_rounds`, A1), as the standings' notes say.
With `check_in` (the shared roll call, `app/formats/round_rules.py`), a player not present
when a round is paired is absent (R5): not paired, the round scores 0 (or the half-point bye
of `absence`, A1), and their variable selo does not change (A4); requested byes stay within
`max_half_point_byes` and `no_byes_last_rounds`. Standings: one table per prize group with the
comparison figures (R29, R30, A14); the prizes are in the event's summary (R31, R32, A17;
`documents.tasaselo`, from `event_standings` and `group_tables`).
How the facts become the engine's event: `tasaselo_facts`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from datetime import datetime
from fractions import Fraction

from django.utils.translation import gettext, gettext_noop

from mashindano.app.declarations import parameter_notes
from mashindano.app.declarations.parameters import ParameterSchema, schema_of
from mashindano.app.errors import WrongState
from mashindano.app.formats import roll_call
from mashindano.app.formats.base import (
    PairingPlan,
    PairingUnit,
    PlannedEncounter,
    PlannedGame,
    PlannedLot,
    PlannedStage,
    PresenceRules,
    StandingsLine,
    StandingsTable,
    StartPlan,
)
from mashindano.app.formats.chess import blocking_games
from mashindano.app.formats.parts import LATE_ENTRIES, LEAVES, PRESENCE, STAGE_EXPORT, BaseAdapter
from mashindano.app.formats.round_rules import NOTES, MissedRound
from mashindano.engine.model import Bye, ByeKind, Competitor, CompetitorId, Side, StageResults
from mashindano.engine.points import PointSystem
from mashindano.engine.tasaselo import (
    TASASELO,
    RoundPairing,
    Status,
    TasaseloEvent,
    TasaseloStandings,
    compute_standings,
    enter_late,
    mark_absent,
    pair_next_round_or_regardless_of_colours,
)
from mashindano.engine.tasaselo.scoring import GHOST_WIN, MISSED_ROUND, ROUND1_REST, scale_result
from mashindano.presets.tasaselo import PRESET_NAME
from mashindano.presets.tasaselo.actions import ACTIONS
from mashindano.presets.tasaselo.facts import (
    BYE_OF_STATUS,
    ROUND_RULES,
    TIE_LOTS,
    EventRounds,
    TasaseloSettings,
    build_event,
    compute_first_rounds,
    derive_seed,
    parse_settings,
    resting_in_round1,
    round_lot_purpose,
    start_engine_event,
)
from mashindano.store.facts import EventFacts, EventState, Json, LeaveFact

COLUMNS = ("comparison", "performance", "expected", "result-expected")
"""A14 columns 3-6: average opponent selo, performance number, expected result, result minus
expected result."""

LEAVE_BYES = (MISSED_ROUND, ROUND1_REST)


class TasaseloAdapter(BaseAdapter):
    actions = ACTIONS
    preset = PRESET_NAME
    parts = (LEAVES, LATE_ENTRIES, PRESENCE, STAGE_EXPORT)
    title = gettext_noop("Tasaselo Swiss")
    description = gettext_noop("Tasaselo: variable-selo Swiss, prize groups and performance prizes")
    takes_forbidden_pairs = True

    # -- parameters -------------------------------------------------------------------------

    parameter_schema = ParameterSchema(
        (
            *schema_of(EventRounds(), parameter_notes.TASASELO),
            *schema_of(TASASELO, parameter_notes.TASASELO, prefix=("parameters",)),
            *schema_of(ROUND_RULES, NOTES, prefix=("rules",)),
        ),
        parse_settings,
    )

    # -- start, entries, leaves -------------------------------------------------------------

    def plan_start(self, facts: EventFacts) -> StartPlan:
        settings = parse_settings(facts.parameters)
        event = start_engine_event(facts, settings, list(facts.competitors))
        seed = derive_seed(facts.seed, TIE_LOTS)
        outcome: Json = {"lots": "A16: one lot per entry, drawn over the entries in number order"}
        return StartPlan(
            numbers={e.id: e.number for e in event.roster.entries},
            stages=(PlannedStage(1, "Tasaselo", "tasaselo"),),
            lots=(PlannedLot(TIE_LOTS, seed, outcome),),
        )

    def plan_late_entries(
        self, facts: EventFacts, competitors: Sequence[Competitor], now: datetime
    ) -> Mapping[CompetitorId, int]:
        settings = parse_settings(facts.parameters)
        roll_call.check_takes_late_entries(facts, settings.rules)
        latest = facts.latest_round()
        if latest is None:
            raise WrongState(
                gettext(
                    "event {slug!r} has started but round 1 is not paired yet: "
                    "late entries join from round 2 (R4, A19); pair round 1 first"
                ).format(slug=facts.slug),
                event=facts.slug,
            )
        event = build_event(facts, settings)
        for competitor in competitors:
            event = enter_late(event, competitor, latest.number + 1)
        return {e.id: e.number for e in event.roster.entries[-len(competitors) :]}

    def presence_rules(self, facts: EventFacts) -> PresenceRules:
        return parse_settings(facts.parameters).rules.presence

    def check_leave(self, facts: EventFacts, leave: LeaveFact) -> None:
        settings = parse_settings(facts.parameters)
        rounds = settings.rounds
        if leave.bye_kind not in LEAVE_BYES or (
            leave.bye_kind is ROUND1_REST and (leave.from_round, leave.to_round) != (1, 1)
        ):
            raise WrongState(
                gettext(
                    "in Tasaselo an absence scores 0 (a zero-point leave, R5, "
                    "A1); the half-point rest is for round 1 only (R6), not "
                    "{value} for rounds {from_round}-{to_round}"
                ).format(
                    value=leave.bye_kind.value, from_round=leave.from_round, to_round=leave.to_round
                ),
                bye_kind=leave.bye_kind.value,
            )
        if leave.to_round > rounds:
            raise WrongState(
                gettext(
                    "event {slug!r} has {rounds} rounds; a leave cannot cover round {to_round}"
                ).format(slug=facts.slug, rounds=rounds, to_round=leave.to_round),
                event=facts.slug,
                round=leave.to_round,
            )
        roll_call.check_requested_bye(facts, leave, settings.rules, rounds)

    # -- rounds -----------------------------------------------------------------------------

    def next_unit(self, facts: EventFacts) -> PairingUnit | None:
        latest = facts.latest_round()
        done = 0 if latest is None else latest.number
        if done >= parse_settings(facts.parameters).rounds:
            return None
        return PairingUnit("round", 1, "", done + 1)

    def plan_next(self, facts: EventFacts, now: datetime) -> PairingPlan:
        unit = self.next_unit(facts)
        if unit is None:
            rounds = parse_settings(facts.parameters).rounds
            raise WrongState(
                gettext("all {rounds} rounds of event {slug!r} have been paired").format(
                    rounds=rounds, slug=facts.slug
                ),
                event=facts.slug,
            )
        latest = facts.latest_round()
        if latest is not None:
            incomplete = blocking_games(latest)
            if incomplete:
                raise WrongState(
                    gettext("round {number} of event {slug!r} is not finished: {describe}").format(
                        number=latest.number, slug=facts.slug, describe=incomplete.describe()
                    ),
                    event=facts.slug,
                    round=latest.number,
                )
        settings = parse_settings(facts.parameters)
        event = build_event(facts, settings)
        rules = settings.rules.presence
        excused = {
            e.id
            for e in event.roster.entries
            if event.roster.status(e.id, unit.number) is not Status.PLAYING
        }
        absent = roll_call.absent_from(facts, rules, unit.number, excused)
        for player in absent:  # R5: out of the round and of its selo computation (A4)
            event = mark_absent(
                event, player, unit.number, half_point=rules.absence is ByeKind.HALF_POINT
            )
        purpose = round_lot_purpose(unit.number)
        seed = derive_seed(facts.seed, purpose)
        pairing = pair_next_round_or_regardless_of_colours(  # R20, the lot records it
            event, seed, forbidden_pairs=facts.forbidden_pairs()
        )
        lot = PlannedLot(purpose, seed, _pairing_json(pairing))
        return PairingPlan(
            unit,
            _encounters(event, pairing),
            (lot,),
            withdrawals=roll_call.withdrawals_for(facts, rules, unit.number, absent),
            absent=absent,
        )

    # -- standings --------------------------------------------------------------------------

    def compute_standings(self, facts: EventFacts) -> tuple[StandingsTable, ...]:
        if facts.state is EventState.REGISTRATION:
            return ()
        return group_tables(facts, self._standings(facts))

    def stage_results(self, facts: EventFacts) -> StageResults:
        settings = parse_settings(facts.parameters)
        missed: tuple[Bye, ...] = ()
        if settings.rules.late_entry_rounds is MissedRound.HALF:  # the engine's byes (A1)
            late = ((c, first) for c, first in compute_first_rounds(facts).items() if first > 1)
            missed = roll_call.missed_round_byes(late, settings.rules)
        return StageResults(
            competitors=facts.competitors,
            games=tuple(g.as_game() for g in facts.games()),
            byes=(*facts.byes(), *missed),
            points=point_system(settings),
            rounds=settings.rounds if facts.state is not EventState.REGISTRATION else None,
        )

    def summary(self, facts: EventFacts) -> dict[str, Json]:
        document = super().summary(facts)
        settings = parse_settings(facts.parameters)
        document["rounds"] = settings.rounds
        document["reserve"] = settings.parameters.reserve_player
        return document

    def _standings(self, facts: EventFacts) -> TasaseloStandings:
        event = build_event(facts, parse_settings(facts.parameters))
        return compute_standings(event, _tie_seed(facts))


def _tie_seed(facts: EventFacts) -> int:
    lot = facts.lot(TIE_LOTS)
    return lot.seed if lot is not None else derive_seed(facts.seed, TIE_LOTS)


def event_standings(facts: EventFacts) -> tuple[TasaseloEvent, TasaseloStandings]:
    """The started event as the engine sees it and its standings (prize groups, prizes): what
    `documents.tasaselo` shows beside `group_tables`."""
    event = build_event(facts, parse_settings(facts.parameters))
    return event, compute_standings(event, _tie_seed(facts))


def group_tables(facts: EventFacts, standings: TasaseloStandings) -> tuple[StandingsTable, ...]:
    by_id = {c.id: c for c in facts.competitors}
    notes = _notes(facts, standings)
    tables = []
    for group in standings.groups:
        lines = tuple(
            StandingsLine(
                rank=rank,
                is_shared=False,
                competitor=by_id[row.competitor],
                points=row.points,
                values={
                    "comparison": row.comparison,
                    "performance": row.performance,
                    "expected": row.expected,
                    "result-expected": row.result_minus_expected,
                },
                note=notes.get(row.competitor, ""),
            )
            for rank, row in enumerate(group.rows, start=1)
        )
        title = gettext("Prize group {name} (selo {highest_selo}-{lowest_selo})").format(
            name=group.group.name,
            highest_selo=group.group.highest_selo,
            lowest_selo=group.group.lowest_selo,
        )
        tables.append(StandingsTable(title, COLUMNS, lines))
    return tuple(tables)


def point_system(settings: TasaseloSettings) -> PointSystem:
    """The scoring variant with Tasaselo's byes: the ghost's opponent scores a win (A9), the
    round-1 rest a draw (A1) and an absence nothing, as the parameters say."""
    parameters = settings.parameters
    scoring = parameters.scoring
    return dataclasses.replace(
        scoring,
        pairing_bye=scale_result(parameters.ghost_opponent_points, scoring),
        half_point_bye=scale_result(parameters.round1_rest_points, scoring),
        zero_point_bye=Fraction(0),
        sit_out=Fraction(0),
    )


def _encounters(event: TasaseloEvent, pairing: RoundPairing) -> tuple[PlannedEncounter, ...]:
    encounters = [
        PlannedEncounter(board.number, board.white, bye=GHOST_WIN)
        if board.black is None
        else PlannedEncounter(
            board.number,
            board.white,
            board.black,
            games=(PlannedGame(board.white, board.black, Side.WHITE),),
        )
        for board in pairing.boards
    ]
    paired = set(pairing.players)
    for entry in event.roster.entries:
        status = event.roster.status(entry.id, pairing.round)
        bye: ByeKind | None = BYE_OF_STATUS.get(status)
        if status is Status.ABSENT:  # zero, or the organiser's half point (A1)
            bye = event.roster.absence_bye(entry.id, pairing.round)
        if status is Status.PLAYING and entry.id not in paired:
            bye = ByeKind.SIT_OUT  # the reserve, not needed this round (R26)
        if bye is not None:
            encounters.append(PlannedEncounter(len(encounters) + 1, entry.id, bye=bye))
    return tuple(encounters)


def _pairing_json(pairing: RoundPairing) -> Json:
    return {
        "round": pairing.round,
        "order": [str(c) for c in pairing.order],
        "ghost": pairing.ghost,
        "regardless_of_colours": pairing.regardless_of_colours,
        "wrong_colours": [str(c) for c in sorted(pairing.wrong_colours)],
    }


def prize_words(kind: str, place: int) -> str:
    """A prize in the reader's language: "group prize 2", "performance prize 1"."""
    if kind == "group":
        return gettext("group prize {place}").format(place=place)
    return gettext("performance prize {place}").format(place=place)


def _notes(facts: EventFacts, standings: TasaseloStandings) -> dict[CompetitorId, str]:
    parts: dict[CompetitorId, list[str]] = {c.id: [] for c in facts.competitors}
    for prize in standings.prizes:
        parts[prize.competitor].append(prize_words(prize.kind.value, prize.place))
    settings = parse_settings(facts.parameters)
    reserve = settings.parameters.reserve_player
    if reserve is not None and reserve in parts:
        parts[reserve].append(gettext("reserve"))
    for competitor in resting_in_round1(facts):
        parts[competitor].append(gettext("rested in round 1"))
    for competitor, first_round in compute_first_rounds(facts).items():
        if first_round > 1 and facts.rounds:
            parts[competitor].append(roll_call.late_entry_note(first_round, settings.rules))
    for competitor in parts:
        withdrawn = facts.withdrawn_from(competitor)
        if withdrawn is not None:
            parts[competitor].append(
                gettext("withdrawn from round {withdrawn}").format(withdrawn=withdrawn)
            )
    return {c: "; ".join(p) for c, p in parts.items() if p}
