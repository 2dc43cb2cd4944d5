"""The knockout bracket as a document: what the public page draws, `event show --json` and
the API print, and `simulate --preset knockout --json` writes.

`bracket_document(bracket, names, published)` renders an engine bracket: its sections
(winners' bracket, losers' bracket, third place, grand final), each with its rounds and
matches; every match with its two slots (entrant, seed, where the slot comes from), status,
winner, the games it took and, once published, the unit and board it was published on; then
the champion and, when the bracket is over, the placings. Nothing here is a rule: the engine
decides, this reads.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.utils.translation import gettext, gettext_noop

from mashindano.app.knockout_words import round_title
from mashindano.engine.knockout.bracket import bracket_size
from mashindano.engine.knockout.elimination import (
    EliminationBracket,
    EliminationMatch,
    MatchStatus,
    Section,
    Slot,
)
from mashindano.engine.model import CompetitorId, GameResult

if TYPE_CHECKING:
    from mashindano.store.facts import Json

SECTION_TITLES = {
    Section.WINNERS: gettext_noop("Winners' bracket"),
    Section.LOSERS: gettext_noop("Losers' bracket"),
    Section.THIRD_PLACE: gettext_noop("Third place"),
    Section.GRAND_FINAL: gettext_noop("Grand final"),
}
"""Each section's title, translated where the document is built."""


@dataclass(frozen=True, slots=True)
class SlotView:
    entrant: CompetitorId | None
    name: str
    seed: int | None
    source: str
    is_empty: bool
    is_winner: bool

    @property
    def label(self) -> str:
        if self.entrant is not None:
            return self.name
        return "bye" if self.is_empty else self.source

    def to_json(self) -> dict[str, Json]:
        return {
            "player": self.entrant,
            "name": self.name if self.entrant is not None else None,
            "seed": self.seed,
            "source": self.source,
            "empty": self.is_empty,
            "winner": self.is_winner,
        }


@dataclass(frozen=True, slots=True)
class MatchView:
    id: str
    name: str
    status: str
    a: SlotView
    b: SlotView
    winner: CompetitorId | None
    score: tuple[int, int] | None
    """Games won by a and b (a match of several games)."""
    games: tuple[str, ...]
    """The results of its games, read from slot a's side."""
    published: tuple[int, int] | None
    """(unit, board) once published."""

    @property
    def is_decided(self) -> bool:
        return self.status not in (MatchStatus.PENDING.value, MatchStatus.READY.value)

    @property
    def score_text(self) -> str:
        if self.status == MatchStatus.WALKOVER.value:
            return "w/o"
        if self.status == MatchStatus.DOUBLE_WALKOVER.value:
            return "double w/o"
        if self.score is None:
            return ""
        return f"{self.score[0]}-{self.score[1]}"

    def to_json(self) -> dict[str, Json]:
        return {
            "id": self.id,
            "name": self.name,
            "status": self.status,
            "slots": [self.a.to_json(), self.b.to_json()],
            "winner": self.winner,
            "score": list(self.score) if self.score is not None else None,
            "games": list(self.games),
            "round": self.published[0] if self.published else None,
            "board": self.published[1] if self.published else None,
        }


@dataclass(frozen=True, slots=True)
class RoundView:
    number: int
    name: str
    matches: tuple[MatchView, ...]

    def to_json(self) -> dict[str, Json]:
        return {
            "round": self.number,
            "name": self.name,
            "matches": [m.to_json() for m in self.matches],
        }


@dataclass(frozen=True, slots=True)
class SectionView:
    section: str
    title: str
    rounds: tuple[RoundView, ...]

    def to_json(self) -> dict[str, Json]:
        return {
            "section": self.section,
            "title": self.title,
            "rounds": [r.to_json() for r in self.rounds],
        }


@dataclass(frozen=True, slots=True)
class PlacementView:
    place: int
    entrant: CompetitorId
    name: str
    seed: int

    def to_json(self) -> dict[str, Json]:
        return {"place": self.place, "player": self.entrant, "name": self.name, "seed": self.seed}


@dataclass(frozen=True, slots=True)
class KnockoutDocument:
    elimination: str
    best_of: int
    entrants: int
    sections: tuple[SectionView, ...]
    champion: CompetitorId | None
    champion_name: str | None
    placements: tuple[PlacementView, ...]
    finished: bool

    def to_json(self) -> dict[str, Json]:
        return {
            "bracket": {
                "elimination": self.elimination,
                "best_of": self.best_of,
                "entrants": self.entrants,
                "sections": [s.to_json() for s in self.sections],
                "finished": self.finished,
            },
            "champion": self.champion,
            "placements": [p.to_json() for p in self.placements],
        }


