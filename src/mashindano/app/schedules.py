"""Rounds on time (issue 33 item 5): an event's next round paired and published by itself,
at a set time or some minutes after the last result of the round before.

The schedule is the event's event-wide parameters (`round_schedule`, `round_times`,
`round_gap_minutes`, read in its `time_zone`: `declarations.event_times.round_times_of`); when
the next pairing falls due is derived from the facts (`schedule_of`):

- "at-times": the n-th pairing of the event (rounds published together count once: a stage
  of groups) at the n-th of `round_times`; none after the last listed time;
- "after-results": `round_gap_minutes` after the last result (report, ruling or correction)
  of the round published last, once every game of it has its result; the first round that
  long after the event started.

`publish_due_rounds(now)`, run by the worker's tick with the time passed in, publishes each
round that fell due through the console's own publication (`drafts.publish_draft`): the
preset's plan with the arbiter's manual changes to the draft and the roll call, by the system,
with why in the audit log. The players are told by the round-published mail the tick then
collects (one per player and round), and the live page sees the event's new version. A round
the rules cannot pair yet (a dispute open, a changed draft with a player left without a board)
waits: it is tried again at the next tick.

The arbiter may hold the schedule (a dispute is open, the hall is not ready) and release it:
each is an `ArbiterOverride` fact (`schedule-hold`: held or not, who, when, why) with its audit
entry; the latest one counts. While held nothing is published by itself; pairing by hand stays
possible.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.utils.translation import gettext

from mashindano.app.declarations.event_times import RoundTimes, local_text, round_times_of
from mashindano.app.declarations.parameters import event_wide_values
from mashindano.app.errors import StaleVersion, WrongState
from mashindano.app.formats.base import PairingUnit
from mashindano.app.formats.parts import PAIRING
from mashindano.app.formats.registry import part
from mashindano.app.locking import EventContext, locked_event
from mashindano.app.notify import tell_waiting
from mashindano.app.principals import SYSTEM, Principal
from mashindano.app.queries import get_event_facts
from mashindano.engine.errors import MashindanoError, ParseError
from mashindano.store import models
from mashindano.store.facts import EventFacts, EventState, ReportKind, RoundFact

HOLD = "schedule-hold"
"""Override subject: `{"held": true|false}`, the schedule held or released (the latest counts)."""

_RESULT_KINDS = frozenset({ReportKind.REPORT, ReportKind.RULING, ReportKind.CORRECTION})


@dataclass(frozen=True, slots=True)
class Hold:
    """The schedule's latest hold or release."""

    held: bool
    at: datetime
    actor: str
    reason: str


@dataclass(frozen=True, slots=True)
class Schedule:
    """When the event's next round is paired by itself."""

    mode: str
    """"at-times" or "after-results"."""
    ordinal: int
    """Which pairing of the event comes next (1: the first)."""
    due_at: datetime | None
    """None: not known yet (the round before has open games, the event has not started) or
    no time is left (every listed time was used)."""
    waiting: str
    """Why `due_at` is None: "results", "start", "no-time" or "finished"; "" when known."""
    hold: Hold | None
    """The latest hold or release, if any."""
    times: RoundTimes
    unit: PairingUnit | None = None
    """What the next pairing publishes (None before the start)."""

    @property
    def unit_words(self) -> str:
        """The next pairing in the reader's language ("stage 1 round 2")."""
        return self.unit.words if self.unit is not None else gettext("the first round")

    @property
    def held(self) -> bool:
        return self.hold is not None and self.hold.held

    @property
    def due_text(self) -> str:
        """The due time where the event is played ("2026-12-12 14:00 Africa/... (UTC+03:00)")."""
        return local_text(self.due_at, self.times.zone) if self.due_at is not None else ""

    @property
    def gap_minutes(self) -> int:
        return int(self.times.gap.total_seconds()) // 60

    def is_due(self, now: datetime) -> bool:
        return not self.held and self.due_at is not None and now >= self.due_at


def latest_hold(facts: EventFacts) -> Hold | None:
    found = None
    for override in facts.overrides:
        if override.subject == HOLD and isinstance(override.value, dict):
            found = Hold(
                override.value.get("held") is True, override.at, override.actor, override.reason
            )
    return found


def _publications(facts: EventFacts) -> list[tuple[RoundFact, ...]]:
    """The event's pairings in order: rounds published at one moment (a stage's groups) form
    one."""
    by_time: dict[datetime, list[RoundFact]] = {}
    for round_fact in facts.rounds:
        by_time.setdefault(round_fact.published_at, []).append(round_fact)
    return [tuple(by_time[moment]) for moment in sorted(by_time)]


def _last_result(published: tuple[RoundFact, ...]) -> datetime:
    moments = [
        report.at
        for round_fact in published
        for game in round_fact.games()
        for report in game.reports
        if report.kind in _RESULT_KINDS
    ]
    return max(moments, default=max(r.published_at for r in published))


