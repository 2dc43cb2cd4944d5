"""Issue 29 item 5: `mashindano manage createsuperuser` with the default database (a fresh
checkout: no var/mashindano.sqlite3 yet) migrates it first instead of a traceback "no such
table: auth_user", and the account it makes can log in at once (its e-mail address counted as
verified for allauth's mandatory verification)."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

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


def mashindano(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("MASHINDANO_", "DJANGO_")) or k == "MASHINDANO_SECRET_KEY"
    }
    env["DJANGO_SUPERUSER_PASSWORD"] = "a-long-Secret-29"
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
