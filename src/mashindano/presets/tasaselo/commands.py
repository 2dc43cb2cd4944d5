"""The Tasaselo preset's commands (`cli.preset_parts`)."""

from __future__ import annotations

from mashindano.cli.preset_parts import LazyCommand

COMMANDS = (
    LazyCommand(
        "tasaselo",
        "mashindano.presets.tasaselo.cli",
        "app",
        "Tasaselo: the prize-budget recommendation.",
    ),
)
