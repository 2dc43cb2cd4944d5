"""The Tantrix draw's own standings columns (registered in `COLUMN_HOOKS`)."""

from __future__ import annotations

from mashindano.app.documents.tiebreaks import ColumnDefinition, column_table
from mashindano.app.marks import gettext_noop

COLUMNS: dict[str, ColumnDefinition] = column_table(
    (
        "tps",
        gettext_noop("TPs"),
        gettext_noop("Tantrix points won over all games of the draw."),
        "tantrix-knockout R4",
    ),
    (
        "seed",
        gettext_noop("Seed"),
        gettext_noop("Seed number (lower first)."),
        "tantrix-knockout A8",
    ),
)
