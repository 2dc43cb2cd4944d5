"""Live standings of a round in play (R35): a round recorded with some results still pending."""

from __future__ import annotations

from fractions import Fraction

import pytest

from mashindano.engine.errors import IllegalResult
from mashindano.engine.model import Competitor, CompetitorId, GameResult
from mashindano.engine.tasaselo import (
    compute_event_selos,
    compute_standings,
    pair_next_round,
    record_round,
    start_event,
)


def _field(count: int) -> list[Competitor]:
    return [
        Competitor(CompetitorId(f"p{n}"), f"Player {n}", 2000 - 50 * (n - 1))
        for n in range(1, count + 1)
    ]


def test_R35_pending_boards_are_left_out_until_their_result_comes_in() -> None:
    event = start_event(_field(7), 3)
    pairing = pair_next_round(event, seed=5)
    [first, *others] = [b for b in pairing.boards if not b.is_ghost]
    with pytest.raises(IllegalResult, match="no result"):
        record_round(event, pairing, {first.number: GameResult.FIRST_WINS})

    live = record_round(event, pairing, {first.number: GameResult.FIRST_WINS}, allow_pending=True)

    assert [(g.first, g.second) for g in live.games] == [(first.white, first.black)]
    assert [b.competitor for b in live.byes] == [pairing.boards[-1].white]  # the ghost's opponent
    points = {r.competitor: r.points for r in compute_standings(live, 1).comparison}
    assert points[first.white] == 1
    assert points[pairing.boards[-1].white] == 1
    assert all(points[p] == 0 for b in others for p in b.players)
    selos = compute_event_selos(live)[-1]
    assert selos[first.white] > Fraction(live.roster.entry(first.white).selo)
    assert all(selos[b.white] == live.roster.entry(b.white).selo for b in others)


def test_pending_results_given_as_not_played_are_left_out_too() -> None:
    event = start_event(_field(6), 2)
    pairing = pair_next_round(event, seed=2)
    results = {b.number: GameResult.NOT_PLAYED for b in pairing.boards}
    live = record_round(event, pairing, results, allow_pending=True)
    assert live.games == ()
    assert all(r.points == 0 for r in compute_standings(live, 3).comparison)
