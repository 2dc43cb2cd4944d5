"""`mashindano tasaselo ...`: Tasaselo: the prize-budget recommendation (`prize_budget`), for
a stored event's prize groups or for a field being planned."""

from __future__ import annotations

from typing import Annotated

import typer

from mashindano.cli.errors import EXIT_USAGE, fail
from mashindano.cli.event_common import (
    ActorOption,
    DbOption,
    JsonOption,
    acting_principal,
    event_command,
)
from mashindano.cli.output import console, print_json

app = typer.Typer(help="Tasaselo: the prize-budget recommendation.", no_args_is_help=True)


@app.command("prize-budget")
def prize_budget(
    fund: Annotated[str, typer.Option("--fund", help="The prize fund, whole currency units.")],
    slug: Annotated[
        str | None, typer.Argument(help="A stored Tasaselo event (its prize groups).")
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", help="Planning without an event: the field.")
    ] = None,
    rounds: Annotated[
        int | None, typer.Option("--rounds", help="Planning without an event: the rounds.")
    ] = None,
    share: Annotated[
        str, typer.Option("--share", help="The performance prizes' percentage (default 20).")
    ] = "",
    db: DbOption = None,
    actor: ActorOption = None,
    as_json: JsonOption = False,
) -> None:
    """The recommended split of a prize fund over the prize groups (in proportion to their
    sizes, places declining n : ... : 1) and the performance prizes (20 % by default); a
    recommendation, not a rule: whole units, the units left over to the largest remainders."""
    if (slug is None) == (players is None or rounds is None):
        raise fail("give an event's slug, or --players and --rounds (not both)", EXIT_USAGE)
    with event_command(db, create=slug is None, migrate=slug is not None):
        from mashindano.presets.tasaselo.prize_budget import (
            event_budget,
            field_budget,
            parse_fund,
            parse_share,
        )

        amount = parse_fund(fund)
        rule = parse_share(share)
        if slug is not None:
            view = event_budget(slug, actor=acting_principal(actor), fund=amount, rule=rule)
            budget = view.budget
            assert budget is not None
        else:
            assert players is not None
            assert rounds is not None
            budget = field_budget(players, rounds, amount, rule=rule)
    if as_json:
        print_json(
            {
                "fund": budget.fund,
                "performance_share": str(budget.rule.performance_share),
                "groups": [
                    {"name": g.name, "size": g.size, "total": g.total, "places": list(g.places)}
                    for g in budget.groups
                ],
                "performance": {
                    "total": budget.performance_total,
                    "places": list(budget.performance),
                },
            }
        )
        return
    percent = budget.rule.performance_share * 100
    shown = f"{percent.numerator}" if percent.denominator == 1 else f"{float(percent):g}"
    console.print(
        f"Recommended split of {budget.fund} (performance prizes {shown} %; a recommendation, "
        "not a rule):",
        markup=False,
        highlight=False,
    )
    for g in budget.groups:
        places = ", ".join(str(a) for a in g.places) or "no group prizes"
        console.print(
            f"  Group {g.name} ({g.size} players): {g.total} = {places}",
            markup=False,
            highlight=False,
        )
    if budget.performance:
        places = ", ".join(str(a) for a in budget.performance)
        console.print(
            f"  Performance prizes: {budget.performance_total} = {places}",
            markup=False,
            highlight=False,
        )
