"""Month end: each player's update keeps the coefficient carried into the stage (R12, E4)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from mashindano.engine.gomoku import Ladder, compute_month_end, compute_new_coefficient
from mashindano.engine.model import CompetitorId

F = Fraction


def test_gomoku_E4_update_records_old_and_new_coefficient() -> None:
    ladder = Ladder.of([("a", F(3)), ("b", F(2)), ("m", F(3, 2)), ("c", F(1)), ("d", F(1, 2))])
    ranking = compute_month_end(ladder, {CompetitorId("m"): F(21)})
    update = ranking.updates[CompetitorId("m")]
    assert (update.old, update.stage, update.new) == (F(3, 2), F(21, 10), F(9, 5))
    assert update.start_position == 3


@given(
    st.lists(st.integers(min_value=1, max_value=60), min_size=4, max_size=10, unique=True),
    st.lists(st.integers(min_value=0, max_value=40), min_size=10, max_size=10),
)
def test_update_old_is_the_carried_coefficient(tenths: list[int], points: list[int]) -> None:
    values = sorted((F(t, 20) for t in tenths), reverse=True)
    ladder = Ladder.of([(f"p{k}", v) for k, v in enumerate(values)])
    earned = {CompetitorId(f"p{k}"): F(points[k]) for k in range(len(values))}
    ranking = compute_month_end(ladder, earned)
    for entry in ladder:
        update = ranking.updates[entry.competitor]
        assert update.old == entry.coefficient
        assert update.new == compute_new_coefficient(entry.coefficient, update.points)
