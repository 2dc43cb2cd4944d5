"""Setting up Django for the use cases when they run outside a Django process (CLI, demo,
benchmarks): choose the database, load the apps, bring the schema up to date."""

from __future__ import annotations

import os
from pathlib import Path

from mashindano.config.errors import DatabaseUnavailable

SETTINGS_MODULE = "mashindano.config.settings"


def setup(database_url: str | None = None, *, migrate: bool = True, create: bool = True) -> None:
    """Point Django at `database_url` (or `MASHINDANO_DATABASE_URL`, or ./var/mashindano.sqlite3)
    and apply pending migrations. Does nothing more once Django is set up (as under pytest),
    so in-process callers keep the database they already have.

    Without `create`, a SQLite file that does not exist is an error (a read command given a
    mistyped `--db` must not leave an empty database behind). A database that cannot be used
    raises `DatabaseProblem` with a message for the user."""
    import django
    from django.apps import apps

    if apps.ready:
        return
    if database_url:
        os.environ["MASHINDANO_DATABASE_URL"] = database_url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", SETTINGS_MODULE)
    django.setup()
    from django.conf import settings

    from mashindano.config.database import check_sqlite_file

    check_sqlite_file(settings.DATABASES["default"], create=create)
    if migrate:
        migrate_schema()


def migrate_schema() -> None:
    from django.conf import settings
    from django.core.management import call_command
    from django.db import Error as DjangoDatabaseError

    from mashindano.config.database import is_sqlite_file

    config = settings.DATABASES["default"]
    if is_sqlite_file(config):
        Path(config["NAME"]).parent.mkdir(parents=True, exist_ok=True)
    try:
        call_command("migrate", verbosity=0, interactive=False)
    except DjangoDatabaseError as exc:
        raise unavailable(exc) from None


def unavailable(error: Exception) -> DatabaseUnavailable:
    """A database driver's error as `DatabaseUnavailable`, naming the database (no password)
    and the first line of what the driver said."""
    said = next((line.strip() for line in str(error).splitlines() if line.strip()), "")
    said = said.removeprefix("connection failed: ")
    return DatabaseUnavailable(f"cannot use the database ({database_description()}): {said}")


def database_description() -> str:
    """Where the data lives, for messages: a file path or host/name (never a password)."""
    from django.conf import settings

    config = settings.DATABASES["default"]
    if config["ENGINE"].endswith("sqlite3"):
        return f"SQLite {config['NAME']}"
    return f"PostgreSQL {config.get('HOST') or 'localhost'}/{config['NAME']}"


SCHEMA_FIRST = frozenset({"createsuperuser", "changepassword"})
"""Commands that read or write accounts: the database is migrated before they run (as
`event create` does), so a fresh checkout's default database works at once."""


def run_manage(argv: list[str]) -> None:
    """Django's `manage.py` with our settings (`mashindano manage migrate`, ...).

    The settings are read first: a setting the environment lacks (the production mode's
    secret key, host names, mail server) raises `ImproperlyConfigured` here, whose message
    names it, for the caller to print as one line (issue 30 item 11).
    `createsuperuser` and `changepassword` first bring the database up to date (creating the
    default SQLite file); the superusers `createsuperuser` makes have their e-mail address
    counted as verified (allauth's mandatory verification), so they can log in at once, and
    it refuses what would make an account no one can log in with (`config.superuser`)."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", SETTINGS_MODULE)
    from django.conf import settings
    from django.core.management import execute_from_command_line

    settings.INSTALLED_APPS  # noqa: B018 - reads the settings module

    command = argv[0] if argv else ""
    wants_help = any(arg in ("-h", "--help") for arg in argv[1:])
    if command in SCHEMA_FIRST and not wants_help:
        setup(create=True)
    if command == "createsuperuser" and not wants_help:
        from mashindano.config.superuser import Command

        Command().run_from_argv(["mashindano manage", *argv])
    else:
        execute_from_command_line(["mashindano manage", *argv])
    if command == "createsuperuser" and not wants_help:
        verify_superuser_addresses()


def verify_superuser_addresses() -> int:
    """Give every superuser with an e-mail address and no verified one a verified, primary
    address (allauth's `EmailAddress`): an account made at the command line by the person who
    runs the server needs no verification mail. Returns how many were added or verified."""
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model

    changed = 0
    for user in get_user_model().objects.filter(is_superuser=True).exclude(email=""):
        if EmailAddress.objects.filter(user=user, verified=True).exists():
            continue
        address = EmailAddress.objects.filter(user=user, email__iexact=user.email).first()
        if address is None:
            EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
        else:
            address.verified = True
            address.save(update_fields=["verified"])
            address.set_as_primary()
        changed += 1
    return changed


def mail_description() -> str:
    """Where e-mail goes: the SMTP server or the folder of the file backend."""
    from django.conf import settings

    from mashindano.config.mail import describe

    return describe(settings.MAILERS["default"])
