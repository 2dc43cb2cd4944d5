"""A knockout round's deadlines: each game's result forms (R16), a match's tiebreak offer
and reply (R20-R22)."""

from __future__ import annotations

from datetime import datetime

from django.utils.translation import gettext

from mashindano.app.documents.deadlines import Deadline
from mashindano.engine.knockout.deadlines import DeadlineLimits, evaluate_follow_up
from mashindano.presets.tantrix_knockout.adapter import knockout_parameters
from mashindano.presets.tantrix_knockout.draws import opted_out_matches, view_match
from mashindano.presets.tantrix_knockout.use_cases import MatchWhere, follow_up_of, form_due
from mashindano.store.facts import EventFacts, RoundFact


def round_deadlines(facts: EventFacts, shown: RoundFact, at: datetime) -> tuple[Deadline, ...]:
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
