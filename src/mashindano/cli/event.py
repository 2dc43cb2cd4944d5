"""`mashindano event ...`: create, list, show, standings, export, import and the audit log; the
declared actions of the `event` group (start, close, withdraw, leave, sanction, close-period,
playoff: see `cli.actions`), `act` to perform any action by name and `actions` to list them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from mashindano.app.declarations.parameters import ParameterSpec
from mashindano.cli import actions, event_publish
from mashindano.cli.actions import AtOption, add_action_commands, parse_at
from mashindano.cli.errors import (
    EXIT_FILE_ERROR,
    EXIT_INVALID_INPUT,
    EXIT_USAGE,
    fail,
    read_text,
    reported_errors,
    write_text,
)
from mashindano.cli.event_common import (
    ActorOption,
    DbOption,
    JsonOption,
    acting_principal,
    event_command,
)
from mashindano.cli.event_view import standings_grid
from mashindano.cli.options import parse_settings
from mashindano.cli.output import console, print_json
from mashindano.engine.points import format_points
from mashindano.interchange.json_read import parse_json

app = typer.Typer(
    help="Stored events: create, start, standings, export and import.", no_args_is_help=True
)
add_action_commands(app, "event")
app.command("act")(actions.act)
app.command("actions")(actions.actions)
app.add_typer(event_publish.app, name="publisher")

SlugArgument = Annotated[str, typer.Argument(help="The event's slug, e.g. club-open-2026.")]
SETTINGS_HELP = (
    "Parameter NAME=VALUE (repeat): `mashindano event parameters PRESET` lists a preset's "
    "parameters (e.g. chess-swiss swiss_pairing=dutch, swiss_acceleration=baku); tie-break "
    "lists take the names `mashindano tiebreaks` lists (e.g. swiss_tiebreaks=BH-C1,SB,ARO-U1400)."
)
PlayerArgument = Annotated[str, typer.Argument(help="The player's name as registered, or number.")]


@app.command("create")
def create(
    slug: SlugArgument,
    preset: Annotated[str, typer.Option("--preset", help="chess-round-robin, chess-swiss, ...")],
    name: Annotated[str | None, typer.Option("--name", help="Display name.")] = None,
    settings: Annotated[list[str] | None, typer.Option("--set", help=SETTINGS_HELP)] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed of every draw.")] = None,
    db: DbOption = None,
    actor: ActorOption = None,
    at: AtOption = None,
    as_json: JsonOption = False,
) -> None:
    """Create an event from a preset; players register until it starts."""
    overrides = parse_settings(settings or [])
    with event_command(db, create=True):
        now = parse_at(at)
        from mashindano.app.events import create_event

        facts = create_event(
            slug,
            preset,
            actor=acting_principal(actor),
            name=name,
            parameters=overrides,
            seed=seed,
            now=now,
        )
    if as_json:
        print_json({"slug": facts.slug, "preset": facts.preset, "seed": facts.seed})
    else:
        console.print(
            f"Created event [bold]{facts.slug}[/bold] ({facts.preset}), seed {facts.seed}"
        )


@app.command("edit")
def edit(
    slug: SlugArgument,
    name: Annotated[str | None, typer.Option("--name", help="New display name.")] = None,
    settings: Annotated[list[str] | None, typer.Option("--set", help=SETTINGS_HELP)] = None,
    reset: Annotated[
        list[str] | None,
        typer.Option("--reset", help="Parameter NAME back to the preset's default (repeat)."),
    ] = None,
    db: DbOption = None,
    actor: ActorOption = None,
    at: AtOption = None,
    as_json: JsonOption = False,
) -> None:
    """Change an event's name or parameters before it starts (the audit log keeps both)."""
    overrides = parse_settings(settings or [])
    if name is None and not overrides and not reset:
        raise fail("nothing to change: give --name, --set NAME=VALUE or --reset NAME", EXIT_USAGE)
    with event_command(db):
        now = parse_at(at)
        from mashindano.app.documents.event import build_event_summary
        from mashindano.app.events import edit_event

        edit_event(
            slug,
            actor=acting_principal(actor),
            name=name,
            parameters=overrides,
            reset=tuple(reset or ()),
            now=now,
        )
        shown = build_event_summary(slug)
    if as_json:
        print_json(shown.to_json())
        return
    console.print(f"Changed [bold]{shown.slug}[/bold] ({shown.name})")
    for parameter in shown.parameters:
        console.print(f"  {parameter.words}  ({parameter.name})", markup=False, highlight=False)


