"""Refusals of the use cases. Each names the event, round, board or player concerned.

Two families, so that the edges can map them to status or exit codes:
`NotFound` (unknown event, player, game, preset) and `Refused` (the request is well formed but
the event's state does not allow it: wrong state, duplicate, out of window, stale version).
Malformed values keep using the engine's `ParseError`, `IllegalResult` and `ConfigError`.
"""

from __future__ import annotations

from collections.abc import Sequence

from mashindano.engine.errors import ConfigError, MashindanoError


class AppError(MashindanoError):
    code = "app_error"


class NotFound(AppError):
    code = "not_found"


class UnknownEvent(NotFound):
    code = "unknown_event"


class UnknownSeries(NotFound):
    code = "unknown_series"


class UnknownPlayer(NotFound):
    code = "unknown_player"


class UnknownGame(NotFound):
    code = "unknown_game"


class UnknownPreset(NotFound):
    code = "unknown_preset"


class Refused(AppError):
    code = "refused"


class WrongState(Refused):
    """The event (or round, or game) is not in a state that allows the request."""

    code = "wrong_state"


class Duplicate(Refused):
    """The thing exists already: an event slug, a player, a second report of a game."""

    code = "duplicate"


class DuplicateReport(Duplicate):
    code = "duplicate_report"


class OutOfWindow(Refused):
    """A report for a game whose reporting window is closed (an earlier round, a closed
    month): an arbiter's correction is the way to change it."""

    code = "out_of_window"


class StaleVersion(Refused):
    """The caller saw an older version of the event (a web form left open)."""

    code = "stale_version"


class NotAllowed(AppError):
    """The principal's roles in the event do not allow the request."""

    code = "not_allowed"


class OwnReport(NotAllowed):
    """A confirmation or dispute of a result by its reporter (or the reporter's side): the
    opponent or an official answers a report (`permissions.check_answer`)."""

    code = "own_report"


class UnknownUser(NotFound):
    code = "unknown_user"


class UnknownAction(NotFound):
    """An action no preset declares (see `app.declarations.actions`)."""

    code = "unknown_action"


class UnsupportedFormat(WrongState):
    """An export format that cannot carry the event's preset (TRF-16 for a KIBA tournament):
    the message says why and which format can."""

    code = "unsupported_format"


class SettingsProblems(ConfigError):
    """Several values of one form refused at once (a new event's slug and settings): the
    first problem's code, message and details, and every problem in `problems` (a form shows
    each at its field)."""

    def __init__(self, problems: Sequence[MashindanoError]) -> None:
        first = problems[0]
        super().__init__(first.message, code=first.code, **first.params)
        self.problems = tuple(problems)
