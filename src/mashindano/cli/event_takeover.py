"""`mashindano event import --trf FILE`: take over a chess Swiss in progress from a TRF file
(issue 28 item 6; `app.takeover`). The warnings go to stderr before anything is stored;
`--dry-run` shows what would be created and stores nothing; `--strict` refuses the file's
oddities."""

from __future__ import annotations

import sys
from pathlib import Path

from mashindano.cli.errors import read_text
from mashindano.cli.event_common import acting_principal, event_command
from mashindano.cli.output import console, print_json


def take_over(
    path: Path,
    slug: str | None,
    name: str | None,
    db: str | None,
    actor: str | None,
    *,
    strict: bool,
    dry_run: bool,
    as_json: bool,
    team_system: str | None = None,
) -> None:
    """Take the event over, or (`dry_run`) show what would be made."""
    text = read_text(path)
    with event_command(db, create=not dry_run):
        from mashindano.app.takeover import take_over_event, takeover_json

        done = take_over_event(
            text,
            actor=acting_principal(actor),
            slug=slug,
            name=name,
            source=str(path),
            strict=strict,
            dry_run=dry_run,
            team_system=team_system,
        )
    if as_json:
        print_json(takeover_json(done))
        return
    for warning in done.warnings:
        print(f"mashindano: warning: {path}: {warning}", file=sys.stderr)
    verb = "Would create" if dry_run else "Created"
    if done.teams:
        console.print(
            f"{verb} event [bold]{done.slug}[/bold] ({done.name}): team {done.system}, "
            f"{done.teams} teams on {done.boards} boards, {done.players} players, "
            f"{done.rounds_played} of {done.total_rounds} rounds paired",
            highlight=False,
        )
        console.print(
            f"  {done.games} boards ({done.forfeits} matches forfeited, {done.open_games} "
            f"without a result), PABs: {done.byes.get('PAB', 0)}",
            highlight=False,
        )
        if dry_run:
            console.print("Dry run: nothing stored.")
        return
    console.print(
        f"{verb} event [bold]{done.slug}[/bold] ({done.name}): chess-swiss (FIDE Dutch), "
        f"{done.players} players, {done.rounds_played} of {done.total_rounds} rounds paired",
        highlight=False,
    )
    byes = ", ".join(f"{count} {kind}" for kind, count in done.byes.items()) or "none"
    console.print(
        f"  {done.games} games ({done.forfeits} forfeits, {done.open_games} without a result), "
        f"byes: {byes}",
        highlight=False,
    )
    for leave in done.leaves:
        console.print(
            f"  bye {leave.kind} declared for round {leave.round}: #{leave.number} {leave.name}",
            markup=False,
            highlight=False,
        )
    if done.acceleration:
        console.print("  Baku acceleration (C.04.7)", highlight=False)
    if done.next_round is not None:
        console.print(f"  next: round {done.next_round}", highlight=False)
    if dry_run:
        console.print("Dry run: nothing stored.")