def bracket_document(
    bracket: EliminationBracket,
    names: Mapping[CompetitorId, str],
    published: Mapping[str, tuple[int, int]] | None = None,
) -> KnockoutDocument:
    published = published or {}
    groups: dict[Section, dict[int, list[MatchView]]] = {}
    for m in bracket.matches:
        groups.setdefault(m.section, {}).setdefault(m.round, []).append(
            _match_view(bracket, m, names, published.get(m.id))
        )
    winners_rounds = bracket_size(len(bracket.entrants)).bit_length() - 1
    sections = []
    for section, rounds in groups.items():
        views = tuple(
            RoundView(number, _round_title(bracket, section, number, winners_rounds), tuple(ms))
            for number, ms in rounds.items()
        )
        sections.append(SectionView(section.value, gettext(SECTION_TITLES[section]), views))
    placements: tuple[PlacementView, ...] = ()
    if bracket.is_finished:
        placements = tuple(
            PlacementView(
                p.place, p.entrant, names.get(p.entrant, p.entrant), bracket.seed_of(p.entrant)
            )
            for p in bracket.placements()
        )
    champion = bracket.champion
    return KnockoutDocument(
        bracket.options.elimination,
        bracket.options.best_of,
        len(bracket.entrants),
        tuple(sections),
        champion,
        names.get(champion, champion) if champion is not None else None,
        placements,
        bracket.is_finished,
    )


def _round_title(
    bracket: EliminationBracket, section: Section, number: int, winners_rounds: int
) -> str:
    match section:
        case Section.WINNERS if not bracket.options.is_double:
            return round_title(number, winners_rounds)
        case Section.WINNERS:
            if number == winners_rounds:
                return gettext("Winners' final")
            return gettext("Winners' round {number}").format(number=number)
        case Section.LOSERS:
            if number == 2 * (winners_rounds - 1):
                return gettext("Losers' final")
            return gettext("Losers' round {number}").format(number=number)
        case Section.THIRD_PLACE:
            return gettext("Third-place match")
        case _:
            return gettext("Grand final") if number == 1 else gettext("Grand final reset")


def _match_name(bracket: EliminationBracket, m: EliminationMatch) -> str:
    """A match's name for people, as `EliminationBracket.describe` says it in English:
    "Final", "Losers' round 2 match 3", "Grand final"."""
    winners_rounds = bracket_size(len(bracket.entrants)).bit_length() - 1
    match m.section:
        case Section.THIRD_PLACE | Section.GRAND_FINAL:
            return _round_title(bracket, m.section, m.round, winners_rounds)
        case Section.WINNERS if not bracket.options.is_double:
            name = round_title(m.round, winners_rounds)
            if m.round == winners_rounds:
                return name
            return gettext("{round} match {number}").format(round=name, number=m.number)
        case Section.WINNERS if m.round == winners_rounds:
            return gettext("Winners' final")
        case Section.WINNERS:
            return gettext("Winners' round {round} match {number}").format(
                round=m.round, number=m.number
            )
        case _ if m.round == 2 * (winners_rounds - 1):
            return gettext("Losers' final")
        case _:
            return gettext("Losers' round {round} match {number}").format(
                round=m.round, number=m.number
            )


def _match_view(
    bracket: EliminationBracket,
    m: EliminationMatch,
    names: Mapping[CompetitorId, str],
    published: tuple[int, int] | None,
) -> MatchView:
    games: tuple[GameResult, ...] = m.result.games if m.result is not None else ()
    score = None
    if games:
        a_wins = sum(g in (GameResult.FIRST_WINS, GameResult.FIRST_WINS_BY_FORFEIT) for g in games)
        b_wins = sum(
            g in (GameResult.SECOND_WINS, GameResult.SECOND_WINS_BY_FORFEIT) for g in games
        )
        score = (a_wins, b_wins)
    return MatchView(
        m.id,
        _match_name(bracket, m),
        m.status.value,
        _slot_view(bracket, m.a, names, m),
        _slot_view(bracket, m.b, names, m),
        m.winner,
        score,
        tuple(g.value for g in games),
        published,
    )


def _slot_view(
    bracket: EliminationBracket,
    slot: Slot,
    names: Mapping[CompetitorId, str],
    m: EliminationMatch,
) -> SlotView:
    entrant = slot.entrant
    return SlotView(
        entrant,
        names.get(entrant, entrant) if entrant is not None else "",
        bracket.seed_of(entrant) if entrant is not None else None,
        slot.source.describe(),
        slot.is_empty,
        entrant is not None and entrant == m.winner and m.is_decided,
    )
