"""A draft of the next round: the pairing the preset's adapter plans, shown before anything is
written, with its explanation (colour preferences, floats, byes and why) and warnings; then
published as it was shown, or discarded.

A draft is not stored: it is the plan of the event's facts at one version. Planning is
deterministic (lots are drawn from the event's recorded seed), so publishing re-plans under the
event's write lock, refuses when the event changed since the draft (`StaleVersion`), and checks
that the plan is the one the arbiter saw (its fingerprint) before writing it. Discarding a
draft therefore writes nothing.

Manual changes (issue 33): the arbiter may swap two players, unpair a board, pair two unpaired
players or give the pairing-allocated bye to another player. Each change is an
`ArbiterOverride` fact (subject `draft-edit`: the round, the fingerprint of the preset's own
plan it changes, the change, and the whole pairing after it; who, when, why), appended and never
rewritten; `draft-reset` goes back to the preset's plan. The draft shown is the last change of
the round whose base is still the preset's plan (a change made before the facts moved on is
dropped), re-checked by the preset (`DRAFT_CHECKS`: the Dutch criteria by their ids). A
changed draft is published only with a reason, kept in the audit log with the rules it breaks.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from datetime import datetime

from django.utils.translation import gettext, pgettext

from mashindano.app.documents.place import Place
from mashindano.app.documents.rounds import BYE_LABELS
from mashindano.app.errors import StaleVersion, WrongState
from mashindano.app.formats.base import PairingPlan, PairingUnit, PlannedEncounter, PlannedGame
from mashindano.app.formats.parts import ACCELERATED, DESCRIPTION, DRAFT_CHECKS, STAGE_EXPORT
from mashindano.app.formats.registry import part
from mashindano.app.locking import EventContext, locked_event, now_or
from mashindano.app.marks import gettext_noop
from mashindano.app.permissions import authorise
from mashindano.app.principals import Principal
from mashindano.app.queries import get_entry, get_event_facts
from mashindano.app.rounds import check_pair_next, do_pair_next, published_round
from mashindano.engine.errors import MashindanoError, ParseError
from mashindano.engine.model import ByeKind, CompetitorId, Side
from mashindano.engine.pairing import ChecklistRow, SwissPairing, Violation, explain_pairing
from mashindano.engine.pairing.swiss_state import ColourStrength, Float
from mashindano.engine.points import ZERO, Points, format_points
from mashindano.store import models
from mashindano.store.facts import EventFacts, Json, OverrideFact, RoundFact

DRAFT_EDIT = "draft-edit"
"""Override subject: a manual change of the next round's draft (see the module's doc)."""


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
    first_key: str = ""
    second_key: str = ""
    """The players' keys (what the change forms send)."""


@dataclass(frozen=True, slots=True)
class DraftPlayer:
    """A player left without a board by a manual change."""

    key: str
    name: str
    number: int | None


@dataclass(frozen=True, slots=True)
class DraftViolation:
    """A rule the (changed) draft breaks: the rule book's id and what it means here."""

    criterion: str
    """"C1", "C3", "C12"."""
    absolute: bool
    text: str
    """In words of the request's language: "P01 and P04 both want White"."""


@dataclass(frozen=True, slots=True)
class DraftChange:
    """One manual change, as recorded."""

    at: datetime
    actor: str
    text: str
    reason: str


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
    editable: bool = False
    """The preset's drafts can be changed by hand (swap, pair, unpair, bye)."""
    changes: tuple[DraftChange, ...] = ()
    """The manual changes the draft carries, oldest first (empty: the preset's own plan)."""
    violations: tuple[DraftViolation, ...] = ()
    """The rules the draft breaks (absolute ones first), checked after every change."""
    unpaired: tuple[DraftPlayer, ...] = ()
    """Players a change left without a board; the draft is published only without them."""
    movable: tuple[DraftPlayer, ...] = ()
    """The players a change may move (on a board, with the pairing-allocated bye, or
    unpaired), by pairing number."""

    @property
    def changed(self) -> bool:
        return bool(self.changes)


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


