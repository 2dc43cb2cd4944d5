"""Bounds on what the readers accept, so that absurd input is refused with a message instead of
failing deep inside (a 5,000-digit number, a rating beyond 64 bits, JSON nested 100,000 deep).

The bounds are far beyond any real tournament; they exist to keep every failure a ParseError.
"""

from __future__ import annotations

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
