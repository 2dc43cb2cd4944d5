"""What each standings column means: one table for every tie-break and ranking figure a
preset's standings show, with a label, a one-line definition and the spec id that defines it.

The engine's tie-break registry (`engine.tiebreaks.registry`) computes the tie-breaks; the
adapters add their own figures (Gomoku coefficients, Tantrix TPs, Tasaselo comparison
figures). Documents look every column up here; a column without an entry is shown with its
name as the label and no definition.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ColumnDefinition:
    name: str
    """The column's key in the standings (`StandingsTable.columns`)."""
    label: str
    definition: str
    spec: str
    """Where the rule is written, e.g. "chess-manager R9"; "" when no rule book names it."""
    decimals: int | None = None
    """Fixed decimals the rule book publishes the figure with (Gomoku coefficients: 3, A17);
    None: shown exactly (`values.format_shown`)."""


PUBLISHED_DECIMALS = {"coefficient": 3, "previous coefficient": 3}
"""Columns a rule book publishes with fixed decimals (gomoku-league A17)."""


def _table(*rows: tuple[str, str, str, str]) -> dict[str, ColumnDefinition]:
    return {
        name: ColumnDefinition(name, label, text, spec, PUBLISHED_DECIMALS.get(name))
        for name, label, text, spec in rows
    }


COLUMN_DEFINITIONS: dict[str, ColumnDefinition] = _table(
    ("sb", "SB", "Sonneborn-Berger: final scores of the opponents beaten, plus half of those "
     "drawn with.", "chess-manager R9, A3"),
    ("buchholz", "Buchholz", "Sum of the opponents' final scores, bye points left out.",
     "chess-manager R16, A6"),
    ("buchholz-cut1", "Buchholz cut 1", "Buchholz without the lowest opponent's score.", ""),
    ("median-buchholz", "Median Buchholz", "Buchholz without the highest and lowest "
     "opponents' scores.", ""),
    ("direct-encounter", "Direct encounter", "Points scored in the games among the tied "
     "players.", ""),
    ("wins", "Wins", "Number of games won.", ""),
    ("aro", "ARO", "Average rating of the opponents.", ""),
    ("tpr", "TPR", "Tournament performance rating.", ""),
    ("neustadtl", "Neustadtl", "Final group scores of the opponents beaten 2-0 in the "
     "pairing, plus half of those split 1-1.", "kiba-bao R30"),
    ("kiba-score", "KIBA score", "Elo / 10 plus games played on the site (higher first).",
     "kiba-bao R29, A21"),
    ("playoff", "Playoff", "Place decided by the director's playoff between players still "
     "tied.", "kiba-bao R29, A9, A10"),
    ("previous-position", "Previous position", "Place on the previous list (lower first).", ""),
    ("lots", "Lots", "Drawing of lots with a recorded seed.", ""),
    ("tps", "TPs", "Tantrix points won over all games of the draw.", "tantrix-knockout R4"),
    ("seed", "Seed", "Seed number (lower first).", "tantrix-knockout A8"),
    ("coefficient", "Coefficient", "The league coefficient K that orders the list (highest "
     "first).", "gomoku-league R11-R14"),
    ("previous coefficient", "Previous K", "The coefficient before this month's update.",
     "gomoku-league R12"),
    ("start position", "Start position", "Place on the month's list when it was paired.",
     "gomoku-league R14"),
    ("games", "Games", "League games played this month.", "gomoku-league R19"),
    ("mandatory games", "Mandatory games", "Games the player's position must play this "
     "month.", "gomoku-league R19"),
    ("comparison", "Comparison", "Average selo of the opponents, unplayed games left out.",
     "tasaselo R30"),
    ("performance", "Performance", "The performance number of the comparison list.",
     "tasaselo R34"),
    ("expected", "Expected", "Expected result from the selo of the player and opponents.",
     "tasaselo R31"),
    ("result-expected", "Result - expected", "Actual result minus expected result.",
     "tasaselo R31, R34"),
)  # fmt: skip


def column_definition(name: str) -> ColumnDefinition:
    """The column's definition; a column the table does not know is labelled by its name."""
    return COLUMN_DEFINITIONS.get(name) or ColumnDefinition(name, name, "", "")