@app.command("parameters")
def parameters(
    preset: Annotated[str, typer.Argument(help="The preset, e.g. chess-swiss.")],
    as_json: JsonOption = False,
) -> None:
    """A preset's parameters, as `event create --set NAME=VALUE` takes them: default, accepted
    values, help and the rule each comes from."""
    with event_command(MEMORY_DATABASE, migrate=False):
        from mashindano.app.documents.console import preset_fields

        fields = preset_fields(preset)
    if as_json:
        print_json([spec.to_json() for spec in fields])
        return
    table = Table(title=f"Parameters of {preset}")
    for header in ("name", "default", "accepts", "help", "rule"):
        table.add_column(header)
    for spec in fields:
        table.add_row(spec.name, _default_text(spec.default), _accepts(spec), spec.help, spec.spec)
    console.print(table)


MEMORY_DATABASE = "sqlite://:memory:"
"""`event parameters` reads no event: Django is set up on an empty database in memory."""


def _default_text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ",".join(str(v) for v in value)
    return str(value)


def _accepts(spec: ParameterSpec) -> str:
    if spec.tiebreaks:
        return "tie-breaks, in order: see `mashindano tiebreaks`"
    if spec.choices:
        return ", ".join(spec.choices)
    low, high = spec.minimum, spec.maximum
    if low is not None and high is not None:
        return f"{spec.type.value} {low} to {high}"
    if low is not None:
        return f"{spec.type.value}, at least {low}"
    if high is not None:
        return f"{spec.type.value}, at most {high}"
    return spec.type.value + (" or empty" if spec.optional else "")


@app.command("list")
def list_(db: DbOption = None, as_json: JsonOption = False) -> None:
    """Every stored event."""
    with event_command(db):
        from mashindano.app.documents.event import build_event_list

        listing = build_event_list()
    if as_json:
        print_json(listing.to_json())
        return
    grid = Table(title="Events", title_justify="left")
    for column in ("Slug", "Name", "Preset", "State", "Players", "Version"):
        grid.add_column(column)
    for e in listing.events:
        grid.add_row(e.slug, e.name, e.preset, e.state, str(e.players), str(e.version))
    console.print(grid)


@app.command("show")
def show(slug: SlugArgument, db: DbOption = None, as_json: JsonOption = False) -> None:
    """An event's parameters and where it stands."""
    with event_command(db):
        from mashindano.app.documents.event import build_event_summary

        shown = build_event_summary(slug)
    if as_json:
        print_json(shown.to_json())
        return
    console.print(f"[bold]{shown.name}[/bold] ({shown.slug}): {shown.preset}, {shown.state}")
    console.print(f"Seed {shown.seed}, version {shown.version}, {shown.players} players")
    for parameter in shown.parameters:
        console.print(f"  {parameter.words}  ({parameter.name})", markup=False, highlight=False)
    console.print(
        f"Rounds published: {shown.summary.get('rounds_published')}; next: {shown.next_unit}"
    )
    if shown.finished:
        console.print("Finished.")


@app.command("standings")
def standings(slug: SlugArgument, db: DbOption = None, as_json: JsonOption = False) -> None:
    """Current standings with the preset's tie-break columns."""
    with event_command(db):
        from mashindano.app.documents.standings import build_standings

        shown = build_standings(slug)
    if as_json:
        print_json(shown.to_json())
        return
    for section in shown.sections:
        console.print(standings_grid(section))


