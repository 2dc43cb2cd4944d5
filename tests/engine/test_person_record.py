"""A person's record (issue 31 item 5): games played and an Elo rating per game kind from the
games in time order, every game its own rating period, newcomers at the kind's default."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from fractions import Fraction

import pytest

from mashindano.engine.errors import ConfigError, IllegalResult
from mashindano.engine.person_record import RatedGame, RatingRules, compute_records

T0 = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
RULES = {"chess": RatingRules(default_rating=1500, k=20), "bao": RatingRules(1800, 20)}
WIN, DRAW, LOSS = Fraction(1), Fraction(1, 2), Fraction(0)


def game(hours: int, first: str, second: str, score: Fraction, kind: str = "chess") -> RatedGame:
    return RatedGame(kind, T0 + timedelta(hours=hours), first, second, score, (), f"e{hours}")


def test_games_in_time_order_from_the_newcomer_rating() -> None:
    games = [
        # Given out of order: the computation sorts them by time.
        game(3, "b", "c", WIN),
        game(1, "a", "b", WIN),
        game(2, "a", "c", DRAW),
    ]
    records = compute_records(games, RULES, T0 + timedelta(days=1))
    # 1: a 1500 beats b 1500: E = .50, 20 x .5 = 10 -> a 1510, b 1490.
    # 2: a 1510 draws c 1500: D = +10 -> E(a) = .51 (FIDE 8.1.2: 4-10), 20 x -.01 = -.2 -> 0;
    #    c: 20 x +.01 = .2 -> 0. a 1510, c 1500.
    # 3: b 1490 beats c 1500: D = -10 -> E(b) = .49, 20 x .51 = 10.2 -> 10: b 1500, c 1490.
    assert {p: (r["chess"].games, r["chess"].rating) for p, r in records.items()} == {
        "a": (2, 1510),
        "b": (2, 1500),
        "c": (2, 1490),
    }
    assert records["a"]["chess"].events == ("e1", "e2")


def test_only_games_up_to_the_moment_given_count_and_kinds_stay_apart() -> None:
    games = [game(1, "a", "b", WIN), game(2, "a", "b", WIN, "bao"), game(5, "a", "b", LOSS)]
    records = compute_records(games, RULES, T0 + timedelta(hours=2))
    assert records["a"]["chess"].games == 1
    assert records["a"]["chess"].rating == 1510
    # Bao newcomers start at 1800 (KIBA R6).
    assert records["a"]["bao"].rating == 1810
    assert records["b"]["bao"].rating == 1790


def test_a_kind_without_rules_and_bad_scores_are_refused() -> None:
    with pytest.raises(ConfigError, match="no rating rules"):
        compute_records([game(1, "a", "b", WIN, "go")], RULES, T0 + timedelta(days=1))
    with pytest.raises(IllegalResult):
        game(1, "a", "b", Fraction(2))
    with pytest.raises(IllegalResult):
        game(1, "a", "a", WIN)
    with pytest.raises(ConfigError):
        RatingRules(1500, 0)
