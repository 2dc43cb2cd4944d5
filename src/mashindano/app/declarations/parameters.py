"""Typed parameters, for the preset's settings and for the actions people perform.

A `ParameterSpec` says what a front end needs to render and check one field: its name, type,
default, range or choices, a help line and the spec id it comes from. Two uses:

- A preset's settings: `schema_of` derives the specs from the engine's frozen parameters
  dataclass (types from its annotations, defaults from its defaults, help and ranges from a
  table of notes beside it, `parameter_notes`). A preset's `ParameterSchema` turns an event's
  stored overrides into the typed parameters (`build`, the adapter's own reading with every
  check of the dataclass) and back: `parameters_to_json` and `parameters_from_json` are the one
  pair every preset uses.
- An action's inputs (`perform` in `actions`): `parse_value` reads a value given as text (a
  command line, a form) or as JSON (an API call) and names the field when it cannot.

JSON forms: booleans, whole numbers and text as themselves; exact numbers (`Fraction`) as text
("1/2", "5"); choices as their text; lists as JSON lists; compound values (a point system, a
day range...) in the text form `--set NAME=VALUE` accepts ("1,0.5,0", "1,7").
"""

from __future__ import annotations

import dataclasses
import types
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import Enum, StrEnum
from fractions import Fraction
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

from django.utils.translation import gettext

from mashindano.app.declarations.event_times import TIME_EXAMPLE, read_local, read_zone
from mashindano.app.marks import gettext_noop
from mashindano.engine.errors import ConfigError, MashindanoError, ParseError
from mashindano.engine.gomoku.months import Month
from mashindano.engine.points import PointSystem, parse_points
from mashindano.engine.ratings import FIDE_TABLE_8_1_2, ExpectedScoreTable
from mashindano.engine.timestamps import require_aware
from mashindano.interchange.json_read import parse_json
from mashindano.store.facts import Json


class ParameterType(StrEnum):
    BOOLEAN = "boolean"
    INTEGER = "integer"
    NUMBER = "number"
    """An exact number: 1, 0.5, 1/2 (stored as a Fraction)."""
    TEXT = "text"
    CHOICE = "choice"
    LIST = "list"
    """Several values (JSON list; as text, comma-separated)."""
    COMPOUND = "compound"
    """A value with a text form of its own, e.g. win,draw,loss points "1,0.5,0"."""
    TIME = "time"
    """An ISO 8601 time with a UTC offset."""
    PLAYER = "player"
    """A player of the event: name as registered, or number."""
    PLAYERS = "players"
    OBJECT = "object"
    """A JSON object (a result's per-game detail)."""


@dataclass(frozen=True, slots=True)
class ParameterSpec:
    name: str
    type: ParameterType
    default: Json = None
    """The JSON form of the default (None: no value, unless `required`)."""
    required: bool = False
    help: str = ""
    spec: str = ""
    """The rule-book id it comes from (R13, A5, ...), if any."""
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    optional: bool = False
    """None is a valid value (an optional number, "not set")."""
    # -- for actions -----------------------------------------------------------------------
    argument: str = ""
    """The use case's keyword for this value (default: `name`)."""
    flag: str = ""
    """The command-line option (default: --name with dashes); ignored when `positional`."""
    positional: bool = False
    """A command-line argument rather than an option."""
    convert: Callable[[Any], object] | None = None
    """Applied to the checked value before the use case gets it (a flag to an enum...)."""
    # -- for settings ----------------------------------------------------------------------
    path: tuple[str, ...] = ()
    """Where the value sits in the preset's typed parameters (default: (name,))."""
    tiebreaks: bool = False
    """A list of tie-breaks by the names of the engine's registry (`engine.tiebreaks`): the
    forms, the API's schema and the CLI's help list the accepted names and codes."""

    @property
    def keyword(self) -> str:
        return self.argument or self.name

    @property
    def option(self) -> str:
        return self.flag or "--" + self.name.replace("_", "-")

    def to_json(self) -> dict[str, Json]:
        """The field as a form or an API client sees it."""
        document: dict[str, Json] = {
            "name": self.name,
            "type": self.type.value,
            "required": self.required,
            "default": self.default,
            "help": self.help,
        }
        if self.spec:
            document["spec"] = self.spec
        if self.choices:
            document["choices"] = list(self.choices)
        if self.minimum is not None:
            document["minimum"] = self.minimum
        if self.maximum is not None:
            document["maximum"] = self.maximum
        if self.optional:
            document["optional"] = True
        if self.tiebreaks:
            document["tiebreaks"] = True
        return document


