"""The kiba-bao preset (KIBA Bao online tournaments): every part of it lives in this package and is
registered by `apps.Preset.ready()`."""

PRESET_NAME = "kiba-bao"
