"""The knockout engine's names for people (rounds, brackets, stages) in the reader's language.
The engine (`engine.knockout`) writes them in English for its own messages and the command
line; the pages of both knockout presets take them from here (issue 29: whole translations)."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_noop

STAGE_NAMES = (gettext_noop("Main draw"), gettext_noop("Plate"))
"""The stage names the knockout presets plan (stored as facts, in English)."""


def round_title(number: int, count: int) -> str:
    """Final, Semifinals, Quarterfinals, else "Round of N" (as `engine.knockout.round_name`)."""
    remaining = count - number
    if remaining == 0:
        return gettext("Final")
    if remaining == 1:
        return gettext("Semifinals")
    if remaining == 2:
        return gettext("Quarterfinals")
    return gettext("Round of {players}").format(players=2 ** (remaining + 1))


def stage_name(name: str) -> str:
    """A planned stage's stored name ("Main draw", "Plate") in the reader's language."""
    return gettext(name) if name else name


def place_note(kind: str, round_number: int = 0, count: int = 0) -> str:
    """A knockout standings note: "champion", "finalist", "semifinalist", "lost" (in a round),
    "in" (still in a round), "withdrew"."""
    match kind:
        case "champion":
            return gettext("champion")
        case "finalist":
            return gettext("finalist")
        case "semifinalist":
            return gettext("semifinalist")
        case "lost":
            return gettext("lost in the {round}").format(round=round_title(round_number, count))
        case "in":
            return gettext("in the {round}").format(round=round_title(round_number, count))
        case _:
            return gettext("withdrew")
