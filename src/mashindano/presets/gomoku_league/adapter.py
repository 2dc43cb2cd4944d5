"""The `gomoku-league` preset: one season of the monthly Gomoku ladder league
(shared/spec/gomoku-league.md), derived from the event's facts by `engine.gomoku`.

- Start: the founding list (R11) is the entries by rating (highest first, unrated last, ties in
  registration order); their numbers are their founding positions.
- A pairing unit is a month (kind "month", stage 1): the whole month is published at once, one
  encounter per match (positions ±1 and ±2, R18), each of `games_per_match` games with the
  first move alternating, the higher-ranked player first in game 1 (the first-listed player of
  a game moves first). Month k is the calendar month `first_month` + k - 1 (by default the
  month in which month 1 is paired); it is paired from its day 1 on, once month k - 1 is
  closed. Pair it after registration closes (day 8) to include that month's newcomers.
- `close_period` closes a month: its end (points, coefficients, re-sort, removals, suspensions,
  prizes) is derived by the engine from the facts, never stored. Months close in order, not
  while a game is disputed, and not before its windows have passed (`engine.gomoku.closing`):
  48 hours after the month ends for reports (R45, A21), and 24 hours after the last
  unconfirmed report for disputes (R47); matches unreported by then are unplayed (A28).
- Registrations after the start are the next month's (R4, A15): accepted on days 1-7 of its
  calendar month (OutOfWindow otherwise), from newcomers with enough site games (R6).
- A player removed for a low coefficient (R9) or whose suspension has ended (R10) is already an
  entry, so they come back by the organiser's acceptance (`app.gomoku.accept_return`, override
  `gomoku-return`): the next month's registration, in the same window, placed by the stored
  coefficient (A27), not as a newcomer (R17).
- Leaves (`event leave`, one per month covered): noticed before day 1 of the month (R50,
  OutOfWindow otherwise), at most `max_leaves_per_year` per calendar year (R48).
- Reports (R45-R47, A21): the match time is when its first game was reported (a match is
  played in one sitting), or the month's end if that is earlier; a report is accepted within
  48 hours of it, and from the match's may-play-from time (R21). A result can be confirmed or
  disputed for 24 hours after it was reported. The referee rules and corrects without these
  windows, until the month is closed: a closed month is final (its results, rulings and
  corrections are refused, and a sanction recorded later counts for the next month).
- Sanctions: `disinterest` flags a player for the month (R40, suspension and compensation
  follow from the engine); `expulsion` excludes (R44) for `--points` stages or for good.
  A withdrawal excludes the player for good from the month it takes effect.
- Standings: the current list: the running month (position, coefficient carried in, points so
  far) or, once it is closed, the updated list (new coefficient, the month's points).

Parameters: every `GomokuParameters` name, plus `season_months` (months in this event, default
12) and `first_month` (YYYY-MM).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from fractions import Fraction

from django.utils.translation import gettext, gettext_noop

from mashindano.app.declarations import parameter_notes
from mashindano.app.declarations.parameters import ParameterSchema, schema_of
from mashindano.app.error_texts import shown
from mashindano.app.errors import Duplicate, OutOfWindow, WrongState
from mashindano.app.formats.base import (
    PairingPlan,
    PairingUnit,
    ParsedResult,
    PlannedEncounter,
    PlannedGame,
    PlannedStage,
    ReportWindow,
    StandingsLine,
    StandingsTable,
    StartPlan,
)
from mashindano.app.formats.parts import LATE_ENTRIES, LEAVES, PERIODS, RESULT_CHANGES, BaseAdapter
from mashindano.engine.errors import IllegalResult
from mashindano.engine.gomoku import (
    LeaveRequest,
    Membership,
    Month,
    PlannedMatch,
    Registration,
    check_leave,
    check_registration,
    compute_result_validation,
    format_coefficient,
    found_ladder,
    is_report_on_time,
    match_rule,
    registration_closes_at,
)
from mashindano.engine.gomoku.closing import earliest_month_close
from mashindano.engine.gomoku.league import check_roster
from mashindano.engine.gomoku.parameters import GOMOKU_LEAGUE
from mashindano.engine.gomoku.windows import ResultStatus as ValidationStatus
from mashindano.engine.model import Competitor, CompetitorId, Side
from mashindano.engine.points import Points
from mashindano.engine.timestamps import as_utc
from mashindano.presets.gomoku_league import PRESET_NAME
from mashindano.presets.gomoku_league.actions import ACTIONS
from mashindano.presets.gomoku_league.history import (
    LEAGUE_STAGE,
    LeagueEventParameters,
    MonthRecord,
    derive_history,
    first_league_month,
    founding_order,
    founding_players,
    is_month_closed,
    league_event_parameters,
    league_rounds,
    plan_month,
)
from mashindano.store.facts import (
    EncounterFact,
    EventFacts,
    EventState,
    GameFact,
    LeaveFact,
    ResultStatus,
)

MONTH = "month"
STAGE_FORMAT = "gomoku-ladder"


def match_rule_name(games: int) -> str:
    return f"fixed-{games}"


class GomokuLeagueAdapter(BaseAdapter):
    actions = ACTIONS
    preset = PRESET_NAME
    parts = (LEAVES, LATE_ENTRIES, PERIODS, RESULT_CHANGES)
    title = gettext_noop("Gomoku ladder league")
    description = gettext_noop(
        "Gomoku monthly ladder league: 4-game matches against positions ±1 and ±2"
    )
    plays_once_per_round = False
    names_sides = False
    """A game's stored first side says who moves first, not a colour."""
    shows_ratings = False
    """The league list is ordered by the coefficient (R11-R14), not by ratings."""

    # -- parameters ---------------------------------------------------------------------------

    parameter_schema = ParameterSchema(
        (
            *schema_of(LeagueEventParameters(), parameter_notes.GOMOKU),
            *schema_of(GOMOKU_LEAGUE, parameter_notes.GOMOKU, prefix=("league",)),
        ),
        league_event_parameters,
    )

    # -- start and registration ---------------------------------------------------------------

    def plan_start(self, facts: EventFacts) -> StartPlan:
        parameters = league_event_parameters(facts.parameters)
        minimum = parameters.league.min_players
        if len(facts.competitors) < minimum:
            raise WrongState(
                gettext(
                    "event {slug!r} has {count} player(s); a Gomoku league needs "
                    "at least {minimum} (A26)"
                ).format(slug=facts.slug, count=len(facts.competitors), minimum=minimum),
                event=facts.slug,
                players=len(facts.competitors),
            )
        ranked = founding_order(facts.competitors)
        check_roster(ranked, parameters.league)
        return StartPlan(
            numbers={c.id: position for position, c in enumerate(ranked, start=1)},
            stages=(PlannedStage(LEAGUE_STAGE, "League", STAGE_FORMAT),),
        )

    def plan_late_entries(
        self, facts: EventFacts, competitors: Sequence[Competitor], now: datetime
    ) -> Mapping[CompetitorId, int]:
        """Newcomers register for the next month, on its days 1-7 (R4, R6, A15)."""
        parameters = league_event_parameters(facts.parameters)
        unit = self.next_unit(facts)
        if unit is None:
            raise WrongState(
                gettext(
                    "all {season_months} months of event {slug!r} are paired; "
                    "there is no month left to register for"
                ).format(season_months=parameters.season_months, slug=facts.slug),
                event=facts.slug,
            )
        month = _calendar_month(facts, parameters, unit.number, now)
        for competitor in competitors:
            registration = Registration(competitor, now)
            try:
                check_registration(registration, month, Membership.NEW, parameters.league)
            except IllegalResult as refusal:
                if refusal.code != "registration_closed":
                    raise
                window = parameters.league.registration_window_days
                closes = registration_closes_at(month, parameters.league)
                raise OutOfWindow(
                    gettext(
                        "registration of {id!r} at {instant}: newcomers register for "
                        "month {number} ({month}) on days {window} of {month} only "
                        "(R4); registration closes at {instant2}"
                    ).format(
                        id=competitor.id,
                        instant=_instant(now),
                        number=unit.number,
                        month=month,
                        window=window,
                        instant2=_instant(closes),
                    ),
                    event=facts.slug,
                    player=competitor.id,
                    month=str(month),
                ) from None
        return {}

    # -- pairing ------------------------------------------------------------------------------

    def next_unit(self, facts: EventFacts) -> PairingUnit | None:
        parameters = league_event_parameters(facts.parameters)
        published = len(league_rounds(facts))
        if published >= parameters.season_months:
            return None
        return PairingUnit(MONTH, LEAGUE_STAGE, "", published + 1)

    def plan_next(self, facts: EventFacts, now: datetime) -> PairingPlan:
        parameters = league_event_parameters(facts.parameters)
        unit = self.next_unit(facts)
        if unit is None:
            raise WrongState(
                gettext("all {season_months} months of event {slug!r} have been paired").format(
                    season_months=parameters.season_months, slug=facts.slug
                ),
                event=facts.slug,
            )
        number = unit.number
        if number > 1 and not is_month_closed(facts, number - 1):
            raise WrongState(
                gettext(
                    "month {value} of event {slug!r} is not closed; close it "
                    "(`event close-period {slug} {value}`) before pairing month "
                    "{number}"
                ).format(value=number - 1, slug=facts.slug, number=number),
                event=facts.slug,
                round=number - 1,
            )
        month = _calendar_month(facts, parameters, number, now)
        if as_utc(now, "now") < month.starts_at:
            raise WrongState(
                gettext(
                    "month {number} of event {slug!r} is {month}; it can be paired from {instant}"
                ).format(
                    number=number, slug=facts.slug, month=month, instant=_instant(month.starts_at)
                ),
                event=facts.slug,
                round=number,
            )
        history = derive_history(facts, parameters, now)
        record = plan_month(facts, history)
        return PairingPlan(unit, _encounters(record, parameters))

    # -- results ------------------------------------------------------------------------------

    def check_report_window(self, window: ReportWindow) -> None:
        if window.state is not EventState.RUNNING:
            raise WrongState(
                gettext(
                    "results can only be reported while the event is running (it is {value})"
                ).format(value=window.state.value),
                state=window.state.value,
            )
        if window.load_facts is None:
            return super().check_report_window(window)
        facts = window.load_facts()
        parameters = league_event_parameters(facts.parameters)
        game = window.game
        history = derive_history(facts, parameters)
        record = history.month_of(game.round)
        if record is None or record.round is None:
            return None
        if record.is_closed:
            raise OutOfWindow(
                gettext(
                    "{label}: month {number} ({month}) is closed; its results are final"
                ).format(label=game.label, number=record.number, month=record.month),
                round=game.round,
                board=game.board,
            )
        encounter = _encounter_of(record, game)
        planned = (
            record.planned_match(encounter.first, encounter.second)
            if encounter.second is not None
            else None
        )
        _check_match_window(game, encounter, planned, record.month, window.now, parameters)

    def check_result_change(
        self, game: GameFact, parsed: ParsedResult, load_facts: Callable[[], EventFacts]
    ) -> None:
        """A closed month is final: later months were built on its end (R47)."""
        if game.stage == LEAGUE_STAGE and is_month_closed(load_facts(), game.round):
            raise WrongState(
                gettext(
                    "{label}: month {round} is closed; its results are final "
                    "because the later months' lists were built on them"
                ).format(label=game.label, round=game.round),
                round=game.round,
                board=game.board,
            )

    # -- leaves and month end -----------------------------------------------------------------

    def check_leave(self, facts: EventFacts, leave: LeaveFact) -> None:
        """R48-R50: one leave per month covered, noticed before the month's day 1, at most
        `max_leaves_per_year` in a calendar year."""
        parameters = league_event_parameters(facts.parameters)
        if leave.to_round > parameters.season_months:
            raise WrongState(
                gettext(
                    "event {slug!r} has {season_months} months; there is no "
                    "month {to_round} to take leave in"
                ).format(
                    slug=facts.slug, season_months=parameters.season_months, to_round=leave.to_round
                ),
                event=facts.slug,
                round=leave.to_round,
            )
        first = first_league_month(facts, parameters)
        if first is None:
            raise WrongState(
                gettext(
                    "the calendar month of month 1 of event {slug!r} is not "
                    "fixed yet (it is the month month 1 is paired in); set the "
                    "parameter first_month to take leaves before that"
                ).format(slug=facts.slug),
                event=facts.slug,
            )
        taken = [
            first.plus(number - 1)
            for other in facts.leaves
            if other.competitor == leave.competitor
            for number in range(other.from_round, other.to_round + 1)
        ]
        for number in range(leave.from_round, leave.to_round + 1):
            request = LeaveRequest(leave.competitor, first.plus(number - 1), leave.at)
            try:
                check_leave(request, taken, parameters.league)
            except IllegalResult as refusal:
                raise _leave_refusal(refusal, facts.slug, number) from None
            taken.append(request.month)

    def check_close_period(self, facts: EventFacts, stage: int, period: int, now: datetime) -> None:
        published = len(league_rounds(facts))
        if stage != LEAGUE_STAGE:
            raise WrongState(
                gettext("event {slug!r} has one stage (1); there is no stage {stage}").format(
                    slug=facts.slug, stage=stage
                ),
                event=facts.slug,
            )
        if not 1 <= period <= published:
            raise WrongState(
                gettext(
                    "month {period} of event {slug!r} has not been paired "
                    "({published} month(s) published)"
                ).format(period=period, slug=facts.slug, published=published),
                event=facts.slug,
                round=period,
            )
        if period > 1 and not is_month_closed(facts, period - 1):
            raise WrongState(
                gettext(
                    "months close in order: close month {value} of event {slug!r} first"
                ).format(value=period - 1, slug=facts.slug),
                event=facts.slug,
                round=period,
            )
        disputed = [
            g
            for r in league_rounds(facts)
            if r.number == period
            for g in r.games()
            if g.status is ResultStatus.DISPUTED
        ]
        if disputed:
            raise WrongState(
                gettext(
                    "month {period} of event {slug!r} cannot close: {games} awaits the "
                    "referee's ruling"
                ).format(
                    period=period, slug=facts.slug, games=", ".join(g.label for g in disputed[:5])
                ),
                event=facts.slug,
                round=period,
            )
        _check_month_windows_passed(facts, period, now)

    # -- where it stands ----------------------------------------------------------------------

    def is_finished(self, facts: EventFacts) -> bool:
        parameters = league_event_parameters(facts.parameters)
        published = len(league_rounds(facts))
        return published >= parameters.season_months and all(
            is_month_closed(facts, number) for number in range(1, published + 1)
        )

    def compute_standings(self, facts: EventFacts) -> tuple[StandingsTable, ...]:
        parameters = league_event_parameters(facts.parameters)
        history = derive_history(facts, parameters)
        if not history.months:
            return (_founding_table(facts, parameters),)
        record = history.months[-1]
        if record.is_closed:
            return (_month_end_table(facts, record),)
        return (_running_month_table(facts, record),)


