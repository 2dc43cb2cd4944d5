"""The preset's registration: its parts join the shared registries when Django loads it."""

from __future__ import annotations

from django.apps import AppConfig


class Preset(AppConfig):
    name = "mashindano.presets.knockout"
    label = "preset_knockout"
    verbose_name = "knockout"

    def ready(self) -> None:
        from mashindano.app.demo import DEMO_HOOKS, DemoPlan
        from mashindano.app.documents.presets import DOCUMENT_HOOKS
        from mashindano.app.exchange import TRF_HOOKS, TrfPart
        from mashindano.app.formats.registry import register_adapter
        from mashindano.presets.knockout import pages
        from mashindano.presets.knockout.adapter import KnockoutAdapter

        adapter = KnockoutAdapter()
        register_adapter(adapter)
        DOCUMENT_HOOKS.register(adapter.preset, pages.PAGES)
        DEMO_HOOKS.register(
            adapter.preset,
            DemoPlan(players=12, parameters={"elimination": "double", "best_of": "3"}),
        )
        TRF_HOOKS.register(
            adapter.preset,
            TrfPart(refusal="elimination brackets (matches of several games, a losers' bracket)"),
        )
