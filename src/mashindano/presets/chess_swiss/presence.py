"""Who is absent when a Swiss round is paired, and who is withdrawn for it (issue 33 item 2).

All of it is derived from the facts: the roll-call marks (`EventFacts.presence`), the leaves
and withdrawals, and the published rounds. A player is absent from round N when the event
has check-in, they are entered and neither withdrawn nor on leave for N, and their latest
roll-call mark for N is not "present". A published round keeps an absence as the bye the
rules gave it; counting past absences reads those byes back (a zero- or half-point bye of a
round the player was neither on leave for nor present at).
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext

from mashindano.app.formats.base import PlannedWithdrawal, PresenceRules
from mashindano.engine.model import ByeKind, CompetitorId
from mashindano.store.facts import EventFacts

ABSENCE_BYES = (ByeKind.ZERO_POINT, ByeKind.HALF_POINT)


def on_leave(facts: EventFacts, competitor: CompetitorId, round_number: int) -> bool:
    return any(
        leave.competitor == competitor and leave.covers(round_number) for leave in facts.leaves
    )


def absent_from(
    facts: EventFacts,
    rules: PresenceRules,
    round_number: int,
    excused: Mapping[CompetitorId, ByeKind],
) -> tuple[CompetitorId, ...]:
    """The players not present for `round_number` (those `excused` already have their bye:
    leave, withdrawal), by pairing number; () without check-in."""
    if not rules.check_in:
        return ()
    present = facts.present_for(round_number)
    ordered = sorted(facts.competitors, key=lambda c: (c.number or 0, c.id))
    return tuple(c.id for c in ordered if c.id not in excused and c.id not in present)


def past_absences(facts: EventFacts, rules: PresenceRules) -> dict[CompetitorId, int]:
    """How many published rounds each player was absent from (see the module's docstring)."""
    counts: dict[CompetitorId, int] = {}
    if not rules.check_in:
        return counts
    for round_fact in facts.rounds:
        if round_fact.stage != 1 or round_fact.group:
            continue
        present = facts.present_for(round_fact.number)
        for encounter in round_fact.encounters:
            player = encounter.first
            withdrawn = facts.withdrawn_from(player)
            if (
                encounter.second is None
                and encounter.bye_kind in ABSENCE_BYES
                and player not in present
                and not on_leave(facts, player, round_fact.number)
                and (withdrawn is None or withdrawn > round_fact.number)
            ):
                counts[player] = counts.get(player, 0) + 1
    return counts


def withdrawals_for(
    facts: EventFacts, rules: PresenceRules, round_number: int, absent: tuple[CompetitorId, ...]
) -> tuple[PlannedWithdrawal, ...]:
    """The absent players whose absence in `round_number` reaches the event's limit: they are
    withdrawn from the round after."""
    limit = rules.withdraw_after
    if limit is None or not absent:
        return ()
    counts = past_absences(facts, rules)
    return tuple(
        PlannedWithdrawal(
            player,
            round_number + 1,
            gettext("absent {count} times (the event withdraws after {limit})").format(
                count=counts.get(player, 0) + 1, limit=limit
            ),
        )
        for player in absent
        if counts.get(player, 0) + 1 >= limit
    )
