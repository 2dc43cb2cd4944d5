"""`mashindano event import --trf FILE` (issue 28 item 6): take over a chess Swiss after round
4, warnings on stderr first, `--dry-run` stores nothing, `--strict` refuses, and round 5 pairs
as bbpPairings pairs the same file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.app.test_takeover import CASE, reference, swiss_manager_trf
from typer.testing import CliRunner

from mashindano.cli.main import app
from mashindano.store import models

pytestmark = pytest.mark.django_db


def run(*args: str | Path, code: int = 0):
    outcome = CliRunner().invoke(app, [str(a) for a in args])
    assert outcome.exit_code == code, (outcome.stdout, outcome.stderr)
    return outcome


@pytest.fixture
def trf(tmp_path: Path) -> Path:
    path = tmp_path / "open.trf"
    path.write_text(swiss_manager_trf())
    return path


def test_issue28_6_dry_run_shows_warnings_and_stores_nothing(trf: Path) -> None:
    outcome = run("event", "import", "--trf", trf, "--dry-run")
    assert "column ruler skipped" in outcome.stderr
    assert "Would create event nairobi-open-2026" in outcome.stdout
    assert "15 players, 4 of 7 rounds paired" in outcome.stdout
    assert "bye H declared for round 5: #2 Test0002 Player0002" in outcome.stdout
    assert "nothing stored" in outcome.stdout
    assert not models.Event.objects.exists()


def test_issue28_6_the_takeover_pairs_round_5_as_bbppairings(trf: Path) -> None:
    shown = json.loads(run("event", "import", "--trf", trf, "--slug", "open", "--json").stdout)
    assert shown["stored"] is True
    assert shown["next_round"] == 5
    assert any("FIDE id" in w for w in shown["warnings"])
    published = json.loads(run("round", "pair", "open", "--json").stdout)
    assert published["round"] == 5
    number = {f"Test{n:04d} Player{n:04d}": n for n in range(1, 16)}
    pairs = {(number[b["first"]], number[b["second"]]) for b in published["boards"] if b["second"]}
    assert pairs == reference(CASE)[0]


def test_issue28_6_strict_refuses_the_oddities(trf: Path) -> None:
    outcome = run("event", "import", "--trf", trf, "--strict", code=3)
    assert "strict" in outcome.stderr
    assert not models.Event.objects.exists()


def test_issue28_6_takeover_options_go_with_trf(trf: Path) -> None:
    run("event", "import", trf, "--dry-run", code=2)


def test_issue32_a_team_file_imports_as_a_team_event(tmp_path: Path) -> None:
    from tests.app.test_team_import import FOLDER

    path = tmp_path / "cup.trf"
    path.write_text((FOLDER / "team_swiss_7t2b4r.trf").read_text())
    dry = run("event", "import", "--trf", path, "--slug", "cup", "--dry-run")
    said = " ".join(dry.stdout.split())  # Rich wraps at the terminal's width
    assert "Would create event cup" in said
    assert "team swiss, 7 teams on 2 boards" in said
    assert not models.Event.objects.exists()
    shown = json.loads(run("event", "import", "--trf", path, "--slug", "cup", "--json").stdout)
    assert (shown["stored"], shown["teams"], shown["boards"]) == (True, 7, 2)
    assert models.TeamMatch.objects.filter(event__slug="cup").count() == 4 * 4


def test_issue32_team_system_goes_with_trf(trf: Path) -> None:
    outcome = run("event", "import", trf, "--team-system", "swiss", code=2)
    assert "--team-system" in outcome.stderr
