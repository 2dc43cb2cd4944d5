"""`mashindano event publisher ...`: where an event publishes each round's bundle (issue 31
item 6): add an http(s) URL or `folder:` (the site's publish folder), list them with each
round's delivery, remove one. The same use cases as the console's Publishing page and the API
(`app.publishing`): the event's organisers only, each change in the audit log."""

from __future__ import annotations

from typing import Annotated

import typer

from mashindano.cli.actions import AtOption, parse_at
from mashindano.cli.event_common import (
    ActorOption,
    DbOption,
    JsonOption,
    acting_principal,
    event_command,
)
from mashindano.cli.output import console, print_json

app = typer.Typer(
    help="Publish each round's pairings, results and standings to another site.",
    no_args_is_help=True,
)

SlugArgument = Annotated[str, typer.Argument(help="The event's slug, e.g. club-open-2026.")]


def _place(stage: int, group: str, number: int) -> str:
    if group:
        return f"stage {stage}, group {group}, round {number}"
    return f"stage {stage}, round {number}" if stage > 1 else f"round {number}"


@app.command("add")
def add(
    slug: SlugArgument,
    target: Annotated[
        str,
        typer.Argument(
            help="An http(s) URL of the other site (public addresses only, unless "
            "MASHINDANO_WEBHOOK_ALLOW names it), or folder: for the site's publish folder."
        ),
    ],
    db: DbOption = None,
    actor: ActorOption = None,
    at: AtOption = None,
    as_json: JsonOption = False,
) -> None:
    """Publish each complete round to TARGET (the signing secret is shown once)."""
    with event_command(db):
        from mashindano.app.publishing import add_publisher

        added = add_publisher(slug, target, actor=acting_principal(actor), now=parse_at(at))
    if as_json:
        print_json({"id": added.id, "target": added.target, "secret": added.secret})
        return
    console.print(f"Publisher {added.id}: {added.target}", markup=False, highlight=False)
    console.print(f"Signing secret (shown once): {added.secret}", markup=False, highlight=False)


@app.command("list")
def list_(
    slug: SlugArgument,
    db: DbOption = None,
    actor: ActorOption = None,
    as_json: JsonOption = False,
) -> None:
    """The event's publishers and each round's delivery: delivered, failing (with the last
    error) or waiting."""
    with event_command(db):
        from mashindano.app.publishing import list_publishers

        found = list_publishers(slug, actor=acting_principal(actor))
    if as_json:
        print_json(
            [
                {
                    "id": p.id,
                    "target": p.target,
                    "deliveries": [
                        {
                            "stage": d.stage,
                            "group": d.group,
                            "round": d.round,
                            "status": d.status,
                            "final": d.final,
                            "attempts": d.attempts,
                            "last_error": d.last_error,
                        }
                        for d in p.deliveries
                    ],
                }
                for p in found
            ]
        )
        return
    if not found:
        console.print(f"{slug} publishes nowhere.", markup=False, highlight=False)
    for p in found:
        console.print(f"Publisher {p.id}: {p.target}", markup=False, highlight=False)
        for d in p.deliveries:
            status = d.status + (" for good" if d.final else "")
            if d.last_error and d.status != "delivered":
                status += f" ({d.attempts} tries: {d.last_error})"
            console.print(
                f"  {_place(d.stage, d.group, d.round)}: {status}", markup=False, highlight=False
            )


@app.command("remove")
def remove(
    slug: SlugArgument,
    publisher: Annotated[int, typer.Argument(help="The publisher's number (see list).")],
    db: DbOption = None,
    actor: ActorOption = None,
    at: AtOption = None,
) -> None:
    """Stop publishing to a publisher."""
    with event_command(db):
        from mashindano.app.publishing import remove_publisher

        remove_publisher(slug, publisher, actor=acting_principal(actor), now=parse_at(at))
    console.print(f"Publisher {publisher} removed.", markup=False, highlight=False)
