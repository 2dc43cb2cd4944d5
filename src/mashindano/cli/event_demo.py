"""`mashindano demo` and `serve --demo` (what `make run` runs): a demo database with one
finished event per preset that has an adapter, each played through the use cases, and beside
them events in progress (played up to now: clocks run, rounds wait for their results) with demo
accounts to log in as; prints where each stands and the accounts' password.

`serve --demo` builds the finished events once and keeps a copy (`var/demo-cache/`, named by
a hash of the source tree, which holds the migrations, and the seed): while the code is
unchanged, the next start copies it into place and only builds the events in progress."""

from __future__ import annotations

import hashlib
import os
import secrets
import shutil
import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from mashindano.cli.demo_build import Built, DemoBuildFailed, build_finished_events
from mashindano.cli.errors import reported_errors
from mashindano.cli.event_view import standings_grid
from mashindano.cli.output import console
from mashindano.cli.preset_parts import demo_views

PASSWORD_VARIABLE = "MASHINDANO_DEMO_PASSWORD"
"""The demo accounts' password when set (tests); otherwise a new one at each start."""
CACHE_DIR = "demo-cache"
CACHE_FORMAT = "1"
"""Changed when what the cache holds changes without a change in the source tree."""


def run_event_demo(db: str, seed: int, presets: Sequence[str] = ()) -> None:
    """`mashindano demo`: everything built afresh, with the standings of each finished event."""
    with reported_errors():
        _remove(db)  # the demo always starts from an empty database
        from mashindano.config.setup import database_description, setup

        setup(db)
        from mashindano.app.demo import play_demo
        from mashindano.app.documents.standings import standings_section

        console.rule(f"Demo events in {database_description()}, seed {seed}")
        for outcome in play_demo(seed, presets):
            console.print(
                f"[bold]{outcome.slug}[/bold] ({outcome.preset}): {outcome.units} rounds paired, "
                f"{outcome.results} results reported, closed"
            )
            shown = demo_views().get(outcome.preset)
            if shown is not None:
                console.print(shown(outcome.slug))
            for table in outcome.standings:
                console.print(standings_grid(standings_section(table, preset=outcome.preset)))
            for line in outcome.highlights:
                console.print(line, highlight=False)
            leader = outcome.standings[0].lines[0] if outcome.standings else None
            if leader is not None:
                console.print(f"Winner: [bold]{leader.competitor.name}[/bold]\n")
        _live(seed, presets)
    console.print(
        f"Explore: mashindano event list --db {db}; "
        f"mashindano event show demo-chess-swiss --db {db}"
    )


def run_serve_demo(db: str, seed: int) -> None:
    """`serve --demo`: the finished events from the cache when the code is unchanged (built
    and kept otherwise), then the events in progress and the accounts, as of now."""
    with reported_errors():
        from django.apps import apps

        from mashindano.config.setup import database_description, setup

        cached = None if "://" in db or apps.ready else _cache_path(db, seed)
        _remove(db)
        if cached is not None and cached.is_file():
            shutil.copyfile(cached, db)
            setup(db, migrate=False)  # built by this very code: its migrations are applied
            console.rule(f"Demo events in {database_description()}, seed {seed}")
            console.print(f"Finished events copied from {cached} (built for this code)")
        else:
            setup(db)
            console.rule(f"Demo events in {database_description()}, seed {seed}")
            for built in _finished_events(db, seed):
                console.print(
                    f"[bold]{built.slug}[/bold] ({built.preset}): {built.units} rounds "
                    f"paired, {built.results} results reported, closed"
                )
            if cached is not None:
                _keep(db, cached)
        _live(seed)


def _finished_events(db: str, seed: int) -> list[Built]:
    """The finished events, built side by side on a SQLite file (`demo_build`); built again
    in this process if that fails (the reason is printed)."""
    from mashindano.app.formats.registry import available_presets
    from mashindano.config.setup import migrate_schema

    presets = available_presets()
    if "://" not in db:
        try:
            return build_finished_events(db, seed, presets)
        except DemoBuildFailed as error:
            console.print(f"Building the demo events side by side failed ({error}); again in one")
            from django.db import connections

            connections.close_all()
            _remove(db)
            migrate_schema()
    from mashindano.app.demo import play_demo_event

    built = []
    for preset in presets:
        outcome = play_demo_event(preset, seed)
        built.append(Built(outcome.slug, outcome.preset, outcome.units, outcome.results))
    return built


def _live(seed: int, presets: Sequence[str] = ()) -> None:
    from mashindano.app.demo import DEMO_PEOPLE, build_live_demo, create_demo_people

    password = os.environ.get(PASSWORD_VARIABLE) or secrets.token_hex(4)
    create_demo_people(password)
    for live in build_live_demo(seed, datetime.now(UTC), presets):
        state = (
            "open for registration"
            if live.state == "registration"
            else f"in progress: {live.units} rounds paired, {live.results} results reported"
        )
        console.print(f"[bold]{live.slug}[/bold] ({live.name}): {state}", highlight=False)
    people = DEMO_PEOPLE
    console.print(
        f"Demo accounts: {people.organiser} (organiser), {people.arbiter} (Mwamuzi, arbiter), "
        f"players {', '.join(people.players)}; password: [bold]{password}[/bold]",
        highlight=False,
    )


def _remove(db: str) -> None:
    if "://" in db:
        return
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(db + suffix).unlink(missing_ok=True)


def source_hash(seed: int, root: Path | None = None) -> str:
    """A hash of the package's files (code, templates, migrations; or those under `root`) and
    the seed."""
    if root is None:
        import mashindano

        root = Path(mashindano.__file__).resolve().parent
    digest = hashlib.sha256(f"{CACHE_FORMAT}:{seed}".encode())
    for path in sorted(root.rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts or path.suffix == ".pyc":
            continue
        digest.update(str(path.relative_to(root)).encode() + b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()[:24]


def _cache_path(db: str, seed: int) -> Path:
    return Path(db).resolve().parent / CACHE_DIR / f"demo-{source_hash(seed)}.sqlite3"


def _keep(db: str, cached: Path) -> None:
    """Copy the database (a consistent copy, WAL or not) to `cached`; older copies go."""
    from django.db import connections

    connections.close_all()
    cached.parent.mkdir(parents=True, exist_ok=True)
    for old in cached.parent.glob("demo-*.sqlite3"):
        old.unlink(missing_ok=True)
    partial = cached.with_suffix(".partial")
    source, target = sqlite3.connect(db), sqlite3.connect(partial)
    try:
        source.backup(target)
    finally:
        target.close()
        source.close()
    partial.replace(cached)
