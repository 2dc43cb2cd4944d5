"""Golden files: every `--json` output of the CLI, recorded from a fixed, seeded script of
commands per preset over the test database, and compared with `tests/golden/<script>/<view>.json`.

They guard the shape and the content of what the CLI shows while its views are rebuilt: a
difference is either a bug or a deliberate change, re-recorded with
`pytest tests/cli/test_golden_json.py --update-golden` (or `MASHINDANO_UPDATE_GOLDEN=1`) and
reviewed in the diff.

What could vary by run is fixed instead: the clock the use cases read (Django's
`timezone.now`) moves one minute per command from a fixed start, the actor is fixed
(`MASHINDANO_ACTOR`), every event has a seed, and `tantrix status` gets `--at`. As a guard,
`normalise` replaces with "<now>" any value of the fields in `CLOCK_FIELDS` that is within a
day of the real clock (a real time leaking in); none is expected.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone
from typer.testing import CliRunner

from mashindano.cli.main import app

pytestmark = pytest.mark.django_db

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
CLOCK_FIELDS = frozenset(
    {"at", "published_at", "created_at", "agreed_at", "imported_at", "recorded_at"}
)
START = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def normalise(value: Any, real_now: datetime) -> Any:
    """The document with real-clock times (fields in CLOCK_FIELDS) replaced by "<now>"."""
    if isinstance(value, dict):
        shown = {}
        for key, item in value.items():
            if key in CLOCK_FIELDS and isinstance(item, str) and _is_real_time(item, real_now):
                shown[key] = "<now>"
            else:
                shown[key] = normalise(item, real_now)
        return shown
    if isinstance(value, list):
        return [normalise(item, real_now) for item in value]
    return value


def _is_real_time(text: str, real_now: datetime) -> bool:
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return False
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return abs(moment - real_now) < timedelta(days=1)


class Golden:
    """Runs CLI commands on a clock of its own and checks each `--json` output."""

    def __init__(self, script: str, update: bool, monkeypatch: pytest.MonkeyPatch) -> None:
        self.script = script
        self.update = update
        self.now = START
        self.real_now = datetime.now(UTC)
        self.mismatches: list[str] = []
        self.checked: set[str] = set()
        monkeypatch.setattr(timezone, "now", lambda: self.now)
        monkeypatch.setenv("MASHINDANO_ACTOR", "golden")

    def set_clock(self, moment: datetime) -> None:
        self.now = moment

    def run(self, *args: str | Path, code: int = 0) -> str:
        """A command; the clock moves one minute first. Returns stdout (stderr on refusal)."""
        self.now += timedelta(minutes=1)
        outcome = CliRunner().invoke(app, [str(a) for a in args])
        assert outcome.exit_code == code, (args, outcome.stdout, outcome.stderr)
        return outcome.stdout if code == 0 else outcome.stderr

    def pair_or_none(self, name: str, slug: str) -> Any:
        """`round pair SLUG --json` checked as `name`, or None once everything is paired."""
        self.now += timedelta(minutes=1)
        outcome = CliRunner().invoke(app, ["round", "pair", slug, "--json"])
        if outcome.exit_code == 7 and "has been paired" in outcome.stderr:
            return None
        assert outcome.exit_code == 0, (slug, outcome.stdout, outcome.stderr)
        document = json.loads(outcome.stdout)
        self.check(name, document)
        return document

    def json(self, name: str, *args: str | Path) -> Any:
        """A command with `--json`, checked against (or recorded as) golden file `name`."""
        document = json.loads(self.run(*args, "--json"))
        self.check(name, document)
        return document

    def check(self, name: str, document: Any) -> None:
        assert name not in self.checked, f"golden name {name!r} used twice in {self.script}"
        self.checked.add(name)
        path = GOLDEN / self.script / f"{name}.json"
        text = json.dumps(normalise(document, self.real_now), ensure_ascii=False, indent=2) + "\n"
        if self.update:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            return
        if not path.exists():
            self.mismatches.append(f"{path}: missing (record it with --update-golden)")
        elif path.read_text(encoding="utf-8") != text:
            self.mismatches.append(f"{path}: differs")

    def finish(self) -> None:
        folder = GOLDEN / self.script
        if self.update:
            for stale in folder.glob("*.json"):
                if stale.stem not in self.checked:
                    stale.unlink()
            return
        recorded = {p.stem for p in folder.glob("*.json")} if folder.exists() else set()
        for name in sorted(recorded - self.checked):
            self.mismatches.append(f"{folder / name}.json: recorded but no longer produced")
        assert not self.mismatches, "golden outputs differ:\n" + "\n".join(self.mismatches)


@pytest.fixture
def golden(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    update = bool(request.config.getoption("--update-golden")) or bool(
        os.environ.get("MASHINDANO_UPDATE_GOLDEN")
    )
    made: list[Golden] = []

    def make(script: str) -> Golden:
        made.append(Golden(script, update, monkeypatch))
        return made[-1]

    yield make
    for g in made:
        g.finish()


def players_file(tmp_path: Path, rows: list[tuple[str, object, object, str]]) -> Path:
    path = tmp_path / "PLAYERS.csv"
    lines = ["name,rating,games_played,country"]
    lines += [f"{n},{'' if r is None else r},{'' if g is None else g},{c}" for n, r, g, c in rows]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def common_views(g: Golden, slug: str, prefix: str = "") -> None:
    """The read-only views of one event."""
    g.json(f"{prefix}event-show", "event", "show", slug)
    g.json(f"{prefix}event-standings", "event", "standings", slug)
    g.json(f"{prefix}players-list", "players", "list", slug)
    g.json(f"{prefix}event-audit", "event", "audit", slug)


def report_round(
    g: Golden, slug: str, published: Any, pick: Any, *, stage: bool = False, prefix: str = ""
) -> list[Any]:
    """Report every undecided game of a published round (`pick(game, board, published)` gives
    the result text), games added while a match runs included; each report's JSON is a golden
    file."""
    number = published["round"]
    where_stage = ["--stage", str(published["stage"])] if stage else []
    in_stage = f"s{published['stage']}-" if stage else ""
    outputs = []
    for board in published["boards"]:
        pending = [game for game in board["games"] if game["result"] == "*"]
        while pending:
            game = pending.pop(0)
            shown = g.json(
                f"{prefix}result-report-{in_stage}r{number}-b{board['board']}-g{game['game']}",
                "result", "report", slug, pick(game, board, published), *where_stage,
                "--round", str(number), "--board", str(board["board"]),
                "--game", str(game["game"]),
            )  # fmt: skip
            pending.extend(shown["added_games"])
            outputs.append(shown)
    return outputs


def chess_results(rng: random.Random) -> Any:
    return lambda *_: rng.choice(["1-0", "0-1", "1/2-1/2"])


# -- chess -------------------------------------------------------------------------------------


def test_golden_chess_round_robin(golden: Any, tmp_path: Path) -> None:
    g = golden("chess-round-robin")
    roster = [(f"Player {n}", 2200 - 30 * n, 40, "KEN") for n in range(1, 6)]
    g.json("event-create", "event", "create", "rr", "--preset", "chess-round-robin",
           "--seed", "9", "--name", "Round robin")  # fmt: skip
    g.run("players", "import", "rr", players_file(tmp_path, roster))
    g.json("event-show-registration", "event", "show", "rr")
    g.run("event", "start", "rr")
    rng = random.Random(4)
    for number in range(1, 6):
        published = g.json(f"round-pair-r{number}", "round", "pair", "rr")
        report_round(g, "rr", published, chess_results(rng))
        if number == 2:
            g.json("event-standings-after-r2", "event", "standings", "rr")
    g.json("round-show-r3", "round", "show", "rr", "--round", "3")
    g.run("event", "close", "rr")
    common_views(g, "rr")
    trf = tmp_path / "rr.trf"
    games = tmp_path / "rr.csv"
    g.run("event", "export", "rr", "--format", "trf", "--output", trf)
    g.run("event", "export", "rr", "--format", "csv", "--output", games)
    g.json("standings-trf", "standings", "--trf", trf, "--tiebreaks", "sb,buchholz,wins")
    g.json("standings-games", "standings", "--games", games, "--tiebreaks", "sb,direct-encounter",
           "--points", "3,1,0")  # fmt: skip
    exported = tmp_path / "rr.json"
    g.run("event", "export", "rr", "--format", "json", "--output", exported)
    g.run("event", "import", exported, "--slug", "rr-copy")
    g.json("event-list", "event", "list")
    g.json("copy-event-audit", "event", "audit", "rr-copy")


def test_golden_chess_swiss_simple(golden: Any, tmp_path: Path) -> None:
    g = golden("chess-swiss")
    roster = [(f"Player {n}", 2200 - 30 * n, 40, "KEN") for n in range(1, 7)]
    g.json("event-create", "event", "create", "sw", "--preset", "chess-swiss", "--seed", "9",
           "--set", "swiss_rounds=3", "--name", "Swiss")  # fmt: skip
    g.run("players", "import", "sw", players_file(tmp_path, roster))
    g.run("event", "leave", "sw", "Player 6", "--round", "2", "--half", "--reason", "exam")
    g.run("event", "start", "sw")
    g.run("arbiter", "forbid-pair", "sw", "Player 1", "Player 4", "--reason", "same club")
    first = g.json("round-pair-r1", "round", "pair", "sw")
    where = ("--round", "1", "--board")
    g.json("result-report-r1-b1", "result", "report", "sw", "1-0", *where, "1")
    g.json("result-dispute-r1-b1", "result", "dispute", "sw", *where, "1", "--reason", "flag")
    g.json("result-rule-r1-b1", "result", "rule", "sw", "1/2-1/2", *where, "1", "--reason", "ok")
    g.json("result-report-r1-b2", "result", "report", "sw", "0-1", *where, "2")
    g.json("result-confirm-r1-b2", "result", "confirm", "sw", *where, "2")
    assert len(first["boards"]) == 3
    g.json("result-report-r1-b3", "result", "report", "sw", "1-0", *where, "3")
    g.json("round-show-r1", "round", "show", "sw", "--round", "1")
    rng = random.Random(5)
    for number in (2, 3):
        published = g.json(f"round-pair-r{number}", "round", "pair", "sw")
        report_round(g, "sw", published, chess_results(rng))
    g.json("result-correct-r1-b2", "result", "correct", "sw", "1-0", *where, "2",
           "--reason", "scoresheet")  # fmt: skip
    g.run("event", "withdraw", "sw", "Player 5", "--reason", "ill")
    common_views(g, "sw")
    g.run("event", "close", "sw")
    g.json("event-show-closed", "event", "show", "sw")


def test_golden_chess_swiss_dutch(golden: Any, tmp_path: Path) -> None:
    g = golden("chess-swiss-dutch")
    roster = [(f"Player {n}", 2200 - 30 * n, 40, "KEN") for n in range(1, 6)]
    g.run("event", "create", "du", "--preset", "chess-swiss", "--seed", "9",
          "--set", "swiss_rounds=3", "--set", "swiss_pairing=dutch")  # fmt: skip
    g.run("players", "import", "du", players_file(tmp_path, roster))
    g.run("event", "start", "du")
    rng = random.Random(4)
    for number in range(1, 4):
        published = g.json(f"round-pair-r{number}", "round", "pair", "du")
        report_round(g, "du", published, chess_results(rng))
    g.run("event", "close", "du")
    common_views(g, "du")


# -- KIBA Bao, its series and countries event ---------------------------------------------------


def test_golden_kiba_bao_series_and_countries(golden: Any, tmp_path: Path) -> None:
    g = golden("kiba-bao")
    roster = [(f"P{n:02d}", 2000, 200 - 2 * n, "TZA" if n % 2 else "KEN") for n in range(1, 8)]
    g.run("event", "create", "kiba", "--preset", "kiba-bao", "--seed", "9", "--name", "KIBA")
    g.run("players", "import", "kiba", players_file(tmp_path, roster))
    g.run("event", "start", "kiba")
    shown = g.json("event-show-started", "event", "show", "kiba")
    seeds = {p["player"]: p["seed"] for p in shown["summary"]["initial_list"]}

    def better_seed(game: Any, board: Any, published: Any) -> str:
        if len(published["boards"]) == 1 and game["game"] == 1:
            return "0-1"  # the final: its first game goes to the lower seed, so game 3 is needed
        return "1-0" if seeds[game["first"]] < seeds[game["second"]] else "0-1"

    number = 0
    while (published := g.pair_or_none(f"round-pair-r{number + 1}", "kiba")) is not None:
        number += 1
        report_round(g, "kiba", published, better_seed)
        g.json(f"round-show-r{number}", "round", "show", "kiba", "--round", str(number))
    assert number == 3
    g.run("event", "close", "kiba")
    common_views(g, "kiba")

    g.json("series-create", "series", "create", "kiba-2026", "--name", "KIBA 2026")
    g.json("series-add", "series", "add", "kiba-2026", "kiba")
    g.json("series-standings", "series", "standings", "kiba-2026")
    g.json("series-countries", "series", "countries", "kiba")
    g.json("series-countries-event-plan", "series", "countries-event", "kiba")
    g.json("series-countries-event-create", "series", "countries-event", "kiba",
           "--create", "kiba-nations", "--name", "Nations")  # fmt: skip
    published = g.json("countries-round-pair-r1", "round", "pair", "kiba-nations")
    report_round(g, "kiba-nations", published, lambda *_: "1-0", prefix="countries-")
    g.run("event", "close", "kiba-nations")
    common_views(g, "kiba-nations", prefix="countries-")


# -- Tantrix knockout -------------------------------------------------------------------------


def test_golden_tantrix_knockout(golden: Any, tmp_path: Path) -> None:
    g = golden("tantrix-knockout")
    roster = [(f"Player {n}", 2200 - 30 * n, 40, "NZL") for n in range(1, 6)]
    g.run("event", "create", "ko", "--preset", "tantrix-knockout", "--seed", "9",
          "--set", "standard_games=2", "--set", "third_place_match=yes", "--set", "plate=yes",
          "--name", "Tantrix Open")  # fmt: skip
    g.run("players", "import", "ko", players_file(tmp_path, roster))
    g.run("event", "start", "ko")
    g.json("event-show-started", "event", "show", "ko")

    def seed_of(name: str) -> int:
        return int(name.removeprefix("Player "))

    def tps(game: Any, board: Any, published: Any) -> str:
        better_first = seed_of(game["first"]) < seed_of(game["second"])
        first_round = published["round"] == 1 and published["stage"] == 1
        if first_round and board["board"] == 2 and game["game"] <= 2:
            return "10.5-9.5" if better_first else "9.5-10.5"  # short of the margin
        return "12.4-7.6" if better_first else "7.6-12.4"

    units = 0
    while (published := g.pair_or_none(f"round-pair-{units + 1}", "ko")) is not None:
        units += 1
        report_round(g, "ko", published, tps, stage=True)
        stage, number = str(published["stage"]), str(published["round"])
        g.json(f"round-show-s{stage}-r{number}", "round", "show", "ko", "--stage", stage,
               "--round", number)  # fmt: skip
    at = ("--at", "2026-03-02T10:00:00+00:00")
    g.json("tantrix-status-r1-b2", "tantrix", "status", "ko", "--round", "1", "--board", "2", *at)
    g.run("event", "close", "ko")
    common_views(g, "ko")

    g.run("event", "create", "forms", "--preset", "tantrix-knockout", "--seed", "1",
          "--set", "standard_games=2")  # fmt: skip
    g.run("players", "add", "forms", "Alpha", "--rating", "2000")
    g.run("players", "add", "forms", "Beta", "--rating", "1900")
    g.run("event", "start", "forms")
    g.run("round", "pair", "forms")
    where = ("--round", "1", "--board", "1")
    ended = ("--ended-at", "2026-03-01T09:05:00+00:00")
    g.json("form-g1-alpha", "tantrix", "form", "forms", "11-9", *where, "--game", "1",
           "--player", "Alpha", *ended)  # fmt: skip
    g.json("form-g1-beta", "tantrix", "form", "forms", "11-9", *where, "--game", "1",
           "--player", "Beta", *ended)  # fmt: skip
    g.json("form-g2-beta", "tantrix", "form", "forms", "9-11", *where, "--game", "2",
           "--player", "Beta", "--status", "4", *ended)  # fmt: skip
    g.run("tantrix", "offer", "forms", *where, "--player", "Beta",
          "--at", "2026-03-01T09:06:00+00:00")  # fmt: skip
    for name, moment in (("early", "2026-03-02T10:00:00+00:00"),
                         ("late", "2026-03-05T10:00:00+00:00")):  # fmt: skip
        g.json(f"tantrix-status-{name}", "tantrix", "status", "forms", *where, "--at", moment)
    g.json("forms-round-show", "round", "show", "forms")


# -- Tasaselo ---------------------------------------------------------------------------------


def test_golden_tasaselo(golden: Any, tmp_path: Path) -> None:
    g = golden("tasaselo")
    roster = [(f"Player {n}", 2150 - 40 * n, 30, "FIN") for n in range(1, 8)]
    g.run("event", "create", "ts", "--preset", "tasaselo", "--seed", "5", "--set", "rounds=3",
          "--set", "k_factor=50", "--set", "prize_group_size=4")  # fmt: skip
    g.run("players", "import", "ts", players_file(tmp_path, roster))
    g.run("event", "leave", "ts", "Player 3", "--round", "1", "--half", "--reason", "R6 rest")
    g.run("event", "start", "ts")
    rng = random.Random(7)
    for number in range(1, 4):
        published = g.json(f"round-pair-r{number}", "round", "pair", "ts")
        report_round(g, "ts", published, chess_results(rng))
        if number == 1:
            g.run("players", "add", "ts", "Newcomer", "--rating", "1990")
            g.run("event", "leave", "ts", "Player 5", "--round", "3")
    g.run("event", "close", "ts")
    common_views(g, "ts")


# -- Gomoku league ----------------------------------------------------------------------------


def test_golden_gomoku_league(golden: Any, tmp_path: Path) -> None:
    g = golden("gomoku-league")
    roster = [(f"Player {n}", 2200 - 30 * n, 400 + n, "ROU") for n in range(1, 6)]
    g.set_clock(datetime(2026, 2, 20, 9, 0, tzinfo=UTC))
    g.run("event", "create", "lg", "--preset", "gomoku-league", "--seed", "3",
          "--set", "season_months=1")  # fmt: skip
    g.run("players", "import", "lg", players_file(tmp_path, roster))
    g.run("event", "start", "lg")
    g.json("event-standings-founding", "event", "standings", "lg")
    g.set_clock(datetime(2026, 3, 8, 10, 0, tzinfo=UTC))
    published = g.json("round-pair-r1", "round", "pair", "lg")
    rng = random.Random(7)
    report_round(g, "lg", published, lambda *_: rng.choice(["1-0", "0-1", "1-0", "1/2-1/2"]))
    g.json("event-standings-running", "event", "standings", "lg")
    g.json("event-show-running", "event", "show", "lg")
    g.set_clock(datetime(2026, 4, 3, 10, 0, tzinfo=UTC))
    g.run("event", "close-period", "lg", "1")
    g.run("event", "close", "lg")
    common_views(g, "lg")


# -- the demo (`make run`) --------------------------------------------------------------------


def test_golden_demo_events(golden: Any) -> None:
    from mashindano.app.demo import play_demo
    from mashindano.app.queries import get_event_facts

    g = golden("demo")
    outcomes = play_demo(2026)
    g.json("event-list", "event", "list")
    for outcome in outcomes:
        preset = outcome.preset
        common_views(g, outcome.slug, prefix=f"{preset}-")
        for shown in get_event_facts(outcome.slug).rounds:
            where = ["--stage", str(shown.stage), "--round", str(shown.number)]
            where += ["--group", shown.group] if shown.group else []
            name = f"{preset}-round-show-s{shown.stage}-r{shown.number}" + (
                f"-{shown.group}" if shown.group else ""
            )
            g.json(name, "round", "show", outcome.slug, *where)


# -- commands without a database --------------------------------------------------------------


def test_golden_engine_commands(golden: Any, tmp_path: Path) -> None:
    g = golden("engine")
    sixteen = players_file(
        tmp_path,
        [
            (f"P{i}", 1700 + 17 * i, (7 * i) % 40, "TZ" if i % 3 == 0 else "KE")
            for i in range(1, 17)
        ],
    )
    g.json("seed-kiba-bao", "seed", "--preset", "kiba-bao", "--players", sixteen)
    g.json("simulate-kiba-bao", "simulate", "--preset", "kiba-bao", "--players", sixteen,
           "--seed", "3")  # fmt: skip
    twelve = tmp_path / "twelve.csv"
    twelve.write_text(
        "name,rating,games_played,country\n"
        + "".join(
            f"Player {i},{2200 - 37 * i},{10 * i},{'KE' if i % 2 else 'TZ'}\n" for i in range(1, 13)
        ),
        encoding="utf-8",
    )
    g.json("simulate-gomoku-league", "simulate", "--preset", "gomoku-league", "--players", twelve,
           "--months", "2", "--seed", "7")  # fmt: skip
    g.json("simulate-tantrix-knockout", "simulate", "--preset", "tantrix-knockout",
           "--players", twelve, "--seed", "5", "--set", "third_place_match=yes")  # fmt: skip
    g.json("simulate-tasaselo", "simulate", "--preset", "tasaselo", "--players", twelve,
           "--rounds", "3", "--seed", "5")  # fmt: skip
    g.json("schedule-fide-5", "schedule", "round-robin", "--players", "5")
    g.json("schedule-kiba-6-double", "schedule", "round-robin", "--players", "6",
           "--table", "kiba", "--double")  # fmt: skip
