"""The installed presets: one Django application each (`mashindano.presets.<name>`).

This tuple is the registry line a new preset adds. Settings install these packages; each one's
`AppConfig.ready()` registers its adapter and hooks (`app.formats.registry`, `app.hooks`).
The module imports nothing, so the CLI can read it before Django is set up."""

PRESET_PACKAGES: tuple[str, ...] = (
    "mashindano.presets.chess_round_robin",
    "mashindano.presets.chess_swiss",
    "mashindano.presets.kiba_bao",
    "mashindano.presets.kiba_countries",
    "mashindano.presets.gomoku_league",
    "mashindano.presets.tantrix_knockout",
    "mashindano.presets.tasaselo",
    "mashindano.presets.knockout",
)
