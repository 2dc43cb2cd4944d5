"""Scoring (R28, A1, A9, E9): 1 / ½ / 0 or 3 / 1 / 0 for the standings. Ratings and
comparison figures never read these points; they use the 1 / ½ / 0 results (R14)."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from mashindano.engine.errors import IllegalResult
from mashindano.engine.model import Bye, ByeKind, CompetitorId, Game, GameResult, Outcome
from mashindano.engine.points import Points, PointSystem
from mashindano.engine.tasaselo.parameters import TASASELO, TasaseloParameters

GHOST_WIN = ByeKind.PAIRING_ALLOCATED
"""The round a player spends against the ghost (R27)."""
ROUND1_REST = ByeKind.HALF_POINT
"""The round-1 rest (R6)."""
MISSED_ROUND = ByeKind.ZERO_POINT
"""A temporary absence (R5, A1)."""


def scale_result(result: Fraction, system: PointSystem) -> Points:
    """A result on the 1 / ½ / 0 scale as points of `system`: 1 is a win, ½ a draw, 0 a loss
    (A1: the rest is worth a draw; A9: the ghost's opponent scores as for a win)."""
    if result == 1:
        return system.win
    if result == Fraction(1, 2):
        return system.draw
    if result == 0:
        return system.loss
    raise IllegalResult(f"a result must be 1, 0.5 or 0, got {result}", result=result)


def points_for_game(game: Game, competitor: CompetitorId, system: PointSystem) -> Points:
    """Points for one player of a game; forfeits score as the point system says."""
    outcome = game.outcome_for(competitor)
    if outcome is None:
        return Fraction(0)
    if game.result.is_forfeit:
        won = outcome is Outcome.WIN and game.result is not GameResult.DOUBLE_FORFEIT
        return system.forfeit_win_points if won else system.forfeit_loss_points
    match outcome:
        case Outcome.WIN:
            return system.win
        case Outcome.DRAW:
            return system.draw
        case Outcome.LOSS:
            return system.loss


def points_for_bye(bye: Bye, parameters: TasaseloParameters = TASASELO) -> Points:
    system = parameters.scoring
    match bye.kind:
        case ByeKind.PAIRING_ALLOCATED:
            return scale_result(parameters.ghost_opponent_points, system)
        case ByeKind.HALF_POINT:
            return scale_result(parameters.round1_rest_points, system)
        case ByeKind.FULL_POINT:
            return system.win
        case ByeKind.ZERO_POINT | ByeKind.SIT_OUT:
            return Fraction(0)


def compute_points(
    players: Iterable[CompetitorId],
    games: Iterable[Game],
    byes: Iterable[Bye],
    parameters: TasaseloParameters = TASASELO,
) -> dict[CompetitorId, Points]:
    """Every player's points (R28). Rounds before a late entry and absences score 0 (A1)."""
    points: dict[CompetitorId, Points] = {c: Fraction(0) for c in players}
    for game in games:
        for player in (game.first, game.second):
            _known(points, player, game.round)
            points[player] += points_for_game(game, player, parameters.scoring)
    for bye in byes:
        _known(points, bye.competitor, bye.round)
        points[bye.competitor] += points_for_bye(bye, parameters)
    return points


def _known(points: dict[CompetitorId, Points], competitor: CompetitorId, round_number: int) -> None:
    if competitor not in points:
        raise IllegalResult(
            f"round {round_number}: result for {competitor!r}, who is not entered",
            competitor=competitor,
            round=round_number,
        )
