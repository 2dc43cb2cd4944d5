"""`mashindano arbiter forbid-pair|allow-pair`: the arbiter's forbidden pairs from the command
line, with the event commands' exit codes (6 not found, 7 refused, 3 invalid input)."""

from __future__ import annotations

import json

import pytest
import typer
from typer.testing import CliRunner

from mashindano.cli import arbiter
from mashindano.cli.main import app as main_app

pytestmark = pytest.mark.django_db

# The arbiter commands as `mashindano arbiter ...` would run them once registered in main.
arbiter_root = typer.Typer()
arbiter_root.add_typer(arbiter.app, name="arbiter")


def run(*args: str, code: int = 0) -> str:
    """One command: `arbiter ...` through the arbiter app, anything else through `mashindano`."""
    target = arbiter_root if args[0] == "arbiter" else main_app
    outcome = CliRunner().invoke(target, list(args))
    assert outcome.exit_code == code, (outcome.stdout, outcome.stderr)
    return outcome.stdout if code == 0 else outcome.stderr


def _swiss(slug: str = "open", preset: str = "chess-swiss") -> None:
    run("event", "create", slug, "--preset", preset, "--seed", "4")
    for name, rating in (
        ("Amani", "2100"),
        ("Baraka", "2050"),
        ("Chiku", "2000"),
        ("Dalia", "1950"),
    ):
        run("players", "add", slug, name, "--rating", rating)


def _forbidden(slug: str = "open") -> list[list[str]]:
    document = json.loads(run("event", "export", slug, "--format", "json"))
    return [o["value"]["players"] for o in document["overrides"]]


def test_forbid_pair_then_allow_pair_record_the_decisions_with_actor_and_reason() -> None:
    _swiss()
    shown = run(
        "arbiter",
        "forbid-pair",
        "open",
        "Amani",
        "Baraka",
        "--reason",
        "siblings",
        "--actor",
        "chief",
    )
    assert "Amani and Baraka will not be paired together in open" in shown
    assert _forbidden() == [["Amani", "Baraka"]]
    run("event", "start", "open")
    # Numbers are fixed at start (by rating): 1 is Amani, 2 is Baraka.
    shown = run("arbiter", "allow-pair", "open", "2", "1", "--reason", "appeal upheld")
    assert "Baraka and Amani may be paired together again in open" in shown
    document = json.loads(run("event", "export", "open", "--format", "json"))
    assert [(o["subject"], o["reason"]) for o in document["overrides"]] == [
        ("forbid-pair", "siblings"),
        ("allow-pair", "appeal upheld"),
    ]
    assert document["overrides"][0]["actor"] == "chief"
    assert [a["action"] for a in document["audit"]][-2:] == ["event.start", "pair.allow"]


def test_forbidden_pair_shows_in_the_trf_export_as_xxp() -> None:
    _swiss()
    run("event", "start", "open")
    run("arbiter", "forbid-pair", "open", "Chiku", "Amani", "--reason", "same club")
    trf = run("event", "export", "open", "--format", "trf")
    assert "XXP 1 3" in trf.splitlines()


def test_unknown_player_exits_6_naming_the_player() -> None:
    _swiss()
    message = run("arbiter", "forbid-pair", "open", "Amani", "Bakara", "--reason", "x", code=6)
    assert "no player 'Bakara'" in message
    assert "did you mean 'Baraka'" in message
    assert "no event 'nowhere'" in run(
        "arbiter", "forbid-pair", "nowhere", "A", "B", "--reason", "x", code=6
    )


def test_missing_reason_is_a_usage_error_and_a_blank_one_invalid_input() -> None:
    _swiss()
    assert "--reason" in run("arbiter", "forbid-pair", "open", "Amani", "Baraka", code=2)
    assert "needs a reason" in run(
        "arbiter", "forbid-pair", "open", "Amani", "Baraka", "--reason", " ", code=3
    )
    assert _forbidden() == []


def test_refusals_exit_7() -> None:
    _swiss()
    run("arbiter", "forbid-pair", "open", "Amani", "Baraka", "--reason", "siblings")
    assert "already forbidden" in run(
        "arbiter", "forbid-pair", "open", "Baraka", "Amani", "--reason", "again", code=7
    )
    assert "not forbidden" in run(
        "arbiter", "allow-pair", "open", "Amani", "Chiku", "--reason", "never was", code=7
    )
    _swiss("rr", preset="chess-round-robin")
    assert "preset 'chess-round-robin'" in run(
        "arbiter", "forbid-pair", "rr", "Amani", "Baraka", "--reason", "siblings", code=7
    )


def test_same_player_twice_is_invalid_input() -> None:
    _swiss()
    assert "same player" in run(
        "arbiter", "forbid-pair", "open", "Amani", "Amani", "--reason", "x", code=3
    )
