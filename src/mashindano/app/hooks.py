"""Per-preset hooks, by preset name: how a shared module asks a preset for its part.

Each shared module that lets presets add something declares its own small protocol (a callable
or a frozen record of a few members) and one `Hooks` registry for it, e.g. the deadlines'
`due.DUE_HOOKS` or the documents' `documents.presets.DOCUMENT_HOOKS`. A preset registers its
parts from its application's `ready()` (`mashindano.presets.<name>.apps`); the shared module
then calls `hooks.get(preset)` and never tests a preset by name. A preset without the part is
simply absent (`get` answers None, `get_or(default)` the default)."""

from __future__ import annotations

from collections.abc import Iterator


class Hooks[T]:
    """One shared module's hooks, by preset name."""

    def __init__(self, what: str) -> None:
        self.what = what
        self._by_preset: dict[str, T] = {}

    def register(self, preset: str, hook: T) -> None:
        """A second registration for the same preset replaces the first (Django may load the
        applications again in tests)."""
        self._by_preset[preset] = hook

    def get(self, preset: str) -> T | None:
        return self._by_preset.get(preset)

    def get_or(self, preset: str, default: T) -> T:
        return self._by_preset.get(preset, default)

    def __contains__(self, name: object) -> bool:
        return name in self._by_preset

    def items(self) -> Iterator[tuple[str, T]]:
        return iter(tuple(self._by_preset.items()))

    def __repr__(self) -> str:
        return f"Hooks({self.what!r}: {', '.join(self._by_preset)})"
