"""Settings shared by the whole suite."""

from __future__ import annotations

import os
from collections.abc import Generator

import pytest
from hypothesis import HealthCheck, settings

# CI runs on 2 busy cores: a slow example is not a failure, and a property test's examples are
# drawn the same way every run so that a red build can be replayed exactly.
settings.register_profile(
    "mashindano",
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("mashindano")

# Test users' passwords with a fast hasher (config/settings.py): PBKDF2 costs about a second a
# password on a busy core. The servers and scripts the tests start inherit the variable; this
# process read its settings before this file (pytest-django), so they are set here too.
os.environ.setdefault("MASHINDANO_FAST_PASSWORD_HASHING", "1")


def _fast_test_settings() -> None:
    from django.conf import settings as django_settings
    from django.contrib.auth import hashers

    if os.environ["MASHINDANO_FAST_PASSWORD_HASHING"] == "1":
        django_settings.PASSWORD_HASHERS = [
            "django.contrib.auth.hashers.MD5PasswordHasher",
            "django.contrib.auth.hashers.PBKDF2PasswordHasher",
        ]
        hashers.get_hashers.cache_clear()
        hashers.get_hashers_by_algorithm.cache_clear()
    # Each test `Client()` builds the middleware anew; WhiteNoise would list and stat every
    # static file each time (about 0.1 s a client). Found on request instead, as in DEBUG.
    django_settings.WHITENOISE_AUTOREFRESH = True


_fast_test_settings()


REQUIRE_POSTGRES = "MASHINDANO_REQUIRE_POSTGRES"
"""Set by `make test-postgres`: there the `postgres`-marked tests must run and pass, not skip."""


def _postgres_required(config: pytest.Config) -> bool:
    return bool(os.environ.get(REQUIRE_POSTGRES)) and not config.getoption("collectonly")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Under MASHINDANO_REQUIRE_POSTGRES a skipped `postgres`-marked test is a failure."""
    report = yield
    if not item.get_closest_marker("postgres") or not _postgres_required(item.config):
        return report
    if report.skipped:
        longrepr = report.longrepr
        reason = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
        report.outcome = "failed"
        report.longrepr = (
            f"{item.nodeid}: a PostgreSQL test was skipped although {REQUIRE_POSTGRES} is set "
            f"(make test-postgres; CI): {reason}"
        )
    return report


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Count the `postgres`-marked tests that passed. Under pytest-xdist this runs in the
    controller too, for every worker's report, so the count there covers the whole run.
    Also keeps the figures a test recorded with `record_property("counts", text)`."""
    if report.when == "call" and report.passed and "postgres" in report.keywords:
        _PASSED_COUNT[0] += 1
    if report.when == "call":
        outcome = "passed" if report.passed else report.outcome
        for name, value in report.user_properties:
            if name == COUNTS:
                _COUNTS.append(f"{report.nodeid.rsplit('::', 1)[-1]} ({outcome}): {value}")


_PASSED_COUNT = [0]
COUNTS = "counts"
"""`record_property(COUNTS, text)`: figures a test shows in the run's summary (the process
tests of issue 30: requests, answers, rows stored, restart times), also under pytest-xdist
and with -q, where a passing test's prints are hidden."""
_COUNTS: list[str] = []


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Under MASHINDANO_REQUIRE_POSTGRES a run in which no `postgres`-marked test passed fails
    (judged once, by the controller when pytest-xdist runs workers)."""
    if hasattr(session.config, "workerinput"):
        return
    if not _postgres_required(session.config) or exitstatus not in (
        pytest.ExitCode.OK,
        pytest.ExitCode.NO_TESTS_COLLECTED,
    ):
        return
    if _PASSED_COUNT[0] == 0:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
        session.config.stash[_POSTGRES_MISSING] = True


_POSTGRES_MISSING = pytest.StashKey[bool]()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if _COUNTS:
        terminalreporter.section("counts")
        for line in _COUNTS:
            terminalreporter.write_line(line)
    if terminalreporter.config.stash.get(_POSTGRES_MISSING, False):
        terminalreporter.write_line(
            f"error: {REQUIRE_POSTGRES} is set but no PostgreSQL-marked test ran and passed "
            "(none was selected)",
            red=True,
            bold=True,
        )


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        default=False,
        help="Re-record the golden CLI outputs under tests/golden/ instead of comparing.",
    )
