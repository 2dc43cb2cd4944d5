"""Knockout simulation output: Rich tables of the bracket document (the JSON is the same
document's, `documents.bracket_document`). No rules here."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from mashindano.engine.knockout.elimination_simulation import EliminationSimulation
from mashindano.engine.model import CompetitorId
from mashindano.presets.knockout import PRESET_NAME
from mashindano.presets.knockout.documents import MatchView, bracket_document

__all__ = ["PRESET_NAME", "render_simulation"]


def render_simulation(sim: EliminationSimulation, console: Console) -> None:
    """Seeds (with byes), every section's rounds and matches, the champion and placings."""
    names = {c.id: c.name for c in sim.entrants}
    document = bracket_document(sim.bracket, names)
    options = sim.options
    kind = "double" if options.is_double else "single"
    console.rule(
        f"Knockout: {kind} elimination, {len(sim.entrants)} players, best of {options.best_of}, "
        f"seed {sim.seed}"
    )
    byes = {
        slot.entrant
        for section in document.sections
        for r in section.rounds
        for m in r.matches
        if m.status == "bye" and r.number == 1 and section.section == "winners"
        for slot in (m.a, m.b)
        if slot.entrant is not None
    }
    seeds = Table(title="Seeds")
    for header in ("Seed", "Player", "Rating", "Round 1"):
        seeds.add_column(header, justify="right" if header in ("Seed", "Rating") else "left")
    for n, c in enumerate(sim.entrants, start=1):
        rating = "" if c.rating is None else str(c.rating)
        seeds.add_row(str(n), c.name, rating, "bye" if c.id in byes else "plays")
    console.print(seeds)
    for section in document.sections:
        for r in section.rounds:
            shown = [m for m in r.matches if m.status not in ("void", "skipped")]
            if not shown:
                continue
            table = Table(title=f"{section.title}: {r.name}")
            for header in ("Match", "A", "B", "Score", "Winner"):
                table.add_column(header)
            for m in shown:
                table.add_row(m.id, _slot(m, "a"), _slot(m, "b"), _score(m), _winner(m, names))
            console.print(table)
    if document.champion_name is not None:
        console.print(f"Champion: {document.champion_name}")
    places = Table(title="Placings")
    places.add_column("Place", justify="right")
    places.add_column("Player")
    places.add_column("Seed", justify="right")
    for p in document.placements:
        places.add_row(str(p.place), p.name, str(p.seed))
    console.print(places)


def _slot(m: MatchView, side: str) -> str:
    slot = m.a if side == "a" else m.b
    if slot.entrant is None:
        return slot.label
    return f"({slot.seed}) {slot.name}"


def _score(m: MatchView) -> str:
    return "bye" if m.status == "bye" else m.score_text


def _winner(m: MatchView, names: dict[CompetitorId, str]) -> str:
    return "" if m.winner is None else names.get(m.winner, m.winner)
