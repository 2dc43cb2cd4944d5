"""The `mashindano` command.

Start-up. Other software runs `mashindano pair --dutch IN.trf -p` once per round, so the whole
process is the cost. The commands are therefore listed in `COMMANDS` (name, module, summary)
and a command's module is imported only when that command runs: file commands never import
the stored-event code or Django. `--help` shows the summaries without importing anything.
"""

from __future__ import annotations

import importlib
import sys
from typing import Annotated, Any

import typer
from typer._click import Command, Context, HelpFormatter
from typer.core import TyperCommand, TyperGroup

from mashindano.cli.preset_parts import LazyCommand, preset_commands

SHARED_COMMANDS: tuple[LazyCommand, ...] = (
    LazyCommand(
        "standings",
        "mashindano.cli.standings",
        "standings",
        "Rank players by points, then by each tie-break in turn; remaining ties share a rank.",
    ),
    LazyCommand(
        "tiebreaks",
        "mashindano.cli.tiebreaks",
        "tiebreaks",
        "Every tie-break `standings --tiebreaks` and the presets' tie-break lists accept.",
    ),
    LazyCommand(
        "simulate",
        "mashindano.cli.simulate",
        "simulate",
        "Play a whole event with random results drawn from --seed and print how it went.",
    ),
    LazyCommand(
        "pair",
        "mashindano.cli.pair",
        "pair",
        "Pair a TRF tournament with the FIDE Dutch system (JaVaFo/bbpPairings protocol).",
    ),
    LazyCommand(
        "serve",
        "mashindano.cli.serve",
        "serve",
        "Serve the public pages with granian, and the task worker beside it (Ctrl-C stops both).",
    ),
    LazyCommand(
        "worker",
        "mashindano.cli.worker",
        "worker",
        "Run background tasks: rulings when clocks and windows fall due, notifications, e-mail.",
    ),
    LazyCommand(
        "mail-in",
        "mashindano.cli.mail_in",
        "mail_in",
        "Receive replies by e-mail: an LMTP (or SMTP) listener, or one message on stdin.",
    ),
    LazyCommand("schedule", "mashindano.cli.schedule", "app", "Round-robin schedules."),
    LazyCommand(
        "event",
        "mashindano.cli.event",
        "app",
        "Stored events: create, start, standings, export and import.",
    ),
    LazyCommand("players", "mashindano.cli.players", "app", "Register players in a stored event."),
    LazyCommand("round", "mashindano.cli.round", "app", "Pair and show rounds of a stored event."),
    LazyCommand("result", "mashindano.cli.result", "app", "Results of a stored event's games."),
    LazyCommand(
        "arbiter", "mashindano.cli.arbiter", "app", "The arbiter's decisions about a stored event."
    ),
    LazyCommand(
        "team", "mashindano.cli.team", "app", "Team events: teams, line-ups, board results."
    ),
    LazyCommand(
        "bao",
        "mashindano.cli.bao",
        "app",
        "Bao (KIBA rules): legal moves, apply a move, replay and show game records.",
    ),
)
"""Single commands first, then groups (the order Typer lists them in); `demo` and `manage`
below are defined here and listed between the two."""

COMMANDS: tuple[LazyCommand, ...] = (*SHARED_COMMANDS, *preset_commands())
"""The shared commands, then each preset's (`cli.preset_parts`)."""

_SETTINGS: dict[str, Any] = {"no_args_is_help": True, "pretty_exceptions_enable": False}


def load_command(entry: LazyCommand) -> Command:
    """Import the module behind `entry` and build its command as Typer would have."""
    target = getattr(importlib.import_module(entry.module), entry.attribute)
    holder = typer.Typer(**_SETTINGS)
    if entry.is_group:
        holder.add_typer(target, name=entry.name)
    else:
        holder.command(entry.name)(target)
    return typer.main.get_group(holder).commands[entry.name]


class LazyGroup(TyperGroup):
    """The root group: the commands of `COMMANDS` are built on first use."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._lazy = {entry.name: entry for entry in COMMANDS}
        self._listing = False

    def list_commands(self, ctx: Context) -> list[str]:
        defined = super().list_commands(ctx)
        singles = [e.name for e in COMMANDS if not e.is_group and e.name not in defined]
        groups = [e.name for e in COMMANDS if e.is_group and e.name not in defined]
        return [*singles, *defined, *groups]

    def get_command(self, ctx: Context, cmd_name: str) -> Command | None:
        entry = self._lazy.get(cmd_name)
        if entry is None or cmd_name in self.commands:
            return super().get_command(ctx, cmd_name)
        if self._listing:
            # Only the name and summary are shown: no need to import the module.
            return _summary_only(entry)
        command = load_command(entry)
        self.add_command(command, entry.name)
        return command

    def resolve_command(
        self, ctx: Context, args: list[str]
    ) -> tuple[str | None, Command | None, list[str]]:
        if args and args[0] not in self.list_commands(ctx):
            # No such command: Typer's message suggests the close names among `commands`.
            for entry in COMMANDS:
                self.commands.setdefault(entry.name, _summary_only(entry))
        return super().resolve_command(ctx, args)

    def format_help(self, ctx: Context, formatter: HelpFormatter) -> None:
        self._listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self._listing = False


def _summary_only(entry: LazyCommand) -> Command:
    return TyperCommand(entry.name, help=entry.summary)


app = typer.Typer(
    name="mashindano",
    help="Tournament and league manager: schedules, pairings, standings, whole events.",
    cls=LazyGroup,
    **_SETTINGS,
)


@app.command("demo")
def demo(
    seed: int = typer.Option(2026, help="Seed for the random results."),
    engine_only: bool = typer.Option(
        False, "--engine-only", help="Only the in-memory round-robin, no database."
    ),
    db: str = typer.Option(
        "var/demo.sqlite3", "--db", help="Demo database (recreated from scratch)."
    ),
    preset: Annotated[
        list[str] | None,
        typer.Option(
            "--preset", help="Only this preset's demo event (repeat; default: every preset)."
        ),
    ] = None,
) -> None:
    """One stored event per preset, played through the use cases with seeded random results;
    `--engine-only`: a sample round-robin computed in memory."""
    if engine_only:
        from mashindano.cli.demo import run_demo

        run_demo(seed)
        return
    from mashindano.cli.event_demo import run_event_demo

    run_event_demo(db, seed, preset or ())


@app.command(
    "manage",
    context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
    add_help_option=False,
)
def manage(context: typer.Context) -> None:
    """Django's manage.py for the events database (migrate, createsuperuser, runserver...)."""
    from django.core.exceptions import ImproperlyConfigured

    from mashindano.cli.errors import EXIT_INVALID_INPUT, fail, reported_errors
    from mashindano.config.setup import run_manage

    try:
        with reported_errors():
            run_manage(context.args)
    except ImproperlyConfigured as exc:
        # A setting the environment lacks: one line naming it, not a traceback.
        raise fail(str(exc), EXIT_INVALID_INPUT) from None


if __name__ == "__main__":
    # `python -m mashindano.cli.main` as the console script (`launch.main`) runs it: the drop-in
    # pairing call first (`pair_protocol`), then a plain use of a single command (`quick`),
    # anything else through Typer. This module imports nothing of `launch`, which imports it
    # (the arrow runs one way).
    from mashindano.cli.pair_protocol import run_drop_in
    from mashindano.cli.quick import run_quick

    arguments = sys.argv[1:]
    code = run_drop_in(arguments[1:]) if arguments[:1] == ["pair"] else None
    if code is None:
        code = run_quick(arguments, COMMANDS)
    if code is not None:
        sys.exit(code)
    app()