# -- reading values -----------------------------------------------------------------------------

_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")


def _bad(spec: ParameterSpec, value: object, what: str) -> ParseError:
    return ParseError(
        gettext("parameter {name!r}: {value!r} is not {what}").format(
            name=spec.name, value=value, what=what
        ),
        code="bad_parameter",
        parameter=spec.name,
        value=str(value),
    )


def _as_text(spec: ParameterSpec, value: object) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise _bad(spec, value, gettext("text"))
    return str(value)


def _read_integer(spec: ParameterSpec, value: object) -> int:
    if isinstance(value, bool):
        raise _bad(spec, value, gettext("a whole number"))
    if isinstance(value, int):
        number = value
    else:
        try:
            number = int(_as_text(spec, value).strip())
        except ValueError:
            raise _bad(spec, value, gettext("a whole number")) from None
    if spec.minimum is not None and number < spec.minimum:
        raise _bad(
            spec,
            value,
            gettext("a whole number of at least {minimum}").format(minimum=spec.minimum),
        )
    if spec.maximum is not None and number > spec.maximum:
        raise _bad(
            spec, value, gettext("a whole number of at most {maximum}").format(maximum=spec.maximum)
        )
    return number


def _read_boolean(spec: ParameterSpec, value: object) -> bool:
    if isinstance(value, bool):
        return value
    lowered = _as_text(spec, value).strip().lower()
    if lowered in _TRUE:
        return True
    if lowered in _FALSE:
        return False
    raise _bad(spec, value, gettext("yes or no"))


def _read_time(spec: ParameterSpec, value: object) -> datetime:
    text = _as_text(spec, value).strip()
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise _bad(spec, value, gettext("an ISO 8601 time (e.g. 2026-03-01T10:00+00:00)")) from None
    return require_aware(moment, f"parameter {spec.name!r}")


def _read_object(spec: ParameterSpec, value: object) -> dict[str, Json]:
    if isinstance(value, str):
        try:
            value = parse_json(value, source=f"parameter {spec.name!r}")
        except ParseError as exc:
            raise ParseError(exc.message, code="bad_parameter", parameter=spec.name) from None
    if not isinstance(value, dict):
        raise _bad(spec, value, gettext("a JSON object ({...})"))
    return value


def _read_list(spec: ParameterSpec, value: object) -> tuple[str, ...]:
    if isinstance(value, str):
        items: Sequence[object] = [part for part in value.split(",") if part.strip()]
    elif isinstance(value, list | tuple):
        items = value
    else:
        raise _bad(spec, value, gettext("a list"))
    return tuple(_as_text(spec, item).strip() for item in items)