# -- pairing ----------------------------------------------------------------------------------


def _calendar_month(
    facts: EventFacts, parameters: LeagueEventParameters, number: int, now: datetime
) -> Month:
    first = first_league_month(facts, parameters, now)
    assert first is not None  # `now` is given
    return first.plus(number - 1)


def _encounters(
    record: MonthRecord, parameters: LeagueEventParameters
) -> tuple[PlannedEncounter, ...]:
    rule = match_rule(parameters.league)
    games = parameters.league.games_per_match
    encounters: list[PlannedEncounter] = []
    for board, planned in enumerate(record.planned, start=1):
        upper, lower = planned.match.upper, planned.match.lower
        played: list[PlannedGame] = []
        for index in range(games):
            upper_first = rule.first_side_of_game(index, a_moves_first=True) == "a"
            first, second = (upper, lower) if upper_first else (lower, upper)
            played.append(PlannedGame(first, second, Side.WHITE))
        encounters.append(
            PlannedEncounter(
                board, upper, lower, match_rule=match_rule_name(games), games=tuple(played)
            )
        )
    return tuple(encounters)


# -- report windows ---------------------------------------------------------------------------


def _encounter_of(record: MonthRecord, game: GameFact) -> EncounterFact:
    assert record.round is not None
    for encounter in record.round.encounters:
        if encounter.id == game.encounter_id:
            return encounter
    raise WrongState(
        gettext("{label} is not a match of month {number}").format(
            label=game.label, number=record.number
        ),
        round=game.round,
    )


