"""The league list's own columns (registered in `COLUMN_HOOKS`); the coefficients are
published with three decimals (gomoku-league A17)."""

from __future__ import annotations

from mashindano.app.documents.tiebreaks import ColumnDefinition, column_table
from mashindano.app.marks import gettext_noop

COLUMNS: dict[str, ColumnDefinition] = column_table(
    (
        "coefficient",
        gettext_noop("Coefficient"),
        gettext_noop("The league coefficient K that orders the list (highest first)."),
        "gomoku-league R11-R14",
    ),
    (
        "previous coefficient",
        gettext_noop("Previous K"),
        gettext_noop("The coefficient before this month's update."),
        "gomoku-league R12",
    ),
    (
        "start position",
        gettext_noop("Start position"),
        gettext_noop("Place on the month's list when it was paired."),
        "gomoku-league R14",
    ),
    (
        "games",
        gettext_noop("Games"),
        gettext_noop("League games played this month."),
        "gomoku-league R19",
    ),
    (
        "mandatory games",
        gettext_noop("Mandatory games"),
        gettext_noop("Games the player's position must play this month."),
        "gomoku-league R19",
    ),
    decimals={"coefficient": 3, "previous coefficient": 3},
)
