"""The preset's registration: its parts join the shared registries when Django loads it."""

from __future__ import annotations

from django.apps import AppConfig


class Preset(AppConfig):
    name = "mashindano.presets.chess_swiss"
    label = "preset_chess_swiss"
    verbose_name = "chess-swiss"

    def ready(self) -> None:
        from django.utils.translation import gettext_lazy

        from mashindano.app.demo import DEMO_HOOKS, DemoPlan, LivePlan
        from mashindano.app.exchange import TRF_HOOKS, TrfPart
        from mashindano.app.formats.registry import register_adapter
        from mashindano.app.person_record import GAME_KIND_HOOKS, GameKind
        from mashindano.engine.person_record import RatingRules
        from mashindano.presets.chess_swiss.adapter import INITIAL_COLOUR_LOT, ChessSwissAdapter

        adapter = ChessSwissAdapter()
        register_adapter(adapter)
        # The game its record counts in (issue 31 item 5).
        GAME_KIND_HOOKS.register(
            adapter.preset,
            GameKind("chess", gettext_lazy("Chess"), RatingRules(default_rating=1500, k=20)),
        )
        TRF_HOOKS.register(
            adapter.preset,
            TrfPart(
                tournament_type="Individual: Swiss-System (FIDE Dutch)",
                pairing_system="FIDE_DUTCH_2026",
                initial_colour_lot=INITIAL_COLOUR_LOT,
                takes_over=True,
            ),
        )
        # Live: between rounds 2 and 3 (the organiser pairs round 3 from the console).
        between_rounds = LivePlan(
            "live", "Club Swiss (between rounds)", 12, finished_units=2, priority=20
        )
        DEMO_HOOKS.register(
            adapter.preset,
            DemoPlan(players=12, parameters={"swiss_rounds": "5"}, live=(between_rounds,)),
        )
