"""The roll call, requested byes and late entries of a preset that pairs round by round
(issue 33 items 2 and 3), derived from the facts for every preset that declares them
(`parts.PRESENCE`, `parts.LATE_ENTRIES`) with the parameters of `round_rules`. The preset's
pairing leaves the absent players out itself (its rules say how: a Swiss bye, Tasaselo's
variable selo untouched); this module says who they are and what they get.

All of it is derived from the facts: the roll-call marks (`EventFacts.presence`), the leaves
and withdrawals, and the published rounds. A player is absent from round N when the event
has check-in, they are entered and neither withdrawn nor on leave for N (nor otherwise
excused by the preset), and their latest roll-call mark for N is not "present". A published
round keeps an absence as the bye the rules gave it; counting past absences reads those byes
back (a zero- or half-point bye of a round the player was neither on leave for nor present
at).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from django.utils.translation import gettext

from mashindano.app.errors import WrongState
from mashindano.app.formats.base import PlannedWithdrawal, PresenceRules
from mashindano.app.formats.round_rules import MissedRound, RoundRules
from mashindano.engine.model import Bye, ByeKind, CompetitorId
from mashindano.store.facts import EventFacts, LeaveFact, RoundFact

ABSENCE_BYES = (ByeKind.ZERO_POINT, ByeKind.HALF_POINT)

# -- the roll call ------------------------------------------------------------------------------


def on_leave(facts: EventFacts, competitor: CompetitorId, round_number: int) -> bool:
    return any(
        leave.competitor == competitor and leave.covers(round_number) for leave in facts.leaves
    )


def absent_from(
    facts: EventFacts,
    rules: PresenceRules,
    round_number: int,
    excused: Collection[CompetitorId],
) -> tuple[CompetitorId, ...]:
    """The players not present for `round_number` (those `excused` already have their bye:
    leave, withdrawal), by pairing number; () without check-in."""
    if not rules.check_in:
        return ()
    present = facts.present_for(round_number)
    ordered = sorted(facts.competitors, key=lambda c: (c.number or 0, c.id))
    return tuple(c.id for c in ordered if c.id not in excused and c.id not in present)


def absences_in(facts: EventFacts, round_fact: RoundFact) -> dict[CompetitorId, ByeKind]:
    """The players a published round lists as absent at its roll call, with the bye they got:
    a zero- or half-point bye of a player neither on leave for the round nor withdrawn from
    it, nor marked present."""
    found: dict[CompetitorId, ByeKind] = {}
    if round_fact.stage != 1 or round_fact.group:
        return found
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
            assert encounter.bye_kind is not None
            found[player] = encounter.bye_kind
    return found


def past_absences(facts: EventFacts, rules: PresenceRules) -> dict[CompetitorId, int]:
    """How many published rounds each player was absent from (see the module's docstring)."""
    counts: dict[CompetitorId, int] = {}
    if not rules.check_in:
        return counts
    for round_fact in facts.rounds:
        for player in absences_in(facts, round_fact):
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


# -- requested byes ---------------------------------------------------------------------------


def check_requested_bye(
    facts: EventFacts, leave: LeaveFact, rules: RoundRules, total_rounds: int
) -> None:
    """WrongState when a requested bye (a leave) breaks the event's limits: none in the last
    `no_byes_last_rounds` rounds, at most `max_half_point_byes` half-point byes a player."""
    if rules.no_byes_last_rounds:
        last_open = total_rounds - rules.no_byes_last_rounds
        if leave.to_round > last_open:
            raise WrongState(
                gettext(
                    "byes cannot be requested for the last {count} round(s) of event "
                    "{slug!r}: the last round open to a bye is {last}"
                ).format(count=rules.no_byes_last_rounds, slug=facts.slug, last=last_open),
                event=facts.slug,
                parameter="no_byes_last_rounds",
            )
    limit = rules.max_half_point_byes
    if limit is not None and leave.bye_kind is ByeKind.HALF_POINT:
        taken = sum(
            v.to_round - v.from_round + 1
            for v in facts.leaves
            if v.competitor == leave.competitor and v.bye_kind is ByeKind.HALF_POINT
        )
        asked = leave.to_round - leave.from_round + 1
        if taken + asked > limit:
            raise WrongState(
                gettext(
                    "a player may request {limit} half-point bye(s) in event {slug!r}; "
                    "{taken} taken, {asked} asked"
                ).format(limit=limit, slug=facts.slug, taken=taken, asked=asked),
                event=facts.slug,
                parameter="max_half_point_byes",
            )


# -- late entries -----------------------------------------------------------------------------


def check_takes_late_entries(facts: EventFacts, rules: RoundRules) -> None:
    """WrongState when the event takes no late entries (`late_entries` off)."""
    if not rules.late_entries:
        raise WrongState(
            gettext(
                "event {slug!r} is {value}; players register only before it starts "
                "(it takes no late entries)"
            ).format(slug=facts.slug, value=facts.state.value),
            event=facts.slug,
            state=facts.state.value,
            parameter="late_entries",
        )


def missed_round_byes(
    first_rounds: Iterable[tuple[CompetitorId, int]], rules: RoundRules
) -> tuple[Bye, ...]:
    """Each late entry's missed rounds as the byes the event's rules give them (FIDE C.04
    2.5: none unless the rules say so), from (player, first round) pairs."""
    kind = rules.late_entry_rounds.bye
    return tuple(
        Bye(number, competitor, kind)
        for competitor, first in first_rounds
        for number in range(1, first)
    )


def missed_worth(rules: RoundRules) -> str:
    """What a missed round of a late entry is worth, in words."""
    if rules.late_entry_rounds is MissedRound.HALF:
        return gettext("half a point each")
    return gettext("no points")


def late_entry_note(first: int, rules: RoundRules) -> str:
    """The standings' note of a late entry playing from round `first` ("" for a starter)."""
    if first <= 1:
        return ""
    if first > 2:
        return gettext("late entry from round {first}: rounds 1-{last} {worth}").format(
            first=first, last=first - 1, worth=missed_worth(rules)
        )
    return gettext("late entry from round 2: round 1 {worth}").format(worth=missed_worth(rules))
