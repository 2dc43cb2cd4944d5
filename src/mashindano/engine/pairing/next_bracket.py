"""FIDE Dutch system: the few players of the next bracket that a bracket's matching needs.

Each matching of a bracket also holds the next score group, so that the players left unpaired
are the ones that pair best below (C5-C8 are counted over both brackets). In a large next group
almost all of its players only pair among themselves, and every such pair weighs the same. We
keep a small part of the group in the matching and pair the rest among themselves up front.

Why the decisions of the bracket stay the same. Let C be the bracket's players, N the next group
and d a bound on how many players of C can float into N (those an optimal matching leaves
unpaired in C, whose pair count ranks first). A pair of C with N weighs what the C player's
score says, whoever the N player is, and a pair within N weighs the same for every pair. So a
matching's weight is that of its pairs in C and of the C players floating down (D), plus
`floor((|N| - |D|) / 2)` pairs within N at most. The part N' we keep:

1. holds, for each player of C, d of its possible opponents in N (all of them if fewer):
   then any D of a matching over C and N can float into N' instead (Hall's condition);
2. has a minimum degree of at least `(|N'| + d) / 2`: after taking out any d players, Dirac's
   theorem leaves a Hamiltonian cycle, so N' pairs all but one of the rest whoever floats in;
3. leaves the rest of N with a perfect matching found up front (so `|N| - |N'|` is even).

Then every choice of pairs in C and of D weighs the same, up to one constant, over C and N' as
over C and N, so both have the same optimal decisions for the bracket. The bound d is checked
against each matching afterwards (`floaters_within`), since C alone fixes how many stay unpaired.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from mashindano.engine.pairing.matching import match_greedily

SMALLEST_GROUP = 24
"""Below this many players the next group is kept whole: there is nothing to gain."""


@dataclass(frozen=True, slots=True)
class NextBracketCut:
    """The players of the next group kept in the matching, and the pairs of the others."""

    kept: tuple[int, ...]
    set_aside: tuple[tuple[int, int], ...]
    floater_bound: int

    def floaters_within(self, unpaired_in_bracket: int) -> bool:
        return unpaired_in_bracket <= self.floater_bound


def cut_next_group(
    bracket: Sequence[int], next_group: Sequence[int], is_edge: Callable[[int, int], bool]
) -> NextBracketCut | None:
    """The part of `next_group` (in rank order) a matching of `bracket` with it needs; None when
    the whole group is needed or no part could be shown to suffice."""
    if len(next_group) < SMALLEST_GROUP:
        return None
    pairs, _ = match_greedily(bracket, is_edge)
    bound = len(bracket) - 2 * len(pairs)
    chosen: dict[int, None] = {}
    for player in bracket:
        found = 0
        for opponent in next_group:
            if found >= bound:
                break
            if is_edge(player, opponent):
                chosen[opponent] = None
                found += 1
    size = len(chosen) + 2 * bound + 8
    while size < len(next_group) // 2:
        if (len(next_group) - size) % 2:
            size += 1
        kept = list(chosen)
        for player in next_group:
            if len(kept) >= size:
                break
            if player not in chosen:
                kept.append(player)
        if _pairs_all_but_one_after_removal(kept, bound, is_edge):
            kept_set = set(kept)
            rest = [p for p in next_group if p not in kept_set]
            set_aside, unmatched = match_greedily(rest, is_edge)
            if unmatched:
                return None
            order = {p: index for index, p in enumerate(next_group)}
            kept.sort(key=order.__getitem__)
            return NextBracketCut(tuple(kept), tuple(set_aside), bound)
        size *= 2
    return None


def _pairs_all_but_one_after_removal(
    players: Sequence[int], removed: int, is_edge: Callable[[int, int], bool]
) -> bool:
    """Dirac's condition with room for `removed` players taken out."""
    needed = (len(players) + removed + 1) // 2
    for player in players:
        degree = sum(1 for other in players if other != player and is_edge(player, other))
        if degree < needed:
            return False
    return True
