"""The finished demo events built side by side (`cli.demo_build`, issue 29: the first page of
`make run` within 30 s): each worker's rows get ids of their own and are merged back all or
nothing; the events equal those built one after the other."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from mashindano.cli.demo_build import DemoBuildFailed, copy_database, merge_rows, move_counters

SCHEMA = """
CREATE TABLE event (id integer NOT NULL PRIMARY KEY AUTOINCREMENT, slug text NOT NULL UNIQUE);
CREATE TABLE game (
    id integer NOT NULL PRIMARY KEY AUTOINCREMENT,
    event_id integer NOT NULL REFERENCES event (id) DEFERRABLE INITIALLY DEFERRED,
    result text NOT NULL
);
CREATE TABLE task (id text NOT NULL PRIMARY KEY, name text NOT NULL);
CREATE TABLE kind (id integer NOT NULL PRIMARY KEY AUTOINCREMENT, name text NOT NULL);
INSERT INTO kind (name) VALUES ('chess'), ('bao');
"""


def _template(tmp_path: Path) -> Path:
    db = tmp_path / "demo.sqlite3"
    connection = sqlite3.connect(db)
    connection.executescript(SCHEMA)
    connection.close()
    return db


def _part(db: Path, number: int, slug: str) -> Path:
    part = db.with_name(f"demo.sqlite3.part{number}")
    copy_database(str(db), str(part))
    move_counters(str(part), number * 1000)
    connection = sqlite3.connect(part)
    with connection:
        event = connection.execute("INSERT INTO event (slug) VALUES (?)", (slug,)).lastrowid
        connection.executemany(
            "INSERT INTO game (event_id, result) VALUES (?, ?)", [(event, "1-0"), (event, "0-1")]
        )
        connection.execute("INSERT INTO task (id, name) VALUES (?, ?)", (f"t-{slug}", "mail"))
    connection.close()
    return part


def _rows(db: Path, sql: str) -> list[tuple[object, ...]]:
    connection = sqlite3.connect(db)
    try:
        return connection.execute(sql).fetchall()
    finally:
        connection.close()


def test_each_part_numbers_its_rows_from_its_own_range_and_all_merge(tmp_path: Path) -> None:
    db = _template(tmp_path)
    first, second = _part(db, 1, "swiss"), _part(db, 2, "league")
    merge_rows(str(db), first)
    merge_rows(str(db), second)
    events = _rows(db, "SELECT id, slug FROM event ORDER BY id")
    assert events == [(1001, "swiss"), (2001, "league")]
    assert _rows(db, "SELECT event_id, COUNT(*) FROM game GROUP BY event_id") == [
        (1001, 2),
        (2001, 2),
    ]
    assert _rows(db, "SELECT id FROM task ORDER BY id") == [("t-league",), ("t-swiss",)]
    # The rows every copy shares are not doubled.
    assert _rows(db, "SELECT name FROM kind ORDER BY id") == [("chess",), ("bao",)]
    # The database numbers its next rows after the merged ones.
    connection = sqlite3.connect(db)
    with connection:
        assert connection.execute("INSERT INTO event (slug) VALUES ('live')").lastrowid == 2002
    connection.close()


def test_a_part_that_changed_a_shared_row_merges_nothing(tmp_path: Path) -> None:
    db = _template(tmp_path)
    part = _part(db, 1, "swiss")
    connection = sqlite3.connect(part)
    with connection:
        connection.execute("UPDATE kind SET name = 'Bao' WHERE id = 2")
    connection.close()
    with pytest.raises(DemoBuildFailed, match="do not fit"):
        merge_rows(str(db), part)
    assert _rows(db, "SELECT COUNT(*) FROM event") == [(0,)]
    assert _rows(db, "SELECT name FROM kind ORDER BY id") == [("chess",), ("bao",)]


def test_a_row_pointing_at_nothing_is_refused(tmp_path: Path) -> None:
    db = _template(tmp_path)
    part = _part(db, 1, "swiss")
    connection = sqlite3.connect(part)
    with connection:
        connection.execute("INSERT INTO game (event_id, result) VALUES (999, '1-0')")
    connection.close()
    with pytest.raises(DemoBuildFailed, match="points at a missing row of event"):
        merge_rows(str(db), part)
    assert _rows(db, "SELECT COUNT(*) FROM game") == [(0,)]


EXPORT = """
import json, sys
from mashindano.config.setup import setup
setup(sys.argv[1])
from mashindano.cli.demo_build import build_finished_events, workers_for
presets = sys.argv[3].split(",")
if sys.argv[2] == "side-by-side":
    assert workers_for(len(presets)) > 1 or workers_for(99) == 1
    built = build_finished_events(sys.argv[1], 2026, presets)
else:
    from mashindano.app.demo import play_demo_event
    built = [play_demo_event(p, 2026) for p in presets]
from mashindano.app.exchange import export_event_json
def strip(x):
    if isinstance(x, dict):
        return {k: strip(v) for k, v in x.items() if k not in ("id", "recorded_at")}
    if isinstance(x, list):
        return [strip(v) for v in x]
    return x
print(json.dumps([strip(export_event_json(b.slug)) for b in built], sort_keys=True, default=str))
"""


@pytest.mark.slow
def test_events_built_side_by_side_equal_those_built_in_one_process(tmp_path: Path) -> None:
    presets = "chess-round-robin,tasaselo,kiba-countries"
    outputs = []
    for how in ("side-by-side", "one-process"):
        done = subprocess.run(
            [sys.executable, "-c", EXPORT, str(tmp_path / f"{how}.sqlite3"), how, presets],
            capture_output=True,
            text=True,
            check=True,
            timeout=300,
        )
        outputs.append(json.loads(done.stdout.strip().splitlines()[-1]))
    assert [e["event"]["slug"] for e in outputs[0]] == [
        "demo-chess-round-robin",
        "demo-tasaselo",
        "demo-kiba-countries",
    ]
    assert outputs[0] == outputs[1]
