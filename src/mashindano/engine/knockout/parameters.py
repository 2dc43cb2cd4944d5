"""The `tantrix-knockout` preset: knockout brackets whose matches use the Tantrix
"decisive victory" rule, with the spec's defaults (shared/spec/tantrix-knockout.md §5).

Change any value with `mashindano.engine.parameters.override(TANTRIX_KNOCKOUT, {...})`.
Deadlines are never extended for tiebreak games (R25), so there is no extension parameter.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from mashindano.engine.errors import ConfigError
from mashindano.engine.knockout.tantrix import tp_formula_by_name
from mashindano.engine.matches import PointsMargin


class Phase(StrEnum):
    """Which draw a match belongs to; the decisive rule is set separately for each (A12)."""

    MAIN = "main"
    PLATE = "plate"


class Seeding(StrEnum):
    """How entrants become seeds 1..N."""

    RATING = "rating"
    """Highest rating first; equal and missing ratings keep the list order, unrated last."""
    ORDER = "order"
    """The order of the players list (PLAYERS.csv row order)."""


@dataclass(frozen=True, slots=True)
class TantrixKnockoutParameters:
    """Every value the spec leaves to the organiser, with its default."""

    decisive_rule_enabled: bool = True
    """R1, R2: on for main-draw KO phases."""
    plate_decisive_rule_enabled: bool = False
    """A12: off for plate and consolation draws (the World Championship Plate exclusion)."""
    standard_games: int = 6
    """R3: set per round; the source's example uses 6."""
    decisive_margin_tp: Fraction = Fraction(5)
    """R7, A1: a gap of at least this many TPs is decisive."""
    margin_tiebreak_games: int = 3
    """R8-R10: after the last one any lead wins; an exact tie goes to sudden death."""
    tp_per_game: Fraction = Fraction(20)
    time_penalty_tp: Fraction = Fraction(1)
    time_limit_minutes: int = 15
    tp_formula: str = "sqrt-margin"
    """The tile-margin converter (spec addendum); see knockout.tantrix.TP_FORMULAS."""
    report_limit_hours: int = 1
    """R16: a form is due before the next game, or this long after the sitting ends."""
    offer_limit_hours: int = 24
    """R20, R21: to offer tiebreak dates after the match end (option 4) or a controller's reply."""
    reply_limit_hours: int = 48
    """R22: to answer an offer of tiebreak dates."""
    third_place_match: bool = False
    plate: bool = False
    """A consolation bracket for the losers of first-round matches."""
    seeding: str = Seeding.RATING.value

    def __post_init__(self) -> None:
        positive_ints = {
            "standard_games": self.standard_games,
            "time_limit_minutes": self.time_limit_minutes,
            "report_limit_hours": self.report_limit_hours,
            "offer_limit_hours": self.offer_limit_hours,
            "reply_limit_hours": self.reply_limit_hours,
        }
        for name, value in positive_ints.items():
            if value < 1:
                raise ConfigError(f"{name} must be at least 1, got {value}", parameter=name)
        if self.margin_tiebreak_games < 0:
            raise ConfigError(
                f"margin_tiebreak_games cannot be negative, got {self.margin_tiebreak_games}",
                parameter="margin_tiebreak_games",
            )
        if self.decisive_margin_tp <= 0:
            raise ConfigError(
                f"decisive_margin_tp must be positive, got {self.decisive_margin_tp}",
                parameter="decisive_margin_tp",
            )
        if self.tp_per_game <= 0:
            raise ConfigError(
                f"tp_per_game must be positive, got {self.tp_per_game}", parameter="tp_per_game"
            )
        if self.time_penalty_tp < 0:
            raise ConfigError(
                f"time_penalty_tp cannot be negative, got {self.time_penalty_tp}",
                parameter="time_penalty_tp",
            )
        if self.seeding not in {s.value for s in Seeding}:
            raise ConfigError(
                f"seeding must be one of {', '.join(s.value for s in Seeding)}, "
                f"got {self.seeding!r}",
                parameter="seeding",
            )
        tp_formula_by_name(self.tp_formula)

    def is_decisive_rule_enabled(self, phase: Phase) -> bool:
        if phase is Phase.PLATE:
            return self.plate_decisive_rule_enabled
        return self.decisive_rule_enabled


TANTRIX_KNOCKOUT = TantrixKnockoutParameters()


def match_rule_for(
    parameters: TantrixKnockoutParameters,
    phase: Phase = Phase.MAIN,
    *,
    standard_games: int | None = None,
    opt_out: bool = False,
) -> PointsMargin:
    """The TP match rule for one match.

    With the decisive rule off for the phase (or an opt-out agreed, R13) the leader after the
    standard games wins however small the lead; only an exact tie goes on to sudden death, as
    A7 asks for an opt-out (KO matches cannot end level).
    """
    games = parameters.standard_games if standard_games is None else standard_games
    return PointsMargin(
        standard_games=games,
        margin=parameters.decisive_margin_tp,
        tiebreak_games=parameters.margin_tiebreak_games,
        opt_out=opt_out or not parameters.is_decisive_rule_enabled(phase),
        game_total=parameters.tp_per_game,
    )
