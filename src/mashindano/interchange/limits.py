"""Bounds on what the readers accept, so that absurd input is refused with a message instead of
failing deep inside (a 5,000-digit number, a rating beyond 64 bits, JSON nested 100,000 deep).

The bounds are far beyond any real tournament; they exist to keep every failure a ParseError.
"""

from __future__ import annotations

import re

MAX_RATING = 9999
"""A rating has at most four digits (the width of the TRF rating field; no rating system of the
rule books comes close)."""

MAX_GAMES_PLAYED = 1_000_000

MAX_COUNT_DIGITS = 6
"""Whole numbers read from text (rounds, ranks, numbers of players) have at most six digits."""

MAX_PLAYERS = 10_000
"""Players in one file or one event (TRF starting ranks have four digits)."""

MAX_ROUNDS = 9_999

MAX_JSON_DEPTH = 64
"""How deep a JSON document may nest (an exported event nests six levels)."""

MAX_FIELD_CHARS = 1_000
"""Characters in one CSV field (a name, a country, a result)."""

MAX_SIGNED_64 = 2**63 - 1
"""Seeds and other integers stored in 64-bit columns."""

MAX_BODY_BYTES = 2_621_440
"""Bytes in one request body (Django's `DATA_UPLOAD_MAX_MEMORY_SIZE`, set from this, its
default): a body over it is refused with 413 (issue 30 item 5)."""

_CONTROLS = re.compile(r"[\x00-\x1f\x7f-\x9f]")
"""C0 and C1 control characters and DEL."""
_CONTROLS_BUT_LINE_BREAKS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
"""The same but tab, newline and carriage return, which a text of several lines keeps."""


def text_problem(text: str, *, multiline: bool = False) -> str | None:
    """What is wrong with a text field's value, or None when nothing is (issue 30 item 4).

    No text may hold a NUL (PostgreSQL cannot store one, and no person types one) or another
    control character: C0 and C1 controls and DEL, which change how the text shows or is read
    (escape sequences in a terminal, a line cut in a log). A text of several lines (an
    announcement, a reason, a CSV) keeps tab, newline and carriage return; a one-line text (a
    name, a slug, an address) refuses those too."""
    found = (_CONTROLS_BUT_LINE_BREAKS if multiline else _CONTROLS).search(text)
    if found is None:
        return None
    code = ord(found.group())
    what = "a NUL character" if code == 0 else "a control character"
    return f"holds {what} (U+{code:04X}) at position {found.start() + 1}"
