"""Preset name -> the parts of its format adapter. Presets register their adapter when Django
loads them (`mashindano.presets.<name>.apps`, listed in `installed_presets`); the shared core
reaches a preset's rules only through `part(preset, KEY)` (the keys and protocols are in
`formats.parts`): a required part from the adapter, an optional one from the adapter when it
declares it, else the part's default. `has_part` says whether a preset fills an optional part.
`PRESETS` names the registered presets in their installation order; `available_presets()` the
same names sorted."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from django.utils.translation import gettext

from mashindano.app.errors import UnknownPreset
from mashindano.app.formats.parts import (
    OPTIONAL_PARTS,
    REQUIRED_PARTS,
    Core,
    Description,
    Pairing,
    Part,
    Results,
    Standings,
)

PRESETS: tuple[str, ...] = ()
"""The registered presets, in installation order (the console lists them so)."""


@dataclass(frozen=True, slots=True)
class _Registered:
    core: Core
    filled: dict[Part[Any], object]
    """Each part the adapter fills (required ones and those it declares) -> the adapter."""


_REGISTERED: dict[str, _Registered] = {}


class PartMismatch(TypeError):
    """An adapter that does not fill what it declares, or fills a part it does not declare."""


def check_parts(adapter: Description) -> None:
    """PartMismatch unless the adapter fills every required part and every part it declares,
    and has no member of an optional part it does not declare (that member would go unheard)."""
    declared = tuple(adapter.parts)
    unknown = [p for p in declared if p not in OPTIONAL_PARTS]
    if unknown:
        raise PartMismatch(f"{adapter.preset}: {unknown} are not optional adapter parts")
    for part in (*REQUIRED_PARTS, *declared):
        missing = sorted(m for m in part.members if not hasattr(adapter, m))
        if missing or not isinstance(adapter, part.protocol):
            raise PartMismatch(f"{adapter.preset}: part {part.name!r} lacks {', '.join(missing)}")
    for part in OPTIONAL_PARTS:
        stray = sorted(m for m in part.members if hasattr(adapter, m))
        if part not in declared and stray:
            raise PartMismatch(
                f"{adapter.preset}: defines {', '.join(stray)} of part {part.name!r} "
                "without declaring it in `parts`"
            )


def register_adapter(adapter: Description) -> None:
    """Called once per preset by its application's `ready()`; a second call for the same
    preset (Django's tests may populate twice) replaces the first. PartMismatch when the
    adapter's parts are not as it declares (`check_parts`)."""
    global PRESETS
    check_parts(adapter)
    filled: dict[Part[Any], object] = dict.fromkeys((*REQUIRED_PARTS, *adapter.parts), adapter)
    _REGISTERED[adapter.preset] = _Registered(_core(adapter), filled)
    if adapter.preset not in PRESETS:
        PRESETS = (*PRESETS, adapter.preset)


def unregister_adapter(preset: str) -> None:
    """Forget a preset and its parts (a test that registered a test-only adapter)."""
    global PRESETS
    _REGISTERED.pop(preset, None)
    PRESETS = tuple(p for p in PRESETS if p != preset)


def _core(adapter: Description) -> Core:
    if not isinstance(adapter, Pairing):
        raise PartMismatch(f"{adapter.preset}: no pairing part")
    if not isinstance(adapter, Results):
        raise PartMismatch(f"{adapter.preset}: no results part")
    if not isinstance(adapter, Standings):
        raise PartMismatch(f"{adapter.preset}: no standings part")
    return Core(adapter, adapter, adapter, adapter)


def _registered(preset: str) -> _Registered:
    registered = _REGISTERED.get(preset)
    if registered is not None:
        return registered
    if preset in PRESETS:
        raise UnknownPreset(
            gettext("preset {preset!r} has no event adapter yet (available: {value})").format(
                preset=preset, value=", ".join(available_presets())
            ),
            preset=preset,
        )
    raise UnknownPreset(
        gettext("unknown preset {preset!r} (known: {value})").format(
            preset=preset, value=", ".join(PRESETS)
        ),
        preset=preset,
    )


def part[P](preset: str, key: Part[P]) -> P:
    """The preset's part `key`: the adapter where it fills the part, else the part's default.
    UnknownPreset for a preset that is not registered."""
    registered = _registered(preset)
    found = registered.filled.get(key)
    if found is not None:
        return cast(P, found)
    if key.default is None:  # a required part: `register_adapter` checked every adapter has it
        raise AssertionError(f"{preset}: required part {key.name!r} missing")
    return key.default(registered.core)


def has_part(preset: str, key: Part[Any]) -> bool:
    """Whether the preset fills the part itself (required parts: always)."""
    return key in _registered(preset).filled


def parts_of(preset: str) -> tuple[Part[Any], ...]:
    """The parts the preset fills: the required ones, then those it declares."""
    return tuple(_registered(preset).filled)


def available_presets() -> tuple[str, ...]:
    return tuple(sorted(_REGISTERED))


def registered_presets() -> tuple[str, ...]:
    """The registered presets in installation order, as they stand now (`PRESETS` imported by
    name is the tuple of the moment of the import: presets registered later are missing)."""
    return PRESETS
