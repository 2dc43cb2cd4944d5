"""The finished demo events built on every core (`serve --demo` when its cache is missing).

Each event is played through the use cases one result at a time, which is most of the time a
first `make run` takes; the events do not depend on each other, so they are built side by side.
Each worker process starts from a copy of the migrated, empty SQLite database whose
AUTOINCREMENT counters it moves to a range of its own (worker 1 from 1,000,000, worker 2 from
2,000,000 ...), takes presets from a shared queue and plays their events; the parent then adds
every worker's new rows to the database (`INSERT ... SELECT ... EXCEPT` the rows it already
has) and checks the foreign keys. A worker that fails, or rows that do not fit, raise
`DemoBuildFailed` and leave the database as it was before the merge of that worker, so the
caller can build in one process instead.

One process (no `fork`, a single core, threads already running) builds as before."""

from __future__ import annotations

import multiprocessing
import os
import queue
import sqlite3
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROW_RANGE = 1_000_000
"""The size of each worker's range of row ids (a demo event has a few thousand rows)."""
MAX_WORKERS = 4


@dataclass(frozen=True, slots=True)
class Built:
    """What the demo prints of one finished event."""

    slug: str
    preset: str
    units: int
    results: int


class DemoBuildFailed(Exception):
    """A worker failed or its rows could not be merged; nothing of it was merged."""


def workers_for(count: int) -> int:
    """How many processes build `count` events: one per core, at most one per event."""
    if "fork" not in multiprocessing.get_all_start_methods() or threading.active_count() > 1:
        return 1
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, min(cores or 1, count, MAX_WORKERS))


def build_finished_events(db: str, seed: int, presets: Sequence[str]) -> list[Built]:
    """Play the finished demo event of each of `presets` into the SQLite file `db` (migrated,
    with no event yet), on several processes where there are several cores; in `presets`
    order."""
    from mashindano.app.demo import play_demo_event

    workers = workers_for(len(presets))
    if workers < 2:
        built = []
        for preset in presets:
            outcome = play_demo_event(preset, seed)
            built.append(Built(outcome.slug, outcome.preset, outcome.units, outcome.results))
        return built
    from django.db import connections

    connections.close_all()  # nothing open is shared with the workers
    context = multiprocessing.get_context("fork")
    todo: Any = context.Queue()
    done: Any = context.Queue()
    for preset in presets:
        todo.put(preset)
    for _ in range(workers):
        todo.put(None)
    parts = [Path(f"{db}.part{number}") for number in range(1, workers + 1)]
    processes = [
        context.Process(
            target=_work, args=(db, str(part), number * ROW_RANGE, seed, todo, done), daemon=True
        )
        for number, part in enumerate(parts, start=1)
    ]
    try:
        for process in processes:
            process.start()
        found = _collect(done, processes, len(presets))
        for process in processes:
            process.join()
        failed = [p.exitcode for p in processes if p.exitcode != 0]
        if failed:
            raise DemoBuildFailed(f"a demo worker stopped with exit code {failed[0]}")
        for part in parts:
            merge_rows(db, part)
    finally:
        for process in processes:
            if process.is_alive():
                process.kill()
        for part in parts:
            for suffix in ("", "-wal", "-shm", "-journal"):
                Path(f"{part}{suffix}").unlink(missing_ok=True)
    return [found[preset] for preset in presets]


def _collect(done: Any, processes: Sequence[Any], count: int) -> dict[str, Built]:
    found: dict[str, Built] = {}
    while len(found) < count:
        try:
            kind, preset, payload = done.get(timeout=0.5)
        except queue.Empty:
            if not any(p.is_alive() for p in processes) and done.empty():
                missing = count - len(found)
                raise DemoBuildFailed(
                    f"the demo workers stopped with {missing} events unbuilt"
                ) from None
            continue
        if kind == "error":
            raise DemoBuildFailed(f"the demo event of {preset} failed: {payload}")
        found[preset] = Built(*payload)
    return found


def _work(db: str, part: str, first_id: int, seed: int, todo: Any, done: Any) -> None:
    """A worker: its own copy of the database, its own range of ids, events from `todo`."""
    from django.db import connections

    from mashindano.app.demo import play_demo_event

    copy_database(db, part)
    move_counters(part, first_id)
    connections["default"].settings_dict["NAME"] = part
    try:
        while (preset := todo.get()) is not None:
            try:
                outcome = play_demo_event(preset, seed)
            except Exception as error:  # reported to the parent, which stops the build
                done.put(("error", preset, f"{type(error).__name__}: {error}"))
                return
            done.put(("built", preset, (outcome.slug, preset, outcome.units, outcome.results)))
    finally:
        connections.close_all()


def copy_database(source: str, target: str) -> None:
    """A consistent copy of the SQLite file `source` (WAL or not) at `target`."""
    reader, writer = sqlite3.connect(source), sqlite3.connect(target)
    try:
        reader.backup(writer)
    finally:
        writer.close()
        reader.close()


def _tables(connection: sqlite3.Connection, schema: str = "main") -> list[tuple[str, str]]:
    return [
        (name, sql or "")
        for name, sql in connection.execute(
            f"SELECT name, sql FROM {schema}.sqlite_master "
            "WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
        )
    ]


def move_counters(path: str, first_id: int) -> None:
    """Make every AUTOINCREMENT table of the SQLite file `path` number its next rows from
    `first_id` + 1 (or after its largest id, if that is larger)."""
    connection = sqlite3.connect(path)
    try:
        with connection:
            for name, sql in _tables(connection):
                if "AUTOINCREMENT" not in sql.upper():
                    continue
                row = connection.execute(
                    "SELECT seq FROM sqlite_sequence WHERE name = ?", (name,)
                ).fetchone()
                current = row[0] if row is not None else 0
                connection.execute("DELETE FROM sqlite_sequence WHERE name = ?", (name,))
                connection.execute(
                    "INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)",
                    (name, max(current, first_id)),
                )
    finally:
        connection.close()


def merge_rows(db: str, part: Path) -> None:
    """Add to `db` the rows of `part` it does not have (a copy of `db` taken earlier, whose
    new rows have ids of their own), all or nothing; refuse rows that clash with `db`'s (a row
    of the copy changed since) or that point at nothing."""
    connection = sqlite3.connect(db)
    try:
        connection.execute("PRAGMA foreign_keys = OFF")
        connection.execute("ATTACH DATABASE ? AS part", (str(part),))
        try:
            with connection:
                for name, _ in _tables(connection):
                    columns = ", ".join(
                        f'"{row[1]}"'
                        for row in connection.execute(f'PRAGMA main.table_info("{name}")')
                    )
                    connection.execute(
                        f'INSERT INTO main."{name}" ({columns}) '
                        f'SELECT {columns} FROM part."{name}" '
                        f'EXCEPT SELECT {columns} FROM main."{name}"'
                    )
                broken = connection.execute("PRAGMA main.foreign_key_check").fetchall()
                if broken:
                    table, rowid, parent, _ = broken[0]
                    raise DemoBuildFailed(
                        f"{part}: row {rowid} of {table} points at a missing row of {parent}"
                    )
        except sqlite3.DatabaseError as error:
            raise DemoBuildFailed(f"{part}: its rows do not fit ({error})") from error
        finally:
            connection.execute("DETACH DATABASE part")
    finally:
        connection.close()
