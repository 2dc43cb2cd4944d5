"""Rich views of a simulated Tantrix knockout event (its JSON is the document's,
`presets.tantrix_knockout.simulation_documents`). Shaping only; every decision was made by
the engine (`engine.knockout.simulation`)."""

from __future__ import annotations

from fractions import Fraction

from rich.console import Console
from rich.table import Table
from rich.tree import Tree

from mashindano.engine.knockout.bracket import MatchRef, round_name
from mashindano.engine.knockout.parameters import Phase, match_rule_for
from mashindano.engine.knockout.simulation import (
    KnockoutSimulation,
    SimulatedBracket,
    SimulatedMatch,
)
from mashindano.engine.knockout.tp_match import game_label
from mashindano.engine.points import format_points


def render_simulation(sim: KnockoutSimulation, console: Console) -> None:
    """Seeds, every match's per-game TP table, the bracket, and the champion."""
    params = sim.parameters
    console.rule(
        f"Tantrix knockout: {len(sim.entrants)} players, {sim.standard_games} standard games, "
        f"margin {format_points(params.decisive_margin_tp)} TPs, seed {sim.seed}"
    )
    seeds = Table(title="Seeds", title_justify="left")
    seeds.add_column("Seed", justify="right")
    seeds.add_column("Player")
    seeds.add_column("Rating", justify="right")
    for number, competitor in enumerate(sim.entrants, start=1):
        rating = "" if competitor.rating is None else str(competitor.rating)
        seeds.add_row(str(number), competitor.name, rating)
    console.print(seeds)
    _render_bracket(sim, sim.main, console, "Main draw")
    if sim.plate is not None:
        _render_bracket(sim, sim.plate, console, "Plate")
    console.print(f"Champion: [bold]{sim.champion}[/bold]")
    if sim.plate is not None:
        console.print(f"Plate winner: [bold]{sim.plate.champion}[/bold]")


def _render_bracket(
    sim: KnockoutSimulation, played: SimulatedBracket, console: Console, title: str
) -> None:
    count = played.bracket.round_count
    for number, matches in enumerate(played.rounds, start=1):
        console.rule(f"{title}: {round_name(number, count)}")
        for match in matches:
            if match.b is None:
                console.print(f"{match.a}: bye")
                continue
            console.print(_match_table(sim, played.phase, match))
    console.print(_bracket_tree(played, title))


def _match_table(sim: KnockoutSimulation, phase: Phase, match: SimulatedMatch) -> Table:
    rule = match_rule_for(
        sim.parameters, phase, standard_games=match.standard_games, opt_out=match.opt_out
    )
    prefix = "Third place: " if match.is_third_place else ""
    note = " (opt-out agreed)" if match.opt_out else ""
    table = Table(
        title=f"{prefix}{match.a} v {match.b}{note}",
        title_justify="left",
        caption=f"winner {match.winner}, {match.ended_by}",
        caption_justify="left",
    )
    for heading in ("Game", "Tiles", "Penalties"):
        table.add_column(heading)
    for heading in (f"{match.a} TP", f"{match.b} TP", f"{match.a} total", f"{match.b} total"):
        table.add_column(heading, justify="right")
    table.add_column("Gap", justify="right")
    total_a = total_b = Fraction(0)
    for index, game in enumerate(match.games, start=1):
        total_a += game.tps[0]
        total_b += game.tps[1]
        penalties = ", ".join(
            f"{who} {count}"
            for who, count in ((match.a, game.penalties_a), (match.b, game.penalties_b))
            if count
        )
        table.add_row(
            game_label(index, rule),
            f"{game.tiles_a}-{game.tiles_b}",
            penalties,
            format_points(game.tps[0]),
            format_points(game.tps[1]),
            format_points(total_a),
            format_points(total_b),
            format_points(abs(total_a - total_b)),
        )
    return table


def _bracket_tree(played: SimulatedBracket, title: str) -> Tree:
    """The bracket from the final back to the first round; each line says who beat whom."""
    by_ref = {m.ref: m for matches in played.rounds for m in matches if not m.is_third_place}
    count = played.bracket.round_count
    tree = Tree(f"[bold]{title}[/bold]: champion {played.champion}")

    def add(node: Tree, ref: MatchRef) -> None:
        match = by_ref[ref]
        branch = node.add(f"{round_name(ref.round, count)}: {_summary(match)}")
        if ref.round > 1:
            add(branch, MatchRef(ref.round - 1, 2 * ref.slot))
            add(branch, MatchRef(ref.round - 1, 2 * ref.slot + 1))

    add(tree, MatchRef(count, 0))
    third = next((m for m in played.rounds[-1] if m.is_third_place), None)
    if third is not None:
        tree.add(f"Third place: {_summary(third)}")
    return tree


def _summary(match: SimulatedMatch) -> str:
    if match.b is None:
        return f"{match.a} (bye)"
    loser = match.b if match.winner == match.a else match.a
    total_a, total_b = match.totals
    won, lost = (total_a, total_b) if match.winner == match.a else (total_b, total_a)
    return (
        f"{match.winner} beat {loser} {format_points(won)}-{format_points(lost)} ({match.ended_by})"
    )
