"""`mashindano result ...`: report, confirm, dispute, rule, correct; record a move. One command
per declared action of the `result` group (see `cli.actions`).

Report, rule and correct take `--detail JSON`: the per-game detail a preset records with the
result (Tantrix TPs: `--detail '{"tp": ["12.4", "7.6"]}'`), exact values as strings.
"""

from __future__ import annotations

import typer

from mashindano.cli.actions import add_action_commands

app = typer.Typer(help="Results of a stored event's games.", no_args_is_help=True)
add_action_commands(app, "result")
