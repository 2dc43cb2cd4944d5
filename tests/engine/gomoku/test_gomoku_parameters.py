"""The `gomoku-league` preset: spec defaults, and every parameter overridable by name."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from mashindano.engine.errors import ConfigError
from mashindano.engine.gomoku import GOMOKU_LEAGUE, GomokuParameters
from mashindano.engine.gomoku.parameters import (
    BottomExOfficio,
    DayRange,
    FoundingCoefficient,
    MatchPoints,
    ProgressPrize,
    StageCoefficient,
    SuspensionStages,
    TopMultipliers,
)
from mashindano.engine.parameters import override
from mashindano.presets.gomoku_league import PRESET_NAME

SPEC_PARAMETERS = (
    "registration_window_days",
    "newcomer_min_site_games",
    "games_per_match",
    "neighbour_distance",
    "match_points",
    "points_per_game_won",
    "participation_threshold_edge",
    "participation_threshold_middle",
    "completion_bonus",
    "top_match_bonus",
    "top_multipliers",
    "bottom_ex_officio",
    "compensation_points",
    "suspension_stages",
    "stage_coefficient",
    "removal_threshold",
    "founding_coefficient",
    "newcomer_default_coefficient",
    "pro_opening_threshold",
    "move_time_seconds",
    "result_report_hours",
    "dispute_window_hours",
    "challenge_window_days",
    "max_leaves_per_year",
    "prizes_enabled",
    "top3_prize_points",
    "progress_prize",
)


def test_preset_name_and_instance() -> None:
    assert PRESET_NAME == "gomoku-league"
    assert GomokuParameters() == GOMOKU_LEAGUE


def test_every_spec_parameter_is_a_field() -> None:
    assert set(SPEC_PARAMETERS) <= set(GOMOKU_LEAGUE.names())


def test_spec_defaults() -> None:
    p = GOMOKU_LEAGUE
    assert p.registration_window_days == DayRange(1, 7)
    assert p.newcomer_min_site_games == 300
    assert p.games_per_match == 4
    assert p.neighbour_distance == 2
    assert p.match_points == MatchPoints(Fraction(3), Fraction(2), Fraction(1), Fraction(0))
    assert p.points_per_game_won == 1
    assert (p.participation_threshold_edge, p.participation_threshold_middle) == (4, 8)
    assert p.completion_bonus == 1
    assert p.top_match_bonus == Fraction(1, 2)
    assert p.top_multipliers == TopMultipliers(Fraction(2), Fraction(4, 3))
    assert p.bottom_ex_officio == BottomExOfficio(Fraction(3), Fraction(7), 4)
    assert p.compensation_points == 5
    assert p.suspension_stages == SuspensionStages(1, 3)
    assert p.stage_coefficient == StageCoefficient(Fraction(10), Fraction(1, 2))
    assert p.removal_threshold == Fraction(1, 2)
    assert p.founding_coefficient == FoundingCoefficient(Fraction(1), Fraction(2))
    assert p.newcomer_default_coefficient == 1
    assert p.pro_opening_threshold == 2
    assert p.move_time_seconds == 40
    assert (p.result_report_hours, p.dispute_window_hours) == (48, 24)
    assert p.challenge_window_days == DayRange(15, 25)
    assert p.max_leaves_per_year == 3
    assert p.prizes_enabled is False
    assert p.top3_prize_points == (150, 125, 100)
    assert p.progress_prize == ProgressPrize(5, Fraction(30), 10)


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        ("registration_window_days", "1-5", DayRange(1, 5)),
        ("challenge_window_days", "10,20", DayRange(10, 20)),
        (
            "match_points",
            "3,1,0,0",
            MatchPoints(Fraction(3), Fraction(1), Fraction(0), Fraction(0)),
        ),
        ("top_multipliers", "2, 3/2", TopMultipliers(Fraction(2), Fraction(3, 2))),
        ("bottom_ex_officio", "2,5", BottomExOfficio(Fraction(2), Fraction(5), 4)),
        ("bottom_ex_officio", "2,5,6", BottomExOfficio(Fraction(2), Fraction(5), 6)),
        ("suspension_stages", "2,4", SuspensionStages(2, 4)),
        ("stage_coefficient", "20,2/3", StageCoefficient(Fraction(20), Fraction(2, 3))),
        ("founding_coefficient", "0.5,3", FoundingCoefficient(Fraction(1, 2), Fraction(3))),
        ("progress_prize", "3,25,5", ProgressPrize(3, Fraction(25), 5)),
        ("top3_prize_points", "150,100,125", (150, 100, 125)),
        ("removal_threshold", "0.6", Fraction(3, 5)),
        ("top_match_bonus", "1/4", Fraction(1, 4)),
        ("games_per_match", "6", 6),
        ("prizes_enabled", "yes", True),
        ("newcomer_min_site_games", "500", 500),
    ],
)
def test_override_by_name_from_text(name: str, text: str, expected: object) -> None:
    changed = override(GOMOKU_LEAGUE, {name: text})
    assert getattr(changed, name) == expected
    unchanged = {f.name for f in dataclasses.fields(changed)} - {name}
    assert all(getattr(changed, n) == getattr(GOMOKU_LEAGUE, n) for n in unchanged)


def test_override_with_values_and_dashes() -> None:
    changed = override(GOMOKU_LEAGUE, {"neighbour-distance": 3, "top_multipliers": "1,1"})
    assert changed.neighbour_distance == 3
    assert changed.top_multipliers == TopMultipliers(Fraction(1), Fraction(1))


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"no_such_parameter": "1"}, "unknown parameter"),
        ({"games_per_match": "0"}, "games_per_match"),
        ({"games_per_match": "four"}, "games_per_match"),
        ({"match_points": "3,2,1"}, "match_points"),
        ({"match_points": "1,2,3,0"}, "match_points"),
        ({"registration_window_days": "5-2"}, "registration_window_days"),
        ({"registration_window_days": "1-31"}, "registration_window_days"),
        ({"suspension_stages": "0,3"}, "suspension_stages"),
        ({"stage_coefficient": "0,1/2"}, "stage_coefficient"),
        ({"progress_prize": "5,30,0"}, "progress_prize"),
        ({"top3_prize_points": "150,x"}, "top3_prize_points"),
        ({"removal_threshold": "-1"}, "removal_threshold"),
        ({"min_players": "1"}, "min_players"),
    ],
)
def test_bad_overrides_raise_config_error_naming_the_parameter(
    changes: dict[str, object], message: str
) -> None:
    with pytest.raises(ConfigError, match=message):
        override(GOMOKU_LEAGUE, changes)
