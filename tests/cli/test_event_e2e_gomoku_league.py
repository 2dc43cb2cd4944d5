"""End to end through the CLI (in-process, on the test database): a `gomoku-league` season of
two months, from create to export and import, with a newcomer, a leave, a closed month between
the two, and the exit codes of the league's refusals.

The league's rules depend on the calendar (registration days, report windows), so the test
runs the commands on a clock of its own: Django's `timezone.now`, which every use case reads
when no time is given, is replaced for the duration of the test.
"""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime
from pathlib import Path

import pytest
from django.utils import timezone
from typer.testing import CliRunner

from mashindano.cli.main import app

pytestmark = pytest.mark.django_db

PLAYERS = "name,rating,games_played,country\n" + "".join(
    f"Player {n},{2200 - 30 * n},{400 + n},ROU\n" for n in range(1, 8)
)
NEWCOMER = "name,rating,games_played,country\nNewcomer,1500,350,ROU\n"


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 2, 20, 9, 0, tzinfo=UTC)

    def set(self, month: int, day: int, hour: int = 10) -> None:
        self.now = datetime(2026, month, day, hour, 0, tzinfo=UTC)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(timezone, "now", lambda: fake.now)
    return fake


def run(*args: str | Path, code: int = 0) -> str:
    outcome = CliRunner().invoke(app, [str(a) for a in args])
    assert outcome.exit_code == code, (args, outcome.stdout, outcome.stderr)
    return outcome.stdout if code == 0 else outcome.stderr


def play_month(number: int, rng: random.Random) -> int:
    """Pair the month and report every game of every match. Returns the matches."""
    published = json.loads(run("round", "pair", "league", "--json"))
    assert published["round"] == number
    for board in published["boards"]:
        assert len(board["games"]) == 4
        for game in board["games"]:
            result = rng.choice(["1-0", "0-1", "1-0", "0-1", "1/2-1/2"])
            where = ("--round", str(number), "--board", str(board["board"]))
            run("result", "report", "league", result, *where, "--game", str(game["game"]))
    return len(published["boards"])


def test_a_league_season_through_the_cli(tmp_path: Path, clock: Clock) -> None:
    players = tmp_path / "PLAYERS.csv"
    players.write_text(PLAYERS)
    newcomer = tmp_path / "NEWCOMER.csv"
    newcomer.write_text(NEWCOMER)
    settings = ("--set", "season_months=2")
    run("event", "create", "league", "--preset", "gomoku-league", "--seed", "3", *settings)
    run("players", "import", "league", players)
    run("event", "start", "league")
    founding = json.loads(run("event", "standings", "league", "--json"))
    assert founding[0]["title"] == "Founding list"
    assert [row["name"] for row in founding[0]["rows"]] == [f"Player {n}" for n in range(1, 8)]
    # Month 1 is the month it is paired in (no first_month): February's days 1-7 are over.
    assert "newcomers register for month 1 (2026-02) on days 1-7" in run(
        "players", "import", "league", newcomer, code=7
    )
    rng = random.Random(7)

    clock.set(3, 8)
    assert play_month(1, rng) == 11
    running = json.loads(run("event", "standings", "league", "--json"))
    assert running[0]["title"].startswith("Month 1 (2026-03), in progress")
    assert sum(int(row["tiebreaks"]["games"]) for row in running[0]["rows"]) == 88

    clock.set(3, 20)
    run("event", "leave", "league", "Player 4", "--round", "2", "--reason", "holiday")
    assert "newcomers register for month 2 (2026-04)" in run(
        "players", "import", "league", newcomer, code=7
    )
    assert "is not closed" in run("round", "pair", "league", code=7)

    clock.set(4, 3)
    late = ("--round", "1", "--board", "1", "--game", "1")
    assert "is final since" in run("result", "dispute", "league", *late, "--reason", "late", code=7)
    run("event", "close-period", "league", "1")
    assert "already closed" in run("event", "close-period", "league", "1", code=7)
    assert "is closed" in run("result", "confirm", "league", *late, code=7)
    closed = json.loads(run("event", "standings", "league", "--json"))
    assert closed[0]["title"] == "League list after month 1 (2026-03)"
    run("players", "import", "league", newcomer)

    clock.set(4, 9)
    assert play_month(2, rng) == 2 * 7 - 3  # 7 players: Player 4 away, the newcomer in
    month_two = json.loads(run("event", "standings", "league", "--json"))[0]["rows"]
    (away,) = [row for row in month_two if row["name"] == "Player 4"]
    assert (away["rank"], away["note"]) == (None, "on leave")  # R49: shown, not ranked
    names = [row["name"] for row in month_two if row["rank"] is not None]
    assert "Player 4" not in names
    assert names.index("Newcomer") == len(names) - 3  # just above the last two (R16)
    assert "all 2 months" in run("round", "pair", "league", code=7)
    assert "not finished" in run("event", "close", "league", code=7)

    clock.set(5, 4)
    run("event", "close-period", "league", "2")
    run("event", "close", "league")
    standings = json.loads(run("event", "standings", "league", "--json"))
    assert standings[0]["title"] == "League list after month 2 (2026-04)"
    *ranked, away = standings[0]["rows"]
    assert (away["name"], away["rank"]) == ("Player 4", None)  # R49: on leave, below the list
    assert [row["rank"] for row in ranked] == list(range(1, 8))
    coefficients = [float(eval_fraction(row["tiebreaks"]["coefficient"])) for row in ranked]
    assert coefficients == sorted(coefficients, reverse=True)
    assert "league star" in ranked[0]["note"]
    shown = json.loads(run("event", "show", "league", "--json"))
    assert shown["summary"]["finished"] is True
    assert [m["month"] for m in shown["summary"]["months"]] == ["2026-03", "2026-04"]
    assert shown["parameters"]["season_months"] == 2
    assert "League list after month 2" in run("event", "standings", "league")

    assert "TRF-16 cannot carry" in run("event", "export", "league", "--format", "trf", code=7)
    games_csv = run("event", "export", "league", "--format", "csv")
    assert len(games_csv.splitlines()) == 1 + (11 + 11) * 4
    exported = tmp_path / "league.json"
    run("event", "export", "league", "--format", "json", "--output", exported)
    run("event", "import", exported, "--slug", "league-copy")
    assert json.loads(run("event", "standings", "league-copy", "--json")) == standings
    audit = json.loads(run("event", "audit", "league", "--json"))
    assert [a["action"] for a in audit].count("period.close") == 2


def eval_fraction(text: str) -> float:
    numerator, _, denominator = text.partition("/")
    return int(numerator) / int(denominator or "1")