def _draft(facts: EventFacts, plan: PairingPlan, state: _Edited | None = None) -> Draft:
    """The draft of `plan` (the preset's own, or as changed by hand when `state` says so)."""
    names = {c.id: c.name for c in facts.competitors}
    numbers = {c.id: c.number for c in facts.competitors}
    shown = state.plan if state is not None else plan
    explanation, warnings = _explain(facts, shown)
    unit = shown.unit
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
                str(e.first),
                str(e.second) if e.second is not None else "",
            )
            for e in shown.encounters
        ),
        explanation=explanation,
        warnings=warnings,
        fingerprint=_fingerprint(shown),
        first_side=_first_side(facts, shown),
        editable=state is not None,
        changes=tuple(_change_of(o, names) for o in state.changes) if state else (),
        violations=tuple(_violation(v, names) for v in state.violations) if state else (),
        unpaired=tuple(
            DraftPlayer(str(p), names.get(p, str(p)), numbers.get(p))
            for p in (state.unpaired if state else ())
        ),
        movable=tuple(
            sorted(
                (
                    DraftPlayer(str(p), names.get(p, str(p)), numbers.get(p))
                    for p in (_pool(state.base) if state else ())
                ),
                key=lambda p: (p.number or 0, p.name),
            )
        ),
    )


# -- manual changes -----------------------------------------------------------------------------


type Board = tuple[CompetitorId, CompetitorId]


@dataclass(frozen=True, slots=True)
class _Layout:
    """The part of a round's pairing the arbiter may change: the boards (white, black) and the
    pairing-allocated bye; byes declared before the round (leaves, withdrawals) stay as
    planned."""

    boards: tuple[Board, ...]
    bye: CompetitorId | None

    def placed(self) -> set[CompetitorId]:
        found = {p for board in self.boards for p in board}
        if self.bye is not None:
            found.add(self.bye)
        return found

    def pairing(self) -> SwissPairing:
        return SwissPairing(self.boards, self.bye)


@dataclass(frozen=True, slots=True)
class _Edited:
    """A draft that may be changed by hand: the plan shown (the preset's, or as changed), the
    changes since the last reset, the rules broken and the players left without a board."""

    base: PairingPlan
    layout: _Layout
    plan: PairingPlan
    changes: tuple[OverrideFact, ...]
    violations: tuple[Violation, ...]
    unpaired: tuple[CompetitorId, ...]


def _is_pab(encounter: PlannedEncounter) -> bool:
    return encounter.second is None and encounter.bye is ByeKind.PAIRING_ALLOCATED


def _base_layout(plan: PairingPlan) -> _Layout | None:
    """The preset's plan as a layout; None when it is not one game a board in one round of a
    single stage (a Swiss round)."""
    unit = plan.unit
    if unit.kind != "round" or unit.group:
        return None
    boards: list[Board] = []
    bye: CompetitorId | None = None
    for e in plan.encounters:
        if e.second is None:
            if _is_pab(e):
                bye = e.first
            continue
        if len(e.games) != 1 or e.games[0].decided is not None:
            return None
        game = e.games[0]
        boards.append(
            (game.first, game.second) if game.first_side.is_first else (game.second, game.first)
        )
    return _Layout(tuple(boards), bye)


def _pool(plan: PairingPlan) -> tuple[CompetitorId, ...]:
    """The players the arbiter may move, in the plan's order (board by board, then the bye)."""
    found: list[CompetitorId] = []
    for e in plan.encounters:
        if e.second is not None:
            found.extend((e.first, e.second))
        elif _is_pab(e):
            found.append(e.first)
    return tuple(found)


def _unit_key(unit: PairingUnit) -> list[Json]:
    return [unit.kind, unit.stage, unit.group, unit.number]


