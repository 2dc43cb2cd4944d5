"""Gomoku league simulation output: Rich tables (the JSON is the document's,
`presets.gomoku_league.simulation_documents`). No rules here.

JSON conventions (exactness stays visible):
- points and exact coefficients are strings holding the exact value: an integer ("22"), a
  terminating decimal ("12.5", "1.8") or a fraction when the decimal would not end ("50/3");
- coefficients also carry "display", the 3-decimal form the league publishes (A17: "1.833");
- instants are ISO 8601 strings in UTC.
"""

from __future__ import annotations

from rich.console import Console, JustifyMethod
from rich.table import Table

from mashindano.app.documents.values import format_exact
from mashindano.engine.gomoku.ladder import format_coefficient
from mashindano.engine.gomoku.scoring import (
    format_games,
)
from mashindano.engine.gomoku.simulation import LeagueSimulation, SimulatedMonth
from mashindano.engine.gomoku.windows import ResultStatus
from mashindano.engine.model import CompetitorId
from mashindano.presets.gomoku_league.simulation_documents import entry_kind


def render_simulation(sim: LeagueSimulation, console: Console) -> None:
    """One block per month: the list with points and new coefficients, matches, decisions."""
    for month in sim.months:
        _render_month(sim, month, console)


def _render_month(sim: LeagueSimulation, month: SimulatedMonth, console: Console) -> None:
    outcome = month.outcome
    stage = month.stage
    console.rule(f"Stage {month.month}: {len(stage.ladder)} players, {len(stage.matches)} matches")
    standings = Table(title=f"{month.month}: list and month end")
    for header in ("Pos", "Player", "K start", "Games", "Points", "K new", "New pos", "Note"):
        justify: JustifyMethod = "left" if header in ("Player", "Note") else "right"
        standings.add_column(header, justify=justify)
    for position, entry in enumerate(stage.ladder, start=1):
        competitor = entry.competitor
        update = outcome.ranking.updates[competitor]
        breakdown = outcome.points[competitor]
        standings.add_row(
            str(position),
            sim.name_of(competitor),
            format_coefficient(entry.coefficient),
            f"{breakdown.games_played}/{breakdown.mandatory_games}",
            format_exact(breakdown.total),
            format_coefficient(update.new),
            f"{update.end_position} ({_movement(update.places_gained)})",
            _note(month, competitor),
        )
    console.print(standings)

    matches = Table(title=f"{month.month}: matches")
    for header in ("Match", "Players", "Games", "Status", "Opening", "From"):
        matches.add_column(header)
    for simulated in month.matches:
        match = simulated.planned.match
        status = simulated.result.status.value
        if simulated.validation is ResultStatus.LATE:
            status = "late report (unplayed)"
        if simulated.result.absent is not None:
            status = f"no-show: {sim.name_of(simulated.result.absent)}"
        matches.add_row(
            str(match),
            f"{sim.name_of(match.upper)} - {sim.name_of(match.lower)}",
            format_games(simulated.reported_games or simulated.result.games),
            status,
            simulated.planned.opening.rule.value,
            simulated.planned.may_play_from.date().isoformat(),
        )
    console.print(matches)

    for rejection in stage.rejected:
        console.print(f"Refused: {rejection.message}")
    if stage.on_leave:
        console.print("On leave: " + ", ".join(sim.name_of(c) for c in stage.on_leave))
    if outcome.ranking.removed:
        console.print(
            "Removed (K < 0.500): "
            + ", ".join(
                f"{sim.name_of(c)} ({format_coefficient(outcome.ranking.updates[c].new)})"
                for c in outcome.ranking.removed
            )
        )
    for suspension in outcome.suspensions:
        length = "for good" if suspension.stages is None else f"{suspension.stages} stage(s)"
        console.print(
            f"Suspended: {sim.name_of(suspension.competitor)} from {suspension.first_month}, "
            f"{length} ({suspension.reason.value})"
        )
    for prize in outcome.prizes:
        worth = "" if prize.points is None else f": {prize.points} points"
        console.print(f"Prize ({prize.kind.value}): {sim.name_of(prize.competitor)}{worth}")


def _movement(places_gained: int) -> str:
    if places_gained > 0:
        return f"+{places_gained}"
    return str(places_gained) if places_gained < 0 else "="


def _note(month: SimulatedMonth, competitor: CompetitorId) -> str:
    notes: list[str] = []
    kind = entry_kind(month, competitor)
    if kind != "continuing":
        notes.append(kind)
    if competitor in month.flagged:
        notes.append("flagged")
    if competitor in month.outcome.ranking.removed:
        notes.append("removed")
    if competitor in month.outcome.sanctioned:
        notes.append("suspended")
    return ", ".join(notes)
