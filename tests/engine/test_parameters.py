from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import pytest

from mashindano.engine.errors import ConfigError
from mashindano.engine.parameters import override


@dataclass(frozen=True)
class Sample:
    rounds: int = 5
    margin: Fraction = Fraction(5)
    enabled: bool = True
    label: str = "x"


def test_override_converts_text_to_field_types():
    changed = override(Sample(), {"rounds": "7", "margin": "2.5", "enabled": "off", "label": "y"})
    assert changed == Sample(rounds=7, margin=Fraction(5, 2), enabled=False, label="y")


def test_override_accepts_dashes_and_typed_values():
    assert override(Sample(), {"rounds": 3}).rounds == 3


def test_override_leaves_the_original_alone():
    original = Sample()
    override(original, {"rounds": "9"})
    assert original.rounds == 5


@pytest.mark.parametrize(
    ("changes", "fragment"),
    [
        ({"round": "7"}, "unknown parameter 'round'; known parameters: enabled, label, margin"),
        ({"rounds": "seven"}, "parameter 'rounds': 'seven' is not a whole number"),
        ({"margin": "x"}, "parameter 'margin': 'x' is not a number"),
        ({"enabled": "maybe"}, "parameter 'enabled': 'maybe' is not yes or no"),
    ],
)
def test_override_refuses_with_the_parameter_named(changes, fragment):
    with pytest.raises(ConfigError) as caught:
        override(Sample(), changes)
    assert fragment in caught.value.message
