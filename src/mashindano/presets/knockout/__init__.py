"""The knockout preset (issue 27): single and double elimination for any game. Every part of
it lives in this package and is registered by `apps.Preset.ready()`."""

PRESET_NAME = "knockout"
