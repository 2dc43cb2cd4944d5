"""File formats as text in, text out: TRF-16/TRF-26, CSV player lists, JSON.

Interchange may use the engine's vocabulary; the engine never imports interchange.
"""

from mashindano.interchange.trf import (
    competitor_id,
    stage_results_to_trf,
    trf_to_stage_results,
)
from mashindano.interchange.trf_model import (
    TrfByeDeclaration,
    TrfPlayer,
    TrfRoundEntry,
    TrfTournament,
    compute_entry_points,
    compute_player_points,
    compute_point_system,
    count_paired_rounds,
)
from mashindano.interchange.trf_read import parse_trf
from mashindano.interchange.trf_write import format_player_line, format_trf

__all__ = [
    "TrfByeDeclaration",
    "TrfPlayer",
    "TrfRoundEntry",
    "TrfTournament",
    "competitor_id",
    "compute_entry_points",
    "compute_player_points",
    "compute_point_system",
    "count_paired_rounds",
    "format_player_line",
    "format_trf",
    "parse_trf",
    "stage_results_to_trf",
    "trf_to_stage_results",
]
