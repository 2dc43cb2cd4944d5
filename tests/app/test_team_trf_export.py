"""The team event as a TRF-26 team file (issue 32 join, part 3): written from the stored facts
by `team_event_to_trf`, read back by `parse_trf(..., teams=True)` + `trf_to_team_event`, it gives
the same standings (fide_teams.md §8)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mashindano.app.teams.documents import build_team_standings
from mashindano.app.teams.exchange import export_team_trf
from mashindano.cli.main import app
from mashindano.engine.teams.tiebreaks import team_standings
from mashindano.interchange.trf_read import parse_trf
from mashindano.interchange.trf_teams import trf_to_team_event

from .test_team_systems import LATER, _play, _teams

pytestmark = pytest.mark.django_db

CODES = ("MP", "GP", "EDE", "BH:MP/C1", "BH:MP", "EMMSB")


def _same_standings(text: str, round_robin: bool) -> None:
    read = trf_to_team_event(parse_trf(text, teams=True), round_robin=round_robin).event
    again = team_standings(read, CODES)
    table = build_team_standings("tm", now=LATER)
    assert [(s.team, s.rank) for s in again] == [(x.team.number, x.rank) for x in table.lines]
    assert [s.values[:2] for s in again] == [(x.match_points, x.game_points) for x in table.lines]
    assert [s.values[2:] for s in again] == [x.tiebreaks for x in table.lines]


def test_fide_teams_8_round_robin_trf_26_reads_back_to_the_same_standings() -> None:
    rng = random.Random(5)
    _teams(4, 4)
    for r in range(1, 4):
        _play(r, 4, rng)
    text = export_team_trf("tm", now=LATER)
    assert "\n310 " in text
    assert "\n362 " in text
    _same_standings(text, round_robin=True)


def test_fide_teams_8_swiss_with_pab_trf_26_reads_back_to_the_same_standings(
    tmp_path: Path,
) -> None:
    rng = random.Random(9)
    _teams(5, 2, system="swiss", rounds=3)
    for r in range(1, 4):
        _play(r, 2, rng)
    target = tmp_path / "teams.trf"
    outcome = CliRunner().invoke(app, ["team", "export-trf", "tm", "-o", str(target)])
    assert outcome.exit_code == 0, outcome.stderr
    text = target.read_text(encoding="utf-8")
    assert "\n320 " in text
    _same_standings(text, round_robin=False)
