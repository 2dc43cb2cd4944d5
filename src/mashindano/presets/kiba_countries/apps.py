"""The preset's registration: its parts join the shared registries when Django loads it."""

from __future__ import annotations

from django.apps import AppConfig


class Preset(AppConfig):
    name = "mashindano.presets.kiba_countries"
    label = "preset_kiba_countries"
    verbose_name = "kiba-countries"

    def ready(self) -> None:
        from django.utils.translation import gettext_lazy

        from mashindano.app.demo import DEMO_HOOKS, DEMO_SITE_GAMES, DemoPlan, decisive_result
        from mashindano.app.documents.tiebreaks import COLUMN_HOOKS
        from mashindano.app.exchange import TRF_HOOKS, TrfPart
        from mashindano.app.formats.registry import register_adapter
        from mashindano.app.person_record import GAME_KIND_HOOKS, GameKind
        from mashindano.engine.person_record import RatingRules
        from mashindano.presets.kiba_countries.adapter import KibaCountriesAdapter
        from mashindano.presets.kiba_countries.columns import COLUMNS

        adapter = KibaCountriesAdapter()
        register_adapter(adapter)
        # The game its record counts in (issue 31 item 5); KIBA R6: newcomers get 1800.
        GAME_KIND_HOOKS.register(
            adapter.preset,
            GameKind("bao", gettext_lazy("Bao"), RatingRules(default_rating=1800, k=20)),
        )
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
