"""Tie-breaks from data fixed before play: KIBA score, previous list position, drawn lots."""

from __future__ import annotations

import random

from mashindano.engine.ratings import kiba_score
from mashindano.engine.sheets import ScoreTable
from mashindano.engine.tiebreaks.base import Better, TieBreak, TieValues


def compute_kiba_score(table: ScoreTable) -> TieValues:
    """KIBA R29 (3): Elo/10 + lifetime games, rounded half to even. A competitor without a
    rating or a game count has no value and ranks below those with one."""
    return TieValues(
        [
            None
            if c.rating is None or c.games_played is None
            else kiba_score(c.rating, c.games_played)
            for c in table.competitors
        ]
    )


def compute_previous_position(table: ScoreTable) -> TieValues:
    """The competitor's number on the previous list; lower ranks higher, none ranks last."""
    return TieValues([c.number for c in table.competitors])


def compute_lots(table: ScoreTable, seed: int) -> TieValues:
    """Lots drawn with a recorded seed: a permutation of the competitor ids in sorted order, so
    the draw depends on the seed and the ids only, never on the order of the input."""
    ids = sorted(c.id for c in table.competitors)
    random.Random(seed).shuffle(ids)
    lot = {competitor_id: k + 1 for k, competitor_id in enumerate(ids)}
    return TieValues([lot[c.id] for c in table.competitors])


def kiba_score_tiebreak() -> TieBreak:
    return TieBreak(
        name="kiba-score", acronym="KIBA", better=Better.HIGHER, over_field=compute_kiba_score
    )


def previous_position() -> TieBreak:
    return TieBreak(
        name="previous-position",
        acronym="PREV",
        better=Better.LOWER,
        over_field=compute_previous_position,
    )


def drawing_of_lots(seed: int) -> TieBreak:
    return TieBreak(
        name=f"lots:{seed}",
        acronym="LOT",
        better=Better.LOWER,
        over_field=lambda t: compute_lots(t, seed),
    )
