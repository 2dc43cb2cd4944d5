"""Tie-breaks: named pure functions over a stage's results, composed as an ordered list.

Use `tiebreak_by_name("buchholz-cut1")` (see `registry` for the names and options) or the
factories below; `mashindano.engine.standings.compute_standings` applies the list.
"""

from mashindano.engine.tiebreaks.base import (
    Better,
    Scope,
    TieBreak,
    TieValues,
    Unplayed,
)
from mashindano.engine.tiebreaks.direct import compute_direct_encounter, direct_encounter
from mashindano.engine.tiebreaks.fide import (
    FIDE_CODES,
    FideCode,
    FideSpec,
    Rules,
    compute_fide,
    fide_tiebreak,
    parse_fide_code,
    unrated_present,
)
from mashindano.engine.tiebreaks.opponents import (
    Cut,
    Grouping,
    buchholz,
    buchholz_cut1,
    compute_buchholz,
    compute_weighted_score,
    median_buchholz,
    neustadtl,
    sonneborn_berger,
)
from mashindano.engine.tiebreaks.performance import (
    aro,
    compute_aro,
    compute_tpr,
    compute_wins,
    tpr,
    wins,
)
from mashindano.engine.tiebreaks.registry import (
    FIDE_TIEBREAK_CODES,
    TIEBREAK_NAMES,
    tiebreak_by_name,
    tiebreaks_by_names,
)
from mashindano.engine.tiebreaks.seeding import (
    compute_kiba_score,
    compute_lots,
    compute_previous_position,
    drawing_of_lots,
    kiba_score_tiebreak,
    previous_position,
)

__all__ = [
    "FIDE_CODES",
    "FIDE_TIEBREAK_CODES",
    "TIEBREAK_NAMES",
    "Better",
    "Cut",
    "FideCode",
    "FideSpec",
    "Grouping",
    "Rules",
    "Scope",
    "TieBreak",
    "TieValues",
    "Unplayed",
    "aro",
    "buchholz",
    "buchholz_cut1",
    "compute_aro",
    "compute_buchholz",
    "compute_direct_encounter",
    "compute_fide",
    "compute_kiba_score",
    "compute_lots",
    "compute_previous_position",
    "compute_tpr",
    "compute_weighted_score",
    "compute_wins",
    "direct_encounter",
    "drawing_of_lots",
    "fide_tiebreak",
    "kiba_score_tiebreak",
    "median_buchholz",
    "neustadtl",
    "parse_fide_code",
    "previous_position",
    "sonneborn_berger",
    "tiebreak_by_name",
    "tiebreaks_by_names",
    "tpr",
    "unrated_present",
    "wins",
]
