"""The announced start and the round schedule on the command line (issue 31 item 2, issue 33
item 5): `--set` on create, `round hold` / `round release` (declared actions), each refusal
with its exit code and words."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from mashindano.cli.main import app
from mashindano.store import models

pytestmark = pytest.mark.django_db


def run(*args: str, code: int = 0) -> str:
    outcome = CliRunner().invoke(app, list(args))
    assert outcome.exit_code == code, (outcome.stdout, outcome.stderr)
    return outcome.stdout if code == 0 else outcome.stderr


def test_start_and_schedule_are_set_held_and_released_from_the_command_line() -> None:
    run(
        "event", "create", "cli-timed", "--preset", "chess-swiss", "--seed", "3",
        "--set", "start_at=2026-12-12 10:00", "--set", "time_zone=Africa/Kampala",
        "--set", "round_schedule=at-times", "--set", "round_times=2026-12-12 10:30",
    )  # fmt: skip
    shown = json.loads(run("event", "show", "cli-timed", "--json"))
    assert shown["parameters"]["start_at"] == "2026-12-12 10:00"
    assert shown["parameters"]["round_times"] == ["2026-12-12 10:30"]
    assert "held" in run("round", "hold", "cli-timed", "--reason", "waiting for the hall")
    assert "already held" in run("round", "hold", "cli-timed", "--reason", "again", code=7)
    assert "goes on" in run("round", "release", "cli-timed")
    actions = models.AuditEntry.objects.filter(event__slug="cli-timed").values_list(
        "action", flat=True
    )
    assert list(actions).count("schedule.hold") == 1
    assert list(actions).count("schedule.release") == 1


def test_a_bad_start_is_refused_naming_the_parameter() -> None:
    error = run(
        "event", "create", "cli-bad", "--preset", "chess-swiss", "--set", "start_at=soon",
        code=3,
    )  # fmt: skip
    assert "start_at" in error
    assert not models.Event.objects.filter(slug="cli-bad").exists()


def test_the_start_is_announced_from_the_command_line() -> None:
    run("event", "create", "cli-start", "--preset", "chess-swiss")
    said = run(
        "event", "start-date", "cli-start", "2026-12-12 10:00",
        "--time-zone", "Africa/Dar_es_Salaam", "--automatically",
    )  # fmt: skip
    assert "2026-12-12 10:00 Africa/Dar_es_Salaam (UTC+03:00)" in said
    shown = json.loads(run("event", "show", "cli-start", "--json"))
    assert shown["parameters"]["start_automatically"] is True
