"""`mashindano demo` (what `make run` runs), one preset at a time with `--preset`."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from mashindano.cli.main import app

pytestmark = pytest.mark.django_db


def test_kiba_demo_output_shows_categories_1_to_3_and_an_upset(tmp_path: Path) -> None:
    db = tmp_path / "demo.sqlite3"
    outcome = CliRunner().invoke(app, ["demo", "--preset", "kiba-bao", "--db", str(db)])
    assert outcome.exit_code == 0, outcome.stderr
    out = outcome.stdout
    assert "demo-kiba-bao (kiba-bao): 3 rounds paired" in out
    assert "Initial list" in out
    assert "Category" in out
    assert "category 1: 6 player(s), category 2: 3 player(s), category 3: 3" in out
    assert "Upsets (a win over a player rated 100 or more higher): " in out
    assert " beat " in out
    assert "demo-chess-swiss" not in out.split("Explore:")[0]  # only the preset asked for


def test_demo_refuses_an_unknown_preset(tmp_path: Path) -> None:
    outcome = CliRunner().invoke(app, ["demo", "--preset", "kiba", "--db", str(tmp_path / "d")])
    assert outcome.exit_code == 3  # invalid input (README's exit codes)
    assert "no demo for preset 'kiba' (available: " in outcome.stderr
    assert "Traceback" not in outcome.stderr
