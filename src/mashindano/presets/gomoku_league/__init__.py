"""The gomoku-league preset (Gomoku monthly ladder league): every part of it lives in this
package and is registered by `apps.Preset.ready()`."""

PRESET_NAME = "gomoku-league"
