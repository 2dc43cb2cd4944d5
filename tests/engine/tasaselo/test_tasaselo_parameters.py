"""The `tasaselo` preset: the spec's defaults (section 5), overrides by name, clear errors."""

from __future__ import annotations

from fractions import Fraction

import pytest

from mashindano.engine.errors import ConfigError
from mashindano.engine.parameters import override
from mashindano.engine.points import CHESS, THREE_ONE_ZERO
from mashindano.engine.ratings import FIDE_TABLE_8_1_2, ExpectedScoreTable
from mashindano.engine.tasaselo import (
    ELO_ORIGINAL_TABLE,
    TASASELO,
    ComparisonBasis,
    TasaseloParameters,
)
from mashindano.presets.tasaselo import PRESET_NAME


def test_spec_defaults() -> None:
    assert PRESET_NAME == "tasaselo"
    p = TASASELO
    assert (p.min_players, p.max_players, p.max_rounds, p.max_late_entries) == (6, 200, 15, 10)
    assert p.k_factor == 100
    assert p.expected_score_table is ELO_ORIGINAL_TABLE
    assert p.scoring == CHESS
    assert p.prize_group_size is None
    assert p.prize_group_size_for(7) == 14
    assert p.prize_groups_fixed_before_round == 2
    assert p.performance_prizes == 3
    assert p.one_prize_per_player
    assert p.comparison_basis is ComparisonBasis.STARTING_SELO
    assert p.round1_draw
    assert p.reserve_player is None
    assert p.ghost_opponent_points == 1
    assert p.round1_rest_points == Fraction(1, 2)
    assert not p.ignore_colours
    assert not p.reserve_prize_eligible


def test_A3_elo_table_is_data_and_agrees_with_the_anchors() -> None:
    assert ELO_ORIGINAL_TABLE == FIDE_TABLE_8_1_2
    assert override(TASASELO, {"expected_score_table": "elo"}).expected_score_table == (
        ELO_ORIGINAL_TABLE
    )
    custom = override(TASASELO, {"expected_score_table": "3,10,17"})
    assert custom.expected_score_table == ExpectedScoreTable((3, 10, 17))


@pytest.mark.parametrize("text", ["3,1,0", "3/1/0", " 3, 1, 0 "])
def test_R28_scoring_as_text(text: str) -> None:
    assert override(TASASELO, {"scoring": text}).scoring == THREE_ONE_ZERO
    assert override(TASASELO, {"scoring": "1,1/2,0"}).scoring == CHESS


def test_overrides_by_name_and_text() -> None:
    changed = override(
        TASASELO,
        {
            "k-factor": "20",
            "prize_group_size": "10",
            "prize_group_sizes": "8, 12",
            "comparison_basis": "variable-selo",
            "reserve_player": "p9",
            "round1_draw": "off",
            "ignore_colours": "yes",
            "ghost_opponent_points": "0.5",
            "unrated_selo": "1200",
        },
    )
    assert changed.k_factor == 20
    assert changed.prize_group_size == 10
    assert changed.prize_group_sizes == (8, 12)
    assert changed.comparison_basis is ComparisonBasis.VARIABLE_SELO
    assert changed.reserve_player == "p9"
    assert not changed.round1_draw
    assert changed.ignore_colours
    assert changed.ghost_opponent_points == Fraction(1, 2)
    assert changed.unrated_selo == 1200
    assert override(changed, {"prize_group_size": "auto"}).prize_group_size is None
    assert set(TASASELO.names()) >= {"k_factor", "scoring", "prize_group_size", "round1_draw"}


@pytest.mark.parametrize(
    ("changes", "named"),
    [
        ({"scoring": "3,1"}, "scoring"),
        ({"scoring": "a,b,c"}, "scoring"),
        ({"expected_score_table": "1,x"}, "expected_score_table"),
        ({"expected_score_table": "10,3"}, "strictly increasing"),
        ({"comparison_basis": "median"}, "comparison_basis"),
        ({"ghost_opponent_points": "2"}, "ghost_opponent_points"),
        ({"round1_rest_points": "0.25"}, "round1_rest_points"),
        ({"prize_group_size": "0"}, "prize_group_size"),
        ({"prize_group_sizes": "10,0"}, "prize_group_sizes"),
        ({"prize_group_sizes": "ten"}, "prize_group_sizes"),
        ({"min_players": "300"}, "min_players"),
        ({"max_rounds": "0"}, "max_rounds"),
        ({"performance_prizes": "-1"}, "performance_prizes"),
        ({"unrated_selo": "-5"}, "unrated_selo"),
        ({"k_factor": "lots"}, "k_factor"),
        ({"colour": "white"}, "colour"),
    ],
)
def test_bad_values_are_refused_by_name(changes: dict[str, str], named: str) -> None:
    with pytest.raises(ConfigError, match=named):
        override(TASASELO, changes)


def test_k_factor_must_be_whole() -> None:
    with pytest.raises(ConfigError, match="k_factor"):
        TasaseloParameters(k_factor=True)
