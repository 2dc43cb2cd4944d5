"""Preset name -> format adapter. To add a preset, import its adapter and list it in
`_ADAPTERS`; `PRESETS` names every preset of the rule specs, with or without an adapter yet."""

from __future__ import annotations

from django.utils.translation import gettext

from mashindano.app.errors import UnknownPreset
from mashindano.app.formats.base import FormatAdapter
from mashindano.app.formats.chess_round_robin import ChessRoundRobinAdapter
from mashindano.app.formats.chess_swiss import ChessSwissAdapter
from mashindano.app.formats.gomoku_league import GomokuLeagueAdapter
from mashindano.app.formats.kiba_bao import KibaBaoAdapter
from mashindano.app.formats.kiba_countries import KibaCountriesAdapter
from mashindano.app.formats.tantrix_knockout import TantrixKnockoutAdapter
from mashindano.app.formats.tasaselo import TasaseloAdapter

PRESETS: tuple[str, ...] = (
    "chess-round-robin",
    "chess-swiss",
    "kiba-bao",
    "kiba-countries",
    "gomoku-league",
    "tantrix-knockout",
    "tasaselo",
)

_ADAPTERS: dict[str, FormatAdapter] = {
    adapter.preset: adapter
    for adapter in (
        ChessRoundRobinAdapter(),
        ChessSwissAdapter(),
        GomokuLeagueAdapter(),
        KibaBaoAdapter(),
        KibaCountriesAdapter(),
        TantrixKnockoutAdapter(),
        TasaseloAdapter(),
    )
}


def adapter_for(preset: str) -> FormatAdapter:
    adapter = _ADAPTERS.get(preset)
    if adapter is not None:
        return adapter
    if preset in PRESETS:
        raise UnknownPreset(
            gettext("preset {preset!r} has no event adapter yet (available: {value})").format(
                preset=preset, value=", ".join(_ADAPTERS)
            ),
            preset=preset,
        )
    raise UnknownPreset(
        gettext("unknown preset {preset!r} (known: {value})").format(
            preset=preset, value=", ".join(PRESETS)
        ),
        preset=preset,
    )


def available_presets() -> tuple[str, ...]:
    return tuple(_ADAPTERS)
