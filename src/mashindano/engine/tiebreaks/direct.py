"""Direct encounter (FIDE type A): a mini-table of the tied players' games among themselves."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from mashindano.engine.sheets import GameStatus, ScoreTable
from mashindano.engine.tiebreaks.base import Better, TieBreak, TieValues

_OTB_POINTS, _OTB_GAMES, _FORFEIT_POINTS, _FORFEIT_GAMES = range(4)


def compute_direct_encounter(
    table: ScoreTable, members: Sequence[int], *, count_forfeits: bool = False
) -> TieValues:
    """Each tied player's points against the other tied players; several games against the
    same opponent count as their average (C.07), so a 1-1 pairing is worth a draw.

    Forfeits are left out unless `count_forfeits`. When not every two tied players met, the
    value is still the mini-table score, but it separates only a player who is first whatever
    the missing games' results (C.07); the others stay tied, and the standings re-apply the
    tie-break to them among themselves.
    """
    mutual = table.memo("mutual", lambda: _mutual_results(table))
    scale = table.scale
    group = set(members)
    values: list[Fraction] = []
    missing: list[int] = []
    # Walk each player's actual opponents, not every pair: a 10,000-player Swiss can leave
    # hundreds tied on points.
    for p in members:
        total = Fraction(0)
        met = 0
        for q, record in mutual[p].items():
            if q not in group:
                continue
            points, games = record[_OTB_POINTS], record[_OTB_GAMES]
            if count_forfeits:
                points += record[_FORFEIT_POINTS]
                games += record[_FORFEIT_GAMES]
            if games:
                total += Fraction(points, games * scale)
                met += 1
        values.append(total)
        missing.append(len(group) - 1 - met)
    result = TieValues.from_fractions(values)
    if not any(missing):
        return result
    win, loss = table.to_points(table.win), table.to_points(table.loss)
    # A missing game between p and q can be lost by p and won by q at the same time, and
    # their games against others are independent: these bounds are reachable together.
    worst = [v + m * loss for v, m in zip(values, missing, strict=True)]
    best = [v + m * win for v, m in zip(values, missing, strict=True)]
    leader = max(range(len(values)), key=worst.__getitem__)
    others_best = max((b for k, b in enumerate(best) if k != leader), default=None)
    keys = [0] * len(values)
    if others_best is not None and worst[leader] > others_best:
        keys[leader] = 1
    return TieValues(result.numerators, result.denominator, split_keys=keys)


def _mutual_results(table: ScoreTable) -> list[dict[int, list[int]]]:
    """Per competitor and opponent: OTB points, OTB games, forfeit points, forfeit games."""
    mutual: list[dict[int, list[int]]] = [{} for _ in range(table.size)]
    for game in table.resolved_games():
        if game.status is GameStatus.PLAYED:
            points_at, games_at = _OTB_POINTS, _OTB_GAMES
        elif game.status is GameStatus.FORFEIT:
            points_at, games_at = _FORFEIT_POINTS, _FORFEIT_GAMES
        else:
            continue
        for me, other, points in (
            (game.first, game.second, game.first_points),
            (game.second, game.first, game.second_points),
        ):
            record = mutual[me].setdefault(other, [0, 0, 0, 0])
            record[points_at] += points
            record[games_at] += 1
    return mutual


def direct_encounter(*, count_forfeits: bool = False) -> TieBreak:
    """DE (type A), re-applied by the standings to every group it leaves tied."""
    return TieBreak(
        name="direct-encounter" + (":forfeits" if count_forfeits else ""),
        acronym="DE",
        better=Better.HIGHER,
        among_tied=lambda t, members: compute_direct_encounter(
            t, members, count_forfeits=count_forfeits
        ),
    )
