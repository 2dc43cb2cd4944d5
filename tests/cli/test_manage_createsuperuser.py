"""Issue 29 item 5: `mashindano manage createsuperuser` with the default database (a fresh
checkout: no var/mashindano.sqlite3 yet) migrates it first instead of a traceback "no such
table: auth_user", and the account it makes can log in at once (its e-mail address counted as
verified for allauth's mandatory verification)."""

from __future__ import annotations

import io
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

LAUNCH = "from mashindano.cli.launch import main; main()"

LOGIN = """
from django.test import Client
from django.test.utils import override_settings
with override_settings(ALLOWED_HOSTS=["testserver"]):
    client = Client()
    answer = client.post(
        "/account/login/", {"login": "boss@example.org", "password": "a-long-Secret-29"}
    )
    me = client.get("/me/")
print("LOGIN", answer.status_code, answer.get("Location"), me.status_code)
"""


def mashindano(
    cwd: Path, *args: str, password: str | None = "a-long-Secret-29"
) -> subprocess.CompletedProcess[str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("MASHINDANO_", "DJANGO_")) or k == "MASHINDANO_SECRET_KEY"
    }
    if password is not None:
        env["DJANGO_SUPERUSER_PASSWORD"] = password
    return subprocess.run(
        [sys.executable, "-c", LAUNCH, *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_createsuperuser_migrates_the_default_database_and_the_account_logs_in(
    tmp_path: Path,
) -> None:
    """issue 29 item 5: no traceback, the default database migrated, a verified primary
    address, and a login that succeeds at once."""
    made = mashindano(
        tmp_path,
        "manage",
        "createsuperuser",
        "--noinput",
        "--username",
        "boss",
        "--email",
        "boss@example.org",
    )
    assert made.returncode == 0, made.stderr
    assert "Traceback" not in made.stderr
    database = tmp_path / "var" / "mashindano.sqlite3"
    assert database.is_file()
    with sqlite3.connect(database) as connection:
        users = connection.execute(
            "select id, is_superuser from auth_user where username = 'boss'"
        ).fetchall()
        assert len(users) == 1
        assert users[0][1] == 1
        addresses = connection.execute(
            'select email, verified, "primary" from account_emailaddress where user_id = ?',
            (users[0][0],),
        ).fetchall()
    assert addresses == [("boss@example.org", 1, 1)]
    login = mashindano(tmp_path, "manage", "shell", "-c", LOGIN)
    assert login.returncode == 0, login.stderr
    line = next(x for x in login.stdout.splitlines() if x.startswith("LOGIN"))
    status, location, me = line.split()[1:]
    assert status == "302", line
    assert "confirm-email" not in location, line
    assert "verification" not in location, line
    assert me == "200", line


def test_createsuperuser_refuses_an_account_that_could_not_log_in(tmp_path: Path) -> None:
    """issue 29 item 5: logging in is by e-mail address, so `--noinput` with a blank address
    or another account's (Django made both) or without DJANGO_SUPERUSER_PASSWORD (Django made
    an unusable password) is refused with the reason, no traceback and no account made."""
    first = ("createsuperuser", "--noinput", "--username", "boss", "--email", "boss@example.org")
    assert mashindano(tmp_path, "manage", *first).returncode == 0
    refusals = {
        "--email ADDRESS": ("--username", "ann", "--email", ""),
        "another account's already": ("--username", "ann", "--email", "BOSS@example.org"),
    }
    for reason, args in refusals.items():
        refused = mashindano(tmp_path, "manage", "createsuperuser", "--noinput", *args)
        assert refused.returncode == 1, refused.stdout
        assert reason in refused.stderr
        assert "Traceback" not in refused.stderr
    no_password = mashindano(
        tmp_path,
        "manage",
        "createsuperuser",
        "--noinput",
        "--username",
        "ann",
        "--email",
        "ann@example.org",
        password=None,
    )
    assert no_password.returncode == 1
    assert "DJANGO_SUPERUSER_PASSWORD, which is not set" in no_password.stderr
    with sqlite3.connect(tmp_path / "var" / "mashindano.sqlite3") as connection:
        names = connection.execute("select username from auth_user").fetchall()
    assert names == [("boss",)]


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.django_db
def test_createsuperuser_asks_again_for_a_blank_or_taken_address(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """issue 29 item 5: at the prompt a blank e-mail address (Django accepts one) or another
    account's is asked again, saying why."""
    from django.contrib.auth.management.commands import createsuperuser
    from django.contrib.auth.models import User
    from django.core.management import call_command

    from mashindano.config.superuser import Command

    User.objects.create_user("kim", "kim@example.org", "pw")
    answers = iter(["", "KIM@example.org", "ivy@example.org"])
    monkeypatch.setattr("builtins.input", lambda message: next(answers))
    monkeypatch.setattr(createsuperuser.getpass, "getpass", lambda prompt="": "a-long-Secret-29")
    errors = io.StringIO()
    call_command(Command(), username="ivy", stdin=_Terminal(), stdout=io.StringIO(), stderr=errors)
    said = errors.getvalue()
    assert "a superuser needs an e-mail address" in said
    assert "the e-mail address KIM@example.org is another account's already" in said
    assert User.objects.get(username="ivy").email == "ivy@example.org"
