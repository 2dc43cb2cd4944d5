"""The tantrix-knockout preset (Tantrix knockout): every part of it lives in this package and is
registered by `apps.Preset.ready()`."""

PRESET_NAME = "tantrix-knockout"
