"""The kiba-countries preset (KIBA countries event): every part of it lives in this package and is
registered by `apps.Preset.ready()`."""
