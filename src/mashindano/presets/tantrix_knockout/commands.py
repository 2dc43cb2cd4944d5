"""The Tantrix knockout preset's commands (`cli.preset_parts`)."""

from __future__ import annotations

from mashindano.cli.preset_parts import LazyCommand

COMMANDS = (
    LazyCommand(
        "tantrix",
        "mashindano.presets.tantrix_knockout.cli",
        "app",
        "Tantrix knockout: result forms, tiebreak offers, opt-outs.",
    ),
)
