"""What a preset adds to the command line, and how the CLI finds it without Django.

A preset package may hold `commands.py` (its `COMMANDS`: lazily loaded commands, listed by
`mashindano --help` after the shared ones) and `simulation.py` (its `SIMULATION`, played by
`mashindano simulate --preset NAME`). The CLI finds them by name in the installed packages
(`installed_presets`), so no shared CLI module imports a preset. A preset's `cli_view.py`
may offer `demo_view` (what `mashindano demo` prints of its event), and its `actions.py` the
`ACTIONS` its adapter declares (the action commands of `result`, `event`, `tantrix`, ...)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from importlib import import_module
from importlib.util import find_spec
from types import ModuleType
from typing import TYPE_CHECKING, Any

from mashindano.installed_presets import PRESET_PACKAGES

if TYPE_CHECKING:
    # For the annotation only: the console script reads this module before it knows which
    # command runs, and `mashindano --help` needs no engine.
    from mashindano.engine.model import Competitor


@dataclass(frozen=True, slots=True)
class LazyCommand:
    """A command (or command group) defined in `module` as `attribute`, loaded when it runs.

    `summary` is what `mashindano --help` shows: the first paragraph of the command's help
    (a test checks that it matches the loaded command)."""

    name: str
    module: str
    attribute: str
    summary: str

    @property
    def is_group(self) -> bool:
        return self.attribute == "app"


@dataclass(frozen=True)
class SimulateOptions:
    seed: int
    changes: dict[str, str]
    months: int | None = None
    standard_games: int | None = None
    rounds: int | None = None
    k: int | None = None


type Runner = Callable[[list[Competitor], SimulateOptions, bool], None]
"""(roster, options, as_json): plays the event and prints it."""


@dataclass(frozen=True, slots=True)
class Simulation:
    preset: str
    run: Runner
    options: frozenset[str] = frozenset()
    """The optional `simulate` options the preset takes (months, standard_games, rounds, k)."""


def preset_modules(name: str) -> Iterator[ModuleType]:
    """Each installed preset's module `name`, for the presets that have one."""
    for package in PRESET_PACKAGES:
        qualified = f"{package}.{name}"
        if find_spec(qualified) is not None:
            yield import_module(qualified)


def preset_commands() -> tuple[LazyCommand, ...]:
    return tuple(c for module in preset_modules("commands") for c in module.COMMANDS)


def preset_actions() -> tuple[Any, ...]:
    """The actions the installed presets declare (`actions.ACTIONS`), ordered by package name
    as `performing.all_actions` orders them by preset; one may appear twice (shared)."""
    return tuple(
        action
        for package in sorted(PRESET_PACKAGES)
        if find_spec(f"{package}.actions") is not None
        for action in import_module(f"{package}.actions").ACTIONS
    )


def demo_views() -> dict[str, Callable[[str], Any]]:
    """What `mashindano demo` prints of a preset's stored demo event beyond its standings (a
    Rich renderable, from the event's slug): the presets' `cli_view.demo_view`, by preset."""
    return {
        module.PRESET_NAME: module.demo_view
        for module in preset_modules("cli_view")
        if hasattr(module, "demo_view")
    }


def simulations() -> dict[str, Simulation]:
    return {s.preset: s for module in preset_modules("simulation") for s in [module.SIMULATION]}
