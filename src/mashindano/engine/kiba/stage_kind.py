"""The stages of a KIBA tournament (R9), in playing order."""

from __future__ import annotations

from enum import StrEnum


class StageKind(StrEnum):
    QUALIFICATION = "qualification"
    SEMIFINAL = "semifinal"
    FINAL = "final"

    @property
    def order(self) -> int:
        return _ORDER[self]


_ORDER = {StageKind.QUALIFICATION: 0, StageKind.SEMIFINAL: 1, StageKind.FINAL: 2}
