"""`make run` until events are stored: a sample round-robin with seeded random results."""

from __future__ import annotations

from rich.table import Table

from mashindano.cli.output import console
from mashindano.cli.standings import standings_table
from mashindano.engine.model import Competitor, CompetitorId, StageResults
from mashindano.engine.points import CHESS
from mashindano.engine.simulation import play_round_robin
from mashindano.engine.standings import compute_standings
from mashindano.engine.tiebreaks import tiebreak_by_name

DEMO_PLAYERS = (
    ("Amani Mwangi", 2105),
    ("Zawadi Otieno", 2040),
    ("Baraka Njoroge", 1985),
    ("Neema Kamau", 1950),
    ("Jabari Mutua", 1890),
    ("Imani Wanjiru", 1875),
    ("Kito Achieng", 1820),
    ("Sefu Kiprono", 1760),
)
DEMO_TIEBREAKS = ("sb", "wins")


def run_demo(seed: int) -> None:
    competitors = tuple(
        Competitor(id=CompetitorId(name), name=name, rating=rating, number=number)
        for number, (name, rating) in enumerate(DEMO_PLAYERS, start=1)
    )
    rounds, games, byes = play_round_robin(competitors, seed)
    console.rule(f"Demo round-robin: {len(competitors)} players, FIDE Berger table, seed {seed}")
    by_round: dict[tuple[int, str, str], str] = {
        (g.round, g.first, g.second): g.result.value for g in games
    }
    for number, pairs in enumerate(rounds, start=1):
        grid = Table(title=f"Round {number}", show_header=True, title_justify="left")
        grid.add_column("Board", justify="right")
        grid.add_column("White")
        grid.add_column("Result", justify="center")
        grid.add_column("Black")
        for board, (white, black) in enumerate(pairs, start=1):
            if black is None:
                grid.add_row(str(board), white, "bye", "")
            else:
                grid.add_row(str(board), white, by_round[(number, white, black)], black)
        console.print(grid)
    results = StageResults(
        competitors=competitors,
        games=tuple(games),
        byes=tuple(byes),
        points=CHESS,
        rounds=len(rounds),
    )
    standings = compute_standings(results, [tiebreak_by_name(n) for n in DEMO_TIEBREAKS])
    columns = [(name, name) for name in DEMO_TIEBREAKS]
    console.print(standings_table(standings, columns, title="Final standings", show_rating=True))
    winner = standings.rows[0]
    console.print(f"Winner: [bold]{winner.competitor.name}[/bold]")
