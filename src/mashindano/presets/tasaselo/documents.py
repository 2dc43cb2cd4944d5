"""A Tasaselo event as it is projected and published (tasaselo R7-R38): the list by variable
selo, the prize groups with their comparison figures, the comparison list (A14), the
performance list (column 6, A13) and the prizes as they would be awarded now.

Built from the engine's event and standings (`tasaselo.event_standings`:
`tasaselo_facts.build_event`, `engine.tasaselo.compute_standings`) and the adapter's group
tables; no rule here. It is
Django-free: the event summary's keys beyond the adapter's (`presets.event_summary`) come
from `to_json()`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from django.utils.translation import gettext

from mashindano.app.documents.place import PlayerRef
from mashindano.app.documents.tables import StandingsSection, standings_section
from mashindano.app.formats.base import StandingsTable
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.engine.points import Points
from mashindano.engine.tasaselo import (
    PrizeKind,
    TasaseloEvent,
    TasaseloStandings,
    compute_event_selos,
    compute_lots,
)
from mashindano.engine.tasaselo.comparison import ComparisonRow
from mashindano.engine.tasaselo.prizes import performance_order
from mashindano.presets.tasaselo import PRESET_NAME
from mashindano.presets.tasaselo.adapter import event_standings, group_tables, prize_words
from mashindano.presets.tasaselo.facts import compute_first_rounds, round_lot_purpose
from mashindano.store.facts import EventFacts, Json


@dataclass(frozen=True, slots=True)
class SeloLine:
    """A player's selo: at the start and now (the variable selo after the rounds played)."""

    player: PlayerRef
    starting: int
    variable: Fraction

    @property
    def change(self) -> Fraction:
        return self.variable - self.starting


@dataclass(frozen=True, slots=True)
class ComparisonLine:
    """One line of the comparison list, columns as A14 numbers them."""

    player: PlayerRef
    selo: int
    points: Points
    comparison: Fraction | None
    """Average selo of the opponents (R30); None without a played game."""
    performance: Fraction | None
    expected: Fraction
    result: Fraction
    games: int

    @property
    def result_minus_expected(self) -> Fraction:
        return self.result - self.expected

    @staticmethod
    def of(row: ComparisonRow, players: dict[CompetitorId, Competitor]) -> ComparisonLine:
        return ComparisonLine(
            PlayerRef.lookup(players, row.competitor),
            row.selo,
            row.points,
            row.comparison,
            row.performance,
            row.expected,
            row.result,
            row.games,
        )


@dataclass(frozen=True, slots=True)
class PrizeGroupDocument:
    name: str
    highest_selo: int
    lowest_selo: int
    members: tuple[PlayerRef, ...]
    table: StandingsSection
    """Ranked by points, then the comparison figures (R29, R30)."""


@dataclass(frozen=True, slots=True)
class PrizeLine:
    kind: str
    """group or performance."""
    place: int
    player: PlayerRef
    group: str | None

    @property
    def label(self) -> str:
        if self.group is not None:
            return gettext("group {group} prize {place}").format(group=self.group, place=self.place)
        return prize_words(self.kind, self.place)


@dataclass(frozen=True, slots=True)
class LateEntry:
    player: CompetitorId
    number: int
    first_round: int


@dataclass(frozen=True, slots=True)
class TasaseloDocument:
    after_round: int
    selos: tuple[SeloLine, ...]
    """By variable selo, highest first (ties by start number)."""
    comparison: tuple[ComparisonLine, ...]
    """The comparison list in start-number order (A14)."""
    performance: tuple[ComparisonLine, ...]
    """The performance list: by result minus expected, highest first (A13)."""
    groups: tuple[PrizeGroupDocument, ...]
    prizes: tuple[PrizeLine, ...]
    late_entries: tuple[LateEntry, ...]
    regardless_of_colours: tuple[int, ...]
    """Rounds paired regardless of colours (R20)."""

    def to_json(self) -> dict[str, Json]:
        """The keys the event summary has always had beyond the common ones."""
        return {
            "prize_groups": [
                {
                    "name": g.name,
                    "highest_selo": g.highest_selo,
                    "lowest_selo": g.lowest_selo,
                    "members": [str(m.id) for m in g.members],
                }
                for g in self.groups
            ],
            "prizes": [
                {
                    "kind": p.kind,
                    "place": p.place,
                    "player": p.player.id,
                    "name": p.player.name,
                    "group": p.group,
                }
                for p in self.prizes
            ],
            "variable_selo": {
                line.player.id: str(line.variable)
                for line in sorted(self.selos, key=lambda s: s.player.id)
            },
            "late_entries": [
                {"player": e.player, "number": e.number, "first_round": e.first_round}
                for e in self.late_entries
            ],
            "regardless_of_colours": list(self.regardless_of_colours),
        }


def tasaselo_event_document(facts: EventFacts) -> TasaseloDocument:
    """The started event's selo list, prize groups, comparison and performance lists."""
    event, standings = event_standings(facts)
    return tasaselo_document(facts, event, standings, group_tables(facts, standings))


def tasaselo_document(
    facts: EventFacts,
    event: TasaseloEvent,
    standings: TasaseloStandings,
    tables: Sequence[StandingsTable],
) -> TasaseloDocument:
    """`tables` are the adapter's prize-group tables, in the order of `standings.groups`."""
    players = {c.id: c for c in facts.competitors}
    entries = {e.id: e for e in event.roster.entries}
    variable = compute_event_selos(event)[-1]
    selos = sorted(
        (
            SeloLine(PlayerRef.lookup(players, c), entries[c].selo, selo)
            for c, selo in variable.items()
        ),
        key=lambda s: (-s.variable, entries[s.player.id].number),
    )
    lots = compute_lots([e.id for e in event.roster.entries], standings.lot_seed)
    first_rounds = compute_first_rounds(facts)
    return TasaseloDocument(
        after_round=standings.after_round,
        selos=tuple(selos),
        comparison=tuple(ComparisonLine.of(r, players) for r in standings.comparison),
        performance=tuple(
            ComparisonLine.of(r, players) for r in performance_order(standings.comparison, lots)
        ),
        groups=tuple(
            PrizeGroupDocument(
                g.group.name,
                g.group.highest_selo,
                g.group.lowest_selo,
                tuple(PlayerRef.lookup(players, m) for m in g.group.members),
                standings_section(table, preset=PRESET_NAME),
            )
            for g, table in zip(standings.groups, tables, strict=True)
        ),
        prizes=tuple(
            PrizeLine(
                p.kind.value,
                p.place,
                PlayerRef.lookup(players, p.competitor),
                p.group if p.kind is PrizeKind.GROUP else None,
            )
            for p in standings.prizes
        ),
        late_entries=tuple(
            LateEntry(e.id, e.number, first_rounds[e.id]) for e in event.roster.late_entries
        ),
        regardless_of_colours=tuple(
            r.number
            for r in facts.rounds
            if (lot := facts.lot(round_lot_purpose(r.number))) is not None
            and isinstance(lot.outcome, dict)
            and lot.outcome.get("regardless_of_colours") is True
        ),
    )


def prize_labels(document: TasaseloDocument) -> Mapping[CompetitorId, tuple[str, ...]]:
    found: dict[CompetitorId, list[str]] = {}
    for prize in document.prizes:
        found.setdefault(prize.player.id, []).append(prize.label)
    return {c: tuple(labels) for c, labels in found.items()}
