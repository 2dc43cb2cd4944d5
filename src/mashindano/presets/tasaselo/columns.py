"""The Tasaselo comparison list's own columns (registered in `COLUMN_HOOKS`)."""

from __future__ import annotations

from mashindano.app.documents.tiebreaks import ColumnDefinition, column_table
from mashindano.app.marks import gettext_noop

COLUMNS: dict[str, ColumnDefinition] = column_table(
    (
        "comparison",
        gettext_noop("Comparison"),
        gettext_noop("Average selo of the opponents, unplayed games left out."),
        "tasaselo R30",
    ),
    (
        "performance",
        gettext_noop("Performance"),
        gettext_noop("The performance number of the comparison list."),
        "tasaselo R34",
    ),
    (
        "expected",
        gettext_noop("Expected"),
        gettext_noop("Expected result from the selo of the player and opponents."),
        "tasaselo R31",
    ),
    (
        "result-expected",
        gettext_noop("Result - expected"),
        gettext_noop("Actual result minus expected result."),
        "tasaselo R31, R34",
    ),
)
