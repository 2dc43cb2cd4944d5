"""Baku acceleration (FIDE C.04.7, 2026; C.04.5.1 in the 2017 handbook): virtual points.

A Swiss with many more players than rounds meets its top players late. Baku acceleration gives
the top half of the field ("group A") virtual points in the first rounds, so that they meet
each other sooner:

- group A is the first half of the players in pairing-number order, rounded up to an even
  number: 2 x ceil(N/4) players (N = 161 gives 82); group B is everyone else;
- the accelerated rounds are the first ceil(R/2) of the R rounds; in the first half of them
  (rounded up) a group A player gets a win's worth of virtual points, in the rest half of it
  (a draw's worth); group B never gets any, nobody gets any after the accelerated rounds.
  R = 9: rounds 1-3 +1, rounds 4-5 +1/2, rounds 6-9 nothing;
- the virtual points of a round count in that round only (they are not carried over): the
  pairing score of a round is the real score before it plus that round's virtual points. The
  Dutch system forms and sorts its scoregroups, and orders its boards, by pairing scores;
  standings use real points only.

The 2026 text allows any scoring in which a win is worth two draws and a loss nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from mashindano.engine.errors import ConfigError
from mashindano.engine.model import CompetitorId
from mashindano.engine.points import ZERO, Points, PointSystem

Acceleration = Mapping[CompetitorId, Sequence[Points]]
"""Virtual points per player and round: `acceleration[player][r - 1]` is round r's value (a
round past the end of the sequence, or a player not in the mapping, has none)."""


def baku_group_a_size(players: int) -> int:
    """C.04.7: the size of group A, the first half of `players` rounded up to an even number."""
    if players < 0:
        raise ConfigError(f"a field cannot have {players} players", players=players)
    return 2 * -(-players // 4)


def baku_accelerated_rounds(total_rounds: int) -> int:
    """C.04.7: the rounds with virtual points, the first half of the rounds rounded up."""
    return -(-total_rounds // 2)


def baku_round_values(total_rounds: int, points: PointSystem) -> tuple[Points, ...]:
    """C.04.7: a group A player's virtual points in rounds 1..`total_rounds`: a win's worth in
    the first half (rounded up) of the accelerated rounds, half of it in the others, then none.

    Raises `ConfigError` for a scoring where a win is not two draws or a loss is not zero.
    """
    if total_rounds < 1:
        raise ConfigError(
            f"Baku acceleration needs at least 1 round, got {total_rounds}", rounds=total_rounds
        )
    if points.win != 2 * points.draw or points.loss != ZERO:
        raise ConfigError(
            "Baku acceleration (C.04.7) needs a scoring where a win is worth two draws and a "
            f"loss nothing (win {points.win}, draw {points.draw}, loss {points.loss})",
            points=str(points),
        )
    accelerated = baku_accelerated_rounds(total_rounds)
    full = -(-accelerated // 2)
    return tuple(
        points.win if r <= full else points.draw if r <= accelerated else ZERO
        for r in range(1, total_rounds + 1)
    )


def baku_acceleration(
    players: Sequence[CompetitorId], total_rounds: int, points: PointSystem
) -> dict[CompetitorId, tuple[Points, ...]]:
    """C.04.7: the virtual points of every player, round by round.

    `players` is the whole field in pairing-number order (every registered player, including
    those absent or on a bye); the first `baku_group_a_size(len(players))` form group A.
    """
    values = baku_round_values(total_rounds, points)
    none = tuple(ZERO for _ in values)
    size = baku_group_a_size(len(players))
    return {player: values if k < size else none for k, player in enumerate(players)}


def virtual_points(
    acceleration: Acceleration | None, player: CompetitorId, round_number: int
) -> Points:
    """The virtual points `player` gets in `round_number` (zero without acceleration)."""
    if acceleration is None:
        return ZERO
    values = acceleration.get(player)
    if values is None or not 1 <= round_number <= len(values):
        return ZERO
    return values[round_number - 1]
