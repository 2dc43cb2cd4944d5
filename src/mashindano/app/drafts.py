"""A draft of the next round: the pairing the preset's adapter plans, shown before anything is
written, with its explanation (colour preferences, floats, byes and why) and warnings; then
published as it was shown, or discarded.

A draft is not stored: it is the plan of the event's facts at one version. Planning is
deterministic (lots are drawn from the event's recorded seed), so publishing re-plans under the
event's write lock, refuses when the event changed since the draft (`StaleVersion`), and checks
that the plan is the one the arbiter saw (its fingerprint) before writing it. Discarding a
draft therefore writes nothing.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime

from django.utils.translation import gettext, pgettext

from mashindano.app.documents.place import Place
from mashindano.app.documents.rounds import BYE_LABELS
from mashindano.app.errors import StaleVersion
from mashindano.app.formats.base import PairingPlan, PairingUnit
from mashindano.app.formats.parts import ACCELERATED, DESCRIPTION, STAGE_EXPORT
from mashindano.app.formats.registry import part
from mashindano.app.locking import locked_event, now_or
from mashindano.app.marks import gettext_noop
from mashindano.app.permissions import authorise
from mashindano.app.principals import Principal
from mashindano.app.queries import get_event_facts
from mashindano.app.rounds import check_pair_next, do_pair_next, published_round
from mashindano.engine.errors import MashindanoError
from mashindano.engine.model import ByeKind, CompetitorId, Side
from mashindano.engine.pairing import ChecklistRow, SwissPairing, explain_pairing
from mashindano.engine.pairing.swiss_state import ColourStrength, Float
from mashindano.engine.points import ZERO, Points
from mashindano.store.facts import EventFacts, RoundFact


@dataclass(frozen=True, slots=True)
class DraftBoard:
    board: int
    first: str
    second: str | None
    first_number: int | None
    second_number: int | None
    bye: str | None
    games: int
    bye_label: str = ""
    """The bye's kind in words of the request's language ("bye (pairing)", "sits out")."""


@dataclass(frozen=True, slots=True)
class DraftLine:
    """One player's line of the explanation (Swiss presets: C.04.1 Art. 9 checklist)."""

    number: int
    name: str
    score: Points
    """Points before the round (the page writes them as its language does: "1½")."""
    colours: str
    preference: str
    """"" or e.g. "absolute White"."""
    floats: str
    """The floats of the two rounds before: down, up or -."""
    outcome: str
    """What the draft gives: "White against 4", "bye (pairing)", "absent".

    The explanation's words are in the request's language (gettext when the draft is made)."""
    virtual_points: Points = ZERO
    """Baku acceleration (C.04.7): the round's virtual points, paired on with `score` (the
    page writes "2 (+1 virtual)")."""


@dataclass(frozen=True, slots=True)
class Draft:
    slug: str
    version: int
    """The event version the draft was planned at: publishing refuses if it moved on."""
    label: str
    stage: int
    group: str
    number: int
    boards: tuple[DraftBoard, ...]
    explanation: tuple[DraftLine, ...]
    warnings: tuple[str, ...]
    fingerprint: str
    first_side: str | None = None
    """The named side of every board's first player in the board's first game, as the preset
    names it ("white", "south"), the second player having the other (as the pairings pages
    head their columns); None where the preset's sides have no names (Tantrix, Gomoku)."""


def _fingerprint(plan: PairingPlan) -> str:
    text = repr(
        (
            plan.unit,
            [
                (e.board, e.first, e.second, e.bye, [(g.first, g.second) for g in e.games])
                for e in plan.encounters
            ],
        )
    )
    return hashlib.sha256(text.encode()).hexdigest()[:16]


_SIDE = {
    Side.WHITE: gettext_noop("White"),
    Side.BLACK: gettext_noop("Black"),
    Side.SOUTH: gettext_noop("South"),
    Side.NORTH: gettext_noop("North"),
}
"""The side words of the pages' column heads (web_tags.SIDE_WORDS): the same msgids."""


def _side(side: Side) -> str:
    return gettext(_SIDE[side])


def _strength(strength: ColourStrength) -> str:
    if strength is ColourStrength.ABSOLUTE:
        return pgettext("colour preference", "absolute")
    if strength is ColourStrength.STRONG:
        return pgettext("colour preference", "strong")
    return pgettext("colour preference", "mild")


