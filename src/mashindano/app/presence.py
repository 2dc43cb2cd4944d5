"""The roll call before each round (issue 33 item 2): players check in on their page inside
the event's window, the arbiter ticks or unticks them on the roll-call page at any time before
the round is paired. Each mark is a stored fact (`models.Presence`: who, when, present or
not), appended; the latest mark of a player and round holds. Who is absent at pairing time,
and what that gives, is the preset's (`parts.PRESENCE`, its pairing): this module only keeps
the marks and the window.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.utils.translation import gettext

from mashindano.app.errors import Duplicate, OutOfWindow, WrongState
from mashindano.app.formats.base import PresenceRules
from mashindano.app.formats.parts import PAIRING, PRESENCE
from mashindano.app.formats.registry import part
from mashindano.app.locking import locked_event
from mashindano.app.principals import Principal
from mashindano.app.queries import get_entry
from mashindano.engine.model import CompetitorId
from mashindano.store import models
from mashindano.store.facts import EventFacts, EventState, PresenceFact

CHECK_IN_STATES = (EventState.REGISTRATION, EventState.RUNNING)


@dataclass(frozen=True, slots=True)
class CheckInWindow:
    """The roll call of the next round: its number, the rules, when players may check in."""

    round: int
    rules: PresenceRules
    opens: datetime | None
    """None: open already (round 1, or no delay to wait for)."""
    closes: datetime | None
    """None: open until the round is paired."""

    def is_open(self, now: datetime) -> bool:
        return (self.opens is None or now >= self.opens) and (
            self.closes is None or now < self.closes
        )


def check_in_window(facts: EventFacts) -> CheckInWindow | None:
    """The next round's roll call, or None when the event has no check-in or no round left
    to pair."""
    if facts.state not in CHECK_IN_STATES:
        return None
    rules = part(facts.preset, PRESENCE).presence_rules(facts)
    if not rules.check_in:
        return None
    if facts.state is EventState.REGISTRATION:
        number = 1
    else:
        unit = part(facts.preset, PAIRING).next_unit(facts)
        if unit is None:
            return None
        number = unit.number
    previous = facts.latest_round()
    published = previous.published_at if previous is not None and number > 1 else None
    opens, closes = rules.window(published)
    return CheckInWindow(number, rules, opens, closes)


def check_in(
    slug: str,
    player: str,
    *,
    actor: Principal,
    present: bool = True,
    reason: str = "",
    now: datetime | None = None,
) -> PresenceFact:
    """Mark `player` present (or, `present=False`, not present) for the next round. A player
    checks in themselves inside the event's window; an arbiter ticks anyone until the round
    is paired."""
    with locked_event(slug, actor, "player.check_in", now=now) as context:
        facts = context.facts()
        window = check_in_window(facts)
        if window is None:
            raise WrongState(
                gettext("event {slug!r} has no roll call open: {why}").format(
                    slug=slug,
                    why=gettext("it has no check-in")
                    if not part(facts.preset, PRESENCE).presence_rules(facts).check_in
                    else gettext("no round is left to pair"),
                ),
                event=slug,
            )
        entry = get_entry(context.event, player)
        context.grant.require_own((entry.key,), what=f"{entry.name}'s entry")
        key = CompetitorId(entry.key)
        if facts.withdrawn_from(key) is not None:
            raise WrongState(
                gettext("{name} has withdrawn from event {slug!r}").format(
                    name=entry.name, slug=slug
                ),
                event=slug,
                player=entry.key,
            )
        if not context.grant.full and not window.is_open(context.now):
            raise OutOfWindow(_closed(window, context.now), event=slug, round=window.round)
        mark = facts.presence_marks(window.round).get(key)
        if (mark.present if mark is not None else False) == present:
            raise Duplicate(
                (
                    gettext("{name} is already checked in for round {round}")
                    if present
                    else gettext("{name} is not checked in for round {round}")
                ).format(name=entry.name, round=window.round),
                event=slug,
                player=entry.key,
                round=window.round,
            )
        models.Presence.objects.create(
            entry=entry,
            round=window.round,
            present=present,
            at=context.now,
            actor=actor.name,
            reason=reason,
        )
        context.record(
            before=None if mark is None else {"present": mark.present},
            after={"player": entry.key, "round": window.round, "present": present},
        )
    return PresenceFact(key, window.round, present, context.now, actor.name, reason)


def _closed(window: CheckInWindow, now: datetime) -> str:
    if window.opens is not None and now < window.opens:
        return gettext("check-in for round {round} opens at {opens} (UTC)").format(
            round=window.round, opens=window.opens.strftime("%Y-%m-%d %H:%M")
        )
    closes = window.closes.strftime("%Y-%m-%d %H:%M") if window.closes is not None else ""
    return gettext(
        "check-in for round {round} closed at {closes} (UTC); ask the arbiter to tick you"
    ).format(round=window.round, closes=closes)
