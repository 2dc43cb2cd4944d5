"""A person's record across events: games played and an Elo rating per game kind, derived from
every rated game in time order (issue 31 item 5). Pure: the games and the moment to compute
for are passed in; nothing is stored.

The rating is the FIDE one the project uses for Tasaselo and the KIBA score
(`engine.ratings`): expected scores from FIDE table 8.1.2 with the 400-point rule, and after
each game Rnew = Rold + round(K × (S − E)) (exact halves away from zero), every game its own
rating period, both players moved from the ratings they had before the game. A person's first
game of a kind starts from the kind's default rating (a newcomer).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction

from mashindano.engine.errors import ConfigError, IllegalResult
from mashindano.engine.ratings import FIDE_CAP, rating_change

HALF = Fraction(1, 2)
SCORES = (Fraction(0), HALF, Fraction(1))


@dataclass(frozen=True, slots=True)
class RatingRules:
    """A game kind's rating parameters: a newcomer's rating and the K factor."""

    default_rating: int = 1500
    k: int = 20

    def __post_init__(self) -> None:
        if self.default_rating < 0:
            raise ConfigError(
                f"a default rating cannot be negative, got {self.default_rating}",
                default_rating=self.default_rating,
            )
        if not 1 <= self.k <= 100:
            raise ConfigError(f"K must lie between 1 and 100, got {self.k}", k=self.k)


@dataclass(frozen=True, slots=True)
class RatedGame:
    """One played game between two persons, with the first person's score (1, 1/2 or 0).

    `order` breaks ties between games played at the same moment (event, round, board, game).
    """

    kind: str
    at: datetime
    first: str
    second: str
    first_score: Fraction
    order: tuple[str | int, ...] = ()
    event: str = ""

    def __post_init__(self) -> None:
        if self.first_score not in SCORES:
            raise IllegalResult(
                f"a rated game's score must be 1, 1/2 or 0, got {self.first_score}",
                score=self.first_score,
            )
        if self.first == self.second:
            raise IllegalResult(f"{self.first!r} cannot play themselves", person=self.first)


@dataclass(frozen=True, slots=True)
class KindRecord:
    """A person's figures in one game kind."""

    kind: str
    games: int
    rating: int
    events: tuple[str, ...]
    """The events these games were played in, in the order first played."""


Records = Mapping[str, Mapping[str, KindRecord]]
"""person -> kind -> record."""


def compute_records(
    games: Iterable[RatedGame], rules: Mapping[str, RatingRules], until: datetime
) -> dict[str, dict[str, KindRecord]]:
    """Every person's games count and rating per kind, from the games played at or before
    `until`, taken in time order (then `order`). A kind without rules is refused."""
    ordered = sorted((g for g in games if g.at <= until), key=lambda g: (g.at, g.order))
    ratings: dict[tuple[str, str], int] = {}
    counts: dict[tuple[str, str], int] = {}
    events: dict[tuple[str, str], list[str]] = {}
    for game in ordered:
        kind_rules = rules.get(game.kind)
        if kind_rules is None:
            raise ConfigError(f"no rating rules for game kind {game.kind!r}", kind=game.kind)
        first, second = (game.first, game.kind), (game.second, game.kind)
        a = ratings.get(first, kind_rules.default_rating)
        b = ratings.get(second, kind_rules.default_rating)
        score = game.first_score
        ratings[first] = a + rating_change(a, [b], [score], kind_rules.k, cap=FIDE_CAP)
        ratings[second] = b + rating_change(b, [a], [1 - score], kind_rules.k, cap=FIDE_CAP)
        for key in (first, second):
            counts[key] = counts.get(key, 0) + 1
            seen = events.setdefault(key, [])
            if game.event and game.event not in seen:
                seen.append(game.event)
    records: dict[str, dict[str, KindRecord]] = {}
    for (person, kind), played in counts.items():
        records.setdefault(person, {})[kind] = KindRecord(
            kind, played, ratings[(person, kind)], tuple(events[(person, kind)])
        )
    return records
