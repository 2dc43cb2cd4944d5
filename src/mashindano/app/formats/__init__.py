"""Format adapters: one per preset, behind the `FormatAdapter` protocol (see `base`).

The registry (every adapter) loads on first use of `adapter_for`, `available_presets` or
`PRESETS`, not when a format module is imported: an adapter imports the document that shapes
its summary (`app.documents.kiba`...), and that document imports the format modules it reads,
so importing either one first must not load every adapter half-way.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mashindano.app.formats.base import FormatAdapter
    from mashindano.app.formats.registry import PRESETS, adapter_for, available_presets

__all__ = ["PRESETS", "FormatAdapter", "adapter_for", "available_presets"]

_LAZY = {
    "FormatAdapter": "mashindano.app.formats.base",
    "PRESETS": "mashindano.app.formats.registry",
    "adapter_for": "mashindano.app.formats.registry",
    "available_presets": "mashindano.app.formats.registry",
}


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(module), name)
