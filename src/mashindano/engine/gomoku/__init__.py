"""The Gomoku monthly ladder league (shared/spec/gomoku-league.md), preset `gomoku-league`.

Modules, one job each:
  parameters   the preset: every spec parameter by name, overridable with `override()`
  months       calendar months and UTC instants
  ladder       the list, positions, founding coefficients (R11)
  pairing      matches against positions ±1 and ±2 (R18-R20)
  scoring      monthly points (R32-R39)
  coefficients month end: Knew, re-sort, removal, progress (R12-R15)
  newcomers    registrations, newcomer placement and coefficient (R4-R10, R16, R17)
  leaves       leaves (R48-R50)
  discipline   disinterest, suspensions, exclusions (R40-R44)
  windows      reporting, validation, registration and waiting windows (R21, R45-R47)
  closing      the earliest instant a month may close (R45-R47, A28)
  openings     pro or standard opening per match (R25-R28)
  prizes       league star, top-3 and progress prizes (R51-R54)
  league       the league between stages; stage: one month from start to close
  simulation   a seeded simulation for demos and the CLI
"""

from mashindano.engine.gomoku.coefficients import (
    CoefficientUpdate,
    MonthEndRanking,
    compute_month_end,
    compute_new_coefficient,
    compute_stage_coefficient,
    is_removed,
    rank_by_coefficient,
)
from mashindano.engine.gomoku.discipline import (
    Exclusion,
    Suspension,
    SuspensionReason,
    compute_sanctioned,
    compute_suspension,
    count_unplayed_matches,
    is_sanctioned,
    is_suspended,
)
from mashindano.engine.gomoku.ladder import (
    Ladder,
    LadderEntry,
    compute_founding_coefficient,
    format_coefficient,
    found_ladder,
    insert_by_coefficient,
    lower_third_size,
)
from mashindano.engine.gomoku.league import League, found_league
from mashindano.engine.gomoku.leaves import (
    LeaveDecisions,
    LeaveRequest,
    Rejection,
    check_leave,
    count_leaves_in_year,
    decide_leaves,
)
from mashindano.engine.gomoku.months import Month
from mashindano.engine.gomoku.newcomers import (
    Entry,
    Membership,
    Registration,
    check_registration,
    compute_newcomer_coefficient,
    place_newcomers,
    place_returning,
)
from mashindano.engine.gomoku.openings import OpeningDecision, OpeningRule, compute_opening
from mashindano.engine.gomoku.pairing import (
    LadderMatch,
    compute_pairings,
    count_mandatory_games,
    count_mandatory_matches,
    count_stage_matches,
    match_rule,
)
from mashindano.engine.gomoku.parameters import (
    GOMOKU_LEAGUE,
    PRINTED_TOP3_PRIZE_POINTS,
    GomokuParameters,
)
from mashindano.engine.gomoku.prizes import (
    Prize,
    PrizeKind,
    compute_prizes,
    compute_progress_prize,
    is_progress_eligible,
)
from mashindano.engine.gomoku.scoring import (
    GameWinner,
    MatchResult,
    MatchStatus,
    PointsBreakdown,
    compute_stage_points,
    parse_games,
    score_player,
)
from mashindano.engine.gomoku.simulation import LeagueSimulation, simulate_league
from mashindano.engine.gomoku.stage import (
    PlannedMatch,
    Stage,
    StageOutcome,
    close_stage,
    plan_stage,
    start_stage,
)
from mashindano.engine.gomoku.windows import (
    ResultStatus,
    ResultValidation,
    compute_may_play_from,
    compute_result_validation,
    is_challenge_window,
    is_leave_notice_on_time,
    is_registration_open,
    is_report_on_time,
    registration_closes_at,
    report_deadline,
)

__all__ = [
    "GOMOKU_LEAGUE",
    "PRINTED_TOP3_PRIZE_POINTS",
    "CoefficientUpdate",
    "Entry",
    "Exclusion",
    "GameWinner",
    "GomokuParameters",
    "Ladder",
    "LadderEntry",
    "LadderMatch",
    "League",
    "LeagueSimulation",
    "LeaveDecisions",
    "LeaveRequest",
    "MatchResult",
    "MatchStatus",
    "Membership",
    "Month",
    "MonthEndRanking",
    "OpeningDecision",
    "OpeningRule",
    "PlannedMatch",
    "PointsBreakdown",
    "Prize",
    "PrizeKind",
    "Registration",
    "Rejection",
    "ResultStatus",
    "ResultValidation",
    "Stage",
    "StageOutcome",
    "Suspension",
    "SuspensionReason",
    "check_leave",
    "check_registration",
    "close_stage",
    "compute_founding_coefficient",
    "compute_may_play_from",
    "compute_month_end",
    "compute_new_coefficient",
    "compute_newcomer_coefficient",
    "compute_opening",
    "compute_pairings",
    "compute_prizes",
    "compute_progress_prize",
    "compute_result_validation",
    "compute_sanctioned",
    "compute_stage_coefficient",
    "compute_stage_points",
    "compute_suspension",
    "count_leaves_in_year",
    "count_mandatory_games",
    "count_mandatory_matches",
    "count_stage_matches",
    "count_unplayed_matches",
    "decide_leaves",
    "format_coefficient",
    "found_ladder",
    "found_league",
    "insert_by_coefficient",
    "is_challenge_window",
    "is_leave_notice_on_time",
    "is_progress_eligible",
    "is_registration_open",
    "is_removed",
    "is_report_on_time",
    "is_sanctioned",
    "is_suspended",
    "lower_third_size",
    "match_rule",
    "parse_games",
    "place_newcomers",
    "place_returning",
    "plan_stage",
    "rank_by_coefficient",
    "registration_closes_at",
    "report_deadline",
    "score_player",
    "simulate_league",
    "start_stage",
]