def parse_value(spec: ParameterSpec, value: object) -> object:
    """The typed value of one field given as text or JSON (None: the default); ParseError
    naming the field when it cannot be read. `convert` is not applied here."""
    if value is None or (isinstance(value, str) and value == "" and spec.optional):
        if spec.required:
            raise ParseError(
                gettext("parameter {name!r} is required").format(name=spec.name),
                code="missing_parameter",
                parameter=spec.name,
            )
        return None if spec.default is None else parse_value(spec, spec.default)
    match spec.type:
        case ParameterType.BOOLEAN:
            return _read_boolean(spec, value)
        case ParameterType.INTEGER:
            return _read_integer(spec, value)
        case ParameterType.NUMBER:
            try:
                return parse_points(_as_text(spec, value))
            except MashindanoError:
                raise _bad(spec, value, gettext("a number")) from None
        case ParameterType.CHOICE:
            text = _as_text(spec, value).strip()
            if text not in spec.choices:
                raise _bad(spec, value, "one of " + ", ".join(spec.choices))
            return text
        case ParameterType.TIME:
            return _read_time(spec, value)
        case ParameterType.OBJECT:
            return _read_object(spec, value)
        case ParameterType.LIST | ParameterType.PLAYERS:
            return _read_list(spec, value)
    return _as_text(spec, value)


# -- preset settings ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Note:
    """What the dataclass cannot say about a field: help, spec id, range, or that it is kept
    out of forms (`internal`: set by the program, not by an organiser)."""

    help: str
    spec: str = ""
    minimum: int | None = None
    maximum: int | None = None
    internal: bool = False
    tiebreaks: bool = False
    """The value is a list of tie-breaks by name (`ParameterSpec.tiebreaks`)."""


def _text_form(value: object) -> Json:
    """The JSON form of a settings value (see the module's docstring)."""
    match value:
        case None | bool() | int() | str():
            return value
        case Enum():
            return str(value.value)
        case Fraction():
            return str(value)
        case tuple() | list():
            return [_text_form(item) for item in value]
        case PointSystem():
            return f"{value.win},{value.draw},{value.loss}"
        case ExpectedScoreTable():
            if value == FIDE_TABLE_8_1_2:
                return "elo"
            return ",".join(str(bound) for bound in value.upper_bounds)
        case Month():
            return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return ",".join(str(_text_form(getattr(value, f.name))) for f in dataclasses.fields(value))
    return str(value)


def _type_of(hint: object) -> tuple[ParameterType, bool, tuple[str, ...]]:
    """The parameter type of an annotation, whether None is allowed, and the choices."""
    supertype = getattr(hint, "__supertype__", None)
    if supertype is not None:  # a NewType: CompetitorId is text
        return _type_of(supertype)
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        inner = [a for a in get_args(hint) if a is not type(None)]
        kind, _, choices = _type_of(inner[0]) if len(inner) == 1 else (ParameterType.TEXT, 0, ())
        return kind, True, choices
    if origin is Literal:
        return ParameterType.CHOICE, False, tuple(str(a) for a in get_args(hint))
    if isinstance(hint, type) and issubclass(hint, Enum):
        return ParameterType.CHOICE, False, tuple(str(m.value) for m in hint)
    if origin is tuple:
        return ParameterType.LIST, False, ()
    simple = {bool: ParameterType.BOOLEAN, int: ParameterType.INTEGER, str: ParameterType.TEXT}
    if hint in simple:
        return simple[hint], False, ()
    if hint is Fraction:
        return ParameterType.NUMBER, False, ()
    return ParameterType.COMPOUND, False, ()


def schema_of(
    parameters: object,
    notes: Mapping[str, Note],
    *,
    prefix: tuple[str, ...] = (),
    choices: Mapping[str, tuple[str, ...]] | None = None,
) -> tuple[ParameterSpec, ...]:
    """The specs of every field of a parameters dataclass instance (its values are the
    defaults), in field order; `prefix` is where the instance sits in the typed parameters.
    A field without a note is a programming error (KeyError names it)."""
    hints = get_type_hints(type(parameters))
    specs = []
    for field in dataclasses.fields(parameters):  # type: ignore[arg-type]
        note = notes[field.name]
        if note.internal:
            continue
        kind, optional, found = _type_of(hints[field.name])
        listed = (choices or {}).get(field.name, found)
        specs.append(
            ParameterSpec(
                name=field.name,
                type=ParameterType.CHOICE if listed else kind,
                default=_text_form(getattr(parameters, field.name)),
                help=note.help,
                spec=note.spec,
                minimum=note.minimum,
                maximum=note.maximum,
                choices=listed,
                optional=optional,
                path=(*prefix, field.name),
                tiebreaks=note.tiebreaks,
            )
        )
    return tuple(specs)


