"""KIBA Bao use cases beyond the shared ones: the director's playoff decision (R29 (4), A9).

When players of a group are still tied after score, Neustadtl and KIBA score for a place that
decides who advances, the next stage cannot be paired until the director arranges a playoff
game and records its result: the tied players in the order the playoff placed them. The
decision is stored as a `LotDraw` fact (purpose `kiba-playoff`, no random seed: seed 0) so
that the standings and the advancement are derived from it, exported and imported with the
event, and audited like every write.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from django.utils.translation import gettext

from mashindano.app.errors import Duplicate, UnknownPlayer, WrongState
from mashindano.app.locking import EventContext, locked_event
from mashindano.app.principals import Principal
from mashindano.engine.errors import ParseError
from mashindano.engine.model import CompetitorId
from mashindano.presets.kiba_bao.adapter import refuse_wrong_preset
from mashindano.presets.kiba_bao.stages import (
    PLAYOFF_LOT,
    GroupStage,
    derive_event,
    playoff_outcome,
)
from mashindano.store import models
from mashindano.store.facts import EventFacts, EventState

NO_SEED = 0
"""A playoff is played, not drawn: its LotDraw row carries no seed."""


def _resolve(facts: EventFacts, player: str) -> CompetitorId:
    for c in facts.competitors:
        if c.id == player or (player.isdigit() and c.number == int(player)):
            return c.id
    raise UnknownPlayer(
        gettext("event {slug!r} has no player {player!r}").format(slug=facts.slug, player=player),
        event=facts.slug,
        player=player,
    )


def check_record_playoff(
    facts: EventFacts, round_number: int, group: str, order: Sequence[str]
) -> tuple[GroupStage, tuple[CompetitorId, ...]]:
    """The stage and the placed order, or a refusal naming what is wrong."""
    refuse_wrong_preset(facts)
    if facts.state is not EventState.RUNNING:
        raise WrongState(
            gettext(
                "event {slug!r} is {value}; a playoff is recorded only while it is running"
            ).format(slug=facts.slug, value=facts.state.value),
            event=facts.slug,
            state=facts.state.value,
        )
    placed = tuple(_resolve(facts, p) for p in order)
    if len(placed) < 2 or len(set(placed)) != len(placed):
        raise ParseError(
            gettext("a playoff places two or more different players, best first"),
            players=list(order),
        )
    event = derive_event(facts)
    stage = event.stage(round_number)
    if stage is None:
        raise WrongState(
            gettext("round {round_number} of event {slug!r} is not a published group stage").format(
                round_number=round_number, slug=facts.slug
            ),
            event=facts.slug,
            round=round_number,
        )
    if event.next is None or event.next.number != round_number + 1:
        raise WrongState(
            gettext(
                "the advancement from round {round_number} of event {slug!r} "
                "was fixed when round {value} was paired"
            ).format(round_number=round_number, slug=facts.slug, value=round_number + 1),
            event=facts.slug,
            round=round_number,
        )
    table = stage.table(group)
    if not stage.is_complete:
        raise WrongState(
            gettext(
                "round {round_number} of event {slug!r} still has open "
                "games; a playoff settles a tie only once every game of the "
                "stage has a result"
            ).format(round_number=round_number, slug=facts.slug),
            event=facts.slug,
            round=round_number,
        )
    names = event.names
    if any(set(decided) == set(placed) for decided in table.playoffs):
        raise Duplicate(
            gettext("group {group}: a playoff between {value} is already recorded").format(
                group=group, value=", ".join(names[c] for c in placed)
            ),
            event=facts.slug,
            group=group,
        )
    ties = [tie for name, tie in stage.ties_needing_playoff() if name == table.group]
    if set(placed) not in [set(tie) for tie in ties]:
        needed = "; ".join(", ".join(names[c] for c in tie) for tie in ties) or "none"
        raise WrongState(
            gettext(
                "group {group}: {value} are not exactly the players of a tie "
                "that decides advancement (ties needing a playoff: {needed})"
            ).format(group=group, value=", ".join(names[c] for c in placed), needed=needed),
            event=facts.slug,
            group=group,
        )
    return stage, placed


def record_playoff(
    slug: str,
    round_number: int,
    group: str,
    order: Sequence[str],
    *,
    actor: Principal,
    reason: str = "",
    now: datetime | None = None,
) -> tuple[CompetitorId, ...]:
    """Record the director's playoff: `order` lists the tied players (key or number), best
    first. Returns the placed order."""
    with locked_event(slug, actor, "stage.playoff", now=now) as context:
        _, placed = check_record_playoff(context.facts(), round_number, group, order)
        do_record_playoff(context, round_number, group, placed, reason)
    return placed


def do_record_playoff(
    context: EventContext,
    round_number: int,
    group: str,
    placed: tuple[CompetitorId, ...],
    reason: str,
) -> None:
    outcome = playoff_outcome(round_number, group, placed, reason)
    models.LotDraw.objects.create(
        event=context.event,
        purpose=PLAYOFF_LOT,
        seed=NO_SEED,
        outcome=outcome,
        drawn_at=context.now,
    )
    context.record(after=outcome)
