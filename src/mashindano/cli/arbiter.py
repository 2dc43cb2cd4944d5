"""`mashindano arbiter ...`: the arbiter's decisions about pairings (forbidden pairs, TRF XXP)."""

from __future__ import annotations

from typing import Annotated

import typer

from mashindano.cli.event_common import ActorOption, DbOption, acting_principal, event_command
from mashindano.cli.output import console

app = typer.Typer(help="The arbiter's decisions about a stored event.", no_args_is_help=True)

SlugArgument = Annotated[str, typer.Argument(help="The event's slug.")]
PlayerA = Annotated[str, typer.Argument(help="One player: name as registered, or number.")]
PlayerB = Annotated[str, typer.Argument(help="The other player: name as registered, or number.")]
ReasonOption = Annotated[str, typer.Option("--reason", help="Why (kept in the log).")]


@app.command("forbid-pair")
def forbid_pair(
    slug: SlugArgument,
    player_a: PlayerA,
    player_b: PlayerB,
    reason: ReasonOption,
    db: DbOption = None,
    actor: ActorOption = None,
) -> None:
    """The two players must not be paired together from the next round on (Swiss presets).
    A forbid that leaves the next round unpairable is kept; pairing then says who is stuck."""
    with event_command(db):
        from mashindano.app.overrides import forbid_pair as forbid

        first, second = forbid(
            slug, player_a, player_b, actor=acting_principal(actor), reason=reason
        )
    console.print(f"{first} and {second} will not be paired together in {slug}")


@app.command("allow-pair")
def allow_pair(
    slug: SlugArgument,
    player_a: PlayerA,
    player_b: PlayerB,
    reason: ReasonOption,
    db: DbOption = None,
    actor: ActorOption = None,
) -> None:
    """Lift a forbidden pair: the two players may be paired together again."""
    with event_command(db):
        from mashindano.app.overrides import allow_pair as allow

        first, second = allow(
            slug, player_a, player_b, actor=acting_principal(actor), reason=reason
        )
    console.print(f"{first} and {second} may be paired together again in {slug}")