LANGUAGES = ("en", "sw", "ro", "fa", "fi")
"""The languages of the site's pages (issue 17), English first."""

EVENT_WIDE_FIELDS: tuple[ParameterSpec, ...] = (
    ParameterSpec(
        name="language",
        type=ParameterType.CHOICE,
        default="en",
        help=gettext_noop(
            "Language of the event's pages for a visitor who has not chosen one and whose "
            "browser asks for none of the site's languages"
        ),
        choices=LANGUAGES,
        path=("language",),
    ),
    # -- the announced start (issue 31 item 2) ---------------------------------------------
    ParameterSpec(
        name="start_at",
        type=ParameterType.TEXT,
        default="",
        help=gettext_noop(
            "Announced start: date and time where the event is played, e.g. 2026-12-12 10:00 "
            "(in the event's time zone); shown on its page and in the players' mails"
        ),
        path=("start_at",),
    ),
    ParameterSpec(
        name="time_zone",
        type=ParameterType.TEXT,
        default="UTC",
        help=gettext_noop(
            "Time zone of the event's times, an IANA name such as Africa/Dar_es_Salaam"
        ),
        path=("time_zone",),
    ),
    ParameterSpec(
        name="start_automatically",
        type=ParameterType.BOOLEAN,
        default=False,
        help=gettext_noop(
            "Start the event by itself at the announced start (otherwise an organiser or "
            "arbiter starts it by hand)"
        ),
        path=("start_automatically",),
    ),
    ParameterSpec(
        name="start_reminder_hours",
        type=ParameterType.INTEGER,
        default=24,
        minimum=0,
        maximum=720,
        help=gettext_noop(
            "Hours before the announced start when each registered player is reminded "
            "(0: no reminder)"
        ),
        path=("start_reminder_hours",),
    ),
    # -- rounds on time (issue 33 item 5) ---------------------------------------------------
    ParameterSpec(
        name="round_schedule",
        type=ParameterType.CHOICE,
        default="by-hand",
        choices=("by-hand", "at-times", "after-results"),
        help=gettext_noop(
            "How the next round is paired and published: by hand, by itself at the times "
            "listed in round_times, or by itself round_gap_minutes after the last result of "
            "the round before"
        ),
        path=("round_schedule",),
    ),
    ParameterSpec(
        name="round_times",
        type=ParameterType.LIST,
        default=[],
        help=gettext_noop(
            "With round_schedule at-times: when each round is paired, in order, "
            "comma-separated, e.g. 2026-12-12 10:00, 2026-12-12 14:00 (the event's time zone)"
        ),
        path=("round_times",),
    ),
    ParameterSpec(
        name="round_gap_minutes",
        type=ParameterType.INTEGER,
        default=30,
        minimum=0,
        maximum=10080,
        help=gettext_noop(
            "With round_schedule after-results: minutes between the last result of a round "
            "(or the start, for the first) and the pairing of the next"
        ),
        path=("round_gap_minutes",),
    ),
)
"""Parameters every preset offers that no rule reads (`engine.parameters.EVENT_WIDE`): the
language of its pages, its announced start, and when its rounds are paired by themselves
(read by `declarations.event_times`, `app.start_date` and `app.schedules`)."""


def _given(name: str, overrides: Mapping[str, Json]) -> Json:
    return next((v for k, v in overrides.items() if k.replace("-", "_") == name), None)


