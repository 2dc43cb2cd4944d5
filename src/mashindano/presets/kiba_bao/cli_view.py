"""Rich rendering for the KIBA Bao commands (`seed` and `simulate`); their JSON is the
documents' (`presets.kiba_bao.simulation_documents`).

No rules here: everything shown is computed by mashindano.engine.kiba.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.table import Table

from mashindano.engine.kiba.final import FinalState
from mashindano.engine.kiba.group_play import DUMMY_LABEL, KibaGroup, KibaPairing
from mashindano.engine.kiba.ranking import GroupStandings, TieValue
from mashindano.engine.kiba.seeding import InitialList
from mashindano.engine.kiba.simulation import KibaSimulation
from mashindano.engine.points import format_points
from mashindano.presets.kiba_bao import PRESET_NAME as KIBA_PRESET
from mashindano.presets.kiba_bao.simulation_documents import (
    games_by_encounter,
    pairing_code,
    winner_of,
)

_STAGE_TITLES = {"qualification": "Qualification", "semifinal": "Semifinal", "final": "Final"}


def render_seed(initial_list: InitialList, groups: Sequence[KibaGroup], console: Console) -> None:
    """`mashindano seed`: the initial list, then each group with its Berger numbers."""
    console.print(initial_list_table(initial_list))
    for group in groups:
        table = Table(title=f"Group {group.name}")
        table.add_column("Berger", justify="right")
        table.add_column("Seed", justify="right")
        table.add_column("Player")
        table.add_column("KIBA score", justify="right")
        for number, player in enumerate(group.players, start=1):
            table.add_row(str(number), f"#{player.seed}", player.name, str(player.kiba_score))
        if group.dummy is not None:
            table.add_row(str(group.dummy), "", f"{DUMMY_LABEL} (dummy: bye)", "")
        console.print(table)


def render_simulation(sim: KibaSimulation, console: Console) -> None:
    """Each stage's pairings and group standings with tie-break values, the final, the winner."""
    console.print(initial_list_table(sim.initial_list))
    for stage in sim.stages:
        title = _STAGE_TITLES.get(stage.kind.value, stage.kind.value)
        console.rule(f"{title} stage")
        for group in stage.groups:
            table = stage.standings_of(group.name)
            console.print(_pairings_table(stage.schedule.group_pairings(group.name), table, title))
            console.print(_standings_table(table, title))
    console.rule("Final")
    if sim.final is None:
        console.print(f"{sim.winner.name} has no opponent left: the final is not played.")
    else:
        console.print(_final_table(sim.final))
    console.print(f"[bold]Winner: {sim.winner.name}[/bold]")
    for w in sim.withdrawals:
        console.print(f"{w.competitor} withdrew during the {w.stage.value} stage.")
    for p in sim.playoffs:
        console.print(
            f"Playoff ({p.stage.value}, group {p.group}): {', '.join(p.order)} in that order."
        )


def _value_text(value: TieValue) -> str:
    if value is None:
        return ""
    if isinstance(value, int):
        return str(value)
    return format_points(value, decimals=0 if value.denominator == 1 else 1)


def initial_list_table(initial_list: InitialList) -> Table:
    table = Table(title="Initial list")
    for heading in ("Seed", "Player", "Category", "Elo", "Games", "KIBA score", "Country"):
        table.add_column(heading, justify="left" if heading in ("Player", "Country") else "right")
    for p in initial_list.players:
        table.add_row(
            f"#{p.seed}",
            p.name,
            str(p.category),
            str(p.elo),
            str(p.games),
            str(p.kiba_score),
            p.country or "",
        )
    return table


def _pairings_table(
    pairings: Sequence[KibaPairing], standings: GroupStandings, stage: str
) -> Table:
    table = Table(title=f"{stage} group {standings.group}: pairings (all games in parallel)")
    table.add_column("Round", justify="right")
    table.add_column("South")
    table.add_column("North")
    table.add_column("Result", justify="center")
    by_encounter = games_by_encounter(standings.games)
    for pairing in pairings:
        games = by_encounter.get(pairing.encounter, ())
        table.add_row(
            str(pairing.berger_round),
            pairing.south.name,
            pairing.north.name,
            pairing_code(pairing, games),
        )
    return table


def _standings_table(standings: GroupStandings, stage: str) -> Table:
    table = Table(title=f"{stage} group {standings.group}: standings")
    table.add_column("Rank", justify="right")
    table.add_column("Player")
    table.add_column("Score", justify="right")
    for name in standings.tiebreaks:
        table.add_column(name, justify="right")
    for row in standings.rows:
        name = row.player.name + (" (withdrew)" if row.withdrawn else "")
        table.add_row(
            str(row.rank),
            name,
            format_points(row.score, decimals=0),
            *(_value_text(row.values.get(t)) for t in standings.tiebreaks),
        )
    return table


def _final_table(final: FinalState) -> Table:
    match = final.match
    table = Table(title=f"Final (best of {match.rule.count}): {match.first.name} moves first")
    table.add_column("Game", justify="right")
    table.add_column("South")
    table.add_column("North")
    table.add_column("Winner")
    for number, game in enumerate(final.games, start=1):
        winner = winner_of(game)
        note = f" ({game.termination.value})" if game.termination.value != "normal" else ""
        table.add_row(str(number), game.first, game.second, f"{winner or ''}{note}")
    table.add_row(
        "",
        "",
        "",
        f"{match.first.name} {final.wins_first} - {final.wins_second} {match.second.name}",
    )
    return table


PRESET_NAME = KIBA_PRESET


def demo_view(slug: str) -> Table:
    """The stored demo event's initial list (what `mashindano demo` prints before standings)."""
    from mashindano.app.events import get_event_facts
    from mashindano.presets.kiba_bao.stages import derive_event

    return initial_list_table(derive_event(get_event_facts(slug)).initial)
