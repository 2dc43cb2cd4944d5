"""Serialisation per event with real processes, and crash safety (SIGKILL mid-transaction).

The concurrency tests need PostgreSQL (`postgres_url` skips otherwise); the crash tests run on
a SQLite file always, and on PostgreSQL when it is the test database.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import time
from pathlib import Path

import pytest

from mashindano.app import events, rounds
from mashindano.app.queries import get_audit_log
from mashindano.store import models

from .helpers import ACTOR, make_event, run_cli, start_cli


def _wait_all(processes: list, timeout: float = 120) -> list[tuple[int, str, str]]:  # type: ignore[type-arg]
    outcomes = []
    for process in processes:
        out, err = process.communicate(timeout=timeout)
        outcomes.append((process.returncode, out, err))
    return outcomes


@pytest.mark.postgres
def test_two_processes_pairing_the_same_round_produce_one_round(postgres_url: str) -> None:
    make_event("race", "chess-swiss", 10, swiss_rounds="3")
    racers = [start_cli("round", "pair", "race", "--json", db=postgres_url) for _ in range(2)]
    outcomes = _wait_all(racers)
    codes = sorted(code for code, _, _ in outcomes)
    assert codes == [0, 7], outcomes  # one pairs, the other is refused: round 1 is unfinished
    refused = next(err for code, _, err in outcomes if code == 7)
    assert "round 1 of event 'race' is not finished" in refused
    assert models.Round.objects.count() == 1
    assert models.Encounter.objects.count() == 5
    assert [a.action for a in get_audit_log("race")].count("round.pair") == 1


@pytest.mark.postgres
def test_twenty_concurrent_reports_are_all_stored_once(postgres_url: str) -> None:
    make_event("many", "chess-round-robin", 40)
    published = rounds.pair_next_round("many", actor=ACTOR)
    boards = [g.board for g in published.games()]
    assert len(boards) == 20
    reporters = [
        start_cli(
            "result", "report", "many", "1-0", "--round", "1", "--board", str(b), db=postgres_url
        )
        for b in boards
    ]
    outcomes = _wait_all(reporters)
    assert [code for code, _, _ in outcomes] == [0] * 20, outcomes
    assert models.ResultReport.objects.count() == 20
    assert models.ResultReport.objects.values("game").distinct().count() == 20
    log = get_audit_log("many")
    assert [a.version for a in log] == list(range(1, len(log) + 1))
    assert events.get_event_facts("many").rounds[0].is_complete()


@pytest.mark.postgres
def test_a_second_concurrent_report_of_the_same_game_is_refused(postgres_url: str) -> None:
    make_event("twice", "chess-swiss", 4, swiss_rounds="2")
    rounds.pair_next_round("twice", actor=ACTOR)
    reporters = [
        start_cli(
            "result", "report", "twice", result, "--round", "1", "--board", "1", db=postgres_url
        )
        for result in ("1-0", "0-1")
    ]
    outcomes = _wait_all(reporters)
    assert sorted(code for code, _, _ in outcomes) == [0, 7], outcomes
    refused = next(err for code, _, err in outcomes if code == 7)
    assert "round 1, board 1" in refused
    assert "already has" in refused
    assert models.ResultReport.objects.count() == 1


# -- crash safety -----------------------------------------------------------------------------


def _kill_when_paused(args: list[str], db: str, point: str) -> None:
    process = start_cli(*args, db=db, env={"MASHINDANO_TEST_PAUSE": f"{point}:60"})
    assert process.stderr is not None
    deadline = time.monotonic() + 60
    line = ""
    while time.monotonic() < deadline and "paused" not in line:
        line = process.stderr.readline()
        if not line and process.poll() is not None:
            break
    assert "paused" in line, f"the use case never paused: {process.communicate()}"
    os.kill(process.pid, signal.SIGKILL)
    process.wait(timeout=30)
    assert process.returncode == -signal.SIGKILL


def _prepare(db: Path) -> None:
    """The event the crash tests kill a use case of, made through the CLI on a SQLite file:
    created (version 1), eight players imported (2), started (3)."""
    players = db.with_suffix(".csv")
    players.write_text("name,rating\n" + "".join(f"P{n},{2000 - n}\n" for n in range(1, 9)))
    for args in (
        ["event", "create", "crash", "--preset", "chess-swiss", "--set", "swiss_rounds=2"],
        ["players", "import", "crash", str(players)],
        ["event", "start", "crash"],
    ):
        done = run_cli(*args, db=str(db))
        assert done.returncode == 0, done.stderr


def _check_round_absent_then_pairable(db: str) -> None:
    shown = run_cli("round", "show", "crash", "--json", db=db)
    assert shown.returncode == 6
    assert "no published round yet" in shown.stderr
    version = json.loads(run_cli("event", "show", "crash", "--json", db=db).stdout)["version"]
    assert version == 3  # create, import, start: the killed pairing left no trace
    paired = run_cli("round", "pair", "crash", "--json", db=db)
    assert paired.returncode == 0, paired.stderr
    assert len(json.loads(paired.stdout)["boards"]) == 4


def _check_report_absent_then_reportable(db: str) -> None:
    again = run_cli("result", "report", "crash", "1-0", "--round", "1", "--board", "2", db=db)
    assert again.returncode == 0, again.stderr


def test_sigkill_mid_pairing_and_mid_report_leaves_sqlite_consistent(tmp_path: Path) -> None:
    _prepare(tmp_path / "crash.sqlite3")
    db = str(tmp_path / "crash.sqlite3")
    _kill_when_paused(["round", "pair", "crash"], db, "pair")
    with sqlite3.connect(db) as raw:
        assert raw.execute("select count(*) from events_encounter").fetchone() == (0,)
        assert raw.execute("select count(*) from events_round").fetchone() == (0,)
    _check_round_absent_then_pairable(db)
    _kill_when_paused(
        ["result", "report", "crash", "1-0", "--round", "1", "--board", "2"], db, "report"
    )
    with sqlite3.connect(db) as raw:
        assert raw.execute("select count(*) from events_resultreport").fetchone() == (0,)
    _check_report_absent_then_reportable(db)


@pytest.mark.postgres
def test_sigkill_mid_pairing_and_mid_report_leaves_postgres_consistent(postgres_url: str) -> None:
    # The same event as `_prepare`'s, made in this process (committed: the test database is
    # transactional here) rather than by three more CLI processes: create, register, start.
    make_event("crash", "chess-swiss", 8, swiss_rounds="2")
    _kill_when_paused(["round", "pair", "crash"], postgres_url, "pair")
    assert models.Round.objects.count() == 0
    assert models.Encounter.objects.count() == 0
    _check_round_absent_then_pairable(postgres_url)
    _kill_when_paused(
        ["result", "report", "crash", "1-0", "--round", "1", "--board", "2"],
        postgres_url,
        "report",
    )
    assert models.ResultReport.objects.count() == 0
    _check_report_absent_then_reportable(postgres_url)
