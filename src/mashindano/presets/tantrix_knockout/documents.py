"""A Tantrix knockout match's status at a time: the TP table, the outcome, controller review,
the form deadlines of its games (R16) and the tiebreak arrangement with any default it brings
(R20-R22). `app.tantrix.match_status` derives it; this document shows it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from mashindano.app.formats.base import how_decided
from mashindano.presets.tantrix_knockout.results import tp_text
from mashindano.presets.tantrix_knockout.use_cases import MatchStatus, MatchWhere, match_status
from mashindano.store.facts import Json


@dataclass(frozen=True, slots=True)
class MatchStatusDocument:
    status: MatchStatus
    at: datetime
    """The time the deadlines were judged at."""

    @property
    def title(self) -> str:
        return f"{self.status.a} v {self.status.b}"

    def to_json(self) -> dict[str, Json]:
        status = self.status
        state = status.follow_up
        follow_up: Json = None
        if state is not None:
            follow_up = {
                "offer_due": state.offer_deadline.isoformat(),
                "offer_by": state.offer.by if state.offer is not None else None,
                "reply_due": state.reply_deadline.isoformat() if state.reply_deadline else None,
                "waiting_for": state.waiting_for,
                "arranged": state.is_arranged,
                "default": (
                    {"loser": state.default.loser, "reason": state.default.reason.value}
                    if state.default is not None
                    else None
                ),
                "needs_controller": state.needs_controller,
            }
        return {
            "stage": status.where.stage,
            "round": status.where.round,
            "board": status.where.board,
            "a": status.a,
            "b": status.b,
            "games": [
                {
                    "game": r.game,
                    "label": r.label,
                    "tp": [tp_text(r.tp_a), tp_text(r.tp_b)],
                    "total": [tp_text(r.total_a), tp_text(r.total_b)],
                    "gap": tp_text(r.gap),
                }
                for r in status.table
            ],
            "winner": status.winner,
            "ended_by": status.ended_by,
            "decided": how_decided(status.ended_by),
            "derived_default": status.is_derived_default,
            "controller_review": list(status.controller_review),
            "opt_out": status.opted_out,
            "form_deadlines": [
                {
                    "game": d.game,
                    "due": d.due.isoformat(),
                    "forms": {p: s.value for p, s in d.forms.items()},
                }
                for d in status.form_deadlines
            ],
            "follow_up": follow_up,
        }


def build_match_status(slug: str, where: MatchWhere, at: datetime) -> MatchStatusDocument:
    return MatchStatusDocument(match_status(slug, where, at), at)
