"""Swiss pairing: per-player state, the FIDE Dutch system, and the arbiter's checklist."""

from mashindano.engine.pairing.baku import Acceleration, baku_acceleration
from mashindano.engine.pairing.check import DutchCheck, Violation, check_dutch_pairing
from mashindano.engine.pairing.dutch import SwissPairing, pair_dutch
from mashindano.engine.pairing.explain import ChecklistRow, explain_pairing
from mashindano.engine.pairing.swiss_state import (
    ColourStrength,
    Float,
    RoundRecord,
    SwissPlayerState,
    build_swiss_state,
)

__all__ = [
    "Acceleration",
    "ChecklistRow",
    "ColourStrength",
    "DutchCheck",
    "Float",
    "RoundRecord",
    "SwissPairing",
    "SwissPlayerState",
    "Violation",
    "baku_acceleration",
    "build_swiss_state",
    "check_dutch_pairing",
    "explain_pairing",
    "pair_dutch",
]
