"""Option parsing shared by several commands."""

from __future__ import annotations

from mashindano.cli.errors import EXIT_USAGE, fail


def parse_settings(settings: list[str]) -> dict[str, str]:
    """`name=value` pairs from repeated `--set` options (preset parameter overrides)."""
    changes: dict[str, str] = {}
    for item in settings:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise fail(f"--set needs name=value, got {item!r}", EXIT_USAGE)
        changes[name.strip()] = value.strip()
    return changes
