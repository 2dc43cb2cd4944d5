"""`mashindano tantrix form|opt-out|offer|reply|status` through its Typer app (in-process, on
the test database): forms with status options (R18, R19, R24), an opt-out (R13), an offer and
the status with its derived default (R20-R22, E5), and the exit codes of refusals."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from mashindano.cli.main import app as main_app
from mashindano.presets.tantrix_knockout.cli import app

pytestmark = pytest.mark.django_db

T0 = "2026-03-01T10:00:00+00:00"


def run(*args: str, code: int = 0, typer_app: Any = app) -> str:
    outcome = CliRunner().invoke(typer_app, list(args))
    assert outcome.exit_code == code, (outcome.stdout, outcome.stderr)
    return outcome.stdout if code == 0 else outcome.stderr


def setup_match(slug: str) -> dict[str, Any]:
    """Two players, a 2-game final; returns the published round."""
    run("event", "create", slug, "--preset", "tantrix-knockout", "--set", "standard_games=2",
        typer_app=main_app)  # fmt: skip
    run("players", "add", slug, "Alpha", "--rating", "2000", typer_app=main_app)
    run("players", "add", slug, "Beta", "--rating", "1900", typer_app=main_app)
    run("event", "start", slug, typer_app=main_app)
    return json.loads(run("round", "pair", slug, "--json", typer_app=main_app))


def form(slug: str, game: int, player: str, text: str, *extra: str, code: int = 0) -> str:
    return run("form", slug, text, "--round", "1", "--board", "1", "--game", str(game),
               "--player", player, *extra, code=code)  # fmt: skip


def test_R18_R24_forms_through_the_cli_flag_a_conflict() -> None:
    cli_slug = "f"
    setup_match(cli_slug)
    # Game 1: Alpha first; game 2: Beta first (sides alternate).
    form(cli_slug, 1, "Alpha", "15-5")
    shown = json.loads(form(cli_slug, 1, "Beta", "15-5", "--json"))
    assert shown["status"] == "confirmed"
    form(cli_slug, 2, "Alpha", "8-12", "--status", "1")
    out = form(cli_slug, 2, "Beta", "8-12", "--status", "5")
    assert "flagged for a controller" in out
    status = json.loads(run("status", cli_slug, "--round", "1", "--board", "1", "--json"))
    assert status["controller_review"]


def test_R19_option_3_without_when_is_invalid_input_and_duplicates_are_refused() -> None:
    setup_match("g")
    form("g", 1, "Alpha", "11-9")
    form("g", 1, "Alpha", "11-9", code=7)
    form("g", 1, "Beta", "11-9")
    err = form("g", 2, "Alpha", "9-11", "--status", "3", code=3)
    assert "When will you finish" in err
    form("g", 2, "Nobody", "9-11", "--status", "2", code=6)


def test_R13_opt_out_needs_both_players() -> None:
    setup_match("o")
    run("opt-out", "o", "Alpha", "--round", "1", "--board", "1", "--evidence", "mail", code=3)
    out = run("opt-out", "o", "Alpha", "Beta", "--round", "1", "--board", "1",
              "--evidence", "mails to the AC", "--at", T0)  # fmt: skip
    assert "Opt-out recorded" in out


def test_R20_E5_offer_then_status_shows_the_default_after_48_hours() -> None:
    setup_match("d")
    form("d", 1, "Alpha", "11-9", "--ended-at", T0)
    form("d", 1, "Beta", "11-9", "--ended-at", T0)
    form("d", 2, "Beta", "9-11", "--status", "4", "--ended-at", T0)
    run("offer", "d", "--round", "1", "--board", "1", "--player", "Beta", "--at", T0)
    run("reply", "d", "--round", "1", "--board", "1", "--player", "Beta", code=7)
    just = json.loads(run("status", "d", "--round", "1", "--board", "1", "--json",
                          "--at", "2026-03-03T10:00:00+00:00"))  # fmt: skip
    assert just["winner"] is None
    after = json.loads(run("status", "d", "--round", "1", "--board", "1", "--json",
                           "--at", "2026-03-03T10:00:00.000001+00:00"))  # fmt: skip
    assert after["winner"] == "Beta"
    assert after["derived_default"] is True
