"""The `kiba-bao` preset: every parameter of the KIBA spec's parameter list, with its default.

The preset is data. A director's house rules are an `override(KIBA_BAO, {...})` away; values
that need reading (the group count rule, the final format, the tie-break order, the clock zone,
the KIBA score rounding) are parsed and checked here so that a bad value fails when the
parameters are built, naming the parameter.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, timedelta, timezone
from enum import StrEnum
from fractions import Fraction

from mashindano.engine.errors import ConfigError
from mashindano.engine.matches import BestOf
from mashindano.engine.parameters import override
from mashindano.engine.points import PointSystem

SPEC_MIN_PLAYERS = 6
SPEC_MAX_PLAYERS = 34

PLAYOFF = "playoff"
"""The last entry of `tiebreak_order`: the director's playoff decision (R29 (4), A9)."""


class KibaScoreRounding(StrEnum):
    """How the exact value Elo/10 + games becomes the published integer (A5)."""

    HALF_EVEN = "half-even"
    """The spec's reading: reproduces every row of E1 (1010.5 -> 1010)."""
    HALF_UP = "half-up"
    DOWN = "down"


@dataclass(frozen=True, slots=True)
class GroupCountRule:
    """How many qualification groups n players make (R10, A6).

    Either a fixed count chosen by the director, or ceil(n / `max_group_size`).
    """

    max_group_size: int | None = 6
    fixed_count: int | None = None

    def group_count(self, players: int) -> int:
        if self.fixed_count is not None:
            return self.fixed_count
        assert self.max_group_size is not None
        return -(-players // self.max_group_size)

    def __str__(self) -> str:
        if self.fixed_count is not None:
            return str(self.fixed_count)
        return f"ceil(n/{self.max_group_size})"


_CEIL_RULE = re.compile(r"ceil\(\s*n\s*/\s*(\d+)\s*\)")


def parse_group_count_rule(text: str) -> GroupCountRule:
    """Read `ceil(n/K)` (groups of at most K players) or a plain number of groups."""
    cleaned = text.strip().lower()
    if cleaned.isdigit() and int(cleaned) >= 1:
        return GroupCountRule(max_group_size=None, fixed_count=int(cleaned))
    match = _CEIL_RULE.fullmatch(cleaned)
    if match is not None and int(match.group(1)) >= 1:
        return GroupCountRule(max_group_size=int(match.group(1)))
    raise ConfigError(
        f"parameter 'group_count_rule': {text!r} is neither 'ceil(n/K)' with K >= 1 "
        "nor a number of groups >= 1",
        parameter="group_count_rule",
        value=text,
    )


_BEST_OF = re.compile(r"best[- ]of[- ](\d+)")


def parse_final_format(text: str) -> BestOf:
    """Read `best-of-N` (N odd) into the final's match rule (R32)."""
    match = _BEST_OF.fullmatch(text.strip().lower())
    if match is None:
        raise ConfigError(
            f"parameter 'final_format': {text!r} is not of the form 'best-of-N'",
            parameter="final_format",
            value=text,
        )
    count = int(match.group(1))
    if count < 1 or count % 2 == 0:
        raise ConfigError(
            f"parameter 'final_format': best of {count} needs an odd, positive number of games",
            parameter="final_format",
            value=text,
        )
    return BestOf(count)


_OFFSET = re.compile(r"utc(?:([+-])(\d{1,2})(?::(\d{2}))?)?")


def parse_clock_timezone(text: str) -> timezone:
    """Read `UTC` or a fixed offset `UTC+03:00`; the zone deadlines are shown in (R26).

    Only fixed offsets: the engine does no I/O, so it reads no time-zone database.
    """
    match = _OFFSET.fullmatch(text.strip().lower())
    if match is None:
        raise ConfigError(
            f"parameter 'clock_timezone': {text!r} is not 'UTC' or a fixed offset like 'UTC+03:00'",
            parameter="clock_timezone",
            value=text,
        )
    sign, hours, minutes = match.groups()
    if sign is None:
        return UTC
    offset = timedelta(hours=int(hours), minutes=int(minutes or 0))
    if offset >= timedelta(hours=24):
        raise ConfigError(
            f"parameter 'clock_timezone': offset {text!r} is 24 hours or more",
            parameter="clock_timezone",
            value=text,
        )
    return timezone(-offset if sign == "-" else offset)


def parse_tiebreak_order(text: str) -> tuple[str, ...]:
    """Read the tie-break order after the score, e.g. `neustadtl,kiba-score,playoff`.

    A leading `score` is accepted and dropped (the score always ranks first, R28); `playoff`
    may only come last, because the director's decision settles whatever is still tied.
    """
    names = tuple(n.strip().lower() for n in text.split(",") if n.strip())
    if names and names[0] == "score":
        names = names[1:]
    if PLAYOFF in names[:-1]:
        raise ConfigError(
            f"parameter 'tiebreak_order': {PLAYOFF!r} can only be the last tie-break",
            parameter="tiebreak_order",
            value=text,
        )
    if len(set(names)) != len(names):
        raise ConfigError(
            f"parameter 'tiebreak_order': {text!r} names a tie-break twice",
            parameter="tiebreak_order",
            value=text,
        )
    return names


BAO_VARIANTS = ("kiswahili", "kujifunza")
LOSS_ON_TIME_MODES = ("automatic", "proposal")
"""How a loss on time (R25) is recorded: by the program at once, or proposed to the Mwamuzi."""


@dataclass(frozen=True, slots=True)
class KibaParameters:
    """The KIBA spec's parameter list (section 5) with its defaults."""

    min_players: int = SPEC_MIN_PLAYERS
    max_players: int = SPEC_MAX_PLAYERS
    """The director may set a lower participant limit (R3, A1)."""
    new_player_elo: int = 1800
    category1_min_games: int = 25
    kiba_score: str = KibaScoreRounding.HALF_EVEN.value
    """Elo/10 + games, rounded as named here (A5): half-even, half-up or down."""
    group_count_rule: str = "ceil(n/6)"
    min_group_size: int = 3
    games_per_pairing: int = 2
    clock_initial_days: Fraction = Fraction(3)
    clock_increment_days: Fraction = Fraction(1)
    clock_cap_days: Fraction = Fraction(7)
    clock_timezone: str = "UTC"
    loss_on_time: str = "automatic"
    """R25 applied by the program: `automatic` records the loss when a clock runs out;
    `proposal` only tells the Mwamuzi, who rules."""
    points_win: Fraction = Fraction(1)
    points_loss: Fraction = Fraction(0)
    tiebreak_order: str = "neustadtl,kiba-score,playoff"
    final_format: str = "best-of-3"
    series_tournaments: int = 4
    champ_points_qual_win: Fraction = Fraction(1)
    champ_points_semi_win: Fraction = Fraction(2)
    champ_points_finalist: Fraction = Fraction(3)
    champ_points_winner: Fraction = Fraction(4)
    winner_bonus_cumulative: bool = True
    master_final_size: int = 6
    country_min_players: int = 2
    country_best_scores: int = 4
    countries_event_countries: int = 2
    countries_event_players: int = 3
    play_on_site: bool = True
    """Games are played on the website, every move validated by the Bao engine (R19, KIBA's
    practice); off: players report results of games played elsewhere."""
    bao_variant: str = "kiswahili"
    """The game played on the site: `kiswahili` (Bao la Kiswahili) or `kujifunza`."""

    def __post_init__(self) -> None:
        if self.bao_variant not in BAO_VARIANTS:
            raise ConfigError(
                f"parameter 'bao_variant': {self.bao_variant!r} is not one of "
                f"{', '.join(BAO_VARIANTS)}",
                parameter="bao_variant",
                value=self.bao_variant,
            )
        _at_least("min_players", self.min_players, 2)
        _at_least("max_players", self.max_players, self.min_players)
        _at_least("new_player_elo", self.new_player_elo, 0)
        _at_least("category1_min_games", self.category1_min_games, 1)
        _at_least("min_group_size", self.min_group_size, 2)
        _at_least("games_per_pairing", self.games_per_pairing, 1)
        _at_least("series_tournaments", self.series_tournaments, 1)
        _at_least("master_final_size", self.master_final_size, 2)
        _at_least("country_min_players", self.country_min_players, 1)
        _at_least("country_best_scores", self.country_best_scores, 1)
        _at_least("countries_event_countries", self.countries_event_countries, 2)
        _at_least("countries_event_players", self.countries_event_players, 1)
        if self.games_per_pairing > 2:
            raise ConfigError(
                "parameter 'games_per_pairing': a pairing is one game or two games with "
                f"sides swapped, got {self.games_per_pairing}",
                parameter="games_per_pairing",
                value=self.games_per_pairing,
            )
        if self.clock_initial_days <= 0 or self.clock_increment_days < 0:
            raise ConfigError(
                "the clock needs a positive initial time and a non-negative increment, got "
                f"{self.clock_initial_days} and {self.clock_increment_days} days",
                parameter="clock_initial_days",
            )
        if self.clock_cap_days < self.clock_initial_days:
            raise ConfigError(
                f"parameter 'clock_cap_days': the cap {self.clock_cap_days} days is below the "
                f"initial time {self.clock_initial_days} days",
                parameter="clock_cap_days",
                value=self.clock_cap_days,
            )
        if self.points_loss >= self.points_win:
            raise ConfigError(
                f"a won game must score more than a lost one, got win {self.points_win} and "
                f"loss {self.points_loss}",
                parameter="points_win",
            )
        try:
            KibaScoreRounding(self.kiba_score)
        except ValueError:
            valid = ", ".join(r.value for r in KibaScoreRounding)
            raise ConfigError(
                f"parameter 'kiba_score': {self.kiba_score!r} is not one of {valid}",
                parameter="kiba_score",
                value=self.kiba_score,
            ) from None
        parse_group_count_rule(self.group_count_rule)
        parse_final_format(self.final_format)
        parse_clock_timezone(self.clock_timezone)
        if self.loss_on_time not in LOSS_ON_TIME_MODES:
            raise ConfigError(
                f"parameter 'loss_on_time': {self.loss_on_time!r} is not one of "
                f"{', '.join(LOSS_ON_TIME_MODES)}",
                parameter="loss_on_time",
                value=self.loss_on_time,
            )
        parse_tiebreak_order(self.tiebreak_order)

    @property
    def rounding(self) -> KibaScoreRounding:
        return KibaScoreRounding(self.kiba_score)

    @property
    def group_counts(self) -> GroupCountRule:
        return parse_group_count_rule(self.group_count_rule)

    @property
    def final_rule(self) -> BestOf:
        return parse_final_format(self.final_format)

    @property
    def timezone(self) -> timezone:
        return parse_clock_timezone(self.clock_timezone)

    @property
    def tiebreaks(self) -> tuple[str, ...]:
        """Tie-break names after the score, `playoff` included when configured."""
        return parse_tiebreak_order(self.tiebreak_order)

    @property
    def computed_tiebreaks(self) -> tuple[str, ...]:
        """The tie-breaks the engine computes (everything but the director's playoff)."""
        return tuple(name for name in self.tiebreaks if name != PLAYOFF)

    @property
    def uses_playoff(self) -> bool:
        return PLAYOFF in self.tiebreaks

    @property
    def point_system(self) -> PointSystem:
        """Bao has no drawn game (A23); the draw value sits between loss and win, unused."""
        middle = (self.points_win + self.points_loss) / 2
        return PointSystem(
            win=self.points_win, draw=middle, loss=self.points_loss, sit_out=Fraction(0)
        )


def _at_least(name: str, value: int, minimum: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise ConfigError(
            f"parameter {name!r} must be a whole number of at least {minimum}, got {value!r}",
            parameter=name,
            value=value,
        )


KIBA_BAO = KibaParameters()
"""The `kiba-bao` preset with the spec's defaults."""


def kiba_parameters(changes: Mapping[str, object] | None = None) -> KibaParameters:
    """The `kiba-bao` preset with a director's `changes` (names as in the spec's list)."""
    return KIBA_BAO if not changes else override(KIBA_BAO, changes)
