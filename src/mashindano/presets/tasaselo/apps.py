"""The preset's registration: its parts join the shared registries when Django loads it."""

from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class Preset(AppConfig):
    name = "mashindano.presets.tasaselo"
    label = "preset_tasaselo"
    verbose_name = "tasaselo"
    console_urls = "mashindano.presets.tasaselo.console_urls"

    def ready(self) -> None:
        from django.utils.translation import gettext_lazy

        from mashindano.app.demo import DEMO_HOOKS, DemoPlan, LivePlan
        from mashindano.app.documents.console import CONSOLE_TAB_HOOKS, ConsoleTab
        from mashindano.app.documents.presets import DOCUMENT_HOOKS
        from mashindano.app.documents.tiebreaks import COLUMN_HOOKS
        from mashindano.app.formats.registry import register_adapter
        from mashindano.app.person_record import GAME_KIND_HOOKS, GameKind
        from mashindano.engine.person_record import RatingRules
        from mashindano.presets.tasaselo import pages
        from mashindano.presets.tasaselo.adapter import TasaseloAdapter
        from mashindano.presets.tasaselo.columns import COLUMNS

        adapter = TasaseloAdapter()
        register_adapter(adapter)
        # The game its record counts in (issue 31 item 5).
        GAME_KIND_HOOKS.register(
            adapter.preset,
            GameKind("chess", gettext_lazy("Chess"), RatingRules(default_rating=1500, k=20)),
        )
        COLUMN_HOOKS.register(adapter.preset, COLUMNS)
        DOCUMENT_HOOKS.register(adapter.preset, pages.PAGES)
        CONSOLE_TAB_HOOKS.register(
            adapter.preset,
            (ConsoleTab("prize-budget", _("Prize budget"), "console:tasaselo-prize-budget"),),
        )
        # Live: round 2 in play, half of its results in.
        in_play = LivePlan(
            "live", "Tasaselo evening (round in play)", 11, finished_units=1, open_unit=True
        )
        DEMO_HOOKS.register(
            adapter.preset, DemoPlan(players=11, parameters={"rounds": "5"}, live=(in_play,))
        )
