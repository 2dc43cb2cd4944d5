"""`mashindano gomoku accept-return`: the organiser takes a removed player back (R9, A27) from
the command line, with the event commands' exit codes (6 not found, 7 refused, 3 invalid
input).

The league's rules depend on the calendar, so the commands run on a clock of their own:
Django's `timezone.now`, which the use cases read when no time is given, is replaced.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
import typer
from django.utils import timezone
from typer.testing import CliRunner

from mashindano.cli.main import app as main_app
from mashindano.presets.gomoku_league import cli as gomoku

pytestmark = pytest.mark.django_db

# The gomoku commands as `mashindano gomoku ...` would run them once registered in main.
gomoku_root = typer.Typer()
gomoku_root.add_typer(gomoku.app, name="gomoku")

PLAYERS = "name,rating,games_played\n" + "".join(f"P{n},{2000 - 10 * n},500\n" for n in range(1, 8))


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 2, 20, 10, 0, tzinfo=UTC)

    def set(self, month: int, day: int, hour: int = 10) -> None:
        self.now = datetime(2026, month, day, hour, 0, tzinfo=UTC)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(timezone, "now", lambda: fake.now)
    return fake


def run(*args: str, code: int = 0) -> str:
    """One command: `gomoku ...` through the gomoku app, anything else through `mashindano`."""
    target = gomoku_root if args[0] == "gomoku" else main_app
    outcome = CliRunner().invoke(target, list(args))
    assert outcome.exit_code == code, (args, outcome.stdout, outcome.stderr)
    return outcome.stdout if code == 0 else outcome.stderr


def remove_p7(clock: Clock, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Month 1 (March) with nobody playing: P7's 1.000 halves to 0.500, below the 0.600
    threshold of this league (R15), so P7 is removed when month 1 closes on 3 April."""
    players_csv = tmp_path_factory.mktemp("players") / "PLAYERS.csv"
    players_csv.write_text(PLAYERS, encoding="utf-8")
    run("event", "create", "lg", "--preset", "gomoku-league", "--set", "removal_threshold=0.6")
    run("players", "import", "lg", str(players_csv))
    run("event", "start", "lg")
    clock.set(3, 8)
    run("round", "pair", "lg")
    clock.set(4, 3, 0)
    run("event", "close-period", "lg", "1")


def test_R9_A27_accept_return_puts_the_player_back_with_the_stored_coefficient(
    clock: Clock, tmp_path_factory: pytest.TempPathFactory
) -> None:
    remove_p7(clock, tmp_path_factory)
    clock.set(4, 3)
    shown = run(
        "gomoku", "accept-return", "lg", "P7", "--reason", "active again", "--actor", "chief"
    )
    assert "P7 returns to lg in month 2 (2026-04), placed by the stored coefficient 0.500" in shown
    clock.set(4, 8)
    run("round", "pair", "lg")
    document = json.loads(run("event", "export", "lg", "--format", "json"))
    assert [(o["subject"], o["value"], o["actor"], o["reason"]) for o in document["overrides"]] == [
        ("gomoku-return", {"player": "P7"}, "chief", "active again")
    ]
    assert document["audit"][-2]["action"] == "gomoku.return"
    months = json.loads(run("event", "show", "lg", "--json"))["summary"]["months"]
    assert months[1]["returning"] == ["P7"]
    assert "P7" in [entry["player"] for entry in months[1]["list"]]


def test_accept_return_refusals_have_the_event_exit_codes(
    clock: Clock, tmp_path_factory: pytest.TempPathFactory
) -> None:
    remove_p7(clock, tmp_path_factory)
    clock.set(4, 3)
    assert "has no player 'P9'" in run(
        "gomoku", "accept-return", "lg", "P9", "--reason", "x", code=6
    )
    assert "no event 'nope'" in run(
        "gomoku", "accept-return", "nope", "P7", "--reason", "x", code=6
    )
    refused = run("gomoku", "accept-return", "lg", "P1", "--reason", "x", code=7)
    assert "'P1' is in the league's list" in refused
    assert "needs a reason" in run("gomoku", "accept-return", "lg", "P7", "--reason", " ", code=3)
    clock.set(4, 8)
    late = run("gomoku", "accept-return", "lg", "P7", "--reason", "x", code=7)
    assert "days 1-7 of 2026-04 only" in late
