"""Preset name -> format adapter. Presets register their adapter when Django loads them
(`mashindano.presets.<name>.apps`, listed in `installed_presets`); the shared core reaches
an adapter only through `adapter_for`. `PRESETS` names the registered presets in their
installation order; `available_presets()` the same names sorted."""

from __future__ import annotations

from django.utils.translation import gettext

from mashindano.app.errors import UnknownPreset
from mashindano.app.formats.base import FormatAdapter

PRESETS: tuple[str, ...] = ()
"""The registered presets, in installation order (the console lists them so)."""

_ADAPTERS: dict[str, FormatAdapter] = {}


def register_adapter(adapter: FormatAdapter) -> None:
    """Called once per preset by its application's `ready()`; a second call for the same
    preset (Django's tests may populate twice) replaces the first."""
    global PRESETS
    _ADAPTERS[adapter.preset] = adapter
    if adapter.preset not in PRESETS:
        PRESETS = (*PRESETS, adapter.preset)


def adapter_for(preset: str) -> FormatAdapter:
    adapter = _ADAPTERS.get(preset)
    if adapter is not None:
        return adapter
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


def available_presets() -> tuple[str, ...]:
    return tuple(sorted(_ADAPTERS))
