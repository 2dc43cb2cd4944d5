"""Colour allocation for a Dutch pair (C.04.3 Art. 5.2), and the ranking it relies on."""

from __future__ import annotations

from mashindano.engine.model import CompetitorId, Side
from mashindano.engine.pairing.swiss_state import SwissPlayerState


def ranks_higher(a: SwissPlayerState, b: SwissPlayerState) -> bool:
    """Whether `a` ranks above `b`: higher score, then better rank (pairing number)."""
    return (a.score, -a.rank_index) > (b.score, -b.rank_index)


def _compatible(a: Side | None, b: Side | None) -> bool:
    return a is None or b is None or a != b


def _first_difference(a: SwissPlayerState, b: SwissPlayerState) -> tuple[Side, Side] | None:
    """The colours of both in the latest played-game slot where they differed (histories
    aligned from the most recent played game back, unplayed rounds skipped)."""
    for colour_a, colour_b in zip(reversed(a.colours), reversed(b.colours), strict=False):
        if colour_a != colour_b:
            return colour_a, colour_b
    return None


def _preference_rules(player: SwissPlayerState, opponent: SwissPlayerState) -> Side | None:
    """Rules 5.2.1-5.2.3: the colour for `player`, or None when they do not decide."""
    mine, theirs = player.preference, opponent.preference
    if _compatible(mine, theirs):
        if mine is not None:
            return mine
        if theirs is not None:
            return theirs.opposite
        return None
    assert mine is not None
    assert theirs is not None
    if player.is_absolute and (
        player.colour_imbalance > opponent.colour_imbalance or not opponent.is_absolute
    ):
        return mine
    if opponent.is_absolute and (
        opponent.colour_imbalance > player.colour_imbalance or not player.is_absolute
    ):
        return theirs.opposite
    if player.is_strong and not opponent.is_strong:
        return mine
    if opponent.is_strong and not player.is_strong:
        return theirs.opposite
    difference = _first_difference(player, opponent)
    if difference is not None:
        return difference[1]
    return None


def choose_colour(
    player: SwissPlayerState, opponent: SwissPlayerState, initial_colour: Side
) -> Side:
    """The colour `player` gets against `opponent` (WHITE or BLACK)."""
    decided = _preference_rules(player, opponent)
    if decided is not None:
        return decided
    initial = Side.WHITE if initial_colour.is_first else Side.BLACK
    higher = opponent if ranks_higher(opponent, player) else player
    if player.preference is None:
        # Rule 5.2.5: the higher-ranked player gets the initial colour with an odd pairing
        # number (counted among the players taking part), the other colour with an even one.
        higher_colour = initial if higher.rank_index % 2 == 0 else initial.opposite
        return higher_colour if higher is player else higher_colour.opposite
    # Rule 5.2.4: the higher-ranked player's preference is granted.
    assert higher.preference is not None
    return higher.preference if higher is player else higher.preference.opposite


def allocate_colours(
    a: SwissPlayerState, b: SwissPlayerState, initial_colour: Side
) -> tuple[CompetitorId, CompetitorId]:
    """(white, black) for a pair; decided from the player with the smaller pairing number."""
    first, second = (a, b) if a.number < b.number else (b, a)
    if choose_colour(first, second, initial_colour) is Side.WHITE:
        return first.id, second.id
    return second.id, first.id
