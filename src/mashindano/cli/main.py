"""The `mashindano` command."""

from __future__ import annotations

import typer

from mashindano.cli import pair, schedule, seed, simulate, standings

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


@app.command("demo")
def demo(seed: int = typer.Option(2026, help="Seed for the random results.")) -> None:
    """A sample round-robin played with seeded random results: schedule and final standings."""
    from mashindano.cli.demo import run_demo

    run_demo(seed)


if __name__ == "__main__":
    app()