def _stored_layout(override: OverrideFact, pool: tuple[CompetitorId, ...]) -> _Layout | None:
    value = override.value if isinstance(override.value, dict) else {}
    raw_boards = value.get("boards")
    raw_bye = value.get("bye")
    if not isinstance(raw_boards, list):
        return None
    boards: list[Board] = []
    for item in raw_boards:
        if not (
            isinstance(item, list) and len(item) == 2 and all(isinstance(p, str) for p in item)
        ):
            return None
        boards.append((CompetitorId(str(item[0])), CompetitorId(str(item[1]))))
    bye = CompetitorId(raw_bye) if isinstance(raw_bye, str) else None
    layout = _Layout(tuple(boards), bye)
    placed = [p for board in boards for p in board] + ([bye] if bye else [])
    if len(placed) != len(set(placed)) or not set(placed) <= set(pool):
        return None
    return layout


def _edited(facts: EventFacts, plan: PairingPlan) -> _Edited | None:
    """The draft as changed by hand (the preset's plan when nothing was changed), checked;
    None where the preset's drafts are not changed by hand."""
    base = _base_layout(plan)
    if base is None:
        return None
    checks = part(facts.preset, DRAFT_CHECKS)
    if checks.check_draft(facts, plan.unit.number, base.pairing(), base.pairing()) is None:
        return None
    pool = _pool(plan)
    fingerprint = _fingerprint(plan)
    unit = _unit_key(plan.unit)
    changes: list[OverrideFact] = []
    layout = base
    for override in facts.overrides:
        value = override.value if isinstance(override.value, dict) else {}
        if override.subject != DRAFT_EDIT or value.get("unit") != unit:
            continue
        stored = _stored_layout(override, pool)
        if value.get("base") != fingerprint or value.get("change") == "reset" or stored is None:
            changes, layout = [], base
            continue
        changes.append(override)
        layout = stored
    violations = checks.check_draft(facts, plan.unit.number, layout.pairing(), base.pairing())
    placed = layout.placed()
    return _Edited(
        base=plan,
        layout=layout,
        plan=_apply(plan, layout) if changes else plan,
        changes=tuple(changes),
        violations=violations or (),
        unpaired=tuple(p for p in pool if p not in placed),
    )


def _apply(plan: PairingPlan, layout: _Layout) -> PairingPlan:
    """The plan with the layout's boards and bye; the byes declared before the round follow."""
    encounters = [
        PlannedEncounter(board, white, black, games=(PlannedGame(white, black, Side.WHITE),))
        for board, (white, black) in enumerate(layout.boards, start=1)
    ]
    if layout.bye is not None:
        encounters.append(
            PlannedEncounter(len(encounters) + 1, layout.bye, bye=ByeKind.PAIRING_ALLOCATED)
        )
    for e in plan.encounters:
        if e.second is None and not _is_pab(e):
            encounters.append(PlannedEncounter(len(encounters) + 1, e.first, bye=e.bye))
    # The roll call's absences and the withdrawals they bring stay as the preset planned.
    return replace(plan, encounters=tuple(encounters))


_WORDS = {
    "C1": gettext_noop("{a} and {b} have already played each other (no rematch)"),
    "C2": gettext_noop(
        "{a} may not get the pairing-allocated bye: they already had a bye or a win without playing"
    ),
    "C3": gettext_noop("{a} and {b} both want {side} (absolute colour preference)"),
    "C4": gettext_noop(
        "not paired: {names} (every player but one, who gets the bye, must be paired)"
    ),
    "C5": gettext_noop("the bye goes to {a}, {cost} points above the lowest score it could go to"),
    "C6": gettext_noop("more players float down than needed: {names}"),
    "C7": gettext_noop("the score differences add up to {cost} points more than needed: {names}"),
    "C12": gettext_noop("{a} does not get their colour preference ({side})"),
    "C13": gettext_noop("{a} does not get their strong colour preference ({side})"),
    "C14": gettext_noop("{names} float down again, as in the previous round"),
    "C15": gettext_noop("{names} float up again, as in the previous round"),
    "C16": gettext_noop("{names} float down again, as two rounds before"),
    "C17": gettext_noop("{names} float up again, as two rounds before"),
}
"""The rules' words for each criterion a changed draft can break (FIDE C.04.3 ids)."""