def _check_match_window(
    game: GameFact,
    encounter: EncounterFact,
    planned: PlannedMatch | None,
    month: Month,
    now: datetime,
    parameters: LeagueEventParameters,
) -> None:
    current = as_utc(now, "report time")
    if planned is not None and current < planned.may_play_from:
        raise OutOfWindow(
            gettext(
                "{label}: the match may be played from {instant} (R21), so "
                "it cannot be reported at {instant2}"
            ).format(
                label=game.label,
                instant=_instant(planned.may_play_from),
                instant2=_instant(current),
            ),
            round=game.round,
            board=game.board,
        )
    reported = sorted(
        as_utc(r.at, "report time")
        for g in encounter.games
        for r in g.reports
        if r.result is not None
    )
    played_at = min(reported[0] if reported else current, month.ends_at)
    own = sorted(as_utc(r.at, "report time") for r in game.reports if r.result is not None)
    if own and current >= own[0]:
        validation = compute_result_validation(played_at, own[:1], current, parameters.league)
        if validation.status is ValidationStatus.FINAL:
            raise OutOfWindow(
                gettext(
                    "{label}: the result reported at {instant} is final since "
                    "{instant2} (R47: disputes within {dispute_window_hours} "
                    "hours); ask the referee"
                ).format(
                    label=game.label,
                    instant=_instant(own[0]),
                    instant2=_instant(validation.final_at or own[0]),
                    dispute_window_hours=parameters.league.dispute_window_hours,
                ),
                round=game.round,
                board=game.board,
            )
        return
    if current >= played_at and not is_report_on_time(played_at, current, parameters.league):
        why = (
            gettext("its first report")
            if reported and reported[0] <= month.ends_at
            else gettext("month end")
        )
        raise OutOfWindow(
            gettext(
                "{label}: reported at {instant}, more than "
                "{result_report_hours} hours after the match ({instant2}, "
                "{why}); a match reported late counts as unplayed (R45, A28)"
            ).format(
                label=game.label,
                instant=_instant(current),
                result_report_hours=parameters.league.result_report_hours,
                instant2=_instant(played_at),
                why=why,
            ),
            round=game.round,
            board=game.board,
        )


