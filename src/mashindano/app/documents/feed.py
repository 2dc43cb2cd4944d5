"""An event's news feed (issue 31 item 6): one entry per published round (its boards, players
and results, updated when the last result came in) and one for the standings after the last
round whose results are all in. The web view turns it into an Atom feed; the round bundle
(`app.publishing`) uses the same round entries.

Entries carry places, not addresses: the front end knows its URLs."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.utils.translation import gettext

from mashindano.app.documents.place import Place
from mashindano.app.documents.rounds import BoardLine, RoundPairings, round_pairings
from mashindano.app.documents.standings import StandingsDocument, standings_after
from mashindano.app.documents.values import format_shown
from mashindano.app.queries import get_event_facts
from mashindano.store.facts import EventFacts, RoundFact


@dataclass(frozen=True, slots=True)
class FeedEntry:
    kind: str
    """"round" (a round's pairings and results) or "standings" (after round `place.round`)."""
    place: Place
    title: str
    updated: datetime
    lines: tuple[str, ...]
    """What the entry says, one line a board (or a standings row)."""

    @property
    def key(self) -> str:
        """Unique in the event: the entry's kind and place."""
        p = self.place
        return f"{self.kind}:{p.stage}:{p.group}:{p.round}"


@dataclass(frozen=True, slots=True)
class EventFeed:
    slug: str
    name: str
    entries: tuple[FeedEntry, ...]
    """Newest first."""

    @property
    def updated(self) -> datetime | None:
        return max((e.updated for e in self.entries), default=None)


def round_updated(shown: RoundFact) -> datetime:
    """When a round last changed: its publication or its latest report."""
    times = [r.at for g in shown.games() for r in g.reports]
    return max([shown.published_at, *times])


def _board_line(board: BoardLine) -> str:
    if board.second is None:
        return gettext("Board {board}: {player}, {bye}").format(
            board=board.board, player=board.first.name, bye=board.bye_label
        )
    games = "; ".join(
        f"{g.first.name} – {g.second.name} {g.result.replace('1/2', '½')}" for g in board.games
    )
    return gettext("Board {board}: {games}").format(board=board.board, games=games)


def round_entry(facts: EventFacts, shown: RoundFact) -> FeedEntry:
    pairings: RoundPairings = round_pairings(facts, shown)
    return FeedEntry(
        kind="round",
        place=pairings.place,
        title=pairings.place.label,
        updated=round_updated(shown),
        lines=tuple(_board_line(b) for b in pairings.boards),
    )


def last_complete_round(facts: EventFacts) -> int | None:
    """The highest round number whose published rounds (of every stage and group) all have
    their results in: the standings after it are the latest that will not change but by a
    correction."""
    numbers = sorted({r.number for r in facts.rounds}, reverse=True)
    for number in numbers:
        if all(r.is_complete() for r in facts.rounds if r.number == number):
            return number
    return None


def standings_title(number: int) -> str:
    return gettext("Standings after round %(n)s") % {"n": number}


def standings_lines(document: StandingsDocument) -> tuple[str, ...]:
    lines: list[str] = []
    several = len(document.sections) > 1
    for section in document.sections:
        if several:
            lines.append(section.title)
        for row in section.rows:
            lines.append(
                gettext("{rank}. {name}: {points}").format(
                    rank=row.rank_label, name=row.player.name, points=format_shown(row.points)
                )
            )
    return tuple(lines)


def standings_entry(facts: EventFacts, number: int) -> FeedEntry:
    document = standings_after(facts, number)
    updated = max(round_updated(r) for r in facts.rounds if r.number <= number)
    return FeedEntry(
        kind="standings",
        place=Place(1, "", number),
        title=standings_title(number),
        updated=updated,
        lines=standings_lines(document),
    )


def build_event_feed(slug: str, facts: EventFacts | None = None) -> EventFeed:
    loaded = facts if facts is not None else get_event_facts(slug)
    entries = [round_entry(loaded, r) for r in loaded.rounds]
    number = last_complete_round(loaded)
    if number is not None:
        entries.append(standings_entry(loaded, number))
    entries.sort(key=lambda e: (e.updated, e.kind == "standings", e.key), reverse=True)
    return EventFeed(slug=loaded.slug, name=loaded.name, entries=tuple(entries))
