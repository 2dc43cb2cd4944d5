"""Issue 28 item 8: every tie-break code and every new parameter is named by the command
line's help, or by a command the help points to (`mashindano tiebreaks`, `mashindano event
parameters PRESET`), generated from the engine's registry and the presets' schemas."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from mashindano.cli.main import app
from mashindano.engine.tiebreaks import FIDE_CODES
from mashindano.engine.tiebreaks.fide import MODIFIERS
from mashindano.engine.tiebreaks.registry import (
    FIDE_TIEBREAK_CODES,
    TIEBREAK_NAMES,
    fide_modifiers,
    written_name,
)


def run(*args: str, code: int = 0, width: int = 250) -> str:
    outcome = CliRunner().invoke(app, list(args), terminal_width=width, env={"COLUMNS": str(width)})
    assert outcome.exit_code == code, (outcome.stdout, outcome.stderr)
    return outcome.stdout if code == 0 else outcome.stderr


def flat(text: str) -> str:
    """Help text with Rich's box and wrapping taken out."""
    return " ".join(text.replace("│", " ").split())


def test_tiebreaks_lists_every_name_and_code_with_its_definition_and_article() -> None:
    shown = run("tiebreaks")
    for name in TIEBREAK_NAMES:
        assert written_name(name) in shown
    for code, info in FIDE_CODES.items():
        row = next(line for line in shown.splitlines() if line.startswith(f"│ {code} "))
        for text in (info.title, info.definition, info.article):
            assert text in row
        assert " ".join(fide_modifiers(code)) in row
    for modifier, text, article in MODIFIERS:
        for part in (modifier, text, article):
            assert part in shown


def test_tiebreaks_json_is_the_registry() -> None:
    document = json.loads(run("tiebreaks", "--json"))
    names = [entry["name"] for entry in document["tiebreaks"]]
    assert names == [written_name(n) for n in TIEBREAK_NAMES] + list(FIDE_TIEBREAK_CODES)
    appo = next(entry for entry in document["tiebreaks"] if entry["name"] == "APPO")
    assert appo == {
        "name": "APPO",
        "label": "APPO",
        "definition": FIDE_CODES["APPO"].definition,
        "article": "C.07 10.5",
        "fide": True,
        "modifiers": ["-Urating"],
    }
    assert [m["modifier"] for m in document["modifiers"]] == [m for m, _, _ in MODIFIERS]


def test_the_standings_help_names_every_code_and_points_to_the_list() -> None:
    shown = flat(run("standings", "--help"))
    for code in FIDE_TIEBREAK_CODES:
        assert f" {code}," in shown or f" {code};" in shown
    for name in TIEBREAK_NAMES:
        assert written_name(name) in shown
    for modifier, _, _ in MODIFIERS:
        assert modifier in shown
    assert "`mashindano tiebreaks` lists each" in shown
    assert "--unrated-rating" in shown


def test_the_root_help_lists_the_tiebreaks_command() -> None:
    assert " tiebreaks " in run("--help")


@pytest.mark.parametrize(
    "args", [("event", "create"), ("event", "edit"), ("simulate",)], ids=" ".join
)
def test_set_options_point_to_the_parameter_and_tie_break_lists(args: tuple[str, ...]) -> None:
    shown = flat(run(*args, "--help"))
    assert "`mashindano event parameters PRESET`" in shown
    assert "`mashindano tiebreaks`" in shown


@pytest.mark.django_db
def test_event_parameters_lists_the_presets_parameters_new_ones_included() -> None:
    shown = run("event", "parameters", "chess-swiss")
    rows = {line.split("│")[1].strip(): line for line in shown.splitlines() if "│" in line}
    assert "none, baku" in rows["swiss_acceleration"]
    assert "FIDE C.04.7" in rows["swiss_acceleration"]
    assert "simple, dutch" in rows["swiss_pairing"]
    assert "see `mashindano tiebreaks`" in rows["swiss_tiebreaks"]
    assert "buchholz,sb" in rows["swiss_tiebreaks"]
    document = json.loads(run("event", "parameters", "chess-swiss", "--json"))
    by_name = {field["name"]: field for field in document}
    assert by_name["swiss_tiebreaks"]["tiebreaks"] is True
    assert by_name["swiss_acceleration"]["choices"] == ["none", "baku"]
    assert "tiebreaks" not in by_name["swiss_pairing"]


@pytest.mark.django_db
def test_event_parameters_of_an_unknown_preset_is_not_found() -> None:
    assert "unknown preset 'nope'" in run("event", "parameters", "nope", code=6)
