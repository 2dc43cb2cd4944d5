"""The KIBA preset's commands (`cli.preset_parts`): seeding and championship series."""

from __future__ import annotations

from mashindano.cli.preset_parts import LazyCommand

COMMANDS = (
    LazyCommand(
        "seed",
        "mashindano.presets.kiba_bao.cli_seed",
        "seed",
        "Seed the entrants (category, KIBA score, seed number) and deal the first-stage groups.",
    ),
    LazyCommand(
        "series",
        "mashindano.presets.kiba_bao.cli",
        "app",
        "KIBA championship series: tournaments, championship and country rankings, the "
        "master tournament and the countries event.",
    ),
)