def _event_wide_value(spec: ParameterSpec, overrides: Mapping[str, Json]) -> Json:
    """The value of an event-wide parameter: the override, checked, or the default (in its
    JSON form: a choice or text as text, a number, yes/no, a list of texts)."""
    found = _given(spec.name, overrides)
    if found is None or found == "":
        return spec.default
    if spec.type is ParameterType.CHOICE:
        if str(found) not in spec.choices:
            raise ConfigError(
                gettext("parameter {name!r}: {value!r} is not one of {choices}").format(
                    name=spec.name, value=found, choices=", ".join(spec.choices)
                ),
                parameter=spec.name,
            )
        return str(found)
    try:
        value = parse_value(spec, found)
    except ParseError as unread:
        raise ConfigError(unread.message, code="bad_parameter", parameter=spec.name) from None
    if isinstance(value, tuple):
        return list(value)
    return value if isinstance(value, bool | int) else str(value).strip()


def event_wide_value(name: str, overrides: Mapping[str, Json]) -> Json:
    """An event-wide parameter's value for an event's stored overrides (`language`,
    `start_at`, `round_schedule`...)."""
    spec = next(s for s in EVENT_WIDE_FIELDS if s.name == name)
    return _event_wide_value(spec, overrides)


def event_wide_values(overrides: Mapping[str, Json]) -> dict[str, Json]:
    """Every event-wide parameter's value for an event's stored overrides."""
    return {spec.name: _event_wide_value(spec, overrides) for spec in EVENT_WIDE_FIELDS}


def _check_event_times(overrides: Mapping[str, Json]) -> None:
    """The times of the event-wide parameters read in its time zone (each named when wrong)."""
    zone = read_zone(str(event_wide_value("time_zone", overrides)))
    start = event_wide_value("start_at", overrides)
    if start:
        read_local(str(start), zone, parameter="start_at")
    times = event_wide_value("round_times", overrides)
    for text in times if isinstance(times, list) else ():
        read_local(str(text), zone, parameter="round_times")
    if event_wide_value("start_automatically", overrides) is True and not start:
        raise ConfigError(
            gettext(
                "parameter 'start_automatically': the event starts by itself only at an "
                "announced start; set start_at too"
            ),
            parameter="start_automatically",
        )
    if event_wide_value("round_schedule", overrides) == "at-times" and not times:
        raise ConfigError(
            gettext(
                "parameter 'round_times': rounds paired at set times need their times "
                "(e.g. {example}, 2026-12-12 14:00)"
            ).format(example=TIME_EXAMPLE),
            parameter="round_times",
        )


