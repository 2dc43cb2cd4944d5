"""When a KIBA result may still change: the advancement a later stage was paired with stands.

A KIBA stage is paired from the previous stage's advancement (R14, R15, A6): the semifinal
groups from the qualification tables, the final from the semifinal tables (or from the single
qualification group). Once the following stage is published, its players are a fact
(`kiba_bao_stages`: the recorded groups, the final's encounter), while the earlier stage's
tables are still ranked from its games as they stand. A ruling or correction of an earlier
stage that would send someone else on, or send a player to another semifinal group, would
leave the tables contradicting the stage already paired (a group winner noted "to semifinal
group S2"). Such a change is refused, naming the stage that depends on it; the rule is the
one the Tantrix knockout follows for a match winner once the next round is paired.

A change that keeps who goes where is accepted (the places below the advancing ones, a
score that changes Neustadtl values but no place that matters), and so is any change while
the following stage is not paired yet. A change that would leave a tie for an advancing
place to the director's playoff is refused as well: no playoff can be recorded once the next
stage is paired (`app.kiba.check_record_playoff`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import datetime

from django.utils.translation import gettext

from mashindano.app.errors import WrongState
from mashindano.app.marks import gettext_noop
from mashindano.engine.kiba import Destination, StageKind
from mashindano.engine.model import CompetitorId, GameResult
from mashindano.presets.kiba_bao.stages import Advanced, KibaEvent, derive_event
from mashindano.store.facts import (
    EventFacts,
    EventState,
    GameFact,
    ReportFact,
    ReportKind,
    RoundFact,
)

STAGE_NAMES = {
    StageKind.QUALIFICATION: "qualification",
    StageKind.SEMIFINAL: "semifinal",
    StageKind.FINAL: "final",
}
_DESTINATIONS = {
    Destination.SEMIFINAL_1: gettext_noop("semifinal group S1"),
    Destination.SEMIFINAL_2: gettext_noop("semifinal group S2"),
    Destination.FINAL: gettext_noop("the final"),
}


def with_result(facts: EventFacts, game: GameFact, result: GameResult) -> EventFacts:
    """The facts as they would stand after an arbiter sets `game` to `result` (a correction
    counts whatever a withdrawal abandoned, A14)."""
    at = game.reports[-1].at if game.reports else datetime.min
    report = ReportFact(ReportKind.CORRECTION, result, game.current[1], "", at, "")

    def changed(published: RoundFact) -> RoundFact:
        if (published.stage, published.number, published.group) != (
            game.stage,
            game.round,
            game.group,
        ):
            return published
        encounters = tuple(
            replace(
                e,
                games=tuple(
                    replace(g, reports=(*g.reports, report)) if g.id == game.id else g
                    for g in e.games
                ),
            )
            for e in published.encounters
        )
        return replace(published, encounters=encounters)

    return replace(facts, rounds=tuple(changed(r) for r in facts.rounds))


def _following_label(event: KibaEvent, index: int) -> str:
    number = event.stages[index].number + 1
    kind = event.plan.stages[number - 1].kind
    return f"the {STAGE_NAMES[kind]} (round {number})"


def _differences(
    published: Advanced, after: Advanced, names: Mapping[CompetitorId, str]
) -> list[str]:
    """'to semifinal group S1: K03 instead of K01', one per destination that changes."""
    found = []
    for destination in Destination:
        went = {p.id for p in published.get(destination, ())}
        would = {p.id for p in after.get(destination, ())}
        if went == would:
            continue

        def listing(players: set[CompetitorId]) -> str:
            return ", ".join(names.get(c, c) for c in sorted(players)) or gettext("nobody")

        found.append(
            gettext("to {destination}: {would} instead of {went}").format(
                destination=gettext(_DESTINATIONS[destination]),
                would=listing(would - went),
                went=listing(went - would),
            )
        )
    return found


def check_advancement_kept(facts: EventFacts, game: GameFact, result: GameResult) -> None:
    """WrongState when setting `game` to `result` would change who went where from its stage
    after the following stage was paired (see the module's docstring)."""
    if facts.state is EventState.REGISTRATION or game.result is result:
        return
    if not any(r.stage == game.stage and r.number > game.round for r in facts.rounds):
        return  # nothing paired after this game's stage yet
    event = derive_event(facts)
    index = next((i for i, s in enumerate(event.stages) if s.number == game.round), None)
    if index is None or index >= len(event.advanced):
        return  # the final, or a stage whose following stage is not paired yet
    stage = event.stages[index]
    published = event.advanced[index]
    names = event.names
    after_stage = derive_event(with_result(facts, game, result)).stages[index]
    following = _following_label(event, index)
    label = f"{game.label} ({STAGE_NAMES[stage.kind]}, round {stage.number})"
    advice = (
        f"results of round {stage.number} can still be corrected where they leave who goes "
        "where unchanged"
    )
    ties = after_stage.ties_needing_playoff()
    if ties:
        tied = "; ".join(
            f"group {group}: {', '.join(names.get(c, c) for c in tie)}" for group, tie in ties
        )
        raise WrongState(
            gettext(
                "{label}: {value} would leave players tied for a place that "
                "decides who advances ({tied}), but {following} is already "
                "paired with the players who advanced as the results stood, "
                "and no playoff can be recorded any more; {advice}"
            ).format(
                label=label, value=result.value, tied=tied, following=following, advice=advice
            ),
            round=game.round,
            board=game.board,
            following=stage.number + 1,
        )
    after = after_stage.advancement(names)
    changes = _differences(published, after, names)
    if changes:
        raise WrongState(
            gettext(
                "{label}: {value} would change who advances ({value2}), but "
                "{following} is already paired with the players who advanced "
                "as the results stood; {advice}"
            ).format(
                label=label,
                value=result.value,
                value2="; ".join(changes),
                following=following,
                advice=advice,
            ),
            round=game.round,
            board=game.board,
            following=stage.number + 1,
        )
