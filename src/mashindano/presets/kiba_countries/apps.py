"""The preset's registration: its parts join the shared registries when Django loads it."""

from __future__ import annotations

from django.apps import AppConfig


class Preset(AppConfig):
    name = "mashindano.presets.kiba_countries"
    label = "preset_kiba_countries"
    verbose_name = "kiba-countries"

    def ready(self) -> None:
        from mashindano.app.demo import DEMO_HOOKS, DEMO_SITE_GAMES, DemoPlan, decisive_result
        from mashindano.app.documents.tiebreaks import COLUMN_HOOKS
        from mashindano.app.exchange import TRF_HOOKS, TrfPart
        from mashindano.app.formats.registry import register_adapter
        from mashindano.presets.kiba_countries.adapter import KibaCountriesAdapter
        from mashindano.presets.kiba_countries.columns import COLUMNS

        adapter = KibaCountriesAdapter()
        register_adapter(adapter)
        COLUMN_HOOKS.register(adapter.preset, COLUMNS)
        TRF_HOOKS.register(
            adapter.preset,
            TrfPart(refusal="a countries match of several games per player in one round"),
        )
        DEMO_HOOKS.register(
            adapter.preset,
            DemoPlan(
                # The first twelve demo players: TZA and UGA field their three best by KIBA
                # score each; KEN sits out.
                players=12,
                parameters={"countries": "TZA,UGA"},
                result=decisive_result,
                games_played=DEMO_SITE_GAMES,
            ),
        )
