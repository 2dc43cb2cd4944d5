"""Tantrix tournament points (TPs) for one game: validation of entered TPs and the converter
from a tile score and time penalties.

Every game shares a pot of 20 TPs (R5, A8); a drawn game is 10–10; each time penalty moves
1 TP from the penalised player to the opponent. The default converter is the spec addendum's
fitted formula: the winner by a margin of m >= 1 tiles takes min(20, 12 + (4/3)·√m) rounded
to 0.1 half up, the loser the rest. It is computed exactly on integers (no floats), and an
organiser may replace it with any `TPFormula`.

Sources: shared/spec/tantrix-knockout.md (R4, R5, A8, addendum), shared/reference/tantrix_tp.md.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from fractions import Fraction
from math import isqrt

from mashindano.engine.errors import ConfigError, IllegalResult
from mashindano.engine.matches import GamePoints
from mashindano.engine.model import Outcome
from mashindano.engine.points import Points, format_points

TP_PER_GAME = Fraction(20)
TIME_PENALTY_TP = Fraction(1)
TIME_LIMIT = timedelta(minutes=15)
"""Online singles: 15 minutes per player per game (reference §3)."""

TPFormula = Callable[[int], Points]
"""The winner's TPs for a tile margin m (m >= 1), before time penalties; the loser gets the
rest of the pot. A draw (m = 0) never reaches the formula: it is always an even split."""


def sqrt_margin_tps(margin: int) -> Points:
    """The addendum's default: min(20, 12 + (4/3)·√m) rounded to 0.1 half up.

    Exact: 10·(12 + (4/3)·√m) + 1/2 = 120 + (√(6400·m) + 3) / 6, and for a whole number k,
    floor((y + k) / 6) = floor((floor(y) + k) / 6), so an integer square root suffices.
    """
    if margin < 1:
        raise IllegalResult(
            f"the TP formula needs a winning margin of at least 1 tile, got {margin}",
            margin=margin,
        )
    tenths = 120 + (isqrt(6400 * margin) + 3) // 6
    return Fraction(min(tenths, 200), 10)


TP_FORMULAS: dict[str, TPFormula] = {"sqrt-margin": sqrt_margin_tps}
"""Converters by the name the `tp_formula` parameter uses."""


def tp_formula_by_name(name: str) -> TPFormula:
    try:
        return TP_FORMULAS[name]
    except KeyError:
        known = ", ".join(sorted(TP_FORMULAS))
        raise ConfigError(
            f"unknown TP formula {name!r} (known: {known})", parameter="tp_formula", value=name
        ) from None


@dataclass(frozen=True, slots=True)
class TileScore:
    """One finished game as the players report it: tile scores and time penalties.

    `tiles_a`/`tiles_b` are the two players' game scores (line or loop length); the winning
    margin is their difference. Penalties count the TPs each player pays (see
    `count_time_penalties`).
    """

    tiles_a: int
    tiles_b: int
    penalties_a: int = 0
    penalties_b: int = 0

    @property
    def margin(self) -> int:
        return abs(self.tiles_a - self.tiles_b)

    @property
    def outcome_for_a(self) -> Outcome:
        if self.tiles_a > self.tiles_b:
            return Outcome.WIN
        if self.tiles_a < self.tiles_b:
            return Outcome.LOSS
        return Outcome.DRAW


def count_time_penalties(time_used: timedelta, limit: timedelta = TIME_LIMIT) -> int:
    """Penalties for one player's clock (reference §3): reaching the limit already costs one,
    and every further full minute one more."""
    if time_used < timedelta(0):
        raise IllegalResult(f"time used cannot be negative, got {time_used}", time_used=time_used)
    if time_used < limit:
        return 0
    return 1 + (time_used - limit) // timedelta(minutes=1)


def convert_tile_score(
    score: TileScore,
    *,
    formula: TPFormula = sqrt_margin_tps,
    tp_per_game: Points = TP_PER_GAME,
    tp_per_penalty: Points = TIME_PENALTY_TP,
    game: int | None = None,
) -> GamePoints:
    """(A's TPs, B's TPs) for a game given by its tile score, after time penalties."""
    where = _where(game)
    if score.tiles_a < 0 or score.tiles_b < 0:
        raise IllegalResult(
            f"{where}: tile scores cannot be negative, got {score.tiles_a}-{score.tiles_b}",
            game=game,
            tiles_a=score.tiles_a,
            tiles_b=score.tiles_b,
        )
    margin = score.margin
    if margin == 0:
        split: GamePoints = (tp_per_game / 2, tp_per_game / 2)
    else:
        winner = Fraction(formula(margin))
        if not tp_per_game / 2 < winner <= tp_per_game:
            raise ConfigError(
                f"{where}: the TP formula gave the winner by {margin} tiles "
                f"{format_points(winner)} TPs, outside ({format_points(tp_per_game / 2)}, "
                f"{format_points(tp_per_game)}]",
                game=game,
                margin=margin,
                winner_tps=winner,
            )
        loser = tp_per_game - winner
        split = (winner, loser) if score.tiles_a > score.tiles_b else (loser, winner)
    return apply_time_penalties(
        split,
        score.penalties_a,
        score.penalties_b,
        tp_per_penalty=tp_per_penalty,
        tp_per_game=tp_per_game,
        game=game,
    )


def tps_for_margin(
    margin: int,
    *,
    formula: TPFormula = sqrt_margin_tps,
    tp_per_game: Points = TP_PER_GAME,
) -> GamePoints:
    """(winner's TPs, loser's TPs) for a tile margin before penalties; 0 is a draw."""
    if margin < 0:
        raise IllegalResult(f"a tile margin cannot be negative, got {margin}", margin=margin)
    return convert_tile_score(
        TileScore(margin, 0), formula=formula, tp_per_game=tp_per_game, tp_per_penalty=Fraction(0)
    )


def apply_time_penalties(
    tps: GamePoints,
    penalties_a: int,
    penalties_b: int,
    *,
    tp_per_penalty: Points = TIME_PENALTY_TP,
    tp_per_game: Points = TP_PER_GAME,
    game: int | None = None,
) -> GamePoints:
    """Move `tp_per_penalty` from the penalised player to the opponent for each penalty.

    Penalties on both sides cancel out. A player never goes below 0 TPs: a transfer larger
    than the payer's TPs moves only what they have (the rules do not say; this keeps every
    game within the 20-TP pot, which validation requires).
    """
    where = _where(game)
    if penalties_a < 0 or penalties_b < 0:
        raise IllegalResult(
            f"{where}: time penalties cannot be negative, got A {penalties_a}, B {penalties_b}",
            game=game,
            penalties_a=penalties_a,
            penalties_b=penalties_b,
        )
    a, b = tps
    moved_to_b = (penalties_a - penalties_b) * tp_per_penalty
    moved_to_b = max(-b, min(a, moved_to_b))
    return validate_game_tps((a - moved_to_b, b + moved_to_b), game=game, tp_per_game=tp_per_game)


def validate_game_tps(
    tps: GamePoints,
    *,
    game: int | None = None,
    tp_per_game: Points = TP_PER_GAME,
) -> GamePoints:
    """Check one game's TPs as entered: none negative, and together exactly the pot (R5)."""
    where = _where(game)
    a, b = Fraction(tps[0]), Fraction(tps[1])
    shown = f"{format_points(a)}-{format_points(b)}"
    if a < 0 or b < 0:
        raise IllegalResult(
            f"{where}: TPs cannot be negative, got {shown}", game=game, tp_a=a, tp_b=b
        )
    if a + b != tp_per_game:
        raise IllegalResult(
            f"{where}: the two players' TPs must add up to {format_points(tp_per_game)}, "
            f"got {shown} = {format_points(a + b)}",
            game=game,
            tp_a=a,
            tp_b=b,
            expected_total=tp_per_game,
        )
    return a, b


