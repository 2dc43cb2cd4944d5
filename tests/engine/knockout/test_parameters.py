"""The `tantrix-knockout` preset: the spec's defaults (§5), overrides by name, bad values."""

from __future__ import annotations

from fractions import Fraction

import pytest

from mashindano.engine.errors import ConfigError
from mashindano.engine.knockout.parameters import (
    TANTRIX_KNOCKOUT,
    Phase,
    TantrixKnockoutParameters,
    match_rule_for,
)
from mashindano.engine.parameters import override
from mashindano.presets.tantrix_knockout import PRESET_NAME


def test_tantrix_section5_defaults() -> None:
    p = TANTRIX_KNOCKOUT
    assert PRESET_NAME == "tantrix-knockout"
    assert p.decisive_rule_enabled is True
    assert p.plate_decisive_rule_enabled is False
    assert p.standard_games == 6
    assert p.decisive_margin_tp == Fraction(5)
    assert p.margin_tiebreak_games == 3
    assert p.tp_per_game == Fraction(20)
    assert p.time_penalty_tp == Fraction(1)
    assert (p.report_limit_hours, p.offer_limit_hours, p.reply_limit_hours) == (1, 24, 48)
    assert p.tp_formula == "sqrt-margin"


def test_tantrix_R1_R2_A12_rule_on_per_phase() -> None:
    assert TANTRIX_KNOCKOUT.is_decisive_rule_enabled(Phase.MAIN)
    assert not TANTRIX_KNOCKOUT.is_decisive_rule_enabled(Phase.PLATE)
    main = match_rule_for(TANTRIX_KNOCKOUT)
    assert (main.standard_games, main.margin, main.tiebreak_games, main.opt_out) == (
        6,
        Fraction(5),
        3,
        False,
    )
    assert main.game_total == 20
    assert match_rule_for(TANTRIX_KNOCKOUT, Phase.PLATE).opt_out
    plate_on = override(TANTRIX_KNOCKOUT, {"plate_decisive_rule_enabled": "on"})
    assert not match_rule_for(plate_on, Phase.PLATE).opt_out
    event_off = override(TANTRIX_KNOCKOUT, {"decisive-rule-enabled": "false"})
    assert match_rule_for(event_off).opt_out


def test_override_by_name_from_text() -> None:
    changed = override(
        TANTRIX_KNOCKOUT,
        {"standard_games": "4", "decisive_margin_tp": "4.5", "seeding": "order"},
    )
    assert changed.standard_games == 4
    assert changed.decisive_margin_tp == Fraction(9, 2)
    assert changed.seeding == "order"
    assert match_rule_for(changed, standard_games=8).standard_games == 8


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"standard_games": "0"}, "standard_games must be at least 1, got 0"),
        ({"decisive_margin_tp": "-5"}, "decisive_margin_tp must be positive, got -5"),
        ({"margin_tiebreak_games": "-1"}, "margin_tiebreak_games cannot be negative"),
        ({"seeding": "random"}, "seeding must be one of rating, order, got 'random'"),
        ({"tp_formula": "linear"}, "unknown TP formula 'linear'"),
        ({"offer_limit_hours": "0"}, "offer_limit_hours must be at least 1"),
        ({"tp_per_game": "0"}, "tp_per_game must be positive"),
        ({"time_penalty_tp": "-1"}, "time_penalty_tp cannot be negative"),
    ],
)
def test_bad_parameters_are_refused(changes: dict[str, str], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        override(TANTRIX_KNOCKOUT, changes)


def test_the_preset_is_a_frozen_dataclass() -> None:
    with pytest.raises(AttributeError):
        TANTRIX_KNOCKOUT.standard_games = 4  # type: ignore[misc]
    assert TantrixKnockoutParameters() == TANTRIX_KNOCKOUT