def _violation(violation: Violation, names: dict[CompetitorId, str]) -> DraftViolation:
    people = [names.get(p, str(p)) for p in violation.players]
    if violation.criterion == "C1" and violation.forbidden:
        text = gettext("{a} and {b} must not meet (a forbidden pair)").format(
            a=people[0], b=people[1]
        )
    else:
        text = gettext(_WORDS.get(violation.criterion, "{names}")).format(
            a=people[0] if people else "",
            b=people[1] if len(people) > 1 else "",
            names=", ".join(people),
            side=_side(violation.colour) if violation.colour is not None else "",
            cost=format_points(violation.cost, 0),
        )
    return DraftViolation(violation.criterion, violation.is_absolute, text)


def _change_of(override: OverrideFact, names: dict[CompetitorId, str]) -> DraftChange:
    value = override.value if isinstance(override.value, dict) else {}
    raw = value.get("players")
    people = [names.get(CompetitorId(str(p)), str(p)) for p in raw] if isinstance(raw, list) else []
    change = value.get("change")
    board = value.get("board")
    if change == "swap":
        text = gettext("swapped {a} and {b}").format(a=people[0], b=people[1])
    elif change == "pair":
        text = gettext("paired {a} with {b}").format(a=people[0], b=people[1])
    elif change == "unpair":
        text = gettext("unpaired board {board}: {a} and {b}").format(
            board=board, a=people[0], b=people[1]
        )
    else:
        text = gettext("gave the bye to {a}").format(a=people[0] if people else "")
    return DraftChange(override.at, override.actor, text, override.reason)


def _position(layout: _Layout, player: CompetitorId) -> tuple[int, int] | None:
    """(board index, 0 White / 1 Black), (-1, 0) for the bye, None when unpaired."""
    for index, board in enumerate(layout.boards):
        if player in board:
            return index, board.index(player)
    if layout.bye == player:
        return -1, 0
    return None


def _put(layout: _Layout, where: tuple[int, int] | None, player: CompetitorId | None) -> _Layout:
    if where is None:
        return layout
    index, slot = where
    if index < 0:
        return _Layout(layout.boards, player)
    assert player is not None
    board = list(layout.boards[index])
    board[slot] = player
    boards = list(layout.boards)
    boards[index] = (board[0], board[1])
    return _Layout(tuple(boards), layout.bye)


def _swap(
    layout: _Layout, a: CompetitorId, b: CompetitorId, names: dict[CompetitorId, str]
) -> _Layout:
    """`a` takes `b`'s place and `b` takes `a`'s (a board, a colour, the bye); one of them
    unpaired takes the other's place, who is then unpaired. On one board: colours change."""
    where_a, where_b = _position(layout, a), _position(layout, b)
    if where_a is None and where_b is None:
        raise WrongState(
            gettext("neither {a} nor {b} has a board or the bye; pair them instead").format(
                a=names[a], b=names[b]
            )
        )
    if where_a is None:
        return _put(layout, where_b, a)
    if where_b is None:
        return _put(layout, where_a, b)
    return _put(_put(layout, where_a, b), where_b, a)


def _pair(
    layout: _Layout, a: CompetitorId, b: CompetitorId, names: dict[CompetitorId, str]
) -> _Layout:
    """A new last board, `a` White against `b`; both must be unpaired (or the bye's)."""
    for player in (a, b):
        where = _position(layout, player)
        if where is not None and where[0] >= 0:
            raise WrongState(
                gettext("{name} already plays on board {board}; unpair it or swap instead").format(
                    name=names[player], board=where[0] + 1
                )
            )
    bye = None if layout.bye in (a, b) else layout.bye
    return _Layout((*layout.boards, (a, b)), bye)


def _unpair(layout: _Layout, board: int) -> tuple[_Layout, Board]:
    if not 1 <= board <= len(layout.boards):
        raise ParseError(
            gettext("the draft has boards 1 to {count}, not {board}").format(
                count=len(layout.boards), board=board
            )
        )
    removed = layout.boards[board - 1]
    boards = layout.boards[: board - 1] + layout.boards[board:]
    return _Layout(boards, layout.bye), removed