# -- month end --------------------------------------------------------------------------------


def _check_month_windows_passed(facts: EventFacts, period: int, now: datetime) -> None:
    """R45-R47, A21, A28: a month closes once no report of it can arrive and none of its
    validated results can be disputed any more."""
    parameters = league_event_parameters(facts.parameters)
    first = first_league_month(facts, parameters)
    assert first is not None  # month `period` is published
    month = first.plus(period - 1)
    closing = earliest_month_close(month, _disputable_results(facts, period), parameters.league)
    if closing.allows(now):
        return
    moment = closing.at.isoformat()
    if closing.result is None:
        why = gettext(
            "reports for month {period} may arrive until {moment} "
            "({result_report_hours} h after the month ends, R45)"
        ).format(
            period=period, moment=moment, result_report_hours=parameters.league.result_report_hours
        )
    else:
        why = gettext(
            "the result of {result} can be disputed until {moment} "
            "({dispute_window_hours} h after it was reported, R47)"
        ).format(
            result=closing.result,
            moment=moment,
            dispute_window_hours=parameters.league.dispute_window_hours,
        )
    raise OutOfWindow(
        gettext(
            "month {period} ({month}) of event {slug!r} cannot close before {moment}: {why}"
        ).format(period=period, month=month, slug=facts.slug, moment=moment, why=why),
        event=facts.slug,
        round=period,
        closes_at=moment,
        waits_for=closing.wait.value,
    )