def _float(float_: Float) -> str:
    if float_ is Float.DOWN:
        return pgettext("float", "down")
    if float_ is Float.UP:
        return pgettext("float", "up")
    return "-"


def _bye(kind: ByeKind | None) -> str:
    """ "bye (pairing)", "sits out": the words of the pairings pages (rounds.BYE_LABELS)."""
    if kind is None or kind.value not in BYE_LABELS:
        return gettext("bye")
    return gettext(BYE_LABELS[kind.value])


def _missed_preference(name: str, row: ChecklistRow, preference: Side) -> str:
    side = _side(preference)
    if row.strength is ColourStrength.ABSOLUTE:
        return gettext(
            "{name} does not get their absolute preference for {side} (absolute: check!)"
        ).format(name=name, side=side)
    if row.strength is ColourStrength.STRONG:
        return gettext("{name} does not get their strong preference for {side}").format(
            name=name, side=side
        )
    return gettext("{name} does not get their mild preference for {side}").format(
        name=name, side=side
    )


def _explain(facts: EventFacts, plan: PairingPlan) -> tuple[tuple[DraftLine, ...], tuple[str, ...]]:
    """The Swiss checklist and its warnings (nothing for presets that are not a one-game
    Swiss: their draws are fixed by the rules and explained by the preset's own pages), in
    words of the request's language."""
    single = all(len(e.games) <= 1 for e in plan.encounters)
    if plan.unit.stage != 1 or plan.unit.group or not single:
        return (), ()
    results = part(facts.preset, STAGE_EXPORT).stage_results(facts)
    if results is None:  # not a single-stage event the engine reads
        return (), ()
    boards = tuple((e.games[0].first, e.games[0].second) for e in plan.encounters if e.games)
    bye = next((e.first for e in plan.encounters if e.second is None and e.bye is not None), None)
    try:
        rows = explain_pairing(
            results,
            plan.unit.number,
            SwissPairing(boards=boards, bye=bye),
            acceleration=part(facts.preset, ACCELERATED).pairing_acceleration(facts),
        )
    except MashindanoError:  # a state the Swiss checklist cannot read: no explanation
        return (), ()
    names = {c.id: c.name for c in facts.competitors}
    numbers = {c.id: c.number for c in facts.competitors}
    byes = {e.first: e.bye for e in plan.encounters if e.second is None}
    absent = frozenset(plan.absent)
    lines: list[DraftLine] = []
    warnings: list[str] = _absence_warnings(plan, names)
    for row in rows:
        name = names.get(row.id, str(row.id))
        preference = (
            ""
            if row.preference is None
            # Translators: the preference column of the draft's explanation: "absolute White".
            else pgettext("colour preference", "{strength} {side}").format(
                strength=_strength(row.strength), side=_side(row.preference)
            )
        )
        if row.id in absent:
            outcome = gettext("absent, not checked in: {bye}").format(bye=_bye(byes.get(row.id)))
        elif row.id in byes:
            outcome = _bye(byes[row.id])
            if row.has_bye:
                warnings.append(
                    gettext(
                        "{name} gets the pairing-allocated bye: lowest score group, no bye before"
                    ).format(name=name)
                    if row.is_bye_eligible
                    else gettext(
                        "{name} gets the pairing-allocated bye: lowest score group, "
                        "already had a bye"
                    ).format(name=name)
                )
        elif not row.is_available:
            outcome = gettext("absent")
        else:
            opponent = numbers.get(row.opponent) if row.opponent is not None else None
            outcome = (
                gettext("{side} against {opponent}").format(
                    side=_side(row.colour), opponent=opponent
                )
                if row.colour is not None
                else gettext("against {opponent}").format(opponent=opponent)
            )
            if (
                row.preference is not None
                and row.colour is not None
                and row.colour is not row.preference
            ):
                warnings.append(_missed_preference(name, row, row.preference))
            if row.opponent in row.opponents:
                warnings.append(
                    gettext("{name} meets {opponent} again").format(
                        name=name, opponent=names.get(row.opponent, row.opponent)
                    )
                )
        lines.append(
            DraftLine(
                row.number,
                name,
                row.score,
                row.colours,
                preference,
                f"{_float(row.float_two_rounds_before)} {_float(row.float_previous_round)}",
                outcome,
                row.virtual_points,
            )
        )
    return tuple(lines), tuple(warnings)


