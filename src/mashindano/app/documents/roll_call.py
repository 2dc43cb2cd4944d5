"""The roll call of the next round (issue 33 item 2): every player with their presence mark
(who ticked it, when), sorted by name or by board (the board they sat at in the round
before, where the arbiter walks), and who the pairing would leave out as absent now; and a
player's own check-in on their page."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.utils.translation import gettext

from mashindano.app.documents.rounds import BYE_LABELS
from mashindano.app.presence import CheckInWindow, check_in_window
from mashindano.app.queries import get_event_facts
from mashindano.engine.model import ByeKind, CompetitorId
from mashindano.store.facts import EventFacts

ORDERS = ("name", "board")


@dataclass(frozen=True, slots=True)
class RollCallLine:
    player: str
    name: str
    number: int | None
    board: int | None
    """The board of the round before (None: a bye, or round 1)."""
    present: bool
    by: str
    """Who made the latest mark ("" when none)."""
    at: datetime | None
    excused: str
    """Why the roll call does not concern them: on leave (a requested bye), withdrawn."""


@dataclass(frozen=True, slots=True)
class RollCall:
    slug: str
    name: str
    version: int
    round: int
    opens: datetime | None
    closes: datetime | None
    is_open: bool
    """Whether players may check in themselves now."""
    absence: str
    """What an absent player gets, in words ("zero-point bye")."""
    withdraw_after: int | None
    order: str
    lines: tuple[RollCallLine, ...]

    @property
    def present(self) -> int:
        return sum(1 for line in self.lines if line.present and not line.excused)

    @property
    def absent(self) -> int:
        return sum(1 for line in self.lines if not line.present and not line.excused)


def _bye_words(kind: ByeKind) -> str:
    return gettext(BYE_LABELS[kind.value])


def _excused(facts: EventFacts, player: CompetitorId, number: int) -> str:
    withdrawn = facts.withdrawn_from(player)
    if withdrawn is not None and withdrawn <= number:
        return gettext("withdrawn")
    for leave in facts.leaves:
        if leave.competitor == player and leave.covers(number):
            return gettext("requested bye: {bye}").format(bye=_bye_words(leave.bye_kind))
    return ""


def build_roll_call(slug: str, now: datetime, order: str = "name") -> RollCall | None:
    """The next round's roll call, or None when the event has none (no check-in, or every
    round paired)."""
    facts = get_event_facts(slug)
    window = check_in_window(facts)
    if window is None:
        return None
    previous = facts.latest_round()
    boards: dict[CompetitorId, int] = {}
    if previous is not None:
        for encounter in previous.encounters:
            if encounter.second is not None:
                boards[encounter.first] = encounter.board
                boards[encounter.second] = encounter.board
    marks = facts.presence_marks(window.round)
    lines = []
    for competitor in facts.competitors:
        mark = marks.get(competitor.id)
        lines.append(
            RollCallLine(
                str(competitor.id),
                competitor.name,
                competitor.number,
                boards.get(competitor.id),
                mark is not None and mark.present,
                mark.actor if mark is not None else "",
                mark.at if mark is not None else None,
                _excused(facts, competitor.id, window.round),
            )
        )
    if order == "board":
        lines.sort(key=lambda x: (x.board is None, x.board or 0, x.name.casefold()))
    else:
        order = "name"
        lines.sort(key=lambda x: (x.name.casefold(), x.player))
    return RollCall(
        slug=facts.slug,
        name=facts.name,
        version=facts.version,
        round=window.round,
        opens=window.opens,
        closes=window.closes,
        is_open=window.is_open(now),
        absence=_bye_words(window.rules.absence),
        withdraw_after=window.rules.withdraw_after,
        order=order,
        lines=tuple(lines),
    )


@dataclass(frozen=True, slots=True)
class MyCheckIn:
    """A player's check-in for the next round, on their page."""

    round: int
    checked_in: bool
    is_open: bool
    opens: datetime | None
    closes: datetime | None
    absence: str
    """What they get if they do not check in ("zero-point bye")."""
    waiting: bool = False
    """Check-in has not opened yet."""


def my_check_in(facts: EventFacts, me: CompetitorId, now: datetime) -> MyCheckIn | None:
    """None when the event has no roll call, or it does not concern the player (withdrawn,
    on leave for the round)."""
    window: CheckInWindow | None = check_in_window(facts)
    if window is None or _excused(facts, me, window.round):
        return None
    return MyCheckIn(
        window.round,
        me in facts.present_for(window.round),
        window.is_open(now),
        window.opens,
        window.closes,
        _bye_words(window.rules.absence),
        window.opens is not None and now < window.opens,
    )