def _disputable_results(facts: EventFacts, period: int) -> dict[str, datetime]:
    """The month's reported results that nobody confirmed, disputed or ruled yet, by game
    label, with the instant of their first report (when the dispute window opened)."""
    return {
        game.label: min(r.at for r in game.reports if r.result is not None)
        for published in league_rounds(facts)
        if published.number == period
        for game in published.games()
        if game.status is ResultStatus.REPORTED
    }


# -- leaves -----------------------------------------------------------------------------------


def _leave_refusal(refusal: IllegalResult, slug: str, number: int) -> Exception:
    message = gettext("month {number}: {reason}").format(number=number, reason=shown(refusal))
    if refusal.code == "leave_notice_late":
        return OutOfWindow(message, event=slug, round=number)
    if refusal.code == "leave_duplicate":
        return Duplicate(message, event=slug, round=number)
    return WrongState(message, event=slug, round=number)


# -- standings and summary --------------------------------------------------------------------


def _founding_table(facts: EventFacts, parameters: LeagueEventParameters) -> StandingsTable:
    if facts.state is EventState.REGISTRATION:
        ranked = founding_order(facts.competitors)
    else:
        ranked = founding_players(facts)
    ladder = found_ladder([c.id for c in ranked], parameters.league) if ranked else None
    lines = tuple(
        StandingsLine(
            rank=position,
            is_shared=False,
            competitor=competitor,
            points=Fraction(0),
            values={"coefficient": ladder.at(position).coefficient if ladder else None},
        )
        for position, competitor in enumerate(ranked, start=1)
    )
    return StandingsTable(gettext("Founding list"), (gettext("coefficient"),), lines)


