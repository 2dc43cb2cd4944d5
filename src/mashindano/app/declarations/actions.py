"""What people do in an event, declared once for every front end.

An `ActionSpec` names an action (the key of `permissions.ACTIONS`, which says who may perform
it), gives it a label and help, lists its typed parameters, and names the use case it calls:
`performing.perform` reads the parameters (ParseError naming the field), checks that the
event's preset has the action, and calls the use case with them. A front end renders a form
(web), an endpoint (API) or a command (CLI) from the declaration, and shows the outcome with
the declaration's `message` (one line of text) or `document` (JSON).

The common actions (results, pairing, starting and closing, withdrawals, leaves, sanctions)
are in `catalogue.COMMON_ACTIONS`; each preset's adapter lists its own in `actions`. This
module is the vocabulary and imports neither: `app.performing` finds an event's actions (through
the adapters' registry) and performs them.

Parameters are flat: a game or a match is given by its fields (round, board, game, stage,
group), which a `Composite` turns into the value the use case takes (a `GameRef`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext

from mashindano.app.declarations.parameters import ParameterSpec, parse_value
from mashindano.engine.errors import ParseError
from mashindano.store.facts import EventState, Json

if TYPE_CHECKING:
    pass


def resolve(path: str) -> Any:
    """The object at "module:attribute", imported when first needed (the use cases need
    Django set up; declarations must not)."""
    module, _, attribute = path.partition(":")
    return getattr(importlib.import_module(module), attribute)


@dataclass(frozen=True, slots=True)
class Composite:
    """Several fields that make one value of the use case (a game reference)."""

    name: str
    """The use case's keyword."""
    build: str
    """"module:callable" called with the fields' values by their `keyword`."""
    fields: tuple[ParameterSpec, ...]


Parameter = ParameterSpec | Composite
Message = Callable[[str, Mapping[str, Any], Any], str]
"""(slug, the use case's keyword arguments, its outcome) -> what happened, in words."""


@dataclass(frozen=True, slots=True)
class ActionSpec:
    name: str
    """The action's name in `permissions.ACTIONS` (who may perform it comes from there)."""
    label: str
    help: str
    use_case: str
    """"module:function", called as function(slug, **parameters, actor=..., now=...)."""
    parameters: tuple[Parameter, ...] = ()
    command: str = ""
    """The command line's "group verb" (default: the name, "tantrix.form" -> tantrix form)."""
    states: frozenset[EventState] = frozenset({EventState.RUNNING})
    """When the action is offered (`available_actions`); the use case has the last word."""
    message: Message | None = None
    done: str = ""
    """What happened, as the audit log says it: a sentence in the past tense marked for
    translation, with {actor} and the keys of the audit entry's `after` ("{actor} paired
    round {round}"); empty (or a key missing): the log says the label."""
    document: Callable[[str, Any], Json] | None = None
    """The outcome (with the event's slug) as the JSON of its document (`--json`, the API)."""

    @property
    def fields(self) -> tuple[ParameterSpec, ...]:
        """Every field of the action's form, composites flattened."""
        flat: list[ParameterSpec] = []
        for parameter in self.parameters:
            flat.extend(parameter.fields if isinstance(parameter, Composite) else (parameter,))
        return tuple(flat)

    @property
    def group(self) -> str:
        return (self.command or self.name.replace(".", " ")).split()[0]

    @property
    def verb(self) -> str:
        return (self.command or self.name.replace(".", " ")).split()[1]

    def to_json(self) -> dict[str, Json]:
        return {
            "name": self.name,
            "label": self.label,
            "help": self.help,
            "parameters": [spec.to_json() for spec in self.fields],
        }


@dataclass(frozen=True, slots=True)
class Performed:
    """What `perform` did: the action, the values the use case got, and its outcome."""

    action: ActionSpec
    slug: str
    values: Mapping[str, Any]
    outcome: Any = field(repr=False)

    @property
    def message(self) -> str:
        if self.action.message is None:
            return f"{self.action.label}: done"
        return self.action.message(self.slug, self.values, self.outcome)

    def document(self) -> Json:
        if self.action.document is None:
            return {"action": self.action.name, "message": self.message}
        return self.action.document(self.slug, self.outcome)


def read_parameters(action: ActionSpec, raw: Mapping[str, object]) -> dict[str, Any]:
    """The use case's keyword arguments from raw values (text or JSON) by field name;
    ParseError naming the field that is unknown, missing or unreadable."""
    known = {spec.name for spec in action.fields}
    for name in raw:
        if name not in known:
            listed = ", ".join(spec.name for spec in action.fields) or "none"
            raise ParseError(
                gettext("{name}: unknown parameter {name2!r} (parameters: {listed})").format(
                    name=action.name, name2=name, listed=listed
                ),
                code="unknown_parameter",
                parameter=name,
            )
    values: dict[str, Any] = {}
    for parameter in action.parameters:
        if isinstance(parameter, Composite):
            parts = {spec.keyword: _value(spec, raw) for spec in parameter.fields}
            values[parameter.name] = resolve(parameter.build)(**parts)
        else:
            values[parameter.keyword] = _value(parameter, raw)
    return values


def _value(spec: ParameterSpec, raw: Mapping[str, object]) -> object:
    value = parse_value(spec, raw.get(spec.name))
    return spec.convert(value) if spec.convert is not None else value


def unique_actions(actions: Iterable[ActionSpec]) -> tuple[ActionSpec, ...]:
    """`actions` in their order, each once (two presets may share one, e.g. a forbidden pair)."""
    return tuple(dict.fromkeys(actions))
