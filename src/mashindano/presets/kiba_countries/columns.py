"""The countries event's own standings column (registered in `COLUMN_HOOKS`): its players'
list of games won is ordered next by the KIBA score."""

from __future__ import annotations

from mashindano.app.documents.tiebreaks import ColumnDefinition
from mashindano.app.marks import gettext_noop

COLUMNS: dict[str, ColumnDefinition] = {
    "kiba-score": ColumnDefinition(
        "kiba-score",
        gettext_noop("KIBA score"),
        gettext_noop("Elo / 10 plus games played on the site (higher first)."),
        "kiba-bao R29, R42, A21",
    )
}
