"""The knockout's part in "my page": each game of the person's asks for their result form
(R16) until they filed it, instead of a report and a confirmation."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext

from mashindano.app.documents.me import FORM, GameAsk, MyPageHooks, OpenAction
from mashindano.presets.tantrix_knockout.results import forms_of
from mashindano.store.facts import ResultStatus


def form_actions(ask: GameAsk) -> Iterable[OpenAction]:
    game, me = ask.game, ask.me
    filed = any(f.player == me for f in forms_of(game))
    open_game = not game.result.is_decided or game.status is ResultStatus.REPORTED
    if "tantrix.form" in ask.allowed and not filed and open_game:
        yield OpenAction(
            FORM,
            ask.facts.slug,
            ask.facts.name,
            gettext("file your result form for {where}").format(where=ask.where),
            "tantrix.form",
            {**ask.fixed, "player": str(me)},
            ask.due,
        )


MY_PAGE = MyPageHooks(game_actions=form_actions)
