"""Settings shared by the whole suite."""

from __future__ import annotations

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
