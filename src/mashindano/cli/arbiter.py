"""`mashindano arbiter ...`: the arbiter's decisions about pairings (forbidden pairs, TRF XXP),
one command per declared action (see `cli.actions`)."""

from __future__ import annotations

import typer

from mashindano.cli.actions import add_action_commands

app = typer.Typer(help="The arbiter's decisions about a stored event.", no_args_is_help=True)
add_action_commands(app, "arbiter")
