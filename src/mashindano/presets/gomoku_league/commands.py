"""The Gomoku league preset's commands (`cli.preset_parts`)."""

from __future__ import annotations

from mashindano.cli.preset_parts import LazyCommand

COMMANDS = (
    LazyCommand(
        "gomoku",
        "mashindano.presets.gomoku_league.cli",
        "app",
        "The Gomoku league organiser's decisions.",
    ),
)
