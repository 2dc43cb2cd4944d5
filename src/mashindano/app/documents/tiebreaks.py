"""What each standings column means: one table for every tie-break and ranking figure a
preset's standings show, with a label, a one-line definition and the spec id that defines it.

The engine's tie-break registry (`engine.tiebreaks.registry`) computes the tie-breaks; the
adapters add their own figures (Gomoku coefficients, Tantrix TPs, Tasaselo comparison
figures), whose definitions each preset registers in `COLUMN_HOOKS`. Documents look every
column up here; a column without an entry is shown with its
name as the label and no definition.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from mashindano.app.hooks import Hooks
from mashindano.app.marks import gettext_noop
from mashindano.engine.errors import ConfigError
from mashindano.engine.tiebreaks import FIDE_CODES, Rules, parse_fide_code
from mashindano.engine.tiebreaks.fide import MODIFIERS, is_fide_code
from mashindano.engine.tiebreaks.registry import (
    FIDE_TIEBREAK_CODES,
    TIEBREAK_NAMES,
    fide_modifiers,
    written_name,
)


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


def column_table(
    *rows: tuple[str, str, str, str], decimals: Mapping[str, int] | None = None
) -> dict[str, ColumnDefinition]:
    """Column definitions from (name, label, definition, spec) rows; `decimals` gives the
    columns a rule book publishes with fixed decimals."""
    return {
        name: ColumnDefinition(name, label, text, spec, (decimals or {}).get(name))
        for name, label, text, spec in rows
    }


COLUMN_HOOKS: Hooks[Mapping[str, ColumnDefinition]] = Hooks("standings columns")
"""The columns a preset's standings add (its own figures: Gomoku coefficients, Tantrix TPs,
Tasaselo comparison figures, KIBA scores), registered by the preset's package; they win over
the shared table for that preset's events."""


COLUMN_DEFINITIONS: dict[str, ColumnDefinition] = column_table(
    (
        "sb",
        gettext_noop("SB"),
        gettext_noop(
            "Sonneborn-Berger: final scores of the opponents beaten, plus half of those drawn with."
        ),
        "chess-manager R9, A3",
    ),
    (
        "buchholz",
        gettext_noop("Buchholz"),
        gettext_noop("Sum of the opponents' final scores, bye points left out."),
        "chess-manager R16, A6",
    ),
    (
        "buchholz-cut1",
        gettext_noop("Buchholz cut 1"),
        gettext_noop("Buchholz without the lowest opponent's score."),
        "",
    ),
    (
        "median-buchholz",
        gettext_noop("Median Buchholz"),
        gettext_noop("Buchholz without the highest and lowest opponents' scores."),
        "",
    ),
    (
        "direct-encounter",
        gettext_noop("Direct encounter"),
        gettext_noop("Points scored in the games among the tied players."),
        "",
    ),
    ("wins", gettext_noop("Wins"), gettext_noop("Number of games won."), ""),
    ("aro", gettext_noop("ARO"), gettext_noop("Average rating of the opponents."), ""),
    ("tpr", gettext_noop("TPR"), gettext_noop("Tournament performance rating."), ""),
    (
        "previous-position",
        gettext_noop("Previous position"),
        gettext_noop("Place on the previous list (lower first)."),
        "",
    ),
    ("lots", gettext_noop("Lots"), gettext_noop("Drawing of lots with a recorded seed."), ""),
    ("seed", gettext_noop("Seed"), gettext_noop("Seed number (lower first)."), ""),
)


FIDE_DEFINITIONS: dict[str, str] = {
    "BH": gettext_noop(
        "Sum of the opponents' scores; an unplayed round counts the player's own score, "
        "capped since 2026."
    ),
    "FB": gettext_noop("Buchholz as if every paired game of the last round had been drawn."),
    "AOB": gettext_noop(
        "Mean Buchholz of the opponents met over the board (two decimals, halves up)."
    ),
    "SB": gettext_noop(
        "Sum over rounds of the opponent's score times the points scored against them."
    ),
    "KS": gettext_noop(
        "Points scored against the opponents who finished with at least half the maximum score."
    ),
    "PS": gettext_noop("Sum of the running score after each round (PS-C1 leaves out round 1)."),
    "WIN": gettext_noop(
        "Rounds scored as a win, played or not (forfeit wins and byes worth a win count)."
    ),
    "WON": gettext_noop("Games won over the board."),
    "BPG": gettext_noop("Games played over the board with Black."),
    "BWG": gettext_noop("Games won over the board with Black."),
    "REP": gettext_noop("Rounds minus half- and zero-point byes, absences and forfeit losses."),
    "ARO": gettext_noop("Mean rating of the opponents met over the board (halves up)."),
    "TPR": gettext_noop(
        "ARO plus dp of the fraction scored over the board (p to hundredths, halves up)."
    ),
    "PTP": gettext_noop(
        "Lowest rating whose expected score against the opponents met over the board "
        "reaches the score."
    ),
    "APRO": gettext_noop("Mean TPR of the opponents met over the board (halves up)."),
    "APPO": gettext_noop("Mean PTP of the opponents met over the board (halves up)."),
    "DE": gettext_noop(
        "Points in the games among the tied players (DE-P counts forfeits as played)."
    ),
}
"""The legend of each FIDE code: the engine registry's one-line definition (`FIDE_CODES`,
kept equal by a test), marked here for translation."""


