"""The preset's registration: its parts join the shared registries when Django loads it."""

from __future__ import annotations

from django.apps import AppConfig


class Preset(AppConfig):
    name = "mashindano.presets.tasaselo"
    label = "preset_tasaselo"
    verbose_name = "tasaselo"

    def ready(self) -> None:
        from mashindano.app.demo import DEMO_HOOKS, DemoPlan
        from mashindano.app.documents.presets import DOCUMENT_HOOKS
        from mashindano.app.documents.tiebreaks import COLUMN_HOOKS
        from mashindano.app.formats.registry import register_adapter
        from mashindano.presets.tasaselo import pages
        from mashindano.presets.tasaselo.adapter import TasaseloAdapter
        from mashindano.presets.tasaselo.columns import COLUMNS

        adapter = TasaseloAdapter()
        register_adapter(adapter)
        COLUMN_HOOKS.register(adapter.preset, COLUMNS)
        DOCUMENT_HOOKS.register(adapter.preset, pages.PAGES)
        DEMO_HOOKS.register(adapter.preset, DemoPlan(players=11, parameters={"rounds": "5"}))
