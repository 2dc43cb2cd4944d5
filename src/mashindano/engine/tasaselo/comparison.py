"""The comparison list (R29-R34, A11-A16): the figures that rank players inside a prize group
and decide performance prizes. Every figure uses results of 1, ½ and 0 over played games
(R14); unplayed games (rests, the ghost, forfeits, absences) are left out."""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from mashindano.engine.errors import IllegalResult
from mashindano.engine.model import CompetitorId, Game
from mashindano.engine.points import Points
from mashindano.engine.ratings import ExpectedScoreTable
from mashindano.engine.tasaselo.entries import Entry
from mashindano.engine.tasaselo.parameters import TASASELO, ComparisonBasis, TasaseloParameters
from mashindano.engine.tasaselo.selo import expected_score, game_scores

_HALF = Fraction(1, 2)


@dataclass(frozen=True, slots=True)
class ComparisonRow:
    """One line of the comparison list, columns as A14 numbers them."""

    number: int
    competitor: CompetitorId
    name: str
    """Column 1 with `number`."""
    selo: int
    points: Points
    """Column 2, in the scoring variant in use (R28)."""
    comparison: Fraction | None
    """Column 3: average opponent selo over played games (R30, A12); None without games."""
    performance: Fraction | None
    """Column 4: the performance number (A15); None without games."""
    expected: Fraction
    """Column 5: Σ E(own starting selo − opponent's starting selo) over played games (A15)."""
    result: Fraction
    """The result on the 1 / ½ / 0 scale over played games (R14)."""
    games: int
    """Played games."""

    @property
    def result_minus_expected(self) -> Fraction:
        """Column 6: the best measure of progress (R34), the performance-prize order (A13)."""
        return self.result - self.expected


def compute_score_difference(score: Fraction, table: ExpectedScoreTable) -> int:
    """A15: the selo difference the expected-score table gives for a scoring fraction.

    The fraction is rounded to the table's step (hundredths; exact halves away from ½). Each
    expected score maps to the middle of its band of differences, rounded down: with Elo's
    table this is FIDE table 8.1.1 (.64 -> 102). 0% and 100% are capped at the table's limit,
    the smallest difference that expects certainty (736 with Elo's table).
    """
    if not 0 <= score <= 1:
        raise IllegalResult(f"a scoring fraction must lie between 0 and 1, got {score}")
    if score < _HALF:
        return -compute_score_difference(1 - score, table)
    steps = math.floor((score - table.first) / table.step + _HALF)
    bounds = table.upper_bounds
    if steps <= 0:
        return 0
    if steps >= len(bounds):
        return bounds[-1] + 1
    return (bounds[steps - 1] + 1 + bounds[steps]) // 2


def compute_comparison_list(
    entries: Sequence[Entry],
    games: Iterable[Game],
    points: Mapping[CompetitorId, Points],
    parameters: TasaseloParameters = TASASELO,
    selo_history: Sequence[Mapping[CompetitorId, Fraction]] = (),
) -> tuple[ComparisonRow, ...]:
    """A14, A15: the comparison list, one row per entry, in number order.

    `selo_history[r]` holds the variable selos after round r (index 0: the start); it is read
    only when `parameters.comparison_basis` is the opponents' variable selos.
    """
    by_id = {e.id: e for e in entries}
    opponents: dict[CompetitorId, list[Fraction]] = {e.id: [] for e in entries}
    results: dict[CompetitorId, Fraction] = {e.id: Fraction(0) for e in entries}
    expected: dict[CompetitorId, Fraction] = {e.id: Fraction(0) for e in entries}
    table = parameters.expected_score_table
    for game in games:
        scores = game_scores(game)
        if scores is None:
            continue
        for player, opponent, score in (
            (game.first, game.second, scores[0]),
            (game.second, game.first, scores[1]),
        ):
            if player not in by_id or opponent not in by_id:
                raise IllegalResult(
                    f"round {game.round}: a game of {player!r} against {opponent!r}, "
                    "who is not entered",
                    round=game.round,
                )
            opponents[player].append(
                _opponent_selo(by_id[opponent], game, parameters, selo_history)
            )
            results[player] += score
            expected[player] += expected_score(by_id[player].selo - by_id[opponent].selo, table)
    rows = []
    for entry in entries:
        played = opponents[entry.id]
        comparison = Fraction(sum(played), len(played)) if played else None
        performance = None
        if comparison is not None:
            fraction = results[entry.id] / len(played)
            performance = comparison + compute_score_difference(fraction, table)
        rows.append(
            ComparisonRow(
                number=entry.number,
                competitor=entry.id,
                name=entry.competitor.name,
                selo=entry.selo,
                points=points.get(entry.id, Fraction(0)),
                comparison=comparison,
                performance=performance,
                expected=expected[entry.id],
                result=results[entry.id],
                games=len(played),
            )
        )
    return tuple(rows)


def _opponent_selo(
    opponent: Entry,
    game: Game,
    parameters: TasaseloParameters,
    selo_history: Sequence[Mapping[CompetitorId, Fraction]],
) -> Fraction:
    if parameters.comparison_basis is ComparisonBasis.STARTING_SELO:
        return Fraction(opponent.selo)
    if len(selo_history) < game.round:
        raise IllegalResult(
            f"round {game.round}: the variable selos before the round are needed for the "
            "comparison basis 'variable-selo'",
            round=game.round,
        )
    return selo_history[game.round - 1][opponent.id]


def compute_lots(competitors: Sequence[CompetitorId], seed: int) -> dict[CompetitorId, int]:
    """A16: a lot number per player (1 best), drawn once from `seed` in the given order."""
    numbers = list(range(1, len(competitors) + 1))
    random.Random(seed).shuffle(numbers)
    return dict(zip(competitors, numbers, strict=True))


def rank_rows(
    rows: Iterable[ComparisonRow], lots: Mapping[CompetitorId, int]
) -> tuple[ComparisonRow, ...]:
    """R29, R30, A16: points, then the comparison figure (higher first), then the performance
    number, then lots. Players without played games come after those with the same points."""
    return tuple(
        sorted(
            rows,
            key=lambda r: (
                -r.points,
                _descending(r.comparison),
                _descending(r.performance),
                lots[r.competitor],
            ),
        )
    )


def _descending(value: Fraction | None) -> tuple[int, Fraction]:
    return (1, Fraction(0)) if value is None else (0, -value)
