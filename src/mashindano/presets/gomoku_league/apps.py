"""The preset's registration: its parts join the shared registries when Django loads it."""

from __future__ import annotations

from django.apps import AppConfig


class Preset(AppConfig):
    name = "mashindano.presets.gomoku_league"
    label = "preset_gomoku_league"
    verbose_name = "gomoku-league"

    def ready(self) -> None:
        from django.utils.translation import gettext_lazy

        from mashindano.app.demo import DEMO_HOOKS, DemoPlan
        from mashindano.app.documents.deadlines import DEADLINE_HOOKS
        from mashindano.app.documents.me import MY_PAGE_HOOKS
        from mashindano.app.documents.presets import DOCUMENT_HOOKS
        from mashindano.app.documents.result_terms import RESULT_TERMS
        from mashindano.app.documents.tiebreaks import COLUMN_HOOKS
        from mashindano.app.due import DUE_HOOKS
        from mashindano.app.exchange import TRF_HOOKS, TrfPart
        from mashindano.app.formats.registry import register_adapter
        from mashindano.app.mail_replies import REPLY_HOOKS
        from mashindano.app.match_times import AGREED_TIMES_HOOKS
        from mashindano.app.notify import NOTIFY_HOOKS
        from mashindano.app.person_record import GAME_KIND_HOOKS, GameKind
        from mashindano.app.registrations import JOIN_HOOKS
        from mashindano.engine.person_record import RatingRules
        from mashindano.presets.gomoku_league import (
            agreed_times,
            deadlines,
            demo,
            due,
            joining,
            mail_replies,
            my_page,
            notify,
            pages,
            terms,
        )
        from mashindano.presets.gomoku_league.adapter import GomokuLeagueAdapter
        from mashindano.presets.gomoku_league.columns import COLUMNS

        adapter = GomokuLeagueAdapter()
        register_adapter(adapter)
        # The game its record counts in (issue 31 item 5).
        GAME_KIND_HOOKS.register(
            adapter.preset,
            GameKind("gomoku", gettext_lazy("Gomoku"), RatingRules(default_rating=1500, k=20)),
        )
        COLUMN_HOOKS.register(adapter.preset, COLUMNS)
        DOCUMENT_HOOKS.register(adapter.preset, pages.PAGES)
        DUE_HOOKS.register(adapter.preset, due.DUE)
        MY_PAGE_HOOKS.register(adapter.preset, my_page.MY_PAGE)
        NOTIFY_HOOKS.register(adapter.preset, notify.NOTIFY)
        JOIN_HOOKS.register(adapter.preset, joining.JOIN)
        REPLY_HOOKS.register(adapter.preset, mail_replies.REPLIES)
        AGREED_TIMES_HOOKS.register(adapter.preset, agreed_times.AGREED_TIMES)
        RESULT_TERMS.register(adapter.preset, terms.TERMS)
        DEADLINE_HOOKS.register(adapter.preset, deadlines.round_deadlines)
        TRF_HOOKS.register(
            adapter.preset,
            TrfPart(
                refusal="a monthly league of four-game matches ranked by coefficient, not by points"
            ),
        )
        DEMO_HOOKS.register(
            adapter.preset,
            DemoPlan(
                players=10,
                parameters={"season_months": "3"},
                settle=demo.settle_month,
                live=(demo.LIVE,),
            ),
        )
