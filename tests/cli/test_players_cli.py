"""`mashindano players add|list`: one player at a time, with the attributes presets read."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from mashindano.cli.main import app

pytestmark = pytest.mark.django_db


def run(*args: str, code: int = 0) -> str:
    outcome = CliRunner().invoke(app, list(args))
    assert outcome.exit_code == code, (outcome.stdout, outcome.stderr)
    return outcome.stdout if code == 0 else outcome.stderr


def test_players_add_keeps_rating_games_played_and_country() -> None:
    run("event", "create", "k", "--preset", "kiba-bao")
    run(
        "players",
        "add",
        "k",
        "Amani",
        "--rating",
        "2069",
        "--games-played",
        "689",
        "--country",
        "KE",
    )
    run("players", "add", "k", "Zawadi")
    listed = json.loads(run("players", "list", "k", "--json"))
    assert [(p["name"], p["rating"], p["games_played"], p["country"]) for p in listed] == [
        ("Amani", 2069, 689, "KE"),
        ("Zawadi", None, None, None),
    ]


def test_players_add_refuses_a_duplicate_and_negative_numbers() -> None:
    run("event", "create", "k", "--preset", "kiba-bao")
    run("players", "add", "k", "Amani")
    assert "Amani" in run("players", "add", "k", "Amani", code=7)
    run("players", "add", "k", "Neema", "--games-played", "-1", code=2)