def _absence_warnings(plan: PairingPlan, names: dict[CompetitorId, str]) -> list[str]:
    """Who the roll call leaves out, and who is withdrawn for it (issue 33 item 2)."""
    if not plan.absent:
        return []
    byes = {e.first: e.bye for e in plan.encounters if e.second is None}
    warnings = [
        gettext("Not checked in, absent: {names} ({bye})").format(
            names=", ".join(names.get(c, str(c)) for c in plan.absent),
            bye=_bye(byes.get(plan.absent[0])),
        )
    ]
    warnings.extend(
        gettext("{name} is withdrawn from round {round}: {reason}").format(
            name=names.get(w.competitor, str(w.competitor)),
            round=w.from_round,
            reason=w.reason,
        )
        for w in plan.withdrawals
    )
    return warnings


def _label(facts: EventFacts, unit: PairingUnit) -> str:
    """What is drafted, as the pages name it: "Round 3", "Round 1 group A", "Plate round 1"
    (`Place.label`), a KIBA stage ("Stage 2"), a league's "Month 4"."""
    if unit.kind == "stage":
        return gettext("Stage {stage}").format(stage=unit.number)
    if unit.kind == "month":
        return gettext("Month {number}").format(number=unit.number)
    return Place(unit.stage, unit.group, unit.number, facts.stage_name(unit.stage)).label


def _first_side(facts: EventFacts, plan: PairingPlan) -> str | None:
    if not part(facts.preset, DESCRIPTION).names_sides:
        return None
    sides = {
        g.first_side if g.first == e.first else g.first_side.opposite
        for e in plan.encounters
        for g in e.games[:1]
    }
    return sides.pop().value if len(sides) == 1 else None


def _draft(facts: EventFacts, plan: PairingPlan) -> Draft:
    names = {c.id: c.name for c in facts.competitors}
    numbers = {c.id: c.number for c in facts.competitors}
    explanation, warnings = _explain(facts, plan)
    unit = plan.unit
    return Draft(
        slug=facts.slug,
        version=facts.version,
        label=_label(facts, unit),
        stage=unit.stage,
        group=unit.group,
        number=unit.number,
        boards=tuple(
            DraftBoard(
                e.board,
                names.get(e.first, str(e.first)),
                names.get(e.second, str(e.second)) if e.second is not None else None,
                numbers.get(e.first),
                numbers.get(e.second) if e.second is not None else None,
                e.bye.value if e.bye is not None else None,
                len(e.games),
                _bye(e.bye) if e.second is None else "",
            )
            for e in plan.encounters
        ),
        explanation=explanation,
        warnings=warnings,
        fingerprint=_fingerprint(plan),
        first_side=_first_side(facts, plan),
    )


def draft_next_round(slug: str, *, actor: Principal, now: datetime | None = None) -> Draft:
    """The next round as it would be published now (nothing is written). Refused as pairing
    itself is: to whoever may not pair, and when the event cannot be paired yet."""
    authorise(actor, "round.pair", slug)
    facts = get_event_facts(slug)
    plan = check_pair_next(facts, now_or(now))
    return _draft(facts, plan)


def publish_draft(
    slug: str,
    *,
    version: int,
    fingerprint: str,
    actor: Principal,
    now: datetime | None = None,
) -> RoundFact:
    """Publish the draft seen at `version`: StaleVersion when the event changed since, or when
    the pairing would no longer be the one shown."""
    with locked_event(slug, actor, "round.pair", now=now, expected_version=version) as context:
        facts = context.facts()
        plan = check_pair_next(facts, context.now)
        if _fingerprint(plan) != fingerprint:
            raise StaleVersion(
                gettext(
                    "the pairing of {label} is no longer the draft shown; make a "
                    "new draft and check it again"
                ).format(label=_label(facts, plan.unit)),
                event=slug,
            )
        do_pair_next(context, plan)
        context.record(
            after={**(context.after if isinstance(context.after, dict) else {}), "draft": True}
        )
    return published_round(
        get_event_facts(slug), plan.unit.stage, plan.unit.group, plan.unit.number
    )