_RUNNING_COLUMNS = ("coefficient", "games", "mandatory games")


def _running_month_table(facts: EventFacts, record: MonthRecord) -> StandingsTable:
    by_id = {c.id: c for c in facts.competitors}
    lines: list[StandingsLine] = []
    for position, entry in enumerate(record.stage.ladder, start=1):
        points = record.outcome.points[entry.competitor]
        values: dict[str, Points | None] = {
            "coefficient": entry.coefficient,
            "games": Fraction(points.games_played),
            "mandatory games": Fraction(points.mandatory_games),
        }
        lines.append(
            StandingsLine(
                rank=position,
                is_shared=False,
                competitor=by_id[entry.competitor],
                points=points.total,
                values=values,
                note=_entry_note(record, entry.competitor),
            )
        )
    lines += _on_leave_lines(facts, record, _RUNNING_COLUMNS)
    title = gettext("Month {number} ({month}), in progress: points so far").format(
        number=record.number, month=record.month
    )
    return StandingsTable(title, _RUNNING_COLUMNS, tuple(lines))


_CLOSED_COLUMNS = ("coefficient", "previous coefficient", "start position")
PRIZE_WORDS = {
    "league-star": gettext_noop("league star"),
    "place": gettext_noop("place prize"),
    "progress": gettext_noop("progress prize"),
}
"""A month-end prize's kind in words (the standings note)."""


def _month_end_table(facts: EventFacts, record: MonthRecord) -> StandingsTable:
    by_id = {c.id: c for c in facts.competitors}
    outcome = record.outcome
    suspended = {s.competitor for s in outcome.suspensions}
    threshold = record.league.parameters.removal_threshold
    prizes: dict[CompetitorId, list[str]] = {}
    for prize in outcome.prizes:
        text = gettext(PRIZE_WORDS[prize.kind.value]) + (
            f" {prize.points}" if prize.points is not None else ""
        )
        prizes.setdefault(prize.competitor, []).append(text)
    lines: list[StandingsLine] = []
    for position, entry in enumerate(outcome.ranking.updated, start=1):
        update = outcome.ranking.updates[entry.competitor]
        notes = list(prizes.get(entry.competitor, []))
        if update.removed:
            below = format_coefficient(threshold)
            notes.append(gettext("removed (below {threshold})").format(threshold=below))
        if entry.competitor in suspended:
            notes.append(gettext("suspended"))
        lines.append(
            StandingsLine(
                rank=position,
                is_shared=False,
                competitor=by_id[entry.competitor],
                points=update.points,
                values={
                    "coefficient": update.new,
                    "previous coefficient": update.old,
                    "start position": Fraction(update.start_position),
                },
                note="; ".join(notes),
            )
        )
    lines += _on_leave_lines(facts, record, _CLOSED_COLUMNS)
    title = gettext("League list after month {number} ({month})").format(
        number=record.number, month=record.month
    )
    return StandingsTable(title, _CLOSED_COLUMNS, tuple(lines))


ON_LEAVE = gettext_noop("on leave")


def _on_leave_lines(
    facts: EventFacts, record: MonthRecord, columns: tuple[str, ...]
) -> list[StandingsLine]:
    """The players on leave this month (R48-R50): kept below the list without a rank (R49:
    left out of the stage's list, so not ranked), with no points and their coefficient
    unchanged (they have no position, games or start position)."""
    by_id = {c.id: c for c in facts.competitors}
    away = record.stage.on_leave
    lines = []
    for competitor in away:
        kept = record.league.coefficients.get(competitor)
        values: dict[str, Points | None] = dict.fromkeys(columns)
        values["coefficient"] = kept
        if "previous coefficient" in values:
            values["previous coefficient"] = kept
        lines.append(
            StandingsLine(
                rank=None,
                is_shared=False,
                competitor=by_id[competitor],
                points=Fraction(0),
                values=values,
                note=gettext(ON_LEAVE),
            )
        )
    return lines


def _entry_note(record: MonthRecord, competitor: CompetitorId) -> str:
    stage = record.stage
    if competitor in stage.newcomers:
        return gettext("newcomer")
    if competitor in stage.returning:
        return gettext("returning")
    if competitor in stage.back_from_leave:
        return gettext("back from leave")
    return ""


def _instant(at: datetime) -> str:
    return f"{as_utc(at, 'instant'):%Y-%m-%d %H:%M} UTC"
