"""The tasaselo preset (Tasaselo): every part of it lives in this package and is
registered by `apps.Preset.ready()`."""

PRESET_NAME = "tasaselo"
