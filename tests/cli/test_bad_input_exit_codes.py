"""Every bad input and bad environment of issue 21 (item 3) ends with its documented exit code
and one line on stderr, never a traceback: 3 for invalid input (and sizes beyond a limit),
5 for a file or database that cannot be used; 1 stays "no valid pairing" only.

File commands run in-process; commands that open a database given by `--db` run in a separate
process, since the test process has its database set up already.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mashindano.cli.main import app

pytestmark = pytest.mark.django_db

HUGE = "9" * 5000
TRF = (
    "012 Test\n"
    "001    1      Test0001 Player0001               2368                             0.0    1\n"
    "001    2      Test0002 Player0002               2335                             0.0    2\n"
    "001    3      Test0003 Player0003               2322                             0.0    3\n"
    "001    4      Test0004 Player0004               2239                             0.0    4\n"
)
GAMES = "round,white,black,result\n1,A,B,1-0\n"
PLAYERS = "name,rating,games_played,country\n" + "".join(
    f"P{n},{1500 + n},20,KEN\n" for n in range(1, 9)
)


@dataclass(frozen=True)
class Case:
    id: str
    args: Callable[[Path], list[str]]
    """The command, given a scratch directory holding the files below."""
    code: int
    says: str
    """A fragment of the one-line message."""
    files: dict[str, str] = field(default_factory=dict)
    before: tuple[tuple[str, ...], ...] = ()
    """Commands run first (in-process, on the test database)."""
    separate_process: bool = False


def _document(tmp: Path) -> str:
    return json.dumps(
        {
            "format": "mashindano-event",
            "version": 1,
            "event": {
                "slug": "x",
                "name": "X",
                "preset": "chess-swiss",
                "parameters": {},
                "seed": 2**70,
            },
        }
    )


CASES = [
    Case(
        "huge-rating-in-a-players-file",
        lambda d: ["standings", "--games", str(d / "g.csv"), "--players", str(d / "p.csv")],
        3,
        "p.csv, line 2: rating 10000000000000000000... (31 digits) is more than 9999",
        {"g.csv": GAMES, "p.csv": "name,rating\nA,1" + "0" * 30 + "\nB,1500\n"},
    ),
    Case(
        "huge-rating-added-to-an-event",
        lambda d: ["players", "add", "ev", "Zed", "--rating", "1" + "0" * 30],
        3,
        "rating 1000000000000000000000000000000 is outside 0-9999",
        before=(("event", "create", "ev", "--preset", "chess-swiss"),),
    ),
    Case(
        "players-file-integer-beyond-64-bits",
        lambda d: ["seed", "--preset", "kiba-bao", "--players", str(d / "p.csv")],
        3,
        "p.csv, line 2: games_played 18446744073709551616 is more than 1000000",
        {"p.csv": f"name,rating,games_played\nA,1500,{2**64}\n"},
    ),
    Case(
        "db-is-a-directory",
        lambda d: ["event", "list", "--db", str(d / "folder")],
        5,
        "is a directory, not a SQLite database file",
        {"folder/keep": ""},
        separate_process=True,
    ),
    Case(
        "db-is-not-a-database",
        lambda d: ["event", "list", "--db", str(d / "notes.txt")],
        5,
        "file is not a database",
        {"notes.txt": "shopping list\n" * 50},
        separate_process=True,
    ),
    Case(
        "db-mistyped-path-for-a-read-command",
        lambda d: ["event", "show", "club", "--db", str(d / "typo" / "events.sqlite3")],
        5,
        "no database at",
        separate_process=True,
    ),
    Case(
        "postgresql-down",
        lambda d: ["event", "list", "--db", "postgresql://nobody@127.0.0.1:1/mashindano"],
        5,
        "cannot use the database (PostgreSQL 127.0.0.1/mashindano)",
        separate_process=True,
    ),
    Case(
        "postgresql-database-unknown",
        lambda d: [
            "event",
            "list",
            "--db",
            "postgresql://postgres@127.0.0.1:5432/mashindano_no_such_database",
        ],
        5,
        "cannot use the database (PostgreSQL 127.0.0.1/mashindano_no_such_database)",
        separate_process=True,
    ),
    Case(
        "unsupported-url-scheme",
        lambda d: ["event", "list", "--db", "mongodb://localhost/events"],
        3,
        "unsupported database URL scheme 'mongodb://'",
        separate_process=True,
    ),
    Case(
        "csv-unbalanced-quote",
        lambda d: ["standings", "--games", str(d / "g.csv")],
        3,
        'g.csv, line 3: a quoted field is not closed (an unbalanced ")',
        {"g.csv": 'round,white,black,result\n1,A,B,1-0\n2,"A,B,0-1\n'},
    ),
    Case(
        "csv-separated-by-semicolons",
        lambda d: ["standings", "--games", str(d / "g.csv")],
        3,
        "the columns look separated by semicolons",
        {"g.csv": "round;white;black;result\n1;A;B;1-0\n"},
    ),
    Case(
        "csv-field-over-131072-characters",
        lambda d: ["standings", "--games", str(d / "g.csv")],
        3,
        "g.csv, line 2: a field is longer than 1000 characters",
        {"g.csv": "round,white,black,result\n1," + "A" * 140_000 + ",B,1-0\n"},
    ),
    Case(
        "empty-trf-standings",
        lambda d: ["standings", "--trf", str(d / "empty.trf")],
        3,
        "empty.trf: the TRF file is empty",
        {"empty.trf": ""},
    ),
    Case(
        "empty-trf-pair",
        lambda d: ["pair", "--dutch", str(d / "empty.trf"), "-p"],
        3,
        "empty.trf: the TRF file is empty",
        {"empty.trf": "\n\n"},
    ),
    *(
        Case(
            f"trf-{code}-of-5000-digits",
            lambda d: ["pair", "--dutch", str(d / "t.trf"), "-p"],
            3,
            f"t.trf, line 6: {code} ",
            {"t.trf": TRF + f"{code} {HUGE}\n"},
        )
        for code in ("XXR", "142", "XXZ")
    ),
    Case(
        "trf-XXP-of-5000-digits",
        lambda d: ["pair", "--dutch", str(d / "t.trf"), "-p"],
        3,
        "t.trf, line 6: XXP value '99999999999999999999... (5000 characters)' is not a",
        {"t.trf": TRF + f"XXP 1 {HUGE}\n"},
    ),
    Case(
        "imported-event-integer-beyond-64-bits",
        lambda d: ["event", "import", str(d / "ev.json")],
        3,
        "event document, event.seed: 1180591620717411303424",
        {"ev.json": _document(Path())},
    ),
    Case(
        "json-of-100000-brackets",
        lambda d: ["event", "import", str(d / "deep.json")],
        3,
        "deep.json: JSON nested more than 64 levels deep",
        {"deep.json": "[" * 100_000},
    ),
    Case(
        "detail-of-100000-brackets",
        lambda d: [
            *["result", "report", "ev", "1-0", "--round", "1", "--board", "1", "--detail"],
            "[" * 100_000,
        ],
        3,
        "parameter 'detail': JSON nested more than 64 levels deep",
        before=(("event", "create", "ev", "--preset", "chess-swiss"),),
    ),
    Case(
        "schedule-of-100000-players",
        lambda d: ["schedule", "round-robin", "--players", "100000"],
        3,
        "--players 100000: a round-robin schedule has at most 1000 players",
    ),
    Case(
        "simulate-absurd-months",
        lambda d: [
            *("simulate", "--preset", "gomoku-league", "--players", str(d / "p.csv")),
            *("--months", "99999999999"),
        ],
        3,
        "--months 99999999999: at most 240",
        {"p.csv": PLAYERS},
    ),
    Case(
        "result-7-3",
        lambda d: ["result", "report", "ev", "7-3", "--round", "1", "--board", "1"],
        3,
        "unknown result code '7-3'",
        {"p.csv": PLAYERS},
        before=(
            ("event", "create", "ev", "--preset", "chess-swiss"),
            ("players", "import", "ev", "{dir}/p.csv"),
            ("event", "start", "ev"),
            ("round", "pair", "ev"),
        ),
    ),
]


def _run_in_process(args: list[str]) -> tuple[int, str]:
    outcome = CliRunner().invoke(app, args)
    assert outcome.exception is None or isinstance(outcome.exception, SystemExit), (
        f"{type(outcome.exception).__name__}: {outcome.exception}"
    )
    return outcome.exit_code, outcome.stderr


def _run_in_a_process(args: list[str], cwd: Path) -> tuple[int, str]:
    env = {k: v for k, v in os.environ.items() if k != "MASHINDANO_DATABASE_URL"}
    done = subprocess.run(
        [sys.executable, "-m", "mashindano.cli.main", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=120,
        check=False,
    )
    return done.returncode, done.stderr


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_bad_input_gets_its_exit_code_and_one_line_never_a_traceback(
    case: Case, tmp_path: Path
) -> None:
    for name, text in case.files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    for command in case.before:
        code, stderr = _run_in_process([a.replace("{dir}", str(tmp_path)) for a in command])
        assert code == 0, stderr
    args = case.args(tmp_path)
    if case.separate_process:
        code, stderr = _run_in_a_process(args, tmp_path)
    else:
        code, stderr = _run_in_process(args)
    assert "Traceback" not in stderr, stderr
    lines = stderr.strip().splitlines()
    assert len(lines) == 1, stderr[:3000]
    assert lines[0].startswith("mashindano: "), lines[0]
    assert case.says in lines[0], lines[0]
    assert code == case.code, lines[0]


def test_a_read_command_leaves_no_database_behind(tmp_path: Path) -> None:
    mistyped = tmp_path / "typo" / "events.sqlite3"
    code, _ = _run_in_a_process(["event", "list", "--db", str(mistyped)], tmp_path)
    assert code == 5
    assert not mistyped.exists()
    assert not mistyped.parent.exists()


def test_an_unexpected_error_is_one_line_and_exit_70_never_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bug in a reader still ends in one line, and not in exit 1, which `pair` callers read
    as "no valid pairing"."""

    def broken(*args: object, **kwargs: object) -> None:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr("mashindano.cli.pair_protocol.parse_trf", broken)
    monkeypatch.delenv("MASHINDANO_DEBUG", raising=False)
    (tmp_path / "t.trf").write_text(TRF)
    code, stderr = _run_in_process(["pair", "--dutch", str(tmp_path / "t.trf"), "-p"])
    assert code == 70
    assert stderr.strip().splitlines() == [
        "mashindano: internal error (ZeroDivisionError: a bug); please report it "
        "(MASHINDANO_DEBUG=1 shows where)"
    ]


def test_a_sqlite_database_the_program_writes_is_in_wal_mode(tmp_path: Path) -> None:
    """Issue 19: a commit syncs the write-ahead log once instead of a rollback journal and the
    database file (the slow tail of a move's request on a busy disk)."""
    database = tmp_path / "events.sqlite3"
    command = ["event", "create", "ev", "--preset", "chess-swiss", "--db", str(database)]
    code, stderr = _run_in_a_process(command, tmp_path)
    assert code == 0, stderr
    connection = sqlite3.connect(database)
    try:
        assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert connection.execute("SELECT slug FROM events_event").fetchall() == [("ev",)]
    finally:
        connection.close()
