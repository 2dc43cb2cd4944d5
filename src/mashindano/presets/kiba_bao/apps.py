"""The preset's registration: its parts join the shared registries when Django loads it."""

from __future__ import annotations

from django.apps import AppConfig


class Preset(AppConfig):
    name = "mashindano.presets.kiba_bao"
    label = "preset_kiba_bao"
    verbose_name = "kiba-bao"
    urls = ("play/", "mashindano.presets.kiba_bao.play.urls")
    """The game pages of Bao played on the site (`/play/`)."""
    console_urls = "mashindano.presets.kiba_bao.console_urls"
    public_urls = "mashindano.presets.kiba_bao.public_urls"
    api = "mashindano.presets.kiba_bao.api"

    def ready(self) -> None:
        from django.utils.translation import gettext_lazy

        from mashindano.app.demo import DEMO_HOOKS
        from mashindano.app.documents.deadlines import DEADLINE_HOOKS
        from mashindano.app.documents.me import MY_PAGE_HOOKS
        from mashindano.app.documents.presets import DOCUMENT_HOOKS
        from mashindano.app.documents.result_terms import RESULT_TERMS
        from mashindano.app.documents.rounds import CLOCK_HOOKS
        from mashindano.app.documents.tiebreaks import COLUMN_HOOKS
        from mashindano.app.due import DUE_HOOKS
        from mashindano.app.exchange import SERIES_CHECKS, TRF_HOOKS, TrfPart
        from mashindano.app.formats.registry import register_adapter
        from mashindano.app.mail_replies import REPLY_HOOKS
        from mashindano.app.notify import NOTIFY_HOOKS
        from mashindano.app.on_site import PLAY_HOOKS
        from mashindano.app.person_record import GAME_KIND_HOOKS, GameKind
        from mashindano.app.registrations import JOIN_HOOKS
        from mashindano.engine.person_record import RatingRules
        from mashindano.presets.kiba_bao import (
            clocks,
            deadlines,
            demo,
            due,
            joining,
            mail_replies,
            my_page,
            notify,
            pages,
            play_links,
            series,
            terms,
        )
        from mashindano.presets.kiba_bao.adapter import KibaBaoAdapter
        from mashindano.presets.kiba_bao.columns import COLUMNS

        adapter = KibaBaoAdapter()
        register_adapter(adapter)
        # The game its record counts in (issue 31 item 5); KIBA R6: newcomers get 1800.
        GAME_KIND_HOOKS.register(
            adapter.preset,
            GameKind("bao", gettext_lazy("Bao"), RatingRules(default_rating=1800, k=20)),
        )
        COLUMN_HOOKS.register(adapter.preset, COLUMNS)
        DOCUMENT_HOOKS.register(adapter.preset, pages.PAGES)
        DUE_HOOKS.register(adapter.preset, due.DUE)
        MY_PAGE_HOOKS.register(adapter.preset, my_page.MY_PAGE)
        NOTIFY_HOOKS.register(adapter.preset, notify.NOTIFY)
        PLAY_HOOKS.register(adapter.preset, play_links.ON_SITE)
        CLOCK_HOOKS.register(adapter.preset, clocks.round_clock_lines)
        DEADLINE_HOOKS.register(adapter.preset, deadlines.round_deadlines)
        SERIES_CHECKS.register(adapter.preset, series.check_add_event)
        TRF_HOOKS.register(
            adapter.preset,
            TrfPart(refusal="several stages and groups of two-game pairings and a best-of-3 final"),
        )
        DEMO_HOOKS.register(adapter.preset, demo.DEMO)
        JOIN_HOOKS.register(adapter.preset, joining.JOIN)
        REPLY_HOOKS.register(adapter.preset, mail_replies.REPLIES)
        RESULT_TERMS.register(adapter.preset, terms.TERMS)
