"""`mashindano gomoku ...`: the Gomoku league organiser's decisions about a stored event, one
command per action the gomoku-league preset declares (see `cli.actions`)."""

from __future__ import annotations

import typer

from mashindano.cli.actions import add_action_commands

app = typer.Typer(help="The Gomoku league organiser's decisions.", no_args_is_help=True)
add_action_commands(app, "gomoku")
