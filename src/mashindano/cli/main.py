"""The `mashindano` command."""

from __future__ import annotations

from typing import Annotated

import typer

from mashindano.cli import (
    arbiter,
    bao,
    event,
    gomoku,
    pair,
    players,
    result,
    schedule,
    seed,
    series,
    serve,
    simulate,
    standings,
    tantrix,
    worker,
)
from mashindano.cli import round as round_commands

app = typer.Typer(
    name="mashindano",
    help="Tournament and league manager: schedules, pairings, standings, whole events.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
app.add_typer(schedule.app, name="schedule")
app.command("standings")(standings.standings)
app.command("simulate")(simulate.simulate)
app.command("seed")(seed.seed)
app.command("pair")(pair.pair)
app.add_typer(event.app, name="event")
app.add_typer(players.app, name="players")
app.add_typer(round_commands.app, name="round")
app.add_typer(result.app, name="result")
app.add_typer(series.app, name="series")
app.add_typer(arbiter.app, name="arbiter")
app.add_typer(tantrix.app, name="tantrix")
app.add_typer(gomoku.app, name="gomoku")
app.add_typer(bao.app, name="bao")
app.command("serve")(serve.serve)
app.command("worker")(worker.worker)


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
    from mashindano.config.setup import run_manage

    run_manage(context.args)


if __name__ == "__main__":
    app()
