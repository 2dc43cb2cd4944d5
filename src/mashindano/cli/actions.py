"""Commands built from the declared actions (`app.declarations`): one command per action,
one argument or option per parameter, run through the one generic `perform`.

`add_action_commands(app, group)` adds to a command group (`result`, `tantrix`, `event`, ...)
every declared action whose command line is "group verb". A new action needs no command
written here: declaring it (`app.declarations.catalogue`, an adapter's `actions`) is enough.
`event act SLUG ACTION --param NAME=VALUE` performs any action by its name.

The declarations are imported when the group is built (they import no use case and need no
database); the use cases are imported when a command runs, inside `event_command`.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Annotated, Any

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

if TYPE_CHECKING:
    from mashindano.app.declarations.actions import ActionSpec, Performed
    from mashindano.app.declarations.parameters import ParameterSpec

SLUG = Annotated[str, typer.Argument(help="The event's slug.")]


def _show_round(done: Performed, as_json: bool) -> None:
    from mashindano.app.documents.rounds import build_round_pairings
    from mashindano.cli.event_view import round_table

    published = done.outcome
    shown = build_round_pairings(
        done.slug, published.number, stage=published.stage, group=published.group
    )
    if as_json:
        print_json(shown.to_json())
    else:
        console.print(round_table(shown))


RENDERERS: dict[str, Callable[[Performed, bool], None]] = {"round.pair": _show_round}
"""Actions whose outcome this front end shows as a table rather than as their message."""


def show(done: Performed, as_json: bool) -> None:
    renderer = RENDERERS.get(done.action.name)
    if renderer is not None:
        renderer(done, as_json)
    elif as_json:
        print_json(done.document())
    else:
        console.print(done.message, markup=False)


AtOption = Annotated[
    str | None,
    typer.Option(
        "--at",
        help="When it happened (ISO 8601 with offset, e.g. 2026-03-01T18:00+03:00; default "
        "now): for entering past results. The audit log keeps the real time too.",
    ),
]


def parse_at(text: str | None) -> datetime | None:
    """The --at time; ParseError (exit 3) when it is not an ISO 8601 time with an offset."""
    if text is None:
        return None
    from mashindano.engine.errors import ParseError

    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise ParseError(
            f"--at is not an ISO 8601 time: {text!r} (e.g. 2026-03-01T18:00+03:00)"
        ) from None
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ParseError(f"--at needs a UTC offset: {text!r} (e.g. 2026-03-01T18:00+00:00)")
    return moment


def run_action(
    slug: str,
    name: str,
    raw: dict[str, object],
    db: str | None,
    actor: str | None,
    at: str | None = None,
) -> Performed:
    """Perform the action and return what was done (errors become exit codes)."""
    with event_command(db):
        from mashindano.app.performing import perform

        return perform(slug, name, raw, actor=acting_principal(actor), now=parse_at(at))


def _annotation(spec: ParameterSpec) -> tuple[Any, object]:
    """The Typer annotation of one parameter and its default (`empty`: required)."""
    from mashindano.app.declarations.parameters import ParameterType

    kinds: dict[ParameterType, type] = {
        ParameterType.INTEGER: int,
        ParameterType.BOOLEAN: bool,
        ParameterType.PLAYERS: list,
        ParameterType.LIST: list,
    }
    kind: Any = kinds.get(spec.type, str)
    if kind is list:
        kind = list[str]
    default: object = inspect.Parameter.empty
    if not spec.required:
        default = spec.default
        if default is None:
            kind = kind | None
    info = (
        typer.Argument(help=spec.help)
        if spec.positional
        else typer.Option(spec.option, help=spec.help or None)
    )
    return Annotated[kind, info], default


def action_command(action: ActionSpec) -> Callable[..., None]:
    """A Typer command for the action: its positional parameters as arguments after the
    slug, the others as options, then --db, --actor, --at (the action's time, for entering
    past results) and --json (when it has a document)."""
    fields = sorted(action.fields, key=lambda spec: not spec.positional)
    keyword = inspect.Parameter.KEYWORD_ONLY
    parameters = [inspect.Parameter("slug", keyword, annotation=SLUG)]
    for spec in fields:
        annotation, default = _annotation(spec)
        parameters.append(
            inspect.Parameter(spec.name, keyword, annotation=annotation, default=default)
        )
    parameters.append(inspect.Parameter("db", keyword, annotation=DbOption, default=None))
    parameters.append(inspect.Parameter("actor", keyword, annotation=ActorOption, default=None))
    # --at: the action's time, unless the action has a time of its own by that name (Tantrix
    # offers and agreements say when they were sent or agreed).
    generic_at = all(spec.name != "at" for spec in action.fields)
    if generic_at:
        parameters.append(inspect.Parameter("at", keyword, annotation=AtOption, default=None))
    has_json = action.document is not None or action.name in RENDERERS
    if has_json:
        parameters.append(
            inspect.Parameter("as_json", keyword, annotation=JsonOption, default=False)
        )

    def command(**given: Any) -> None:
        raw = {spec.name: given[spec.name] for spec in action.fields}
        at = given["at"] if generic_at else None
        done = run_action(given["slug"], action.name, raw, given["db"], given["actor"], at)
        show(done, bool(given.get("as_json", False)))

    command.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    command.__annotations__ = {p.name: p.annotation for p in parameters}
    command.__name__ = action.verb.replace("-", "_")
    command.__doc__ = action.help
    return command


def add_action_commands(app: typer.Typer, group: str) -> None:
    """Add a command for every declared action of the command group `group`."""
    from mashindano.app.declarations.actions import unique_actions
    from mashindano.app.declarations.catalogue import COMMON_ACTIONS
    from mashindano.cli.preset_parts import preset_actions

    for action in unique_actions((*COMMON_ACTIONS, *preset_actions())):
        if action.group == group:
            app.command(action.verb, help=action.help)(action_command(action))


def parse_params(items: list[str]) -> dict[str, object]:
    """`--param NAME=VALUE` pairs; a name given twice makes a list (players of an opt-out)."""
    raw: dict[str, object] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise fail(f"--param needs NAME=VALUE, got {item!r}", EXIT_USAGE)
        key = name.strip().replace("-", "_")
        if key in raw:
            before = raw[key]
            raw[key] = [*before, value] if isinstance(before, list) else [before, value]
        else:
            raw[key] = value
    return raw


def act(
    slug: SLUG,
    action: Annotated[str, typer.Argument(help="The action, e.g. result.report, tantrix.offer.")],
    params: Annotated[
        list[str] | None,
        typer.Option("--param", help="A parameter NAME=VALUE (repeat; repeat a list's name)."),
    ] = None,
    db: DbOption = None,
    actor: ActorOption = None,
    at: AtOption = None,
    as_json: JsonOption = False,
) -> None:
    """Perform any declared action by its name (`event actions SLUG` lists them)."""
    done = run_action(slug, action, parse_params(params or []), db, actor, at)
    show(done, as_json)


def actions(slug: SLUG, db: DbOption = None, as_json: JsonOption = False) -> None:
    """The actions you may perform in the event now, with their parameters."""
    with event_command(db):
        from mashindano.app.performing import available_actions

        found = available_actions(slug, acting_principal(None))
    if as_json:
        print_json([action.to_json() for action in found])
        return
    for action in found:
        fields = " ".join(
            f"{spec.name}=" + ("..." if spec.required else repr(spec.default))
            for spec in action.fields
        )
        console.print(f"{action.name}: {action.label}  {fields}".rstrip(), markup=False)
