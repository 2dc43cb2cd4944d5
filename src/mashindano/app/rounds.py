"""Pairing: publish the next round (or stage, or month) that the preset's adapter plans."""

from __future__ import annotations

from datetime import datetime

from django.utils.translation import gettext

from mashindano.app.errors import NotFound, WrongState
from mashindano.app.formats.base import PairingPlan
from mashindano.app.formats.parts import PAIRING
from mashindano.app.formats.registry import part
from mashindano.app.locking import (
    SYSTEM_ACTOR,
    EventContext,
    locked_event,
    pause_for_tests,
    write_lots,
)
from mashindano.app.principals import Principal
from mashindano.app.queries import get_event_facts
from mashindano.store import models
from mashindano.store.facts import EventFacts, EventState, Json, ReportKind, RoundFact


def check_pair_next(facts: EventFacts, now: datetime) -> PairingPlan:
    """The plan to publish; the adapter refuses when the event cannot be paired yet. An event
    played in teams (issue 32) is refused: its games are the boards of team matches, paired
    by the team round (`teams.setup.pair_team_round`), never by an individual round."""
    if models.TeamMode.objects.filter(event__slug=facts.slug).exists():
        raise WrongState(
            gettext(
                "event {slug!r} is played in teams: pair its team rounds (the team round "
                "pairing, `team pair`), not individual rounds"
            ).format(slug=facts.slug),
            event=facts.slug,
        )
    if facts.state is not EventState.RUNNING:
        raise WrongState(
            gettext(
                "event {slug!r} is {value}; pairings are published only "
                "while it is running (start it first)"
            ).format(slug=facts.slug, value=facts.state.value),
            event=facts.slug,
            state=facts.state.value,
        )
    return part(facts.preset, PAIRING).plan_next(facts, now)


def pair_next_round(slug: str, *, actor: Principal, now: datetime | None = None) -> RoundFact:
    """Pair and publish the next unit. Two callers at once get one round: the second waits for
    the lock, then sees the first's round and pairs the one after (or is refused because the
    first's round has no results yet)."""
    with locked_event(slug, actor, "round.pair", now=now) as context:
        plan = check_pair_next(context.facts(), context.now)
        do_pair_next(context, plan)
    return published_round(
        get_event_facts(slug), plan.unit.stage, plan.unit.group, plan.unit.number
    )


def do_pair_next(context: EventContext, plan: PairingPlan) -> None:
    event = context.event
    unit = plan.unit
    stage = models.Stage.objects.get(event=event, number=unit.stage)
    round_row = models.Round.objects.create(
        stage=stage,
        group=unit.group,
        number=unit.number,
        published_at=context.now,
        actor=context.actor,
    )
    entry_of = {e.key: e for e in models.Entry.objects.filter(event=event)}
    halfway = len(plan.encounters) // 2
    for index, planned in enumerate(plan.encounters):
        if index == halfway:
            pause_for_tests("pair")
        encounter = models.Encounter.objects.create(
            round=round_row,
            board=planned.board,
            first=entry_of[planned.first],
            second=entry_of[planned.second] if planned.second is not None else None,
            match_rule=planned.match_rule,
            bye_kind=planned.bye.value if planned.bye is not None else "",
        )
        for number, game in enumerate(planned.games, start=1):
            row = models.Game.objects.create(
                encounter=encounter,
                number=number,
                first=entry_of[game.first],
                second=entry_of[game.second],
                first_side=game.first_side.value,
            )
            if game.decided is not None:
                models.ResultReport.objects.create(
                    game=row,
                    kind=ReportKind.RULING.value,
                    result=game.decided.value,
                    actor=SYSTEM_ACTOR,
                    at=context.now,
                    reason=game.reason,
                )
    write_lots(context, plan.lots)
    for withdrawal in plan.withdrawals:
        models.Withdrawal.objects.create(
            entry=entry_of[withdrawal.competitor],
            from_round=withdrawal.from_round,
            at=context.now,
            actor=SYSTEM_ACTOR,
            reason=withdrawal.reason,
        )
    boards: list[Json] = [
        [
            e.board,
            str(e.first),
            str(e.second) if e.second is not None else None,
            e.bye.value if e.bye is not None else None,
        ]
        for e in plan.encounters
    ]
    after: dict[str, Json] = {
        "stage": unit.stage,
        "group": unit.group,
        "round": unit.number,
        "boards": boards,
    }
    if plan.absent:
        after["absent"] = [str(c) for c in plan.absent]
    if plan.withdrawals:
        after["withdrawn"] = [
            {"player": str(w.competitor), "from_round": w.from_round, "reason": w.reason}
            for w in plan.withdrawals
        ]
    context.record(after=after)


def published_round(facts: EventFacts, stage: int, group: str, number: int) -> RoundFact:
    for round_fact in facts.rounds:
        if (round_fact.stage, round_fact.group, round_fact.number) == (stage, group, number):
            return round_fact
    raise NotFound(
        gettext("event {slug!r} has no published round {number}").format(
            slug=facts.slug, number=number
        )
        + (gettext(" in stage {stage}").format(stage=stage) if stage != 1 else "")
        + (gettext(", group {group}").format(group=group) if group else ""),
        event=facts.slug,
        round=number,
    )


def show_round(
    slug: str,
    number: int | None = None,
    *,
    stage: int = 1,
    group: str = "",
    facts: EventFacts | None = None,
) -> RoundFact:
    """A published round (default: the latest); `facts`: the event's, when already loaded."""
    if facts is None:
        facts = get_event_facts(slug)
    if number is None:
        latest = facts.latest_round(stage, group)
        if latest is None:
            raise NotFound(
                gettext("event {slug!r} has no published round yet").format(slug=slug), event=slug
            )
        return latest
    return published_round(facts, stage, group, number)
