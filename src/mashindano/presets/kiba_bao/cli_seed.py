"""`mashindano seed --preset kiba-bao`: the initial list and the qualification groups."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from mashindano.cli.errors import read_text, reported_errors
from mashindano.cli.options import parse_settings
from mashindano.cli.output import console, print_json
from mashindano.engine.parameters import override
from mashindano.interchange.players_csv import parse_players_csv
from mashindano.presets.kiba_bao import PRESET_NAME


class SeededPreset(StrEnum):
    kiba_bao = PRESET_NAME


def seed(
    preset: Annotated[SeededPreset, typer.Option("--preset", help="The rule set.")],
    players: Annotated[
        Path, typer.Option("--players", help="PLAYERS.csv: name,rating,games_played,country.")
    ],
    settings: Annotated[
        list[str] | None,
        typer.Option("--set", help="Override a preset parameter: --set name=value (repeatable)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
) -> None:
    """Seed the entrants (category, KIBA score, seed number) and deal the first-stage groups."""
    from mashindano.engine.kiba import KIBA_BAO, compute_initial_list, qualification_groups
    from mashindano.presets.kiba_bao import cli_view as kiba_view
    from mashindano.presets.kiba_bao.simulation_documents import KibaSeedDocument

    changes = parse_settings(settings or [])
    with reported_errors():
        parameters = override(KIBA_BAO, changes)
        roster = parse_players_csv(read_text(players), source=str(players))
        initial = compute_initial_list(roster, parameters)
        groups = qualification_groups(initial, parameters)
    if as_json:
        print_json(KibaSeedDocument(initial, tuple(groups)).to_json())
    else:
        kiba_view.render_seed(initial, groups, console)