def column_definition(name: str, preset: str = "") -> ColumnDefinition:
    """The column's definition for an event of `preset` (its own columns first, then the shared
    ones); a column no table knows is labelled by its name.

    A FIDE code (`BH-C2`, `SB:fide2023`) is labelled by its code and defined by its base
    code's line, with the articles of the code and its modifiers (C.07 14.x) as the spec.
    """
    own = COLUMN_HOOKS.get(preset) or {}
    found = own.get(name) or COLUMN_DEFINITIONS.get(name) or _fide_column(name)
    return found or ColumnDefinition(name, name, "", "")


def _fide_column(name: str) -> ColumnDefinition | None:
    if not is_fide_code(name):
        return None
    try:
        spec = parse_fide_code(name)
    except ConfigError:
        return None
    articles = FIDE_CODES[spec.code].article
    if spec.cut_high:
        articles += ", 14.3" if spec.cut_high == 1 else ", 14.4"
    elif spec.cut_low:
        articles += ", 14.1" if spec.cut_low == 1 else ", 14.2"
    if spec.rules is Rules.FIDE2023:
        articles = articles.replace("C.07", "C.07 (2023)", 1)
    return ColumnDefinition(name, spec.acronym, FIDE_DEFINITIONS[spec.code], articles)


DROPPED_FOR_UNRATED = gettext_noop(
    "Dropped: unrated players are present and the event gives them no rating."
)
"""The legend of a FIDE rating-based code without a value (C.07 art. 10)."""


def dropped_column(column: ColumnDefinition) -> ColumnDefinition:
    """The column as the legend shows it when a rating-based FIDE code gave no value because
    of unrated players: its definition says so."""
    return ColumnDefinition(column.name, column.label, DROPPED_FOR_UNRATED, column.spec)


def is_rating_based(name: str) -> bool:
    """Whether the column is a FIDE rating-based code (ARO, TPR, PTP, APRO, APPO)."""
    if not is_fide_code(name):
        return False
    try:
        return FIDE_CODES[parse_fide_code(name).code].rating_based
    except ConfigError:
        return False


@dataclass(frozen=True, slots=True)
class TiebreakEntry:
    """One tie-break an organiser may name: as written in a list, its definition, and the
    modifiers it takes (FIDE codes)."""

    written: str
    """As a list names it: `buchholz`, `lots:SEED`, `BH`."""
    column: ColumnDefinition
    fide: bool
    modifiers: tuple[str, ...] = ()

    def to_json(self) -> dict[str, object]:
        return {
            "name": self.written,
            "label": self.column.label,
            "definition": self.column.definition,
            "article": self.column.spec,
            "fide": self.fide,
            "modifiers": list(self.modifiers),
        }


def tiebreak_catalogue() -> tuple[TiebreakEntry, ...]:
    """Every tie-break the registry accepts (`engine.tiebreaks.registry`), the seeds' names
    first, then the FIDE codes, each with the definition the standings legend gives it (the
    texts are msgids: translate them where they are shown)."""
    seeds = tuple(
        TiebreakEntry(written_name(name), column_definition(name), fide=False)
        for name in TIEBREAK_NAMES
    )
    codes = tuple(
        TiebreakEntry(code, column_definition(code), fide=True, modifiers=fide_modifiers(code))
        for code in FIDE_TIEBREAK_CODES
    )
    return seeds + codes


TIEBREAK_MODIFIERS: tuple[tuple[str, str, str], ...] = MODIFIERS
"""The FIDE codes' modifiers: (written, meaning, article), from the engine's registry."""

MODIFIER_MEANINGS: dict[str, str] = {
    "-Cn": gettext_noop("Cut-n: leaves out the n least significant values (VURs first)"),
    "-Mn": gettext_noop("Median-n: leaves out the n least and n most significant values"),
    "-P": gettext_noop("DE only: forfeits count as played games"),
    "-Urating": gettext_noop("rating-based codes: the rating given to unrated players"),
    ":fide2023": gettext_noop("the 2023 text: an unplayed round counts the own score uncapped"),
}
"""The meaning of each modifier: the engine registry's (`MODIFIERS`, kept equal by a test),
marked here for translation."""


@dataclass(frozen=True, slots=True)
class ModifierEntry:
    written: str
    meaning: str
    """A msgid: translate it where it is shown."""
    article: str


def modifier_catalogue() -> tuple[ModifierEntry, ...]:
    """The FIDE codes' modifiers with their meaning and article, in the registry's order."""
    return tuple(
        ModifierEntry(written, MODIFIER_MEANINGS[written], article)
        for written, _, article in TIEBREAK_MODIFIERS
    )
