"""Setting up Django for the use cases when they run outside a Django process (CLI, demo,
benchmarks): choose the database, load the apps, bring the schema up to date."""

from __future__ import annotations

import os
from pathlib import Path

SETTINGS_MODULE = "mashindano.config.settings"


def setup(database_url: str | None = None, *, migrate: bool = True) -> None:
    """Point Django at `database_url` (or `MASHINDANO_DATABASE_URL`, or ./var/mashindano.sqlite3)
    and apply pending migrations. Does nothing more once Django is set up (as under pytest),
    so in-process callers keep the database they already have."""
    import django
    from django.apps import apps

    if apps.ready:
        return
    if database_url:
        os.environ["MASHINDANO_DATABASE_URL"] = database_url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", SETTINGS_MODULE)
    django.setup()
    if migrate:
        migrate_schema()


def migrate_schema() -> None:
    from django.conf import settings
    from django.core.management import call_command

    from mashindano.config.database import is_sqlite_file

    config = settings.DATABASES["default"]
    if is_sqlite_file(config):
        Path(config["NAME"]).parent.mkdir(parents=True, exist_ok=True)
    call_command("migrate", verbosity=0, interactive=False)


def database_description() -> str:
    """Where the data lives, for messages: a file path or host/name (never a password)."""
    from django.conf import settings

    config = settings.DATABASES["default"]
    if config["ENGINE"].endswith("sqlite3"):
        return f"SQLite {config['NAME']}"
    return f"PostgreSQL {config.get('HOST') or 'localhost'}/{config['NAME']}"


def run_manage(argv: list[str]) -> None:
    """Django's `manage.py` with our settings (`mashindano manage migrate`, ...)."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", SETTINGS_MODULE)
    from django.core.management import execute_from_command_line

    execute_from_command_line(["mashindano manage", *argv])
