"""Tie-breaks from the player's own results and the opponents' ratings (FIDE types B, D):
number of wins, average rating of opponents, tournament performance rating."""

from __future__ import annotations

from fractions import Fraction

from mashindano.engine.errors import ConfigError
from mashindano.engine.ratings import average_rating, rating_difference_for_score
from mashindano.engine.sheets import GameStatus, ScoreTable
from mashindano.engine.tiebreaks.base import Better, TieBreak, TieValues


def compute_wins(table: ScoreTable) -> TieValues:
    """WIN: games won over the board or by forfeit, plus byes worth at least a win."""
    return TieValues(table.wins)


def compute_aro(table: ScoreTable) -> TieValues:
    """ARO: mean rating of the opponents met over the board, once per encounter, rounded to
    the nearest integer with halves up. Unrated opponents are left out (C.07: unrated players
    are dropped from rating-based tie-breaks); no rated opponent gives no value."""
    values: list[int | None] = []
    for ratings, _points, _games in _rated_terms(table):
        values.append(average_rating(ratings) if ratings else None)
    return TieValues(values)


def compute_tpr(table: ScoreTable) -> TieValues:
    """TPR = ARO + dp(p), p = points / games over the games played over the board against
    rated opponents (the same games ARO looks at), dp from FIDE table 8.1.1."""
    if table.win <= 0:
        raise ConfigError(
            "TPR needs a win to be worth more than 0 points", win=table.to_points(table.win)
        )
    values: list[int | None] = []
    for ratings, points, games in _rated_terms(table):
        if not ratings:
            values.append(None)
            continue
        score = Fraction(points, games * table.win)
        values.append(average_rating(ratings) + rating_difference_for_score(score))
    return TieValues(values)


def _rated_terms(table: ScoreTable) -> list[tuple[list[int], int, int]]:
    """Per competitor: rated OTB opponents' ratings (one per encounter), points, games."""
    return table.memo("rated-terms", lambda: _build_rated_terms(table))


def _build_rated_terms(table: ScoreTable) -> list[tuple[list[int], int, int]]:
    encounters: list[dict[int, int]] = [{} for _ in range(table.size)]
    points = [0] * table.size
    games = [0] * table.size
    for game in table.resolved_games():
        if game.status is not GameStatus.PLAYED:
            continue
        for me, other, scored in (
            (game.first, game.second, game.first_points),
            (game.second, game.first, game.second_points),
        ):
            rating = table.competitors[other].rating
            if rating is None:
                continue
            encounters[me][game.encounter] = rating
            points[me] += scored
            games[me] += 1
    return [(list(encounters[i].values()), points[i], games[i]) for i in range(table.size)]


def wins() -> TieBreak:
    return TieBreak(name="wins", acronym="WIN", better=Better.HIGHER, over_field=compute_wins)


def aro() -> TieBreak:
    return TieBreak(name="aro", acronym="ARO", better=Better.HIGHER, over_field=compute_aro)


def tpr() -> TieBreak:
    return TieBreak(name="tpr", acronym="TPR", better=Better.HIGHER, over_field=compute_tpr)