def schedule_of(facts: EventFacts, started_at: datetime | None) -> Schedule | None:
    """The event's round schedule as the facts stand (None: rounds are paired by hand);
    `started_at`: when the event started (None before)."""
    try:
        times = round_times_of(event_wide_values(facts.parameters))
    except MashindanoError:
        return None
    if times is None:
        return None
    publications = _publications(facts)
    ordinal = len(publications) + 1
    hold = latest_hold(facts)
    due_at: datetime | None = None
    waiting = ""
    unit = (
        part(facts.preset, PAIRING).next_unit(facts) if facts.state is EventState.RUNNING else None
    )
    if facts.state is EventState.RUNNING and unit is None:
        waiting = "finished"
    elif times.mode == "at-times":
        if ordinal <= len(times.times):
            due_at = times.times[ordinal - 1]
        else:
            waiting = "no-time"
    elif not publications:
        if started_at is None:
            waiting = "start"
        else:
            due_at = started_at + times.gap
    elif not all(r.is_complete() for r in publications[-1]):
        waiting = "results"
    else:
        due_at = _last_result(publications[-1]) + times.gap
    return Schedule(times.mode, ordinal, due_at, waiting, hold, times, unit)


def event_schedule(slug: str) -> Schedule | None:
    """The event's round schedule now (None: rounds are paired by hand)."""
    facts = get_event_facts(slug)
    started = models.Event.objects.filter(slug=slug).values_list("started_at", flat=True).first()
    return schedule_of(facts, started)


# -- the worker -------------------------------------------------------------------------------


def publish_due_rounds(now: datetime) -> tuple[RoundFact, ...]:
    """Publish each running event's next round whose time has come at `now` (not held), as
    the console publishes its draft. Idempotent: a published round moves the schedule on."""
    from mashindano.app.drafts import publish_draft  # drafts render the explanation (documents)

    published: list[RoundFact] = []
    rows = models.Event.objects.filter(state=EventState.RUNNING.value).only(
        "id", "slug", "name", "parameters", "started_at"
    )
    for event in rows.iterator():
        try:
            if round_times_of(event_wide_values(event.parameters or {})) is None:
                continue
        except MashindanoError:
            continue
        facts = get_event_facts(event.slug)
        schedule = schedule_of(facts, event.started_at)
        if schedule is None or not schedule.is_due(now):
            continue
        try:
            # At the version checked: a round paired by hand (or a hold) meanwhile wins.
            round_fact = publish_draft(
                event.slug,
                version=facts.version,
                reason=f"published on schedule (due {schedule.due_text})",
                actor=SYSTEM,
                now=now,
            )
        except StaleVersion:
            continue  # changed since the check (paired by hand, held): looked at again
        except MashindanoError as error:
            # Not pairable yet (a dispute, a draft with a player without a board): tried again
            # at the next tick; the officials are told once why it waits.
            tell_waiting(
                event,
                task="round",
                round_number=schedule.unit.number if schedule.unit is not None else None,
                due_at=schedule.due_at or now,
                due=schedule.due_text,
                why=error.message,
                now=now,
            )
            continue
        published.append(round_fact)
    return tuple(published)


# -- hold and release -------------------------------------------------------------------------


def _check_schedule(facts: EventFacts) -> None:
    if schedule_of(facts, None) is None:
        raise WrongState(
            gettext(
                "event {slug!r} pairs its rounds by hand (round_schedule is by-hand); there is "
                "no schedule to hold or release"
            ).format(slug=facts.slug),
            event=facts.slug,
        )


def hold_schedule(slug: str, *, reason: str, actor: Principal, now: datetime | None = None) -> Hold:
    """Stop the rounds from being published by themselves until released (why is required)."""
    if not reason.strip():
        raise ParseError(
            gettext("holding the schedule needs a reason (it is kept in the log)"),
            code="missing_parameter",
            parameter="reason",
        )
    with locked_event(slug, actor, "schedule.hold", now=now) as context:
        facts = context.facts()
        _check_schedule(facts)
        current = latest_hold(facts)
        if current is not None and current.held:
            raise WrongState(
                gettext(
                    "the schedule of {slug!r} is already held, since {at} by {actor}: {reason}"
                ).format(
                    slug=slug,
                    at=f"{current.at:%Y-%m-%d %H:%M} UTC",
                    actor=current.actor,
                    reason=current.reason,
                ),
                event=slug,
            )
        return _store_hold(context, True, reason.strip())


def release_schedule(
    slug: str, *, reason: str = "", actor: Principal, now: datetime | None = None
) -> Hold:
    """Let the schedule go on: a round whose time has passed is published at the next tick."""
    with locked_event(slug, actor, "schedule.release", now=now) as context:
        facts = context.facts()
        _check_schedule(facts)
        current = latest_hold(facts)
        if current is None or not current.held:
            raise WrongState(
                gettext("the schedule of {slug!r} is not held").format(slug=slug), event=slug
            )
        return _store_hold(context, False, reason.strip())


def _store_hold(context: EventContext, held: bool, reason: str) -> Hold:
    models.ArbiterOverride.objects.create(
        event=context.event,
        subject=HOLD,
        value={"held": held},
        at=context.now,
        actor=context.actor,
        reason=reason,
    )
    context.record(before={"held": not held}, after={"held": held, "reason": reason})
    return Hold(held, context.now, context.actor, reason)
