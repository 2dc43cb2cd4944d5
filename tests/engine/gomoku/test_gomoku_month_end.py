"""Month end (R12-R15, A17) as hypothesis invariants over whole random stages."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mashindano.engine.errors import IllegalResult
from mashindano.engine.gomoku import (
    GOMOKU_LEAGUE,
    Ladder,
    League,
    MatchResult,
    Month,
    StageOutcome,
    close_stage,
    compute_month_end,
    compute_new_coefficient,
    rank_by_coefficient,
    start_stage,
)
from mashindano.engine.gomoku.scoring import GameWinner
from mashindano.engine.model import CompetitorId
from mashindano.engine.parameters import override

F = Fraction
# Few distinct values, so equal coefficients (R14 ties) happen often.
COEFFICIENTS = st.sampled_from([F(k, 20) for k in range(8, 61, 4)])
GAMES = st.lists(st.sampled_from(list(GameWinner)), min_size=1, max_size=4).map(tuple)


@st.composite
def stages(draw: st.DrawFn) -> StageOutcome:
    size = draw(st.integers(min_value=4, max_value=14))
    values = sorted(draw(st.lists(COEFFICIENTS, min_size=size, max_size=size)), reverse=True)
    ranking = Ladder.of([(f"p{k}", value) for k, value in enumerate(values, start=1)])
    league = League(
        month=Month(2006, 1),
        ranking=ranking,
        competitors={},
        coefficients={e.competitor: e.coefficient for e in ranking},
    )
    stage = start_stage(league)
    results: list[MatchResult] = []
    for match in stage.matches:
        kind = draw(st.sampled_from(["played", "played", "played", "no-show", "unplayed"]))
        if kind == "played":
            results.append(MatchResult.played(match, draw(GAMES)))
        elif kind == "no-show":
            results.append(
                MatchResult.no_show(match, draw(st.sampled_from([match.upper, match.lower])))
            )
    flagged = draw(st.lists(st.sampled_from(stage.ladder.ids), max_size=3, unique=True))
    return close_stage(league, stage, results, flagged)


@settings(max_examples=80, deadline=None)
@given(stages())
def test_new_coefficient_is_mean_of_old_and_points_over_ten(outcome: StageOutcome) -> None:
    for entry in outcome.stage.ladder:
        total = outcome.points[entry.competitor].total
        update = outcome.ranking.updates[entry.competitor]
        assert update.new == (entry.coefficient + total / 10) / 2
        assert outcome.league.coefficients[entry.competitor] == update.new


@settings(max_examples=80, deadline=None)
@given(stages())
def test_order_by_coefficient_ties_in_previous_order(outcome: StageOutcome) -> None:
    updated = outcome.ranking.updated
    assert updated.is_sorted()
    start = outcome.stage.ladder.positions()
    for upper, lower in zip(updated.entries, updated.entries[1:], strict=False):
        if upper.coefficient == lower.coefficient:
            assert start[upper.competitor] < start[lower.competitor]
    assert sorted(updated.ids) == sorted(outcome.stage.ladder.ids)


@settings(max_examples=80, deadline=None)
@given(stages())
def test_nobody_below_half_remains(outcome: StageOutcome) -> None:
    for entry in outcome.league.ranking:
        assert entry.coefficient >= F(1, 2)
    for competitor in outcome.ranking.removed:
        assert outcome.ranking.updates[competitor].new < F(1, 2)
        assert competitor not in outcome.league.ranking
    kept = {e.competitor for e in outcome.ranking.continuing}
    assert kept | set(outcome.ranking.removed) == set(outcome.stage.ladder.ids)


@settings(max_examples=50, deadline=None)
@given(stages())
def test_points_are_never_negative_and_sanctions_need_flags(outcome: StageOutcome) -> None:
    assert all(b.total >= 0 for b in outcome.points.values())
    assert outcome.sanctioned <= set(outcome.stage.ladder.ids)
    for suspension in outcome.suspensions:
        assert suspension.competitor not in outcome.league.ranking


def test_rank_by_coefficient_is_stable() -> None:
    ids = [CompetitorId(c) for c in "abcd"]
    coefficients = {ids[0]: F(1), ids[1]: F(2), ids[2]: F(1), ids[3]: F(2)}
    assert rank_by_coefficient(ids, coefficients) == ("b", "d", "a", "c")
    with pytest.raises(IllegalResult, match="no coefficient for"):
        rank_by_coefficient([*ids, CompetitorId("e")], coefficients)


def test_points_for_a_stranger_are_refused() -> None:
    board = Ladder.of([("a", F(2)), ("b", F(1))])
    with pytest.raises(IllegalResult, match="not on the stage list"):
        compute_month_end(board, {CompetitorId("zz"): F(3)})


def test_stage_coefficient_weights_are_parameters() -> None:
    custom = override(GOMOKU_LEAGUE, {"stage_coefficient": "20,3/4"})
    assert compute_new_coefficient(F(2), F(20), custom) == F(3, 4) * 2 + F(1, 4) * 1
