"""The preset's registration: its parts join the shared registries when Django loads it."""

from __future__ import annotations

from django.apps import AppConfig


class Preset(AppConfig):
    name = "mashindano.presets.chess_round_robin"
    label = "preset_chess_round_robin"
    verbose_name = "chess-round-robin"

    def ready(self) -> None:
        from django.utils.translation import gettext_lazy

        from mashindano.app.demo import DEMO_HOOKS, DemoPlan, LivePlan
        from mashindano.app.exchange import TRF_HOOKS, TrfPart
        from mashindano.app.formats.registry import register_adapter
        from mashindano.app.person_record import GAME_KIND_HOOKS, GameKind
        from mashindano.engine.person_record import RatingRules
        from mashindano.presets.chess_round_robin.adapter import ChessRoundRobinAdapter

        adapter = ChessRoundRobinAdapter()
        register_adapter(adapter)
        # The game its record counts in (issue 31 item 5).
        GAME_KIND_HOOKS.register(
            adapter.preset,
            GameKind("chess", gettext_lazy("Chess"), RatingRules(default_rating=1500, k=20)),
        )
        TRF_HOOKS.register(
            adapter.preset,
            TrfPart(
                tournament_type="Individual: Round-Robin (FIDE Berger tables)",
                pairing_system="BERGER_ROUNDROBIN",
                initial_colour_lot=None,
            ),
        )
        # Live: open for registration (the demo players may join).
        open_event = LivePlan(
            "open", "Spring round robin (registration open)", 5, started=False, priority=30
        )
        DEMO_HOOKS.register(adapter.preset, DemoPlan(players=7, live=(open_event,)))