def _give_bye(layout: _Layout, player: CompetitorId, names: dict[CompetitorId, str]) -> _Layout:
    """The bye to an unpaired player; whoever had it is left unpaired."""
    where = _position(layout, player)
    if where is not None:
        raise WrongState(
            gettext(
                "{name} has a board or the bye already; unpair the board first, or swap "
                "{name} with the player who has the bye"
            ).format(name=names[player])
        )
    return _Layout(layout.boards, player)


def _change(
    slug: str,
    change: str,
    players: tuple[str, ...],
    *,
    board: int | None = None,
    reason: str,
    actor: Principal,
    now: datetime | None,
) -> Draft:
    with locked_event(slug, actor, f"draft.{change}", now=now) as context:
        facts = context.facts()
        plan = check_pair_next(facts, context.now)
        state = _edited(facts, plan)
        if state is None:
            raise WrongState(
                gettext(
                    "the draft of {label} cannot be changed by hand (only one-game Swiss rounds "
                    "can)"
                ).format(label=_label(facts, plan.unit)),
                event=slug,
            )
        names = {c.id: c.name for c in facts.competitors}
        pool = _pool(plan)
        keys: list[CompetitorId] = []
        for given in players:
            key = CompetitorId(get_entry(context.event, given).key)
            if key not in pool:
                raise WrongState(
                    gettext(
                        "{name} is not paired in {label} (absent, on leave or withdrawn)"
                    ).format(name=names.get(key, key), label=_label(facts, plan.unit)),
                    event=slug,
                    player=key,
                )
            keys.append(key)
        if len(keys) == 2 and keys[0] == keys[1]:
            raise ParseError(
                gettext("{name} is named twice; a change needs two different players").format(
                    name=names[keys[0]]
                ),
                event=slug,
            )
        layout = state.layout
        if change == "swap":
            layout = _swap(layout, keys[0], keys[1], names)
        elif change == "pair":
            layout = _pair(layout, keys[0], keys[1], names)
        elif change == "unpair":
            assert board is not None
            layout, removed = _unpair(layout, board)
            keys = list(removed)
        elif change == "bye":
            layout = _give_bye(layout, keys[0], names)
        value: dict[str, Json] = {
            "unit": _unit_key(plan.unit),
            "base": _fingerprint(plan),
            "change": change,
            "players": [str(k) for k in keys],
            "board": board,
            "boards": [[str(w), str(b)] for w, b in layout.boards],
            "bye": str(layout.bye) if layout.bye is not None else None,
        }
        _store_edit(context, value, reason)
    return _current_draft(slug, now)


def _store_edit(context: EventContext, value: dict[str, Json], reason: str) -> None:
    """A manual change (or a reset) of the draft as a fact, with who, when and why, and its
    audit entry."""
    models.ArbiterOverride.objects.create(
        event=context.event,
        subject=DRAFT_EDIT,
        value=value,
        at=context.now,
        actor=context.actor,
        reason=reason,
    )
    context.record(after={**value, "reason": reason})


def _current_draft(slug: str, now: datetime | None) -> Draft:
    facts = get_event_facts(slug)
    plan = check_pair_next(facts, now_or(now))
    return _draft(facts, plan, _edited(facts, plan))


def swap_in_draft(
    slug: str,
    player_a: str,
    player_b: str,
    *,
    reason: str = "",
    actor: Principal,
    now: datetime | None = None,
) -> Draft:
    """Swap two players of the next round's draft: each takes the other's board and colour (or
    the bye); on one board, the two change colours. Returns the draft, checked again."""
    return _change(slug, "swap", (player_a, player_b), reason=reason, actor=actor, now=now)


def pair_in_draft(
    slug: str,
    player_a: str,
    player_b: str,
    *,
    reason: str = "",
    actor: Principal,
    now: datetime | None = None,
) -> Draft:
    """Pair two unpaired players (or one with the player who had the bye) on a new last
    board, the first named with White."""
    return _change(slug, "pair", (player_a, player_b), reason=reason, actor=actor, now=now)


