"""Settings shared by the whole suite."""

from __future__ import annotations

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


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        default=False,
        help="Re-record the golden CLI outputs under tests/golden/ instead of comparing.",
    )
