"""The crosstable of an event scored as one stage (chess, Tasaselo): players in standings
order, each row's results against every column, as the engine writes them."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext

from mashindano.app.documents.place import PlayerRef
from mashindano.app.errors import WrongState
from mashindano.app.formats.parts import STAGE_EXPORT, STANDINGS
from mashindano.app.formats.registry import part
from mashindano.app.queries import get_event_facts
from mashindano.engine.points import Points, format_points, points_to_json
from mashindano.engine.standings import compute_crosstable
from mashindano.store.facts import EventFacts, Json


@dataclass(frozen=True, slots=True)
class CrosstableRow:
    rank: int
    player: PlayerRef
    points: Points
    cells: tuple[str, ...]
    """One per column, in the order of `Crosstable.players`; "" on the diagonal and where the
    two did not meet."""

    def to_json(self) -> dict[str, Json]:
        return {
            "rank": self.rank,
            "player": self.player.id,
            "name": self.player.name,
            "number": self.player.number,
            "points": points_to_json(self.points),
            "exact_points": format_points(self.points),
            "cells": list(self.cells),
        }


@dataclass(frozen=True, slots=True)
class Crosstable:
    event: str
    name: str
    players: tuple[PlayerRef, ...]
    rows: tuple[CrosstableRow, ...]

    def to_json(self) -> dict[str, Json]:
        return {
            "event": self.event,
            "name": self.name,
            "columns": [p.id for p in self.players],
            "rows": [r.to_json() for r in self.rows],
        }


def build_crosstable(slug: str) -> Crosstable:
    return crosstable_document(get_event_facts(slug))


def crosstable_document(facts: EventFacts) -> Crosstable:
    results = part(facts.preset, STAGE_EXPORT).stage_results(facts)
    if results is None:
        raise WrongState(
            gettext(
                "event {slug!r} ({preset}) is played in several stages or "
                "groups; its crosstables are in its standings and round views"
            ).format(slug=facts.slug, preset=facts.preset),
            event=facts.slug,
        )
    tables = part(facts.preset, STANDINGS).compute_standings(facts)
    lines = tables[0].lines if tables else ()
    order = [line.competitor.id for line in lines]
    known = {c.id for c in results.competitors}
    order = [c for c in order if c in known] + [
        c.id for c in results.competitors if c.id not in order
    ]
    rank = {line.competitor.id: line.rank for line in lines if line.rank is not None}
    table = compute_crosstable(results, order=order)
    players = {c.id: PlayerRef.of(c) for c in facts.competitors}
    refs = tuple(players.get(c.id) or PlayerRef.of(c) for c in table.competitors)
    return Crosstable(
        event=facts.slug,
        name=facts.name,
        players=refs,
        rows=tuple(
            CrosstableRow(rank.get(ref.id, 0), ref, row.score, row.cells)
            for ref, row in zip(refs, table.rows, strict=True)
        ),
    )
