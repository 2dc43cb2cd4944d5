"""Opening rules (R25-R28, A16) and prizes (R51-R54, A22-A25) around their thresholds."""

from __future__ import annotations

from fractions import Fraction

import pytest

from mashindano.engine.gomoku import (
    GOMOKU_LEAGUE,
    Ladder,
    OpeningRule,
    PrizeKind,
    compute_opening,
    compute_pairings,
    compute_prizes,
    compute_progress_prize,
    is_progress_eligible,
)
from mashindano.engine.model import CompetitorId
from mashindano.engine.parameters import override

F = Fraction


@pytest.mark.parametrize(
    ("upper", "lower", "rule"),
    [
        ("2.000", "2.000", OpeningRule.PRO_MANDATORY),
        ("2.5", "2.1", OpeningRule.PRO_MANDATORY),
        ("2.000", "1.999", OpeningRule.LOWER_RANKED_CHOOSES),
        ("1.999", "1.999", OpeningRule.STANDARD_UNLESS_BOTH_AGREE),
        ("1", "0.5", OpeningRule.STANDARD_UNLESS_BOTH_AGREE),
    ],
)
def test_opening_thresholds(upper: str, lower: str, rule: OpeningRule) -> None:
    match = compute_pairings(Ladder.of([(f"p{k}", F(3 - k)) for k in range(4)]))[0]
    decision = compute_opening(match, F(upper), F(lower))
    assert decision.rule is rule
    assert (decision.chooser == match.lower) is (rule is OpeningRule.LOWER_RANKED_CHOOSES)


def test_pro_threshold_is_a_parameter() -> None:
    match = compute_pairings(Ladder.of([(f"p{k}", F(3 - k)) for k in range(4)]))[0]
    lower_bar = override(GOMOKU_LEAGUE, {"pro_opening_threshold": "1.5"})
    assert compute_opening(match, F("1.6"), F("1.5"), lower_bar).rule is OpeningRule.PRO_MANDATORY


@pytest.mark.parametrize(
    ("coefficient", "prize"),
    [("0", 0), ("1/3", 10), ("1", 30), ("1.001", 40), ("0.5", 20), ("7/3", 70), ("2.334", 80)],
)
def test_progress_prize_rounding(coefficient: str, prize: int) -> None:
    assert compute_progress_prize(F(coefficient)) == prize


def test_progress_eligibility_boundary() -> None:
    assert is_progress_eligible(12, 7)
    assert not is_progress_eligible(11, 7)
    assert not is_progress_eligible(3, 8)


def test_prizes_enabled_give_top_three_and_progress() -> None:
    enabled = override(GOMOKU_LEAGUE, {"prizes_enabled": True})
    updated = Ladder.of([(f"p{k}", F(30 - k, 10)) for k in range(1, 11)])
    start = {e.competitor: position for position, e in enumerate(updated, start=1)}
    start[CompetitorId("p1")] = 6
    prizes = compute_prizes(updated, start, enabled)
    assert [(p.kind, p.competitor, p.points) for p in prizes] == [
        (PrizeKind.LEAGUE_STAR, "p1", None),
        (PrizeKind.PLACE, "p1", 150),
        (PrizeKind.PLACE, "p2", 125),
        (PrizeKind.PLACE, "p3", 100),
        (PrizeKind.PROGRESS, "p1", compute_progress_prize(F("2.9"))),
    ]
    assert compute_progress_prize(F("2.9")) == 90
