"""A single command run without building the Typer application (issue 28, start-up).

Typer checks each parameter's value with a Pydantic `TypeAdapter` built at every run; for a
command with a dozen options that costs more than the command itself (`standings --trf` of a
300-player file). The console script (`cli/launch.py`) therefore first offers the command line
to `run_quick`: when it names a single command (`standings`, `tiebreaks`, `simulate`, a
preset's command...) and every word is an unambiguous use of that command's own options, read
from its signature (the one definition: names, types, defaults, `min`/`max`), the function is
called directly. Anything else (`--help`, an unknown or repeated option, a value Typer would
have to convert or refuse, an option with a callback or an environment variable...) returns
None and goes through Typer, so help and error messages stay Typer's own.
"""

from __future__ import annotations

import errno
import os
import re
import sys
import typing
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import Any, get_args

import typer
from typer.models import ArgumentInfo, OptionInfo, ParameterInfo
from typer.utils import get_params_from_function

from mashindano.cli.preset_parts import LazyCommand

_SIMPLE = (str, int, bool, Path)
"""The value types read here; any other (lists, enums, floats, files...) goes to Typer."""

_INTEGER = re.compile(r"[0-9]+")

_UNSUPPORTED = (
    "callback",
    "is_eager",
    "envvar",
    "default_factory",
    "parser",
    "clamp",
    "exists",
    "file_okay",
    "dir_okay",
    "writable",
    "readable",
    "resolve_path",
    "allow_dash",
    "path_type",
    "expose_value",
)
"""Parameter settings that change how Typer reads a value: a parameter using any of them
(other than as its default) sends the command to Typer."""

_OPTION_UNSUPPORTED = ("prompt", "confirmation_prompt", "count")


@dataclass(frozen=True)
class _Parameter:
    name: str
    kind: type
    default: Any
    info: ParameterInfo
    flags: dict[str, bool]
    """For a bool option: each of its names and the value it sets."""
    names: tuple[str, ...]
    """For another option: its names."""

    @property
    def is_argument(self) -> bool:
        return isinstance(self.info, ArgumentInfo)


def run_quick(args: Sequence[str], commands: Sequence[LazyCommand]) -> int | None:
    """Run `args` (the words after `mashindano`) when they are a plain use of one of the single
    `commands`, and return its exit code; None when Typer must read them."""
    if not args or f"_{_program()}_COMPLETE".replace("-", "_").upper() in os.environ:
        # Shell completion asks Typer.
        return None
    entry = next((c for c in commands if c.name == args[0] and not c.is_group), None)
    if entry is None:
        return None
    function = getattr(import_module(entry.module), entry.attribute)
    parameters = _parameters(function)
    if parameters is None:
        return None
    values = _parse(parameters, list(args[1:]))
    if values is None:
        return None
    return _call(function, values)


def _program() -> str:
    return os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else "mashindano"


def _parameters(function: Callable[..., Any]) -> list[_Parameter] | None:
    """The function's parameters as Typer reads them (`typer.utils.get_params_from_function`,
    then `typer.main._get_param`'s choices), or None if one is beyond this reader."""
    try:
        metas = get_params_from_function(function)
    except Exception:
        return None  # Typer reports the declaration error
    found: list[_Parameter] = []
    for meta in metas.values():
        if isinstance(meta.default, ParameterInfo):
            info = meta.default
            default = info.default
        elif meta.default is meta.empty or meta.default is ...:
            info, default = ArgumentInfo(), ...
        else:
            info, default = OptionInfo(), meta.default
        made = _parameter(meta.name, meta.annotation, default, info)
        if made is None:
            return None
        found.append(made)
    return found


