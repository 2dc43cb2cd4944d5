"""Format adapters: one per preset, behind the `FormatAdapter` protocol (see `base`)."""

from mashindano.app.formats.base import FormatAdapter
from mashindano.app.formats.registry import PRESETS, adapter_for, available_presets

__all__ = ["PRESETS", "FormatAdapter", "adapter_for", "available_presets"]
