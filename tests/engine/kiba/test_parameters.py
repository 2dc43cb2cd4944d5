"""The `kiba-bao` preset: the spec's defaults, and every parameter overridable by name."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta
from fractions import Fraction

import pytest

from mashindano.engine.errors import ConfigError
from mashindano.engine.kiba.clock import in_display_zone
from mashindano.engine.kiba.parameters import (
    KIBA_BAO,
    KibaParameters,
    kiba_parameters,
)
from mashindano.engine.matches import BestOf
from mashindano.presets.kiba_bao import PRESET_NAME


def test_kiba_preset_has_the_spec_defaults() -> None:
    assert PRESET_NAME == "kiba-bao"
    p = KIBA_BAO
    assert (p.min_players, p.max_players) == (6, 34)
    assert p.new_player_elo == 1800
    assert p.category1_min_games == 25
    assert p.kiba_score == "half-even"
    assert p.group_count_rule == "ceil(n/6)"
    assert p.min_group_size == 3
    assert p.games_per_pairing == 2
    assert [p.clock_initial_days, p.clock_increment_days, p.clock_cap_days] == [3, 1, 7]
    assert p.clock_timezone == "UTC"
    assert [p.points_win, p.points_loss] == [1, 0]
    assert p.tiebreaks == ("neustadtl", "kiba-score", "playoff")
    assert p.final_rule == BestOf(3)
    assert p.series_tournaments == 4
    assert [p.champ_points_qual_win, p.champ_points_semi_win] == [1, 2]
    assert [p.champ_points_finalist, p.champ_points_winner] == [3, 4]
    assert p.winner_bonus_cumulative is True
    assert p.master_final_size == 6
    assert (p.country_min_players, p.country_best_scores) == (2, 4)
    assert (p.countries_event_countries, p.countries_event_players) == (2, 3)


OVERRIDES = [
    ("min_players", "8", 8),
    ("max_players", "20", 20),
    ("new_player_elo", "1500", 1500),
    ("category1_min_games", "50", 50),
    ("kiba_score", "half-up", "half-up"),
    ("group_count_rule", "ceil(n/5)", "ceil(n/5)"),
    ("min_group_size", "4", 4),
    ("games_per_pairing", "1", 1),
    ("clock_initial_days", "2.5", Fraction(5, 2)),
    ("clock_increment_days", "0.5", Fraction(1, 2)),
    ("clock_cap_days", "10", Fraction(10)),
    ("clock_timezone", "UTC+03:00", "UTC+03:00"),
    ("points_win", "2", Fraction(2)),
    ("points_loss", "0.5", Fraction(1, 2)),
    ("tiebreak_order", "score,kiba-score,neustadtl", "score,kiba-score,neustadtl"),
    ("final_format", "best-of-5", "best-of-5"),
    ("series_tournaments", "3", 3),
    ("champ_points_qual_win", "2", Fraction(2)),
    ("champ_points_semi_win", "3", Fraction(3)),
    ("champ_points_finalist", "5", Fraction(5)),
    ("champ_points_winner", "6", Fraction(6)),
    ("winner_bonus_cumulative", "no", False),
    ("master_final_size", "8", 8),
    ("country_min_players", "3", 3),
    ("country_best_scores", "5", 5),
    ("countries_event_countries", "3", 3),
    ("countries_event_players", "2", 2),
    ("play_on_site", "no", False),
    ("bao_variant", "kujifunza", "kujifunza"),
    ("loss_on_time", "proposal", "proposal"),
]


def test_kiba_every_spec_parameter_is_covered_by_the_override_table() -> None:
    names = {f.name for f in dataclasses.fields(KibaParameters)}
    assert names == {name for name, _, _ in OVERRIDES}


@pytest.mark.parametrize(("name", "text", "expected"), OVERRIDES)
def test_kiba_every_parameter_can_be_overridden(name: str, text: str, expected: object) -> None:
    changed = kiba_parameters({name: text})
    assert getattr(changed, name) == expected
    assert getattr(KIBA_BAO, name) != expected


def test_kiba_overridden_rules_are_read() -> None:
    p = kiba_parameters(
        {
            "final_format": "best of 5",
            "tiebreak_order": "score,kiba-score",
            "group_count_rule": "ceil(n/4)",
        }
    )
    assert p.final_rule == BestOf(5)
    assert p.tiebreaks == ("kiba-score",)
    assert not p.uses_playoff
    assert p.group_counts.group_count(16) == 4


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("group_count_rule", "n/6"),
        ("group_count_rule", "0"),
        ("final_format", "best-of-2"),
        ("final_format", "first to two"),
        ("clock_timezone", "EAT"),
        ("clock_timezone", "UTC+25:00"),
        ("tiebreak_order", "playoff,neustadtl"),
        ("tiebreak_order", "neustadtl,neustadtl"),
        ("kiba_score", "ceil"),
        ("clock_cap_days", "2"),
        ("clock_initial_days", "0"),
        ("min_players", "40"),
        ("games_per_pairing", "3"),
        ("points_win", "0"),
        ("master_final_size", "1"),
        ("new_player_elo", "lots"),
    ],
)
def test_kiba_bad_parameter_values_are_refused(name: str, text: str) -> None:
    with pytest.raises(ConfigError):
        kiba_parameters({name: text})


def test_kiba_unknown_parameter_names_the_known_ones() -> None:
    with pytest.raises(ConfigError, match="clock_cap_days"):
        kiba_parameters({"clock_maximum": "9"})


def test_kiba_clock_timezone_is_a_display_offset() -> None:
    p = kiba_parameters({"clock_timezone": "UTC+03:00"})
    moment = datetime(2026, 1, 1, 21, 30, tzinfo=UTC)
    shown = in_display_zone(moment, p)
    assert shown.utcoffset() == timedelta(hours=3)
    assert shown == moment
    assert (shown.day, shown.hour) == (2, 0)