def _parameter(name: str, annotation: Any, default: Any, info: ParameterInfo) -> _Parameter | None:
    kind = _simple_type(annotation)
    if kind is None or not isinstance(info, (OptionInfo, ArgumentInfo)):
        return None
    plain = type(info)()
    settings = _UNSUPPORTED + (_OPTION_UNSUPPORTED if isinstance(info, OptionInfo) else ())
    if any(getattr(info, s, None) != getattr(plain, s, None) for s in settings):
        return None
    if default is not ... and default is not None and type(default) is not kind:
        return None  # Typer would convert the default: leave it to Typer
    if isinstance(info, ArgumentInfo):
        if kind is bool:
            return None
        return _Parameter(name, kind, default, info, {}, ())
    declared = list(info.param_decls or ())
    if not declared:
        dashed = "--" + name.replace("_", "-")
        declared = [f"{dashed}/--no-{name.replace('_', '-')}" if kind is bool else dashed]
    flags: dict[str, bool] = {}
    names: list[str] = []
    for declaration in declared:
        on, _, off = declaration.partition("/")
        for word, value in ((on, True), (off, False)):
            word = word.strip()
            if not word:
                continue
            if not word.startswith("-") or " " in word:
                return None  # a parameter name, or a form this reader does not know
            if kind is bool:
                flags[word] = value
            elif off:
                return None
            else:
                names.append(word)
    if not (flags or names):
        return None
    return _Parameter(name, kind, default, info, flags, tuple(names))


def _simple_type(annotation: Any) -> type | None:
    """`T` for an annotation `T` or `T | None` with T one of `_SIMPLE`."""
    options = [a for a in get_args(annotation) if a is not type(None)]
    if get_args(annotation) and len(options) == 1 and len(get_args(annotation)) == 2:
        annotation = options[0]
    return annotation if annotation in _SIMPLE else None


def _parse(parameters: list[_Parameter], words: list[str]) -> dict[str, Any] | None:
    """The values of every parameter, or None for anything Typer must read or refuse."""
    by_name: dict[str, _Parameter] = {}
    for parameter in parameters:
        for name in (*parameter.flags, *parameter.names):
            if name in by_name:
                return None
            by_name[name] = parameter
    values: dict[str, Any] = {}
    arguments = [p for p in parameters if p.is_argument]
    position = 0
    while words:
        word = words.pop(0)
        if word == "-":
            return None  # standard input to some readers: Typer decides
        if not word.startswith("-"):
            if position >= len(arguments) or word == "":
                return None
            parameter = arguments[position]
            position += 1
            text = word
        else:
            name, equals, given = word.partition("=")
            if equals and not name.startswith("--"):
                return None  # `-o=x` is the value "=x" to Click
            found = by_name.get(name)
            if found is None or found.name in values:
                return None  # unknown (`--help` too), or repeated
            parameter = found
            if parameter.kind is bool:
                if equals:
                    return None
                values[parameter.name] = parameter.flags[name]
                continue
            if equals:
                text = given
            elif words and words[0] and not words[0].startswith("-"):
                text = words.pop(0)
            else:
                return None
        value = _value(parameter, text)
        if value is None:
            return None
        values[parameter.name] = value
    for parameter in parameters:
        if parameter.name not in values:
            if parameter.default is ...:
                return None  # missing: Typer says so
            values[parameter.name] = parameter.default
    return values


def _value(parameter: _Parameter, text: str) -> Any:
    """`text` as the parameter's type, or None where Typer's own check is needed."""
    if text == "":
        return None
    if parameter.kind is str:
        return text
    if parameter.kind is Path:
        return Path(text)
    if not _INTEGER.fullmatch(text):
        return None
    number = int(text)
    info = parameter.info
    if (info.min is not None and number < info.min) or (info.max is not None and number > info.max):
        return None
    return number


def _call(function: Callable[..., Any], values: dict[str, Any]) -> int:
    """Call the command as Typer's `main` would, with its handling of exits and errors."""
    from typer._click.exceptions import ClickException

    try:
        try:
            function(**values)
        except EOFError as error:
            print(file=sys.stderr)
            raise typer.Abort() from error
        except KeyboardInterrupt:
            return 130
        except ClickException as error:
            from typer import rich_utils

            rich_utils.rich_format_error(error)
            return error.exit_code
        except OSError as error:
            if error.errno != errno.EPIPE:
                raise
            from typer._click.utils import PacifyFlushWrapper

            sys.stdout = typing.cast(typing.TextIO, PacifyFlushWrapper(sys.stdout))
            sys.stderr = typing.cast(typing.TextIO, PacifyFlushWrapper(sys.stderr))
            return 1
    except typer.Exit as done:
        return done.exit_code
    except typer.Abort:
        from typer import rich_utils

        rich_utils.rich_abort_error()
        return 1
    return 0
