"""Withdrawal at any time (R34, A14).

Games already finished stand; every unfinished game of the player who withdraws is scored as a
loss by abandonment. The player stays in the standings of the stage but is out of it for
advancement (see ranking.py). These functions turn the facts (the games as reported, with
unfinished ones `NOT_PLAYED`) into the games the rules score.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from mashindano.engine.errors import IllegalResult
from mashindano.engine.kiba.final import FinalMatch, compute_final
from mashindano.engine.kiba.stage_kind import StageKind
from mashindano.engine.model import CompetitorId, Game, GameResult, Termination


@dataclass(frozen=True, slots=True)
class Withdrawal:
    """A recorded withdrawal: who, and in which stage (the stage running at that moment)."""

    competitor: CompetitorId
    stage: StageKind


def score_withdrawals(
    games: Sequence[Game], withdrawn: Collection[CompetitorId]
) -> tuple[Game, ...]:
    """Unfinished games of withdrawn players become losses by abandonment (A14).

    When both players of an unfinished game have withdrawn, both lose it.
    """
    scored: list[Game] = []
    for game in games:
        first_out, second_out = game.first in withdrawn, game.second in withdrawn
        if game.result.is_decided or not (first_out or second_out):
            scored.append(game)
            continue
        if first_out and second_out:
            result = GameResult.DOUBLE_FORFEIT
        elif first_out:
            result = GameResult.SECOND_WINS
        else:
            result = GameResult.FIRST_WINS
        scored.append(
            Game(
                game.round,
                game.first,
                game.second,
                result,
                Termination.ABANDONMENT,
                encounter=game.encounter,
            )
        )
    return tuple(scored)


def withdraw_from_final(
    match: FinalMatch, games: Sequence[Game], competitor: CompetitorId
) -> tuple[Game, ...]:
    """The final's games after `competitor` withdraws: the games still needed to decide it
    are lost by abandonment, so the opponent takes the final."""
    if not match.has(competitor):
        raise IllegalResult(f"{competitor!r} is not a finalist", competitor=competitor)
    opponent = match.opponent_of(competitor)
    played = list(games)
    state = compute_final(match, played)
    while not state.is_decided:
        played.append(match.game(len(played) + 1, opponent.id, Termination.ABANDONMENT))
        state = compute_final(match, played)
    return tuple(played)
