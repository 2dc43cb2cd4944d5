"""Issue 28 item 8: the API's schema names every preset's parameters and every tie-break a
tie-break list accepts, generated from the presets' schemas and the engine's registry (the
committed docs/openapi.json is the generated one: test_openapi.py)."""

from __future__ import annotations

import json

from mashindano.app.formats.parts import DESCRIPTION
from mashindano.app.formats.registry import available_presets, part
from mashindano.engine.tiebreaks.fide import MODIFIERS
from mashindano.engine.tiebreaks.registry import (
    FIDE_TIEBREAK_CODES,
    TIEBREAK_NAMES,
    written_name,
)
from mashindano.web.api.openapi import openapi_text


def parameters_description() -> str:
    document = json.loads(openapi_text())
    field = document["components"]["schemas"]["EventIn"]["properties"]["parameters"]
    return str(field["description"])


def test_event_parameters_name_every_presets_parameters_with_their_choices() -> None:
    text = parameters_description()
    for preset in available_presets():
        line = next(p for p in text.split("\n\n") if p.startswith(f"{preset}: "))
        for spec in part(preset, DESCRIPTION).parameter_schema.fields:
            assert spec.name in line
    assert "swiss_acceleration (none | baku)" in text
    assert "swiss_pairing (simple | dutch)" in text


def test_event_parameters_list_every_tie_break_name_code_and_modifier() -> None:
    text = parameters_description()
    tie_breaks = text.split("\n\n")[-1]
    assert tie_breaks.startswith("Tie-break lists (rr_tiebreaks, swiss_tiebreaks)")
    for name in TIEBREAK_NAMES:
        assert written_name(name) in tie_breaks
    for code in FIDE_TIEBREAK_CODES:
        assert f" {code}," in tie_breaks or f" {code};" in tie_breaks
    for modifier, _, _ in MODIFIERS:
        assert modifier in tie_breaks
