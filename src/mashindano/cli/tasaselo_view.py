"""Tasaselo simulation output: JSON shaping and Rich tables. No rules here.

JSON conventions (exactness stays visible):
- whole numbers that are whole by nature (ranks, player numbers, starting selos, game counts,
  board numbers) are JSON numbers;
- every other value (points, variable selos, comparison figures, performance numbers,
  expected results, result minus expected) is a string holding the exact value: an integer
  ("1650"), a terminating decimal ("1707.2", "4.5") or a fraction when no decimal ends
  ("5000/3");
- a pairing is [white, black] by player id; black is null when the player meets the ghost.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rich.console import Console, JustifyMethod
from rich.table import Table

from mashindano.app.documents.values import format_exact
from mashindano.engine.model import CompetitorId
from mashindano.engine.points import format_points
from mashindano.engine.tasaselo.comparison import ComparisonRow
from mashindano.engine.tasaselo.prizes import GroupStandings, Prize, PrizeKind
from mashindano.engine.tasaselo.scoring import (
    GHOST_WIN,
    MISSED_ROUND,
    ROUND1_REST,
    points_for_bye,
    points_for_game,
)
from mashindano.engine.tasaselo.simulation import SimulatedRound, TasaseloSimulation


def _optional(value: Fraction | None) -> str | None:
    return None if value is None else format_exact(value)


def simulation_json(sim: TasaseloSimulation) -> dict[str, Any]:
    """`{"rounds": [{"pairings": [[white, black], ...], "selo": {...}, "games": [...],
    "byes": [...]}], "prize_groups": [...], "prizes": [...]}`; "selo" holds the variable selos
    each round was paired from, "games" every game's result and "byes" every round spent
    without a game (against the ghost, the round-1 rest, an absence)."""
    return {
        "rounds": [_round_json(sim, r) for r in sim.rounds],
        "prize_groups": [_group_json(sim, g) for g in sim.standings.groups],
        "prizes": [_prize_json(sim, p) for p in sim.standings.prizes],
    }


_BYE_NAMES = {GHOST_WIN: "ghost", ROUND1_REST: "round1-rest", MISSED_ROUND: "absent"}


def _round_json(sim: TasaseloSimulation, simulated: SimulatedRound) -> dict[str, Any]:
    system = sim.parameters.scoring
    board_of = {b.white: b.number for b in simulated.pairing.boards}
    return {
        "pairings": [[b.white, b.black] for b in simulated.pairing.boards],
        "selo": {c: format_exact(s) for c, s in simulated.selo.items()},
        "games": [
            {
                "board": board_of.get(game.first),
                "white": game.first,
                "black": game.second,
                "result": game.result.value,
                "points": [
                    format_exact(points_for_game(game, game.first, system)),
                    format_exact(points_for_game(game, game.second, system)),
                ],
            }
            for game in simulated.games
        ],
        "byes": [
            {
                "id": bye.competitor,
                "kind": _BYE_NAMES.get(bye.kind, bye.kind.value),
                "board": board_of.get(bye.competitor) if bye.kind is GHOST_WIN else None,
                "points": format_exact(points_for_bye(bye, sim.parameters)),
            }
            for bye in simulated.byes
        ],
    }


def _group_json(sim: TasaseloSimulation, standings: GroupStandings) -> dict[str, Any]:
    group = standings.group
    return {
        "name": group.name,
        "highest_selo": group.highest_selo,
        "lowest_selo": group.lowest_selo,
        "standings": [
            _row_json(sim, rank, row) for rank, row in enumerate(standings.rows, start=1)
        ],
    }


def _row_json(sim: TasaseloSimulation, rank: int, row: ComparisonRow) -> dict[str, Any]:
    return {
        "rank": rank,
        "number": row.number,
        "id": row.competitor,
        "name": row.name,
        "selo": row.selo,
        "selo_estimated": row.competitor in sim.estimated,
        "variable_selo": format_exact(sim.final_selo[row.competitor]),
        "points": format_exact(row.points),
        "games": row.games,
        "result": format_exact(row.result),
        "comparison": _optional(row.comparison),
        "performance": _optional(row.performance),
        "expected": format_exact(row.expected),
        "result_minus_expected": format_exact(row.result_minus_expected),
        "prize_eligible": _eligible(sim, row.competitor),
    }


def _prize_json(sim: TasaseloSimulation, prize: Prize) -> dict[str, Any]:
    return {
        "kind": prize.kind.value,
        "group": prize.group,
        "place": prize.place,
        "id": prize.competitor,
        "name": sim.name_of(prize.competitor),
    }


def _eligible(sim: TasaseloSimulation, competitor: CompetitorId) -> bool:
    reserve = sim.event.roster.reserve
    return competitor != reserve or sim.parameters.reserve_prize_eligible


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
            row.name + ("" if _eligible(sim, row.competitor) else " (reserve)"),
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