@app.command("export")
def export(
    slug: SlugArgument,
    fmt: Annotated[
        str,
        typer.Option("--format", help="json, trf, csv (GAMES.csv) or players (PLAYERS.csv)."),
    ] = "json",
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="File (default stdout).")
    ] = None,
    db: DbOption = None,
) -> None:
    """Write the event: JSON (every fact and the audit log), TRF-16, GAMES.csv or PLAYERS.csv.

    GAMES.csv (with PLAYERS.csv) reads back through `mashindano standings --games`; TRF-16 is
    refused, with the reason, for presets it cannot carry (exit 7)."""
    if fmt not in ("json", "trf", "csv", "players"):
        raise fail(f"--format must be json, trf, csv or players, got {fmt!r}", EXIT_USAGE)
    with event_command(db):
        from mashindano.app import exchange

        if fmt == "json":
            text = json.dumps(exchange.export_event_json(slug), ensure_ascii=False, indent=2) + "\n"
        elif fmt == "trf":
            text = exchange.export_event_trf(slug)
        elif fmt == "players":
            text = exchange.export_event_players_csv(slug)
        else:
            text = exchange.export_event_games_csv(slug)
    if output is None:
        typer.echo(text, nl=False)
    else:
        write_text(output, text)


@app.command("import")
def import_(
    path: Annotated[Path, typer.Argument(help="A JSON file written by `event export`.")],
    slug: Annotated[str | None, typer.Option("--slug", help="Store under another slug.")] = None,
    db: DbOption = None,
    actor: ActorOption = None,
    trf: Annotated[bool, typer.Option("--trf", help="FILE is a TRF file: take over.")] = False,
    name: Annotated[str | None, typer.Option("--name", help="--trf: display name.")] = None,
    strict: Annotated[bool, typer.Option("--strict", help="--trf: refuse oddities.")] = False,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="--trf: store nothing.")] = False,
    team_system: Annotated[
        str | None,
        typer.Option("--team-system", help="--trf team file: round-robin or swiss (default: 092)."),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Recreate an exported event (its facts and audit log) in this database; with --trf, take
    over a chess Swiss in progress from a TRF file (players, rounds, results, byes, XXR, XXA),
    or a team event from a TRF team file (teams, rosters, matches, board results)."""
    if trf:
        from mashindano.cli.event_takeover import take_over

        return take_over(
            path,
            slug,
            name,
            db,
            actor,
            strict=strict,
            dry_run=dry_run,
            as_json=as_json,
            team_system=team_system,
        )
    if name is not None or strict or dry_run or as_json or team_system is not None:
        raise fail(
            "--name, --strict, --dry-run, --team-system and --json go with --trf", EXIT_USAGE
        )
    text = read_text(path)
    with reported_errors():
        document = parse_json(text, source=str(path))
    if not isinstance(document, dict):
        raise fail(f"{path}: not an exported event", EXIT_INVALID_INPUT)
    with event_command(db, create=True):
        from mashindano.app.exchange import import_event_json

        stored = import_event_json(document, actor=acting_principal(actor), slug=slug)
    console.print(f"Imported event {stored}")


@app.command("audit")
def audit(slug: SlugArgument, db: DbOption = None, as_json: JsonOption = False) -> None:
    """The audit log: every write, who, when, before and after."""
    with event_command(db):
        from mashindano.app.documents.audit import build_audit_page

        page = build_audit_page(slug)
    if as_json:
        print_json(page.to_json())
        return
    grid = Table(title=f"Audit log of {slug}", title_justify="left")
    for column in ("Version", "Time (UTC)", "Actor", "Action", "After"):
        grid.add_column(column)
    for a in page.entries:
        grid.add_row(
            str(a.version),
            f"{a.at:%Y-%m-%d %H:%M:%S}"
            + (f"\n(entered {a.recorded_at:%Y-%m-%d %H:%M})" if a.recorded_at else ""),
            a.actor,
            a.action,
            json.dumps(a.after, ensure_ascii=False)[:80],
        )
    console.print(grid)


@app.command("crosstable")
def crosstable(slug: SlugArgument, db: DbOption = None, as_json: JsonOption = False) -> None:
    """Each player's results against every other, in standings order (events scored as one
    stage: chess, Tasaselo)."""
    with event_command(db):
        from mashindano.app.documents.crosstable import build_crosstable

        shown = build_crosstable(slug)
    if as_json:
        print_json(shown.to_json())
        return
    grid = Table(title=f"Crosstable of {shown.name}", title_justify="left")
    grid.add_column("", justify="right")
    grid.add_column("Rank", justify="right")
    grid.add_column("Player")
    for line in range(1, len(shown.players) + 1):
        grid.add_column(str(line), justify="center")  # column k: the player of line k
    grid.add_column("Points", justify="right")
    for line, row in enumerate(shown.rows, start=1):
        cells = (c or "" for c in row.cells)
        grid.add_row(str(line), str(row.rank), row.player.name, *cells, format_points(row.points))
    console.print(grid)


@app.command("print")
def print_(
    slug: SlugArgument,
    output: Annotated[Path, typer.Option("-o", "--output", help="The PDF file to write.")],
    what: Annotated[
        str,
        typer.Option("--what", help="pairings, standings, crosstable, scoresheets or namecards."),
    ] = "pairings",
    number: Annotated[
        int | None,
        typer.Option(
            "--round",
            help="The round (pairings, score sheets: default the latest; standings: after it).",
        ),
    ] = None,
    stage: Annotated[int, typer.Option("--stage", help="The stage of the round.")] = 1,
    group: Annotated[str, typer.Option("--group", help="The group of the round.")] = "",
    paper: Annotated[str, typer.Option("--paper", help="a4 or a3.")] = "a4",
    language: Annotated[
        str | None,
        typer.Option("--lang", help="en, sw, ro, fa or fi (default: the event's language)."),
    ] = None,
    db: DbOption = None,
    actor: ActorOption = None,
) -> None:
    """A printed sheet as PDF: pairings, standings with the tie-break legend, the crosstable,
    score sheets with a QR code of each game's result form, or name cards."""
    with event_command(db):
        from mashindano.app.printing import print_sheet

        sheet = print_sheet(
            slug,
            what,
            number=number,
            stage=stage,
            group=group,
            paper=paper,
            language=language,
            principal=acting_principal(actor),
        )
        data = sheet.pdf()
    try:
        output.write_bytes(data)
    except OSError as exc:
        raise fail(f"{output}: {exc.strerror or exc}", EXIT_FILE_ERROR) from None
    console.print(f"Wrote {output} ({sheet.what}, {sheet.paper.upper()}, {sheet.language})")


