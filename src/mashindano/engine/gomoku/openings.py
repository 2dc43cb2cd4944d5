"""Opening rule of each match (R25-R28, A16).

K is the coefficient the two players carry into the stage (the one calculated at the end of
the previous stage; a newcomer's is the one R17 gave them).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from mashindano.engine.gomoku.pairing import LadderMatch
from mashindano.engine.gomoku.parameters import GOMOKU_LEAGUE, GomokuParameters
from mashindano.engine.model import CompetitorId


class OpeningRule(StrEnum):
    PRO_MANDATORY = "pro-mandatory"
    """R26: both players have K >= 2.000."""
    LOWER_RANKED_CHOOSES = "lower-ranked-chooses"
    """R27, A16: a mixed pair; the lower-ranked player picks standard or pro."""
    STANDARD_UNLESS_BOTH_AGREE = "standard-unless-both-agree"
    """R25, A16: standard, or pro only if both players agree."""


@dataclass(frozen=True, slots=True)
class OpeningDecision:
    rule: OpeningRule
    chooser: CompetitorId | None = None


def compute_opening(
    match: LadderMatch,
    upper_coefficient: Fraction,
    lower_coefficient: Fraction,
    parameters: GomokuParameters = GOMOKU_LEAGUE,
) -> OpeningDecision:
    """Whether the pro opening is mandatory, optional by agreement, or whose choice it is."""
    threshold = parameters.pro_opening_threshold
    upper_strong = upper_coefficient >= threshold
    lower_strong = lower_coefficient >= threshold
    if upper_strong and lower_strong:
        return OpeningDecision(OpeningRule.PRO_MANDATORY)
    if upper_strong or lower_strong:
        return OpeningDecision(OpeningRule.LOWER_RANKED_CHOOSES, chooser=match.lower)
    return OpeningDecision(OpeningRule.STANDARD_UNLESS_BOTH_AGREE)