def unpair_in_draft(
    slug: str,
    board: int,
    *,
    reason: str = "",
    actor: Principal,
    now: datetime | None = None,
) -> Draft:
    """Take a board out of the draft: its two players are left unpaired."""
    return _change(slug, "unpair", (), board=board, reason=reason, actor=actor, now=now)


def give_bye_in_draft(
    slug: str,
    player: str,
    *,
    reason: str = "",
    actor: Principal,
    now: datetime | None = None,
) -> Draft:
    """Give the pairing-allocated bye to an unpaired player (whoever had it is unpaired)."""
    return _change(slug, "bye", (player,), reason=reason, actor=actor, now=now)


def reset_draft(
    slug: str, *, reason: str = "", actor: Principal, now: datetime | None = None
) -> Draft:
    """Drop every manual change: the draft is the preset's own plan again."""
    with locked_event(slug, actor, "draft.reset", now=now) as context:
        facts = context.facts()
        plan = check_pair_next(facts, context.now)
        value: dict[str, Json] = {
            "unit": _unit_key(plan.unit),
            "base": _fingerprint(plan),
            "change": "reset",
        }
        _store_edit(context, value, reason)
    return _current_draft(slug, now)


def draft_next_round(slug: str, *, actor: Principal, now: datetime | None = None) -> Draft:
    """The next round as it would be published now (nothing is written), with the arbiter's
    manual changes and the rules they break. Refused as pairing itself is: to whoever may not
    pair, and when the event cannot be paired yet."""
    authorise(actor, "round.pair", slug)
    return _current_draft(slug, now)


def publish_draft(
    slug: str,
    *,
    version: int | None = None,
    fingerprint: str = "",
    reason: str = "",
    actor: Principal,
    now: datetime | None = None,
) -> RoundFact:
    """Publish the draft seen at `version` (with its fingerprint): StaleVersion when the event
    changed since, or when the pairing would no longer be the one shown. Without them (the
    command line), the draft as it stands. A draft changed by hand needs a reason and every
    player paired (or the bye); the reason and the rules it breaks go to the audit log."""
    with locked_event(slug, actor, "round.pair", now=now, expected_version=version) as context:
        facts = context.facts()
        base = check_pair_next(facts, context.now)
        state = _edited(facts, base)
        plan = state.plan if state is not None else base
        if fingerprint and _fingerprint(plan) != fingerprint:
            raise StaleVersion(
                gettext(
                    "the pairing of {label} is no longer the draft shown; make a "
                    "new draft and check it again"
                ).format(label=_label(facts, plan.unit)),
                event=slug,
            )
        extra: dict[str, Json] = {}
        if reason.strip():  # a reason given with an unchanged draft (a scheduled publish's)
            extra["reason"] = reason
        if state is not None and state.changes:
            names = {c.id: c.name for c in facts.competitors}
            if state.unpaired:
                raise WrongState(
                    gettext(
                        "{names} have no board in the draft of {label}: pair them or give "
                        "one the bye before publishing"
                    ).format(
                        names=", ".join(names.get(p, str(p)) for p in state.unpaired),
                        label=_label(facts, plan.unit),
                    ),
                    event=slug,
                )
            if not reason.strip():
                raise ParseError(
                    gettext(
                        "the draft of {label} was changed by hand; publishing it needs a "
                        "reason (it is kept in the log)"
                    ).format(label=_label(facts, plan.unit)),
                    event=slug,
                )
            extra.update(
                changed=True,
                reason=reason,
                changes=len(state.changes),
                violations=[
                    f"{v.criterion}: {v.text}"
                    for v in (_violation(v, names) for v in state.violations)
                ],
            )
        do_pair_next(context, plan)
        if extra:  # the changes by hand, their reason and the rules they break
            context.record(
                after={**(context.after if isinstance(context.after, dict) else {}), **extra}
            )
    return published_round(
        get_event_facts(slug), plan.unit.stage, plan.unit.group, plan.unit.number
    )