@app.command("player")
def player(
    slug: SlugArgument, name: PlayerArgument, db: DbOption = None, as_json: JsonOption = False
) -> None:
    """A player's card: every game and bye with the opponent and result, and the standings."""
    with event_command(db):
        from mashindano.app.documents.player import build_player_card

        card = build_player_card(slug, name)
    if as_json:
        print_json(card.to_json())
        return
    who = card.player
    number = f"#{who.number} " if who.number is not None else ""
    rating = f", rating {who.rating}" if who.rating is not None else ""
    console.print(f"[bold]{number}{who.name}[/bold]{rating}", highlight=False)
    grid = Table(title=f"Games in {card.event}", title_justify="left")
    for column in ("Round", "Board", "Opponent", "Side", "Result", "Outcome", "Status"):
        grid.add_column(column)
    for game in card.games:
        board = str(game.board) + (f".{game.game}" if game.game > 1 else "")
        opponent = game.opponent.name if game.opponent is not None else ""
        grid.add_row(
            game.place.label, board, opponent, game.side, game.result, game.outcome, game.status
        )
    console.print(grid)
    for standing in card.standings:
        console.print(
            f"{standing.title}: rank {standing.row.rank_label}, "
            f"{format_points(standing.row.points)} points"
            + (f" ({standing.row.note})" if standing.row.note else ""),
            markup=False,
        )
    for note in card.notes:
        console.print(f"Note: {note}", markup=False)
