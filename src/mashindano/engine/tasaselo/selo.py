"""The variable selo (R11-R14, A3, A4): Rnew = Rold + K × (S − E), kept exact.

K × (S − E) is always a multiple of K / 100, so variable selos are exact decimals with at most
two places (whole numbers when K = 100). Only played games change a variable selo; rests, byes,
the ghost and forfeits do not.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

from mashindano.engine.errors import IllegalResult
from mashindano.engine.model import CompetitorId, Game, GameResult
from mashindano.engine.ratings import ExpectedScoreTable, expected_score_from_table
from mashindano.engine.tasaselo.parameters import ELO_ORIGINAL_TABLE, check_k_factor

Selos = Mapping[CompetitorId, Fraction]

_HALF = Fraction(1, 2)
_RESULT_SCORES: dict[GameResult, tuple[Fraction, Fraction]] = {
    GameResult.FIRST_WINS: (Fraction(1), Fraction(0)),
    GameResult.DRAW: (_HALF, _HALF),
    GameResult.SECOND_WINS: (Fraction(0), Fraction(1)),
}


def expected_score(
    difference: int | Fraction, table: ExpectedScoreTable = ELO_ORIGINAL_TABLE
) -> Fraction:
    """E for a selo difference D = own − opponent, read from `table` without any cap (A3).

    The table is written for whole differences, so a fractional D (variable selos with
    K ≠ 100) is first rounded to the nearest whole number, exact halves away from zero. That
    keeps E(D) + E(−D) = 1, so the two changes of a game always cancel.
    """
    magnitude = abs(Fraction(difference))
    whole = int(magnitude + _HALF)
    return expected_score_from_table(whole if difference >= 0 else -whole, table, cap=None)


def compute_selo_change(
    own: int | Fraction,
    opponent: int | Fraction,
    score: Fraction,
    k: int,
    table: ExpectedScoreTable = ELO_ORIGINAL_TABLE,
) -> Fraction:
    """R12: K × (S − E). E2: 1700 beating 1600 with K = 100 gains 36; E3: with K = 20, 7.2."""
    check_k_factor(k)
    if score not in (0, _HALF, 1):
        raise IllegalResult(
            f"a result for the variable selo must be 1, 0.5 or 0 (R14), got {score}",
            score=score,
        )
    return k * (score - expected_score(Fraction(own) - Fraction(opponent), table))


def game_scores(game: Game) -> tuple[Fraction, Fraction] | None:
    """(first's, second's) result on the 1 / ½ / 0 scale, or None for an unplayed game.

    R14: whatever the scoring variant, ratings and comparisons read this scale.
    """
    return _RESULT_SCORES.get(game.result)


def compute_round_selos(
    before: Selos,
    games: Iterable[Game],
    k: int,
    table: ExpectedScoreTable = ELO_ORIGINAL_TABLE,
) -> dict[CompetitorId, Fraction]:
    """The variable selos after one round: every played game moves both players from the
    selos they had before the round (A4); everybody else keeps theirs."""
    return _fold(before, [list(games)], k, table)[1]


def compute_selo_history(
    starting: Selos,
    games: Iterable[Game],
    rounds: int,
    k: int,
    table: ExpectedScoreTable = ELO_ORIGINAL_TABLE,
) -> tuple[dict[CompetitorId, Fraction], ...]:
    """Variable selos before round 1 (index 0, the starting selos, R11) and after each of the
    first `rounds` rounds (index r). A late entrant's variable selo starts at their selo (A19).

    The fold runs on integers scaled by the common denominator of the table, the results and
    the starting selos (100 with Elo's table), so it is exact and quick; it computes exactly
    what `compute_selo_change` does game by game.
    """
    check_k_factor(k)
    by_round: dict[int, list[Game]] = {}
    for game in games:
        if not 1 <= game.round <= rounds:
            raise IllegalResult(
                f"a game of round {game.round} lies outside rounds 1-{rounds}",
                round=game.round,
            )
        by_round.setdefault(game.round, []).append(game)
    return _fold(starting, [by_round.get(r, []) for r in range(1, rounds + 1)], k, table)


def _fold(
    starting: Selos,
    rounds: Sequence[Sequence[Game]],
    k: int,
    table: ExpectedScoreTable,
) -> tuple[dict[CompetitorId, Fraction], ...]:
    check_k_factor(k)
    scale = math.lcm(
        2,
        table.first.denominator,
        table.step.denominator,
        *(Fraction(s).denominator for s in starting.values()),
    )
    scaled = {c: int(Fraction(s) * scale) for c, s in starting.items()}
    fold = _ScaledFold(scale, k, table)
    history = [{c: Fraction(s) for c, s in starting.items()}]
    for games in rounds:
        scaled = fold.round(scaled, games)
        history.append({c: Fraction(v, scale) for c, v in scaled.items()})
    return tuple(history)


class _ScaledFold:
    """R12 on selos multiplied by `scale`: K × (S − E) × scale is a whole number."""

    def __init__(self, scale: int, k: int, table: ExpectedScoreTable) -> None:
        self.scale = scale
        self.k = k
        self.table = table
        self._expected: dict[int, int] = {}

    def higher_expects(self, gap: int) -> int:
        """The higher-rated player's E for a whole difference, times `scale`."""
        value = self._expected.get(gap)
        if value is None:
            value = int(self.table.higher_expects(gap) * self.scale)
            self._expected[gap] = value
        return value

    def expected(self, difference: int) -> int:
        """E × scale for a scaled difference, rounded to whole selo points as in
        `expected_score`."""
        gap = (2 * abs(difference) + self.scale) // (2 * self.scale)
        higher = self.higher_expects(gap)
        return higher if difference >= 0 else self.scale - higher

    def round(
        self, before: dict[CompetitorId, int], games: Iterable[Game]
    ) -> dict[CompetitorId, int]:
        after = dict(before)
        seen: set[CompetitorId] = set()
        for game in games:
            for player in (game.first, game.second):
                if player not in before:
                    raise IllegalResult(
                        f"round {game.round}: {player} has no variable selo (not entered?)",
                        competitor=player,
                        round=game.round,
                    )
                if player in seen:
                    raise IllegalResult(
                        f"round {game.round}: {player} plays twice in the round",
                        competitor=player,
                        round=game.round,
                    )
                seen.add(player)
            scores = game_scores(game)
            if scores is None:
                continue
            difference = before[game.first] - before[game.second]
            first_expected = self.expected(difference)
            change = self.k * (int(scores[0] * self.scale) - first_expected)
            after[game.first] += change
            after[game.second] -= change
        return after
