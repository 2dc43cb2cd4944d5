"""Issue 14 item 5: with the production settings (MASHINDANO_PRODUCTION=1) `manage.py check
--deploy` prints no warning; the mode refuses to start without a secret key or host names;
cookies are Secure, HttpOnly and SameSite=Lax."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

SECRET = "k" * 20 + "Zq8-x!v2@PmT7#rW4$uY9%nB3^cL6&dF"

PRINT_SETTINGS = (
    "import django; django.setup(); from django.conf import settings as s; "
    "print(s.DEBUG, s.SESSION_COOKIE_SECURE, s.SESSION_COOKIE_HTTPONLY, "
    "s.SESSION_COOKIE_SAMESITE, s.CSRF_COOKIE_SECURE, s.CSRF_COOKIE_HTTPONLY, "
    "s.CSRF_COOKIE_SAMESITE, s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS > 0, "
    "'script-src' in s.SECURE_CSP)"
)


def _environment(tmp_path: object, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MASHINDANO_")}
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "mashindano.config.settings",
            "MASHINDANO_DATABASE_URL": f"{tmp_path}/prod.sqlite3",
            "MASHINDANO_PRODUCTION": "1",
            "MASHINDANO_SECRET_KEY": SECRET,
            "MASHINDANO_ALLOWED_HOSTS": "mashindano.example.org",
            "MASHINDANO_SMTP_HOST": "smtp.example.org",
            "MASHINDANO_DEBUG": "1",  # ignored in production
        }
    )
    env.update(extra)
    return env


def _run(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args], env=env, capture_output=True, text=True, timeout=120
    )


def test_check_deploy_prints_no_warning_in_production(tmp_path: object) -> None:
    done = _run(["-m", "django", "check", "--deploy"], _environment(tmp_path))
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    assert "WARNING" not in output, output
    assert "?:" not in output, output
    assert "System check identified no issues" in output, output


def test_production_cookies_and_redirects(tmp_path: object) -> None:
    done = _run(["-c", PRINT_SETTINGS], _environment(tmp_path))
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [
        "False",  # debug off whatever MASHINDANO_DEBUG says
        "True",
        "True",
        "Lax",
        "True",
        "True",
        "Lax",
        "True",
        "True",
        "True",
    ]


@pytest.mark.parametrize(
    "missing", ["MASHINDANO_SECRET_KEY", "MASHINDANO_ALLOWED_HOSTS", "MASHINDANO_SMTP_HOST"]
)
def test_production_refuses_to_start_without(tmp_path: object, missing: str) -> None:
    env = _environment(tmp_path)
    del env[missing]
    done = _run(["-c", PRINT_SETTINGS], env)
    assert done.returncode != 0
    assert missing in done.stderr


def test_production_refuses_the_tests_fast_password_hashing(tmp_path: object) -> None:
    env = _environment(tmp_path, MASHINDANO_FAST_PASSWORD_HASHING="1")
    done = _run(["-c", PRINT_SETTINGS], env)
    assert done.returncode != 0
    assert "MASHINDANO_FAST_PASSWORD_HASHING" in done.stderr


def test_the_suite_hashes_test_passwords_fast() -> None:
    from django.conf import settings
    from django.contrib.auth.hashers import make_password

    assert settings.PASSWORD_HASHERS[0].endswith("MD5PasswordHasher")
    assert make_password("pw").startswith("md5$")


def test_development_check_deploy_does_warn(tmp_path: object) -> None:
    """The same command without the production mode warns (so the test above means something)."""
    env = _environment(tmp_path)
    del env["MASHINDANO_PRODUCTION"]
    done = _run(["-m", "django", "check", "--deploy"], env)
    assert "security.W" in done.stdout + done.stderr


@pytest.mark.parametrize(
    "missing", ["MASHINDANO_SECRET_KEY", "MASHINDANO_ALLOWED_HOSTS", "MASHINDANO_SMTP_HOST"]
)
def test_manage_check_says_what_is_missing_in_one_line(tmp_path: object, missing: str) -> None:
    """Issue 30 item 11: `mashindano manage check` in production mode without a secret key
    printed a traceback; it is one line naming the setting, and a non-zero exit."""
    env = _environment(tmp_path)
    del env[missing]
    done = _run(
        [
            "-c",
            "import sys; from mashindano.cli.launch import main; sys.argv[1:] = "
            "['manage', 'check']; main()",
        ],
        env,
    )
    assert done.returncode != 0
    assert "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("mashindano: "), lines
    assert missing in lines[0], lines
