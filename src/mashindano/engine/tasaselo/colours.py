"""Colours (R21-R24, A6-A8): colour histories, the colour number, who is due which colour, the
"wrong" colours that even the counts out, and the allocation of White and Black in a pair.

A history holds one entry per round: +1 White, −1 Black, 0 not played (rest, absence, ghost,
forfeit, not yet entered).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from mashindano.engine.errors import IllegalResult
from mashindano.engine.model import CompetitorId

WHITE = 1
BLACK = -1
NOT_PLAYED = 0

ColourHistory = tuple[int, ...]


def compute_colour_number(history: ColourHistory) -> int:
    """A7: V = Σ c_i × 2^(i−1). The most recent round outweighs all earlier ones together.

    >>> compute_colour_number((WHITE, BLACK)), compute_colour_number((BLACK, WHITE))
    (-1, 1)
    """
    number = 0
    for index, colour in enumerate(history):
        if colour not in (WHITE, BLACK, NOT_PLAYED):
            raise IllegalResult(
                f"round {index + 1}: a colour must be +1 (White), -1 (Black) or 0, got {colour}",
                round=index + 1,
                colour=colour,
            )
        number += colour * (1 << index)
    return number


def compute_colour_balance(history: ColourHistory) -> int:
    """Whites minus Blacks over the played games."""
    return sum(history)


def due_colour(balance: int) -> int | None:
    """The colour that evens a player's counts: Black with more Whites, White with more
    Blacks, None when level (either colour will do)."""
    if balance > 0:
        return BLACK
    if balance < 0:
        return WHITE
    return None


def is_colour_compatible(first_balance: int, second_balance: int) -> bool:
    """A6, generalised so that it also holds after joins and leaves (R24).

    A player whose counts are unequal is due the colour that evens them; two players due the
    same colour cannot meet. A player with equal counts may take either colour. In a tournament
    without changes this is exactly A6: in odd rounds everybody is level, so any pair is legal;
    in even rounds everybody is one off, so a pair needs one player due each colour.
    """
    due = due_colour(first_balance)
    return due is None or due != due_colour(second_balance)


def count_wrong_colour_pairs(balances: Sequence[int], free_players: int = 0) -> int:
    """R24: the fewest pairs that must give someone the colour they are not due.

    `free_players` counts extra places that take any colour (the ghost). Players due White can
    meet players due Black or level players; whatever is left of the larger side must meet
    among themselves.
    """
    due_black = sum(1 for b in balances if b > 0)
    due_white = sum(1 for b in balances if b < 0)
    level = len(balances) - due_black - due_white + free_players
    return max(0, abs(due_black - due_white) - level) // 2


def designate_wrong_colours(
    ordered: Sequence[tuple[CompetitorId, int]], free_players: int = 0
) -> frozenset[CompetitorId]:
    """A8: the players who may be paired against a player due the same colour this round.

    `ordered` is the pairing order (best first) with each player's balance. The players come
    from the bottom of the larger side: 2 per wrong-colour pair, so the imbalance is taken by the
    lowest-ordered pairs and nobody else.
    """
    wrong_pairs = count_wrong_colour_pairs([b for _, b in ordered], free_players)
    if wrong_pairs == 0:
        return frozenset()
    due_black = [c for c, b in ordered if b > 0]
    due_white = [c for c, b in ordered if b < 0]
    larger = due_black if len(due_black) > len(due_white) else due_white
    return frozenset(larger[-2 * wrong_pairs :])


@dataclass(frozen=True, slots=True)
class ColourRecord:
    """One player's colour history, as the allocation reads it."""

    competitor: CompetitorId
    history: ColourHistory = ()

    @property
    def balance(self) -> int:
        return compute_colour_balance(self.history)

    @property
    def number(self) -> int:
        return compute_colour_number(self.history)


def allocate_colours(
    first: ColourRecord, second: ColourRecord, rng: random.Random
) -> tuple[CompetitorId, CompetitorId]:
    """(White, Black) for a pair.

    1. The player with more Whites than the other (balance W − B) gets Black: R21 is the rule
       that must hold, and the colour number alone can break it (W W B against B B W).
    2. Otherwise the higher colour number gets Black (A7, E7): alternate from the most recent
       colour, then look further back.
    3. Otherwise lots decide (R23): identical histories (or, with unplayed rounds, histories the
       number cannot tell apart).
    """
    if first.balance != second.balance:
        black_is_first = first.balance > second.balance
    elif first.number != second.number:
        black_is_first = first.number > second.number
    else:
        black_is_first = rng.random() < 0.5
    if black_is_first:
        return second.competitor, first.competitor
    return first.competitor, second.competitor
