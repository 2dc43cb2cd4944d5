"""The chess-round-robin preset (Chess round-robin): every part of it lives in this package and is
registered by `apps.Preset.ready()`."""