def enter_game_tps(
    tps: GamePoints,
    *,
    game: int | None = None,
    outcome_for_a: Outcome | None = None,
    penalties_a: int = 0,
    penalties_b: int = 0,
    tp_per_game: Points = TP_PER_GAME,
    tp_per_penalty: Points = TIME_PENALTY_TP,
) -> GamePoints:
    """TPs entered directly, before time penalties, then the penalties applied.

    When the game's outcome is given it must agree with the split: a draw is exactly an even
    split (10–10), a win gives the winner more than half.
    """
    a, b = validate_game_tps(tps, game=game, tp_per_game=tp_per_game)
    if outcome_for_a is not None and _outcome_of(a, b) is not outcome_for_a:
        shown = f"{format_points(a)}-{format_points(b)}"
        expected = {
            Outcome.DRAW: f"a draw is {format_points(tp_per_game / 2)} each",
            Outcome.WIN: "A won, so A must have more TPs than B before penalties",
            Outcome.LOSS: "B won, so B must have more TPs than A before penalties",
        }[outcome_for_a]
        raise IllegalResult(
            f"{_where(game)}: TPs {shown} do not match the result ({expected})",
            game=game,
            tp_a=a,
            tp_b=b,
            outcome=outcome_for_a.value,
        )
    return apply_time_penalties(
        (a, b),
        penalties_a,
        penalties_b,
        tp_per_penalty=tp_per_penalty,
        tp_per_game=tp_per_game,
        game=game,
    )


def _outcome_of(a: Points, b: Points) -> Outcome:
    if a > b:
        return Outcome.WIN
    if a < b:
        return Outcome.LOSS
    return Outcome.DRAW


def _where(game: int | None) -> str:
    return "game" if game is None else f"game {game}"
