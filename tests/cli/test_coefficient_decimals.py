"""Gomoku coefficients are published with three decimals (shared/spec/gomoku-league.md A17):
the command line's event standings show 1.050, not 1.05 or 1.0 (issue 31 item 5)."""

from __future__ import annotations

from fractions import Fraction

from rich.console import Console

from mashindano.app.documents.place import PlayerRef
from mashindano.app.documents.tables import StandingsRow, StandingsSection, TieBreakValue
from mashindano.app.documents.tiebreaks import ColumnDefinition
from mashindano.cli.event_view import standings_grid
from mashindano.cli.output import display_column
from mashindano.engine.model import CompetitorId


def test_a17_a_column_with_published_decimals_shows_them() -> None:
    values = [Fraction(21, 20), Fraction(31, 30), Fraction(1), None]
    assert display_column(values, 3) == ["1.050", "1.033", "1.000", ""]
    # Without published decimals a column stays exact, one decimal at least.
    assert display_column([Fraction(21, 20), Fraction(1)]) == ["1.05", "1.0"]


def test_a17_the_event_standings_grid_shows_coefficients_with_three_decimals() -> None:
    column = ColumnDefinition("coefficient", "K", "the coefficient", "gomoku-league A17", 3)
    rows = tuple(
        StandingsRow(
            rank,
            False,
            PlayerRef(CompetitorId(name), name),
            Fraction(10),
            (TieBreakValue(column, value),),
            "",
        )
        for rank, (name, value) in enumerate(
            (("Ana", Fraction(21, 20)), ("Bogdan", Fraction(31, 30))), start=1
        )
    )
    console = Console(width=120, record=True)
    console.print(standings_grid(StandingsSection("League list", (column,), rows)))
    text = console.export_text()
    assert "1.050" in text
    assert "1.033" in text
