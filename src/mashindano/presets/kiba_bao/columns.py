"""The KIBA standings' own columns (registered in `COLUMN_HOOKS` for both KIBA presets)."""

from __future__ import annotations

from mashindano.app.documents.tiebreaks import ColumnDefinition, column_table
from mashindano.app.marks import gettext_noop

COLUMNS: dict[str, ColumnDefinition] = column_table(
    (
        "neustadtl",
        gettext_noop("Neustadtl"),
        gettext_noop(
            "Final group scores of the opponents beaten 2-0 in the "
            "pairing, plus half of those split 1-1."
        ),
        "kiba-bao R30",
    ),
    (
        "kiba-score",
        gettext_noop("KIBA score"),
        gettext_noop("Elo / 10 plus games played on the site (higher first)."),
        "kiba-bao R29, A21",
    ),
    (
        "playoff",
        gettext_noop("Playoff"),
        gettext_noop("Place decided by the director's playoff between players still tied."),
        "kiba-bao R29, A9, A10",
    ),
)
