"""The deadlines of a published round, where the preset's engine derives them: KIBA's first
move (R21), a Gomoku match's 48-hour report window and 24-hour dispute window (R45, R47,
A21; none once the month is closed), a Tantrix game's result forms (R16) and a match's
tiebreak offer and reply (R20-R22).

Each deadline says what is due, when, where the rule is written, and the board (and game) it
concerns (none: the whole round). The engine computes every instant; nothing is decided here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from django.utils.translation import gettext

from mashindano.app.formats.gomoku_league_history import (
    first_league_month,
    is_month_closed,
    league_event_parameters,
)
from mashindano.app.formats.tantrix_knockout import knockout_parameters
from mashindano.app.formats.tantrix_knockout_draws import opted_out_matches, view_match
from mashindano.app.tantrix import MatchWhere, follow_up_of, form_due
from mashindano.engine.gomoku import PRESET_NAME as GOMOKU
from mashindano.engine.gomoku.closing import reports_close_at
from mashindano.engine.gomoku.windows import dispute_closes_at, report_deadline
from mashindano.engine.kiba import PRESET_NAME as KIBA
from mashindano.engine.kiba import first_move_deadline, kiba_parameters
from mashindano.engine.knockout.deadlines import DeadlineLimits, evaluate_follow_up
from mashindano.engine.knockout.parameters import PRESET_NAME as TANTRIX
from mashindano.store.facts import EventFacts, Json, ResultStatus, RoundFact


@dataclass(frozen=True, slots=True)
class Deadline:
    what: str
    due: datetime
    spec: str
    board: int | None = None
    """None: every board of the round."""
    game: int | None = None

    def to_json(self) -> dict[str, Json]:
        return {
            "what": self.what,
            "due": self.due.isoformat(),
            "spec": self.spec,
            "board": self.board,
            "game": self.game,
        }


def round_deadlines(facts: EventFacts, shown: RoundFact, at: datetime) -> tuple[Deadline, ...]:
    """The round's deadlines as the facts stand at `at` (offers and replies recorded by
    then); () for presets whose rules set none."""
    found = _BY_PRESET.get(facts.preset)
    return found(facts, shown, at) if found is not None else ()


def _kiba(facts: EventFacts, shown: RoundFact, at: datetime) -> tuple[Deadline, ...]:
    due = first_move_deadline(shown.published_at, kiba_parameters(facts.parameters))
    return (Deadline("South's first move in every game of the stage", due, "kiba-bao R21"),)


def _gomoku(facts: EventFacts, shown: RoundFact, at: datetime) -> tuple[Deadline, ...]:
    parameters = league_event_parameters(facts.parameters)
    first = first_league_month(facts, parameters)
    if first is None or is_month_closed(facts, shown.number):
        return ()  # a closed month is final: nothing is due any more
    month = first.plus(shown.number - 1)
    league = parameters.league
    found: list[Deadline] = []
    for encounter in shown.encounters:
        if encounter.second is None:
            continue
        reported = sorted(r.at for g in encounter.games for r in g.reports if r.result is not None)
        if not reported:
            due = reports_close_at(month, league)
            found.append(
                Deadline(
                    gettext("report of the match"), due, "gomoku-league R45, A21", encounter.board
                )
            )
            continue
        played_at = min(reported[0], month.ends_at)
        due = report_deadline(played_at, league)
        found.append(
            Deadline("reports of the match's games", due, "gomoku-league R45", encounter.board)
        )
        for game in encounter.games:
            if game.status is not ResultStatus.REPORTED:
                continue
            own = min(r.at for r in game.reports if r.result is not None)
            found.append(
                Deadline(
                    gettext("confirmation or dispute of the reported result"),
                    dispute_closes_at(own, league),
                    "gomoku-league R47",
                    encounter.board,
                    game.number,
                )
            )
    return tuple(found)


def _tantrix(facts: EventFacts, shown: RoundFact, at: datetime) -> tuple[Deadline, ...]:
    parameters = knockout_parameters(facts.parameters)
    limits = DeadlineLimits.from_parameters(parameters)
    opted = opted_out_matches(facts)
    found: list[Deadline] = []
    for encounter in shown.encounters:
        if encounter.second is None:
            continue
        board = encounter.board
        for game in encounter.games:
            due = form_due(game, limits)
            if due is not None:
                found.append(
                    Deadline(
                        gettext("result forms"), due, "tantrix-knockout R16", board, game.number
                    )
                )
        where = MatchWhere(shown.number, board, shown.stage)
        view = view_match(shown.number, encounter, parameters, opted_out=where.key in opted)
        follow = follow_up_of(facts, where, view)
        if follow is None:
            continue
        state = evaluate_follow_up(follow.follow_up, at, limits=limits)
        found.append(
            Deadline(
                gettext("offer of dates for the tiebreak games"),
                state.offer_deadline,
                "tantrix-knockout R20, R21",
                board,
            )
        )
        if state.reply_deadline is not None:
            found.append(
                Deadline(
                    gettext("reply to the offer of dates"),
                    state.reply_deadline,
                    "tantrix-knockout R22",
                    board,
                )
            )
    return tuple(found)


_BY_PRESET: dict[str, Callable[[EventFacts, RoundFact, datetime], tuple[Deadline, ...]]] = {
    KIBA: _kiba,
    GOMOKU: _gomoku,
    TANTRIX: _tantrix,
}
