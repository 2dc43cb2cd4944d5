"""The chess-swiss preset (Chess Swiss): every part of it lives in this package and is
registered by `apps.Preset.ready()`."""
