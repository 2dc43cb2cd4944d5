"""The league's part in joining: newcomers join while the league runs (in the window the
preset checks, R4), declaring at least 300 games on the site under the league nickname (R6)."""

from __future__ import annotations

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from mashindano.app.registrations import JoinHooks
from mashindano.engine.errors import ParseError
from mashindano.presets.gomoku_league.history import league_event_parameters
from mashindano.store import models


def check_declaration(event: models.Event, games_played: int | None, declaration: bool) -> None:
    """R6: a newcomer declares at least 300 games on the site under the league nickname (the
    number itself is checked by the preset with the window, R4)."""
    if games_played is None:
        raise ParseError(
            gettext(
                "the number of games you played on the site is required (R6: "
                "a newcomer needs at least 300 under the nickname used in "
                "the league)"
            ),
            parameter="games_played",
        )
    least = league_event_parameters(event.parameters or {}).league.newcomer_min_site_games
    if games_played < least:
        raise ParseError(
            gettext(
                "you declared {games_played} games on the site; a newcomer "
                "needs at least {least} under the nickname used in the "
                "league (R6)"
            ).format(games_played=games_played, least=least),
            parameter="games_played",
        )
    if not declaration:
        raise ParseError(
            gettext(
                "confirm the declaration that these games were played under this nickname (R6)"
            ),
            parameter="declaration",
        )


def site_games_enough(event: models.Event, site_games: int) -> bool:
    """R6 met by the games the site itself counted for the person (no claim needed)."""
    least = league_event_parameters(event.parameters or {}).league.newcomer_min_site_games
    return site_games >= least


JOIN = JoinHooks(
    while_running=True,
    check=check_declaration,
    site_games_enough=site_games_enough,
    note=_(
        "Newcomers register on days 1 to 7 of the month and need at least 300 games played on "
        "the site under the nickname they use in the league (R4, R6)."
    ),
    asks_declaration=True,
    games_help=_(
        "Games played on the site under the nickname you use in the league: a newcomer needs "
        "at least 300 (R6)."
    ),
)
