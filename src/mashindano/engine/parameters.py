"""Rule-set parameters as data: every preset is a frozen dataclass of parameters with the
spec's defaults, and an organiser overrides any of them by name.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from typing import Any, get_type_hints

from mashindano.engine.errors import ConfigError, MashindanoError
from mashindano.engine.points import parse_points

EVENT_WIDE = frozenset(
    {
        "language",
        "start_at",
        "time_zone",
        "start_automatically",
        "start_reminder_hours",
        "round_schedule",
        "round_times",
        "round_gap_minutes",
    }
)
"""Parameters of the event that no rule reads (the default language of its pages, issue 17;
its announced start and the times of its rounds' pairing, issues 31 and 33):
every preset's settings offer them and `override` passes over them."""


@cache
def _hints(kind: type) -> dict[str, Any]:
    """A parameters dataclass's field types (read once per class)."""
    return get_type_hints(kind)


def override[T](parameters: T, changes: Mapping[str, object]) -> T:
    """Return a copy of a parameters dataclass with `changes` applied.

    Values may be given as text (from a command line or a form) and are converted to the
    field's type; unknown names and unconvertible values raise ConfigError naming the field.
    """
    if not dataclasses.is_dataclass(parameters) or isinstance(parameters, type):
        raise TypeError("override() needs a dataclass instance")
    hints = _hints(type(parameters))
    known = {f.name for f in dataclasses.fields(parameters)}
    converted: dict[str, Any] = {}
    for name, value in changes.items():
        key = name.replace("-", "_")
        if key in EVENT_WIDE:
            continue
        if key not in known:
            raise ConfigError(
                f"unknown parameter {name!r}; known parameters: {', '.join(sorted(known))}",
                parameter=name,
            )
        converted[key] = _convert(key, value, hints[key])
    try:
        return dataclasses.replace(parameters, **converted)
    except (TypeError, ValueError) as exc:
        raise ConfigError(str(exc)) from exc


_KIND_NAMES: dict[object, str] = {
    bool: "yes or no",
    int: "a whole number",
    Fraction: "a number",
}


def _convert(name: str, value: object, hint: object) -> object:
    if not isinstance(value, str):
        return value
    text = value.strip()
    try:
        if hint is bool or hint == "bool":
            lowered = text.lower()
            if lowered in ("1", "true", "yes", "on"):
                return True
            if lowered in ("0", "false", "no", "off"):
                return False
            raise ValueError(text)
        if hint is int:
            return int(text)
        if hint is Fraction:
            return parse_points(text)
    except (ValueError, MashindanoError) as exc:
        raise ConfigError(
            f"parameter {name!r}: {value!r} is not {_KIND_NAMES.get(hint, 'valid')}",
            parameter=name,
            value=value,
        ) from exc
    return text
