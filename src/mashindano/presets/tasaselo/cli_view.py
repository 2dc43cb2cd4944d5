"""Tasaselo simulation output: Rich tables (the JSON is the document's,
`presets.tasaselo.simulation_documents`). No rules here."""

from __future__ import annotations

from fractions import Fraction

from rich.console import Console, JustifyMethod
from rich.table import Table

from mashindano.engine.model import CompetitorId
from mashindano.engine.points import format_points
from mashindano.engine.tasaselo.prizes import GroupStandings, Prize, PrizeKind
from mashindano.engine.tasaselo.simulation import SimulatedRound, TasaseloSimulation
from mashindano.presets.tasaselo.simulation_documents import is_prize_eligible


def render_simulation(sim: TasaseloSimulation, console: Console) -> None:
    """Each round's boards with the variable selos they were paired from, then every prize
    group's standings with the comparison columns (A14), then the prizes."""
    parameters = sim.parameters
    console.rule(
        f"Tasaselo: {len(sim.event.roster.entries)} players, {len(sim.rounds)} rounds, "
        f"K = {parameters.k_factor}, seed {sim.seed}"
    )
    for simulated in sim.rounds:
        _render_round(sim, simulated, console)
    prizes = {p.competitor: p for p in sim.standings.prizes}
    for standings in sim.standings.groups:
        _render_group(sim, standings, prizes, console)
    _render_prizes(sim, console)
    if sim.estimated:
        names = ", ".join(sim.name_of(c) for c in sorted(sim.estimated))
        console.print(f"Estimated selo (no rating given): {names}")


def _render_round(sim: TasaseloSimulation, simulated: SimulatedRound, console: Console) -> None:
    pairing = simulated.pairing
    notes = []
    if pairing.regardless_of_colours:
        notes.append("paired regardless of colours (R20)")
    if pairing.wrong_colours:
        notes.append(f"{len(pairing.wrong_colours)} player(s) may take the wrong colour (R24)")
    title = f"Round {pairing.round}" + (f": {'; '.join(notes)}" if notes else "")
    table = Table(title=title)
    for header in ("Board", "White", "Selo", "Black", "Selo", "Result"):
        justify: JustifyMethod = "right" if header in ("Board", "Selo") else "left"
        table.add_column(header, justify=justify)
    results = {g.first: g.result.value for g in simulated.games}
    for board in pairing.boards:
        black = "ghost" if board.black is None else sim.name_of(board.black)
        black_selo = "" if board.black is None else _selo(simulated.selo[board.black])
        table.add_row(
            str(board.number),
            sim.name_of(board.white),
            _selo(simulated.selo[board.white]),
            black,
            black_selo,
            results.get(board.white, "+ (ghost)"),
        )
    console.print(table)


def _render_group(
    sim: TasaseloSimulation,
    standings: GroupStandings,
    prizes: dict[CompetitorId, Prize],
    console: Console,
) -> None:
    group = standings.group
    table = Table(title=f"Group {group.name} (selo {group.highest_selo}-{group.lowest_selo})")
    headers = (
        "Rank", "No", "Player", "Selo", "Var. selo", "Points", "Games",
        "Avg opp", "Perf", "Expected", "Res-Exp", "Prize",
    )  # fmt: skip
    for header in headers:
        justify: JustifyMethod = "left" if header in ("Player", "Prize") else "right"
        table.add_column(header, justify=justify)
    for rank, row in enumerate(standings.rows, start=1):
        prize = prizes.get(row.competitor)
        table.add_row(
            str(rank),
            str(row.number),
            row.name + ("" if is_prize_eligible(sim, row.competitor) else " (reserve)"),
            str(row.selo) + ("*" if row.competitor in sim.estimated else ""),
            _selo(sim.final_selo[row.competitor]),
            format_points(row.points),
            str(row.games),
            "" if row.comparison is None else _rounded(row.comparison, 1),
            "" if row.performance is None else _rounded(row.performance, 0),
            format_points(row.expected, 2),
            _signed(row.result_minus_expected),
            "" if prize is None else _prize_label(prize),
        )
    console.print(table)


def _render_prizes(sim: TasaseloSimulation, console: Console) -> None:
    table = Table(title="Prizes (one per player)")
    for header in ("Prize", "Player", "Points", "Res-Exp"):
        table.add_column(header)
    rows = {r.competitor: r for r in sim.standings.comparison}
    for prize in sim.standings.prizes:
        row = rows[prize.competitor]
        table.add_row(
            _prize_label(prize),
            sim.name_of(prize.competitor),
            format_points(row.points),
            _signed(row.result_minus_expected),
        )
    console.print(table)


def _prize_label(prize: Prize) -> str:
    if prize.kind is PrizeKind.GROUP:
        return f"group {prize.group} #{prize.place}"
    return f"performance #{prize.place}"


def _selo(value: Fraction) -> str:
    return format_points(value, 0)


def _rounded(value: Fraction, places: int) -> str:
    """Display only: `places` decimals, exact halves away from zero."""
    scaled = abs(value) * 10**places
    whole = int(scaled + Fraction(1, 2))
    digits = str(whole).rjust(places + 1, "0")
    sign = "-" if value < 0 and whole else ""
    return sign + (f"{digits[:-places]}.{digits[-places:]}" if places else digits)


def _signed(value: Fraction) -> str:
    text = format_points(value, 2)
    return text if value < 0 else f"+{text}"
