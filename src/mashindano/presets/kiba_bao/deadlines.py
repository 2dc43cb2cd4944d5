"""KIBA's deadline of a published round: the first move (R21)."""

from __future__ import annotations

from datetime import datetime

from django.utils.translation import gettext

from mashindano.app.documents.deadlines import Deadline
from mashindano.engine.kiba import first_move_deadline, kiba_parameters
from mashindano.store.facts import EventFacts, RoundFact


def round_deadlines(facts: EventFacts, shown: RoundFact, at: datetime) -> tuple[Deadline, ...]:
    due = first_move_deadline(shown.published_at, kiba_parameters(facts.parameters))
    what = gettext("South's first move in every game of the stage")
    return (Deadline(what, due, "kiba-bao R21"),)