def _number_of(value: Json) -> Fraction | None:
    """A whole or exact number given as JSON or text, else None (the preset's own reading
    then names what is wrong with it)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, str):
        try:
            return parse_points(value.strip())
        except (MashindanoError, ValueError):
            return None
    return None


def range_text(spec: ParameterSpec) -> str:
    """A parameter's declared range in words ("1 to 1000", "at least 0", "at most 365");
    empty when it has none."""
    if spec.minimum is not None and spec.maximum is not None:
        return gettext("{minimum} to {maximum}").format(minimum=spec.minimum, maximum=spec.maximum)
    if spec.minimum is not None:
        return gettext("at least {minimum}").format(minimum=spec.minimum)
    if spec.maximum is not None:
        return gettext("at most {maximum}").format(maximum=spec.maximum)
    return ""


def check_ranges(fields: Sequence[ParameterSpec], overrides: Mapping[str, Json]) -> None:
    """Every parameter's declared range (`Note.minimum`, `Note.maximum`), enforced for every
    front end (issue 30 item 9): the API, the console's forms and the command line's --set all
    pass through `ParameterSchema.build`. ConfigError naming the parameter and its range (where
    the preset checks the value itself, `build` gives the preset's message, naming its rule)."""
    by_name = {spec.name: spec for spec in fields}
    for name, value in overrides.items():
        spec = by_name.get(name.replace("-", "_"))
        if spec is None or (spec.minimum is None and spec.maximum is None):
            continue
        number = _number_of(value)
        if number is None:
            continue
        low = spec.minimum is not None and number < spec.minimum
        high = spec.maximum is not None and number > spec.maximum
        if low or high:
            shown = str(value).strip()
            raise ConfigError(
                gettext("parameter {name!r}: {value} is out of its range ({range})").format(
                    name=spec.name,
                    value=shown if len(shown) <= 40 else shown[:20] + "...",
                    range=range_text(spec),
                ),
                code="out_of_range",
                parameter=spec.name,
                minimum=spec.minimum,
                maximum=spec.maximum,
            )


@dataclass(frozen=True, slots=True)
class FieldGroup:
    """Settings shown together under one heading on the create form; `advanced` ones start
    folded. `title` is marked for translation (`marks.gettext_noop`)."""

    title: str
    names: tuple[str, ...]
    advanced: bool = False


@dataclass(frozen=True, slots=True)
class ParameterSchema:
    """A preset's settings: the fields, and how stored overrides become typed parameters.
    The event-wide fields (`EVENT_WIDE_FIELDS`) are added to every preset's."""

    fields: tuple[ParameterSpec, ...]
    build: Callable[[Mapping[str, Json]], object]
    """The preset's typed parameters from overrides; ConfigError naming a bad parameter."""
    groups: tuple[FieldGroup, ...] = ()
    """How the create form groups the fields (none: one group); a field in no group is shown
    in a last group of its own."""

    def __post_init__(self) -> None:
        names = {spec.name for spec in self.fields}
        added = tuple(spec for spec in EVENT_WIDE_FIELDS if spec.name not in names)
        object.__setattr__(self, "fields", self.fields + added)
        build = self.build

        fields = self.fields

        def checked(overrides: Mapping[str, Json]) -> object:
            for spec in EVENT_WIDE_FIELDS:
                _event_wide_value(spec, overrides)
            _check_event_times(overrides)
            try:
                check_ranges(fields, overrides)
            except ConfigError as outside:
                # A preset that checks the value itself says so with its rule (R13...).
                name = outside.params["parameter"]
                try:
                    build(overrides)
                except ConfigError as own:
                    if own.params.get("parameter") == name or repr(name) in own.message:
                        raise
                except Exception:  # the range refusal below stands
                    pass
                raise outside from None
            return build(overrides)

        object.__setattr__(self, "build", checked)

    def field(self, name: str) -> ParameterSpec:
        key = name.replace("-", "_")
        for spec in self.fields:
            if spec.name == key:
                return spec
        known = ", ".join(sorted(s.name for s in self.fields))
        raise ConfigError(
            gettext("unknown parameter {name!r}; known parameters: {known}").format(
                name=name, known=known
            ),
            parameter=name,
        )

    def to_json(self) -> list[Json]:
        return [spec.to_json() for spec in self.fields]


def _value_at(parameters: object, path: tuple[str, ...]) -> object:
    value = parameters
    for name in path:
        value = getattr(value, name)
    return value


def parameters_to_json(schema: ParameterSchema, overrides: Mapping[str, Json]) -> dict[str, Json]:
    """The effective parameters (defaults with `overrides` applied), every field in its JSON
    form; ConfigError naming the parameter when an override is invalid."""
    built = schema.build(overrides)
    return {
        spec.name: (
            _event_wide_value(spec, overrides)
            if spec in EVENT_WIDE_FIELDS
            else _text_form(_value_at(built, spec.path or (spec.name,)))
        )
        for spec in schema.fields
    }


def _override_text(value: Json) -> Json:
    """A JSON value as the dataclasses read it: lists as comma-separated text."""
    if isinstance(value, list):
        return ",".join(str(_override_text(item)) for item in value)
    return value


def parameters_from_json(schema: ParameterSchema, document: Mapping[str, Json]) -> object:
    """The typed parameters of a JSON document of (some or all) parameters, as
    `parameters_to_json` writes them; ConfigError naming the parameter otherwise."""
    changes = {name: _override_text(value) for name, value in document.items()}
    for name in changes:
        schema.field(name)
    return schema.build(changes)
