"""Tasaselo: Swiss-type tournaments paired by a variable Elo (shared/spec/tasaselo.md),
preset `tasaselo`.

Modules, one job each:
  parameters   the preset: every spec parameter by name, overridable with `override()`
  selo         the variable selo, Rnew = Rold + K(S − E) (R11-R14)
  entries      numbering, late entries, rests, absences, withdrawals (R1-R6, A1, A19)
  colours      colour number, due colours, wrong colours, allocation (R21-R24, A6-A8)
  alternating  pairing from alternate ends (or from the top) with complete backtracking
  pairing      round-1 draw and later rounds (R15-R20, A2, A5, A20, A21), forbidden pairs
  odd          reserve and ghost (R26, R27, A9, A10)
  scoring      1 / ½ / 0 or 3 / 1 / 0 (R28, A1, A9)
  comparison   the comparison list and its ranking (R30, R34, A12-A16)
  prizes       prize groups, group and performance prizes (R7-R10, R29-R32, A17, A18)
  event        a tournament as facts: pair, record, standings
  simulation   a seeded simulation for demos, the CLI and property tests
"""

from mashindano.engine.tasaselo.colours import (
    ColourRecord,
    allocate_colours,
    compute_colour_balance,
    compute_colour_number,
    count_wrong_colour_pairs,
    designate_wrong_colours,
    due_colour,
    is_colour_compatible,
)
from mashindano.engine.tasaselo.comparison import (
    ComparisonRow,
    compute_comparison_list,
    compute_lots,
    compute_score_difference,
    rank_rows,
)
from mashindano.engine.tasaselo.entries import (
    Entry,
    Roster,
    Status,
    add_absence,
    add_late_entry,
    add_withdrawal,
    number_players,
    start_roster,
)
from mashindano.engine.tasaselo.event import (
    PlayedRound,
    TasaseloEvent,
    TasaseloStandings,
    compute_colour_histories,
    compute_event_selos,
    compute_standings,
    enter_late,
    mark_absent,
    pair_next_round,
    pair_next_round_or_regardless_of_colours,
    record_round,
    start_event,
    withdraw,
)
from mashindano.engine.tasaselo.odd import RoundField, compute_ghost_selo, plan_round_field
from mashindano.engine.tasaselo.pairing import (
    Board,
    Contender,
    RoundPairing,
    legal_first_round_drawings,
    order_by_variable_selo,
    pair_first_round,
    pair_later_round,
)
from mashindano.engine.tasaselo.parameters import (
    ELO_ORIGINAL_TABLE,
    TASASELO,
    ComparisonBasis,
    TasaseloParameters,
    check_k_factor,
)
from mashindano.engine.tasaselo.prizes import (
    GroupStandings,
    Prize,
    PrizeGroup,
    PrizeKind,
    compute_group_standings,
    compute_prize_group_sizes,
    compute_prize_groups,
    compute_prizes,
    place_in_group,
)
from mashindano.engine.tasaselo.scoring import compute_points, scale_result
from mashindano.engine.tasaselo.selo import (
    compute_round_selos,
    compute_selo_change,
    compute_selo_history,
    expected_score,
)
from mashindano.engine.tasaselo.simulation import (
    EventChanges,
    SimulatedRound,
    TasaseloSimulation,
    simulate_tasaselo,
)

__all__ = [
    "ELO_ORIGINAL_TABLE",
    "TASASELO",
    "Board",
    "ColourRecord",
    "ComparisonBasis",
    "ComparisonRow",
    "Contender",
    "Entry",
    "EventChanges",
    "GroupStandings",
    "PlayedRound",
    "Prize",
    "PrizeGroup",
    "PrizeKind",
    "Roster",
    "RoundField",
    "RoundPairing",
    "SimulatedRound",
    "Status",
    "TasaseloEvent",
    "TasaseloParameters",
    "TasaseloSimulation",
    "TasaseloStandings",
    "add_absence",
    "add_late_entry",
    "add_withdrawal",
    "allocate_colours",
    "check_k_factor",
    "compute_colour_balance",
    "compute_colour_histories",
    "compute_colour_number",
    "compute_comparison_list",
    "compute_event_selos",
    "compute_ghost_selo",
    "compute_group_standings",
    "compute_lots",
    "compute_points",
    "compute_prize_group_sizes",
    "compute_prize_groups",
    "compute_prizes",
    "compute_round_selos",
    "compute_score_difference",
    "compute_selo_change",
    "compute_selo_history",
    "compute_standings",
    "count_wrong_colour_pairs",
    "designate_wrong_colours",
    "due_colour",
    "enter_late",
    "expected_score",
    "is_colour_compatible",
    "legal_first_round_drawings",
    "mark_absent",
    "number_players",
    "order_by_variable_selo",
    "pair_first_round",
    "pair_later_round",
    "pair_next_round",
    "pair_next_round_or_regardless_of_colours",
    "place_in_group",
    "plan_round_field",
    "rank_rows",
    "record_round",
    "scale_result",
    "simulate_tasaselo",
    "start_event",
    "start_roster",
    "withdraw",
]
