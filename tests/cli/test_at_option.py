"""Issue 21 item 7: `--at` on every time-dependent command enters past results; the audit log
keeps the time given and the real time of the entry."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from typer.testing import CliRunner

from mashindano.app.performing import all_actions
from mashindano.cli.main import app

pytestmark = pytest.mark.django_db


def run(*args: str, code: int = 0) -> str:
    outcome = CliRunner().invoke(app, list(args))
    assert outcome.exit_code == code, (outcome.stdout, outcome.stderr)
    return outcome.stdout if code == 0 else outcome.stderr


def test_a_result_entered_later_keeps_both_times_in_the_audit_log() -> None:
    run("event", "create", "club", "--preset", "chess-round-robin", "--seed", "3")
    for name in ("Ann", "Bob", "Cyd", "Dan"):
        run("players", "add", "club", name)
    run("event", "start", "club", "--at", "2026-11-01T10:00+03:00")
    run("round", "pair", "club", "--at", "2026-11-01T10:05+03:00")
    before = datetime.now(UTC)
    run("result", "report", "club", "1-0", "--round", "1", "--board", "1", "--at",
        "2026-11-01T14:00+03:00")  # fmt: skip
    log = json.loads(run("event", "audit", "club", "--json"))
    report = log[-1]
    assert report["action"] == "result.report"
    assert report["at"] == "2026-11-01T11:00:00+00:00"
    assert datetime.fromisoformat(report["recorded_at"]) >= before
    created = log[0]
    assert "recorded_at" not in created, "a write made now shows one time"


@pytest.mark.parametrize(
    ("given", "says"),
    [("2026-11-01", "needs a UTC offset"), ("yesterday", "not an ISO 8601 time")],
)
def test_a_bad_at_is_refused_with_its_reason(given: str, says: str) -> None:
    run("event", "create", "club", "--preset", "chess-round-robin", "--seed", "3")
    assert says in run("event", "start", "club", "--at", given, code=3)


def test_every_generated_command_takes_at_unless_it_has_its_own_time() -> None:
    for action in all_actions():
        group, verb = action.group, action.verb
        shown = run(group, verb, "--help")
        assert "--at" in shown, f"{group} {verb} has no --at"
