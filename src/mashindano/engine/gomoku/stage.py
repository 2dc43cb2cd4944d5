"""One monthly stage from start to month end: the list, the plan, the close (R1, R12-R17, R21,
R40-R50).

start_stage: leaves (before day 1), then registrations (days 1-7): newcomers just above the last
    two continuing players, returning players by their stored coefficient; then the pairings.
plan_stage:  for each match, the day it may be played from (R21) and the opening rule (R26-R28).
close_stage: sanctions, points, new coefficients, re-sort, removals, suspensions, prizes, and
    the league for the next month.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from mashindano.engine.errors import IllegalResult
from mashindano.engine.gomoku.coefficients import MonthEndRanking, compute_month_end
from mashindano.engine.gomoku.discipline import (
    Exclusion,
    Suspension,
    compute_exclusion,
    compute_sanctioned,
    compute_suspension,
)
from mashindano.engine.gomoku.ladder import Ladder, LadderEntry, lower_third_size
from mashindano.engine.gomoku.league import League
from mashindano.engine.gomoku.leaves import LeaveRequest, Rejection, decide_leaves
from mashindano.engine.gomoku.months import Month
from mashindano.engine.gomoku.newcomers import (
    Entry,
    Registration,
    check_registration,
    place_newcomers,
    place_returning,
)
from mashindano.engine.gomoku.openings import OpeningDecision, compute_opening
from mashindano.engine.gomoku.pairing import LadderMatch, compute_pairings
from mashindano.engine.gomoku.prizes import Prize, compute_prizes
from mashindano.engine.gomoku.scoring import (
    MatchResult,
    PointsBreakdown,
    compute_stage_points,
    index_results,
)
from mashindano.engine.gomoku.windows import compute_may_play_from
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.engine.timestamps import as_utc


@dataclass(frozen=True, slots=True)
class Stage:
    """The list and matches of one month, and how they came about."""

    month: Month
    ladder: Ladder
    """Positions for the month, with the coefficients carried into it."""
    opening_list: tuple[CompetitorId, ...]
    """The list published on day 1, before registrations (for R21's lower third)."""
    matches: tuple[LadderMatch, ...]
    newcomers: tuple[CompetitorId, ...] = ()
    returning: tuple[CompetitorId, ...] = ()
    """Re-registered players (after removal or a suspension) placed by their coefficient."""
    back_from_leave: tuple[CompetitorId, ...] = ()
    on_leave: tuple[CompetitorId, ...] = ()
    rejected: tuple[Rejection, ...] = ()
    """Leaves and registrations refused, with the reason."""
    registered: Mapping[CompetitorId, Competitor] = field(default_factory=dict)
    """Competitors who entered by registering this month (newcomers and returning)."""
    accepted_registrations: tuple[Registration, ...] = ()
    """The registrations that entered a player, in the order they were decided."""
    accepted_leaves: tuple[LeaveRequest, ...] = ()
    """The leave requests granted (R48-R50), in the order they were decided."""


def start_stage(
    league: League,
    registrations: Sequence[Registration] = (),
    leave_requests: Sequence[LeaveRequest] = (),
) -> Stage:
    """Build the month's list and pairings. Refused leaves and registrations are recorded in
    `Stage.rejected`; a list shorter than the minimum raises NoValidPairing."""
    parameters = league.parameters
    month = league.month
    for request in leave_requests:
        if request.month != month:
            raise IllegalResult(
                f"leave of {request.competitor} is for {request.month}, not for the stage "
                f"of {month}",
                competitor=request.competitor,
            )
    leaves = decide_leaves(
        leave_requests, league.leaves, parameters, members=frozenset(league.members)
    )
    on_leave = frozenset(r.competitor for r in leaves.accepted)
    continuing = league.ranking.without(on_leave)
    back = tuple(c for c in league.back_from_leave if c not in on_leave)
    opening_list = place_returning(continuing, [league.stored_entry(c) for c in back])

    newcomers: list[CompetitorId] = []
    returning: list[LadderEntry] = []
    registered: dict[CompetitorId, Competitor] = {}
    accepted: list[Registration] = []
    rejected = list(leaves.rejected)
    ordered = sorted(registrations, key=lambda r: as_utc(r.received_at, "registration time"))
    for registration in ordered:
        who = registration.competitor.id
        try:
            membership = league.membership(who)
            if who in registered:
                raise IllegalResult(
                    f"{who} is already entered for {month}", code="already_entered", competitor=who
                )
            entry = check_registration(registration, month, membership, parameters)
        except IllegalResult as refusal:
            rejected.append(Rejection(who, refusal.code, refusal.message, registration.received_at))
            continue
        registered[who] = registration.competitor
        accepted.append(registration)
        if entry is Entry.NEWCOMER:
            newcomers.append(who)
        else:
            returning.append(league.stored_entry(who))

    with_newcomers = place_newcomers(continuing, newcomers, parameters)
    ladder = place_returning(with_newcomers, [league.stored_entry(c) for c in back] + returning)
    return Stage(
        month=month,
        ladder=ladder,
        opening_list=opening_list.ids,
        matches=compute_pairings(ladder, parameters),
        newcomers=tuple(newcomers),
        returning=tuple(e.competitor for e in returning),
        back_from_leave=back,
        on_leave=tuple(c for c in league.members if c in on_leave),
        rejected=tuple(rejected),
        registered=registered,
        accepted_registrations=tuple(accepted),
        accepted_leaves=leaves.accepted,
    )


@dataclass(frozen=True, slots=True)
class PlannedMatch:
    match: LadderMatch
    may_play_from: datetime
    opening: OpeningDecision


def plan_stage(stage: Stage, league: League) -> tuple[PlannedMatch, ...]:
    """R21, A14: players in the bottom third of the day-1 list, and anyone who entered during
    registration, wait until registration closes; R26-R28: the opening rule of each match."""
    parameters = league.parameters
    waiting_count = lower_third_size(len(stage.opening_list))
    waiting = set(stage.opening_list[len(stage.opening_list) - waiting_count :])
    waiting.update(c for c in stage.ladder.ids if c not in stage.opening_list)
    planned: list[PlannedMatch] = []
    for match in stage.matches:
        waits = match.upper in waiting or match.lower in waiting
        planned.append(
            PlannedMatch(
                match=match,
                may_play_from=compute_may_play_from(stage.month, waits, parameters),
                opening=compute_opening(
                    match,
                    stage.ladder.coefficient_of(match.upper),
                    stage.ladder.coefficient_of(match.lower),
                    parameters,
                ),
            )
        )
    return tuple(planned)


@dataclass(frozen=True, slots=True)
class StageOutcome:
    """Everything the month end decided, and the league for the next month."""

    stage: Stage
    results: Mapping[LadderMatch, MatchResult]
    points: Mapping[CompetitorId, PointsBreakdown]
    ranking: MonthEndRanking
    sanctioned: frozenset[CompetitorId]
    suspensions: tuple[Suspension, ...]
    prizes: tuple[Prize, ...]
    league: League


def close_stage(
    league: League,
    stage: Stage,
    results: Iterable[MatchResult],
    flagged: Collection[CompetitorId] = (),
    exclusions: Sequence[Exclusion] = (),
) -> StageOutcome:
    """Month end. `results` are the validated results (missing matches count as unplayed);
    `flagged` the players the organiser or referee marked as disinterested (R40)."""
    parameters = league.parameters
    month = stage.month
    if month != league.month:
        raise IllegalResult(
            f"the stage of {month} cannot close the league waiting for {league.month}",
            month=str(month),
        )
    indexed = index_results(stage.ladder, results, parameters)
    sanctioned = compute_sanctioned(stage.ladder, indexed, flagged)
    points = compute_stage_points(stage.ladder, indexed.values(), parameters, sanctioned)
    ranking = compute_month_end(stage.ladder, {c: b.total for c, b in points.items()}, parameters)
    new_suspensions = [
        compute_suspension(c, month, c in league.sanction_streak, parameters)
        for c in ranking.updated.ids
        if c in sanctioned
    ]
    for exclusion in exclusions:
        known = exclusion.competitor in league.coefficients
        if not known and exclusion.competitor not in stage.registered:
            raise IllegalResult(
                f"{exclusion.competitor} is not a league player and cannot be excluded",
                competitor=exclusion.competitor,
            )
        new_suspensions.append(compute_exclusion(exclusion, month))
    away = frozenset(s.competitor for s in new_suspensions)
    prizes = compute_prizes(ranking.updated, stage.ladder.positions(), parameters)

    coefficients = dict(league.coefficients)
    coefficients.update({c: u.new for c, u in ranking.updates.items()})
    leaves = dict(league.leaves)
    for competitor in stage.on_leave:
        leaves[competitor] = (*leaves.get(competitor, ()), month)
    played = frozenset(stage.ladder.ids)
    next_league = League(
        month=month.next(),
        ranking=ranking.continuing.without(away),
        competitors={**league.competitors, **stage.registered},
        coefficients=coefficients,
        back_from_leave=tuple(c for c in stage.on_leave if c not in away),
        removed=(league.removed - frozenset(stage.returning)) | frozenset(ranking.removed),
        suspensions=(*league.suspensions, *new_suspensions),
        leaves=leaves,
        sanction_streak=(league.sanction_streak - played) | sanctioned,
        parameters=parameters,
    )
    return StageOutcome(
        stage=stage,
        results=indexed,
        points=points,
        ranking=ranking,
        sanctioned=sanctioned,
        suspensions=tuple(new_suspensions),
        prizes=prizes,
        league=next_league,
    )
